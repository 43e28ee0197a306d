#include "apps/dominoes/view_command.h"

#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "apps/dominoes/command_options.h"
#include "apps/dominoes/viewer_page.h"
#include "arena/tournament/play/games_reader.h"
#include "engine/common/limited_file.h"
#include "engine/common/same_file.h"
#include "engine/common/text.h"
#include "engine/common/whole_file.h"

namespace dominoes_cli {
namespace {

namespace fs = std::filesystem;
namespace po = boost::program_options;
using Json = nlohmann::ordered_json;

constexpr const char* kHelp =
    "Usage: dominoes view GAMES.jsonl [--out FILE.html]\n\n"
    "Writes one HTML file that replays the games of GAMES.jsonl (the records that\n"
    "`dominoes run --games-out` and `dominoes play --games-out` write) move by move in a\n"
    "browser. Open it from disk: it holds its script, styles and games and needs no server\n"
    "and no network. The page draws the line of play with its tiles and pips, every hand (all\n"
    "open, or as one seat saw it), the passes and what they showed, and at the end how the game\n"
    "ended and the points, worked out from the moves by the rules the record names. Pick a game\n"
    "from the list, filtered by player and result; keys: left and right arrows move, Home and\n"
    "End go to the deal and the end, p and n to the previous and next game.\n"
    "At most 20000 games and 32 MiB of records per page; every record is checked first.\n\n"
    "Example:\n"
    "  dominoes run --player heuristic --player random --deals 50 --out /tmp/hr \\\n"
    "      --games-out /tmp/hr/games.jsonl\n"
    "  dominoes view /tmp/hr/games.jsonl      # writes /tmp/hr/games.html\n\n";

po::options_description options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")("games", po::value<std::string>(),
                                              "the game records (JSON lines) to show")(
      "out", po::value<std::string>(),
      "the page to write (default: GAMES with the extension .html, beside it)");
  return o;
}

// Raised when the file holds more games than a page takes. Not a std::exception on purpose: the
// records reader reports a std::exception from its callback as a bad record, which this is not.
struct TooManyGames {};

// Checks what the page reads beyond what parse_game_record checks; throws std::invalid_argument.
void check_page_fields(const Json& record) {
  for (const char* key : {"deal", "game"})
    if (!record.contains(key) || !record.at(key).is_number_integer())
      throw std::invalid_argument(std::string(key) + " must be an integer");
  if (record.contains("forfeit") != record.contains("forfeit_seat"))
    throw std::invalid_argument("forfeit and forfeit_seat come together");
  if (record.contains("forfeit")) {
    const auto& seat = record.at("forfeit_seat");
    if (!seat.is_number_integer() || seat.get<int>() < 0 ||
        seat.get<std::size_t>() >= record.at("players").size())
      throw std::invalid_argument("forfeit_seat must be a seat of the game");
  }
}

// Returns {"source": file name, "games": [every record]} for the page, after checking each.
Json read_games(const std::string& path) {
  Json games = Json::array();
  const common::ReadLimits limits{tournament::kGameRecordsLimits.max_line_bytes, kMaxViewBytes,
                                  true};
  tournament::read_game_record_lines(
      path, limits, [&](const tournament::GameRecord& record, const std::string& line) {
        tournament::replay(record, [](const auto&, const auto&, auto) {});
        Json j = Json::parse(line);
        check_page_fields(j);
        if (games.size() == static_cast<std::size_t>(kMaxViewGames)) throw TooManyGames{};
        games.push_back(std::move(j));
      });
  return Json{{"source", fs::path(path).filename().string()}, {"games", std::move(games)}};
}

// The page's path: --out, or the input with the extension .html.
std::string output_path(const po::variables_map& vm, const std::string& input) {
  if (vm.count("out")) {
    const std::string out = vm["out"].as<std::string>();
    if (common::trimmed(out).empty()) throw UsageError("--out is empty: give the page's file name");
    return out;
  }
  return fs::path(input).replace_extension(".html").string();
}

// The size limit, in one line, before anything is read.
void check_size(const std::string& path) {
  std::error_code ec;
  const auto bytes = fs::file_size(path, ec);
  if (!ec && fs::is_regular_file(path, ec) && bytes > kMaxViewBytes)
    throw UsageError("games file " + common::quoted(path) + " holds " +
                     std::to_string(bytes >> 20) + " MiB: a page shows at most " +
                     common::size_text(kMaxViewBytes) + " (" + std::to_string(kMaxViewGames) +
                     " games); view a part, e.g. head -n 1000 " + common::quoted(path) +
                     " > part.jsonl");
}

}  // namespace

int view_command(const std::vector<std::string>& args) {
  std::string input;
  std::string out;
  try {
    po::positional_options_description positional;
    positional.add("games", 1);
    const po::variables_map vm = read_options(args, options(), "view", positional);
    if (vm.count("help")) {
      std::cout << kHelp << options();
      return 0;
    }
    if (!vm.count("games"))
      throw UsageError("give the games file, e.g. dominoes view games.jsonl (see --help)");
    input = vm["games"].as<std::string>();
    out = output_path(vm, input);
    if (out == input || common::same_existing_file(out, input))
      throw UsageError("--out " + common::quoted(out) + " is the games file itself: give another " +
                       "--out, e.g. games.html");
    check_size(input);
  } catch (const UsageError& e) {
    std::cerr << "dominoes: view: " << e.what() << "\n";
    return 2;
  }
  Json data;
  try {
    data = read_games(input);
  } catch (const TooManyGames&) {
    std::cerr << "dominoes: view: games file " << common::quoted(input) << " holds more than "
              << kMaxViewGames << " games, more than a page shows; view a part, e.g. head -n "
              << kMaxViewGames << " " << common::quoted(input) << " > part.jsonl\n";
    return 2;
  } catch (const std::exception& e) {  // common::ReadError, tournament::GameRecordError: one line
    std::cerr << "dominoes: view: " << e.what() << "\n";
    return 2;
  }
  if (data["games"].empty()) {
    std::cerr << "dominoes: view: games file " << common::quoted(input) << " holds no game "
              << "records: write some with dominoes run --games-out FILE\n";
    return 2;
  }
  try {
    common::write_whole_file(out, viewer_page(data.dump(-1, ' ', true)));
  } catch (const std::exception& e) {
    std::cerr << "dominoes: view: " << e.what() << "\n";
    return 1;
  }
  std::cout << "wrote " << out << ": " << data["games"].size()
            << (data["games"].size() == 1 ? " game" : " games") << " of " << input
            << "; open it in a browser\n";
  return 0;
}

}  // namespace dominoes_cli
