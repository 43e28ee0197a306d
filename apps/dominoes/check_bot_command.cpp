// `dominoes check-bot 'COMMAND'`: plays a few games of the bot against `random` through the same
// runner side a tournament uses (engine/bots), and says in plain words what the bot did wrong:
// its handshake, its answers (legal, in time, no exit), whether it quits when told, and whether
// it replays the same game the same way for the same seed (which reproducible tables need).
#include "apps/dominoes/check_bot_command.h"

#include <stdlib.h>

#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>

#include "engine/bots/bot_strategy.h"
#include "engine/common/program_options.h"
#include "engine/common/text.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/tournament/play/game_loop.h"
#include "strategies/registry.h"

namespace {

namespace po = boost::program_options;

struct CheckOptions {
  bots::BotConfig bot;
  int games = 20;
  int seats = 2;  // the table: 2, or 3 and 4 under their written rules (rules.h table_rules)
  std::uint64_t seed = 1;
  std::string log;
};

constexpr const char* kHelp =
    "Usage: dominoes check-bot 'COMMAND' [--games N] [--seats S] [--time-ms T] [--dir D] [--seed "
    "S]\n"
    "                          [--log F]\n\n"
    "Checks an external bot against the bot protocol (DBP 1, docs/protocol.md): starts\n"
    "COMMAND (run by /bin/sh -c), checks the handshake (dbp 1 -> id ... dbpok, isready ->\n"
    "readyok), plays N games against `random` under the default two-seat rules (double-six,\n"
    "7 tiles each; or at a table of --seats 3 or 4 under the written partnership rules, single\n"
    "hands, `random` in every other seat), the bot's seat turning from game to game, and\n"
    "checks every answer to `go` (a listed legal move, within the time), then `quit`. It also\n"
    "replays the first games with the same seeds: a bot that draws only from the `seed` of\n"
    "newgame plays them the same way, which reproducible tables need. Prints what it found in\n"
    "plain words; exit 0 when the bot passed, 1 when it did not.\n\n"
    "From the repository's top folder (clients/ holds example bots):\n"
    "Example: dominoes check-bot 'python3 clients/python/randombot.py' --games 4\n\n";

po::options_description options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")("command", po::value<std::string>(),
                                              "the bot's command, e.g. 'python3 mybot.py'")(
      "games", po::value<std::string>(), "games to play, 1..10000 (default 20)")(
      "seats", po::value<std::string>(),
      "seats at the table, 2, 3 or 4 (default 2; docs/rules.md)")(
      "time-ms", po::value<std::string>(), "time per move in ms, 1..3600000 (default 1000)")(
      "dir", po::value<std::string>(), "the bot's working directory (default: this one)")(
      "seed", po::value<std::string>(), "seed of the deals, 0..2^64-1 (default 1)")(
      "log", po::value<std::string>(),
      "append the bot's stderr to this file (default: a new "
      "file under /tmp)");
  return o;
}

// Reads the arguments; throws std::invalid_argument with one line for bad ones.
CheckOptions parse(const std::vector<std::string>& args, bool& help) {
  po::positional_options_description positional;
  positional.add("command", 1);
  po::variables_map vm;
  try {
    vm = common::parse_command_line(args, options(), positional);
  } catch (const po::error& e) {
    throw std::invalid_argument(common::describe_option_error(e) +
                                "; see dominoes check-bot --help");
  }
  help = vm.count("help") > 0;
  CheckOptions o;
  if (help) return o;
  if (!vm.count("command"))
    throw std::invalid_argument(
        "give the bot's command, e.g. dominoes check-bot 'python3 mybot.py'");
  o.bot.name = "bot";
  bots::set_bot_key(o.bot, "command", vm["command"].as<std::string>());
  o.bot.restarts = std::numeric_limits<int>::max() / 2;  // report every failure, never stop
  if (vm.count("time-ms")) bots::set_bot_key(o.bot, "time-ms", vm["time-ms"].as<std::string>());
  if (vm.count("dir")) bots::set_bot_key(o.bot, "dir", vm["dir"].as<std::string>());
  if (vm.count("games")) {
    const auto n = common::parse_int<int>(vm["games"].as<std::string>());
    if (!n || *n < 1 || *n > 10000)
      throw std::invalid_argument("games " + common::quoted(vm["games"].as<std::string>()) +
                                  " is not valid: valid 1 to 10000");
    o.games = *n;
  }
  if (vm.count("seats")) {
    const auto n = common::parse_int<int>(vm["seats"].as<std::string>());
    if (!n || *n < 2 || *n > dominoes::kMaxSeats)
      throw std::invalid_argument("seats " + common::quoted(vm["seats"].as<std::string>()) +
                                  " is not valid: valid 2, 3 or 4");
    o.seats = *n;
  }
  if (vm.count("seed")) {
    const auto s = common::parse_int<std::uint64_t>(vm["seed"].as<std::string>());
    if (!s)
      throw std::invalid_argument("seed " + common::quoted(vm["seed"].as<std::string>()) +
                                  " is not valid: valid 0..2^64-1");
    o.seed = *s;
  }
  if (vm.count("log")) o.log = vm["log"].as<std::string>();
  return o;
}

std::string make_log_path() {
  char dir[] = "/tmp/dominoes-check-bot-XXXXXX";
  if (!::mkdtemp(dir)) return "";
  return std::string(dir) + "/bot.log";
}

std::string ms(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f ms", value);
  return text;
}

// One game of the check: the bot in seat `game % seats`, random in the others. Returns the moves'
// text and the outcome.
struct CheckedGame {
  std::string moves;
  tournament::GameOutcome outcome;
};

CheckedGame play_one(const CheckOptions& o, strategies::Player& bot, strategies::Player& random,
                     int game) {
  dominoes::Rules rules = dominoes::table_rules(o.seats);
  rules.match_target = 0;  // single hands: each game is checked on its own
  const auto g = static_cast<std::uint64_t>(game);
  const dominoes::Deal deal = dominoes::make_deal(rules, o.seed, g, 0);
  const dominoes::Seat bot_seat = static_cast<dominoes::Seat>(game % o.seats);
  tournament::SeatPlayers seats{};
  for (dominoes::Seat s = 0; s < o.seats; ++s) seats[s] = s == bot_seat ? &bot : &random;
  const tournament::SeatStreams streams(o.seed, g, 0, o.seats);
  dominoes::History history;
  CheckedGame result;
  result.outcome = tournament::play_game(rules, deal, seats, streams.rngs(), &history, g);
  for (int k = 0; k < history.size(); ++k) result.moves += dominoes::to_string(history[k]) + " ";
  return result;
}

// Plays the games and says what the bot did; returns the number of problems found.
int play_and_report(const CheckOptions& o, strategies::Player& bot, bots::BotStrategy& bs) {
  strategies::Player random = strategies::Registry::builtin().make("random");
  int problems = 0;
  std::vector<CheckedGame> games;
  std::array<long, 2> points{};  // the bot's team's, the other teams'
  int forfeited = 0;
  for (int g = 0; g < o.games; ++g) {
    games.push_back(play_one(o, bot, random, g));
    const auto& out = games.back().outcome;
    const int bot_team = out.teams[g % o.seats];
    if (out.winner_team >= 0)
      points[out.winner_team == bot_team ? 0 : 1] += out.team_points(out.winner_team);
    forfeited += out.forfeited() ? 1 : 0;
  }
  const bots::BotStats& s = bs.stats();
  std::cout << "games: " << o.games << " against random"
            << (o.seats == 2 ? "" : " at " + std::to_string(o.seats) + " seats")
            << ", seats turning: " << o.games - forfeited << " finished, " << forfeited
            << " forfeited by the bot; it "
            << "scored " << points[0] << " points, random " << points[1] << "\n";
  for (const auto& f : s.failures) {
    ++problems;
    std::cout << "  PROBLEM: " << f << "\n";
  }
  const double limit = o.bot.time_ms;
  std::cout << "answers: " << s.decisions << " legal answers to go, mean "
            << ms(s.decisions ? s.total_move_ms / s.decisions : 0) << ", slowest "
            << ms(s.max_move_ms) << " (limit " << o.bot.time_ms << " ms + 50 ms margin)\n";
  if (s.max_move_ms > 0.5 * limit)
    std::cout << "  note: the slowest answer used more than half of the time limit\n";
  // Replay: the same games with the same seeds must give the same moves.
  const int replays = std::min(o.games, 4);
  int differing = 0;
  for (int g = 0; g < replays; ++g)
    if (play_one(o, bot, random, g).moves != games[static_cast<std::size_t>(g)].moves) ++differing;
  if (differing == 0) {
    std::cout << "replay: the first " << replays << " games, replayed with the same seeds, "
              << "went the same way\n";
  } else {
    ++problems;
    std::cout << "  PROBLEM: " << differing << " of " << replays << " games went another way "
              << "when replayed with the same seeds: draw random choices only from the seed "
              << "of newgame, or tables will not be reproducible\n";
  }
  const std::string quit = bs.quit();
  std::cout << "quit: " << quit << "\n";
  if (quit.rfind("exited with status 0", 0) != 0 && quit != "was not running") {
    ++problems;
    std::cout << "  PROBLEM: a bot must exit within 2 s of quit, with status 0\n";
  }
  if (!s.left_behind.empty()) {  // in a run, they would pile up with every restart
    ++problems;
    std::cout << "  PROBLEM: it left " << s.left_behind << " running after it exited (killed "
              << "now): a bot must end the processes it starts before it exits\n";
  }
  return problems;
}

int run_check(const CheckOptions& o) {
  bots::end_bots_on_signals();  // Ctrl-C or a kill must not leave the bot running
  const std::string log = o.log.empty() ? make_log_path() : o.log;
  strategies::Player bot(std::make_unique<bots::BotStrategy>(o.bot, log));
  auto& bs = dynamic_cast<bots::BotStrategy&>(*bot.strategy());
  std::cout << "checking bot: " << o.bot.command << "\n";
  int problems = 0;
  try {
    bs.ensure_started();
    const bots::BotStats& s = bs.stats();
    std::cout << "handshake: ok in " << ms(s.start_ms) << " (id name "
              << common::quoted(s.name.empty() ? "(none)" : s.name) << ", id author "
              << common::quoted(s.author.empty() ? "(none)" : s.author) << ")\n";
    problems = play_and_report(o, bot, bs);
  } catch (const strategies::Forfeit& e) {
    std::cout << "handshake: FAILED: " << bs.stats().last_failure << "\n";
    problems = 1;
  }
  if (problems > 0) {
    std::cout << "log: " << (log.empty() ? "(none)" : log) << "\n"
              << "last lines of the log:\n"
              << bots::log_tail(log);
  } else if (o.log.empty()) {  // nothing to look at: the temporary log goes
    std::error_code ignored;
    std::filesystem::remove_all(std::filesystem::path(log).parent_path(), ignored);
  } else {
    std::cout << "log: " << log << "\n";
  }
  std::cout << "verdict: "
            << (problems == 0
                    ? std::string("ok")
                    : std::to_string(problems) + (problems == 1 ? " problem" : " problems"))
            << "\n";
  return problems;
}

}  // namespace

namespace dominoes_cli {

int check_bot_command(const std::vector<std::string>& args) {
  CheckOptions o;
  bool help = false;
  try {
    o = parse(args, help);
  } catch (const std::invalid_argument& e) {
    std::cerr << "dominoes: check-bot: " << e.what() << "\n";
    return 2;
  }
  if (help) {
    std::cout << kHelp << options();
    return 0;
  }
  return run_check(o) == 0 ? 0 : 1;
}

}  // namespace dominoes_cli
