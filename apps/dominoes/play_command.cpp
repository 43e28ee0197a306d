#include "apps/dominoes/play_command.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>

#include "apps/dominoes/advice_table.h"
#include "apps/dominoes/command_options.h"
#include "apps/dominoes/line_of_play.h"
#include "apps/dominoes/typed_move.h"
#include "engine/common/limited_file.h"
#include "engine/common/text.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "engine/endgame/expected_move_values.h"
#include "engine/tournament/play/game_loop.h"
#include "engine/tournament/play/games_writer.h"

namespace dominoes_cli {
namespace {

namespace po = boost::program_options;
using dominoes::Move;
using dominoes::State;
using dominoes::TileSet;

constexpr dominoes::Seat kPerson = 0;
constexpr dominoes::Seat kStrategy = 1;
constexpr int kMaxGames = 100000;

po::options_description play_options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")("against", po::value<std::string>(),
                                              "the strategy you play (default minimax); see "
                                              "`dominoes strategies`")(
      "games", po::value<std::string>(),
      "games to play, 1 to 100000, or 0 to play until you "
      "stop (default 1)")("seed", po::value<std::string>(),
                          "seed of the deals and of the strategy, 0..2^64-1 "
                          "(default: a fresh one, printed, so the games can be replayed)")(
      "hint", "before each of your choices, show every move's expected points")(
      "with", po::value<std::string>(), "the strategy whose move --hint names (default minimax)")(
      "samples", po::value<std::string>(),
      "opponent hands --hint samples when more than 5000 "
      "are consistent, 1 to 1000000 (default 1000)")(
      "games-out", po::value<std::string>(),
      "add each finished game to this file as a game record (JSON lines, as dominoes run "
      "--games-out writes; created when missing), for dominoes view");
  o.add(rules_options(true));
  return o;
}

std::string help_text() {
  std::ostringstream os;
  os << "Usage: dominoes play [--against SPEC] [--games N] [--seed S] [--hint] [--games-out F]\n\n"
        "Play Block Dominoes against a strategy. You hold hand 0 of every deal; who leads\n"
        "follows --leader. Each turn shows the line and its open ends, the opponent's tile count\n"
        "and the values it has shown it lacks, and your hand with the legal moves numbered.\n"
        "Type a move's number, or its notation: 3-5L or 3-5R for an end (either case), a bare\n"
        "tile to lead or when it fits one end only. A pass or a lone legal move is played for\n"
        "you. Also: hint (expected points of each move), help, quit, in any case. Ctrl-D\n"
        "stops too, and Ctrl-C (exit 130), each with the score so far.\n"
        "Each game ends with both hands shown, as dealt and as left, and the running score.\n"
        "--games-out F adds each finished game to F as a record (you are the player \"person\")\n"
        "for `dominoes view F`, which replays them in a browser.\n\n"
        "Example:\n"
        "  dominoes play --against heuristic --games 3 --games-out my-games.jsonl\n"
        "  dominoes view my-games.jsonl\n\n"
     << play_options();
  return os.str();
}

const std::string* get(const po::variables_map& vm, const char* key) {
  return vm.count(key) ? &vm[key].as<std::string>() : nullptr;
}

struct Settings {
  dominoes::Rules rules;
  std::string opponent_name;
  strategies::Player opponent;
  std::string advisor_name;
  strategies::Player advisor;
  std::uint64_t seed = 0;
  int games = 1;  // 0: until the person stops
  bool hint = false;
  endgame::WorldLimits limits{};
  std::string games_out{};  // --games-out; empty: no records
};

Settings read_settings(const po::variables_map& vm) {
  const dominoes::Rules rules = read_rules(vm);
  const std::string against = get(vm, "against") ? common::trimmed(*get(vm, "against")) : "minimax";
  const std::string with = get(vm, "with") ? common::trimmed(*get(vm, "with")) : "minimax";
  Settings s{.rules = rules,
             .opponent_name = against,
             .opponent = make_player("against", against, true),
             .advisor_name = with,
             .advisor = make_player("with", with, false)};
  s.games =
      static_cast<int>(read_number(vm, "games", 1, 0, kMaxGames, "0 (until you stop) to 100000"));
  s.seed = read_number(vm, "seed", std::random_device{}(), 0, ~std::uint64_t{0}, "0..2^64-1");
  s.hint = vm.count("hint") > 0;
  s.limits.samples = static_cast<int>(read_number(vm, "samples", 1000, 1, 1000000, "1 to 1000000"));
  if (const std::string* out = get(vm, "games-out")) {
    if (common::trimmed(*out).empty())
      throw UsageError("--games-out is empty: give a file, e.g. --games-out my-games.jsonl");
    s.games_out = *out;
  }
  return s;
}

// The name the records give the person's seat.
constexpr const char* kPersonName = "person";

// Returns the records file opened for appending, or throws UsageError naming why it cannot be:
// only a regular file (or a new path) takes records; a FIFO or device would block or swallow them.
std::unique_ptr<std::ofstream> open_records(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
    throw UsageError("--games-out " + common::quoted(path) + " is " + common::file_kind(info.st_mode) +
                     ": give a regular file or a new path");
  auto out = std::make_unique<std::ofstream>(path, std::ios::app | std::ios::binary);
  if (!*out)
    throw UsageError("--games-out " + common::quoted(path) + " cannot be written: " +
                     std::strerror(errno));
  return out;
}

// Ctrl-C during a session: the first SIGINT is noted, so the session ends with the score so far;
// a second one ends the program at once, as Ctrl-C would without us. A read of the person's move
// must not wait on after it: a read under way is interrupted (the handler is installed without
// SA_RESTART), and, since the signal may also come just before the read begins (a race no flag
// check can close), the handler puts /dev/null on standard input, where any later read ends at
// once. The session reads nothing more after a Ctrl-C, so nothing is lost.
std::atomic<int> g_interrupted{0};

extern "C" void on_interrupt(int sig) {
  if (g_interrupted.exchange(1) != 0) {
    ::signal(sig, SIG_DFL);
    ::raise(sig);
    return;
  }
  const int saved_errno = errno;  // open, dup2 and close are async-signal-safe
  const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null >= 0) {
    ::dup2(null, STDIN_FILENO);
    ::close(null);
  }
  errno = saved_errno;
}

// Catches SIGINT while alive; the previous handler comes back when it is destroyed.
class InterruptNote {
 public:
  InterruptNote() {
    g_interrupted = 0;
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &previous_);
  }
  ~InterruptNote() { ::sigaction(SIGINT, &previous_, nullptr); }
  InterruptNote(const InterruptNote&) = delete;
  InterruptNote& operator=(const InterruptNote&) = delete;
  static bool caught() { return g_interrupted.load() != 0; }

 private:
  struct sigaction previous_ {};
};

// One game in progress.
struct Table {
  dominoes::Deal deal;
  State state;
  dominoes::History history;
  LineOfPlay line;
  int number = 0;  // 0-based game index: deal `number` of the seed
  // Each seat's random stream for the whole game, as the runner keeps them (game_loop.h): the
  // strategy's, and the one the person's --hint strategy draws from.
  std::array<dominoes::Rng, 2> streams;
};

// Returns the open ends' values as a person would say them missing: "3 or 1", or "2" for 2 and 2.
std::string ends_text(const State& s) {
  return s.left == s.right ? std::to_string(s.left)
                           : std::to_string(s.left) + " or " + std::to_string(s.right);
}

std::string hand_text(TileSet hand) {
  std::string text;
  for (dominoes::Tile t : dominoes::reading_order(hand)) {
    if (!text.empty()) text += ' ';
    text += dominoes::to_string(t);
  }
  return text.empty() ? "(none)" : text;
}

std::string moves_text(const dominoes::MoveList& legal) {
  std::string text;
  for (int k = 0; k < legal.size(); ++k)
    text += (k ? "   " : "") + std::to_string(k + 1) + ") " + dominoes::to_string(legal[k]);
  return text;
}

// A typed move or command is a word; a longer line is not typing (e.g. play < /dev/zero).
constexpr std::size_t kMaxTypedLine = 4096;

class Session {
 public:
  Session(Settings settings, std::istream& in, std::ostream& out)
      : s_(std::move(settings)), in_(in), out_(out) {
    if (!s_.games_out.empty()) records_ = open_records(s_.games_out);
  }
  int run();

 private:
  bool play_game(int number);
  std::optional<Move> person_turn(Table& t);
  Move strategy_turn(Table& t);
  void show_position(const Table& t) const;
  void show_hint(Table& t);
  void show_result(const Table& t, const tournament::GameOutcome& outcome);
  void save(const Table& t, const tournament::GameOutcome& outcome);
  void show_score(const char* when) const;
  std::optional<std::string> ask(const std::string& prompt);

  Settings s_;
  std::istream& in_;
  std::ostream& out_;
  std::array<int, 2> totals_{};
  int finished_ = 0;
  std::unique_ptr<std::ofstream> records_;  // --games-out, or null
};

std::optional<std::string> Session::ask(const std::string& prompt) {
  out_ << prompt << std::flush;
  std::string line;
  // A Ctrl-C while reading ends the read (read_limited_line sees the end of input, or returns
  // what was typed so far, which is dropped).
  if (!common::read_limited_line(in_, line, kMaxTypedLine, "standard input") ||
      InterruptNote::caught()) {
    out_ << "\n";
    return std::nullopt;
  }
  return line;
}

void Session::show_position(const Table& t) const {
  const State& st = t.state;
  out_ << "\nline     " << t.line.text();
  if (!st.line_empty())
    out_ << "    open ends " << int(st.left) << " (L) and " << int(st.right) << " (R)";
  const int count = st.hands[kStrategy].size();
  out_ << "\n" << s_.opponent_name << ": " << count_of(count, "tile");
  if (!st.lacks[kStrategy].empty())
    out_ << ", has shown it lacks " << values_text(st.lacks[kStrategy]);
  out_ << "\nyou      " << hand_text(st.hands[kPerson]) << "   ("
       << dominoes::pips(st.hands[kPerson]) << " pips)\n";
}

void Session::show_hint(Table& t) {
  const auto obs = dominoes::observe(t.state, t.history, s_.rules, kPerson);
  dominoes::Rng rng(dominoes::stream_key({s_.seed, static_cast<std::uint64_t>(t.number),
                                          static_cast<std::uint64_t>(t.history.size()), 0x41D5}));
  const endgame::MoveEvaluation e = endgame::expected_move_values(obs, s_.limits, rng);
  const dominoes::MoveList legal = dominoes::legal_moves(t.state);
  const Move m = s_.advisor.choose(t.state, t.history, s_.rules, legal, t.streams[kPerson]);
  out_ << "hint: expected points (yours minus the opponent's at the end)\n"
       << advice_rows(e, false, "  ") << "  " << worlds_line(e) << "\n  " << s_.advisor_name
       << " would play " << dominoes::to_string(m) << "\n";
}

std::optional<Move> Session::person_turn(Table& t) {
  show_position(t);
  const dominoes::MoveList legal = dominoes::legal_moves(t.state);
  if (legal.size() == 0) {
    out_ << "you have no " << ends_text(t.state) << ": you pass\n";
    return Move::pass();
  }
  if (legal.size() == 1) {
    out_ << "your only move, " << dominoes::to_string(legal[0]) << ", is played\n";
    return legal[0];
  }
  out_ << "moves    " << moves_text(legal) << "\n";
  if (s_.hint) show_hint(t);
  for (;;) {
    const auto typed = ask("your move> ");
    if (!typed) return std::nullopt;
    std::string word = common::trimmed(*typed);
    std::transform(word.begin(), word.end(), word.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (word == "quit" || word == "q") return std::nullopt;
    if (word == "hint") {
      show_hint(t);
      continue;
    }
    if (word == "help" || word == "?") {
      out_ << "type a move's number (1 to " << legal.size() << ") or its notation, e.g. "
           << dominoes::to_string(legal[0]) << "; hint: expected points; quit or Ctrl-D: stop\n";
      continue;
    }
    const auto read = read_typed_move(*typed, t.state, legal, s_.rules.max_pip);
    if (const Move* m = std::get_if<Move>(&read)) return *m;
    out_ << std::get<std::string>(read) << "\n";
  }
}

Move Session::strategy_turn(Table& t) {
  const dominoes::MoveList legal = dominoes::legal_moves(t.state);
  if (legal.size() == 0) {
    out_ << s_.opponent_name << " passes: it has no " << ends_text(t.state) << "\n";
    return Move::pass();
  }
  Move m = legal[0];
  if (legal.size() > 1) {
    m = s_.opponent.choose(t.state, t.history, s_.rules, legal, t.streams[kStrategy]);
    // A strategy is a plug-in: an illegal move would corrupt the game, so it ends the session.
    if (!legal.contains(m))
      throw std::logic_error(s_.opponent_name + " chose " + dominoes::to_string(m) +
                             ", which is not a legal move");
  }
  out_ << s_.opponent_name << " plays " << dominoes::to_string(m) << "\n";
  return m;
}

void Session::show_result(const Table& t, const tournament::GameOutcome& outcome) {
  const bool domino = outcome.ending == dominoes::GameStatus::kDomino;
  const std::string by = t.state.hands[kPerson].empty() ? "you" : s_.opponent_name;
  out_ << "\n--- game " << t.number + 1 << " over: " << (domino ? "domino by " : "blocked")
       << (domino ? by : std::string()) << " ---\n"
       << "line     " << t.line.text() << "\n";
  // The names' column is as wide as the longer name, so the hands line up.
  const int width = static_cast<int>(std::max<std::size_t>(8, s_.opponent_name.size() + 2));
  const auto hand_row = [&](const std::string& who, dominoes::Seat seat) {
    out_ << std::left << std::setw(width) << who << "left " << std::setw(22)
         << hand_text(t.state.hands[seat]) << " (" << std::right << std::setw(2)
         << outcome.pips[seat] << " pips)   dealt " << hand_text(t.deal.hands[seat]) << "\n";
  };
  hand_row("you:", kPerson);
  hand_row(s_.opponent_name + ":", kStrategy);
  if (outcome.points[kPerson] > 0)
    out_ << "you score " << outcome.points[kPerson] << "\n";
  else if (outcome.points[kStrategy] > 0)
    out_ << s_.opponent_name << " scores " << outcome.points[kStrategy] << "\n";
  else
    out_ << "equal pips: nobody scores\n";
  for (int seat = 0; seat < 2; ++seat) totals_[seat] += outcome.points[seat];
  ++finished_;
}

// Adds the finished game to --games-out, flushed at once so that a game is kept however the
// session ends.
void Session::save(const Table& t, const tournament::GameOutcome& outcome) {
  if (!records_) return;
  *records_ << tournament::game_record_json({t.number, 0}, {kPersonName, s_.opponent_name},
                                            s_.rules, t.deal, t.history, outcome)
            << std::flush;
  if (!*records_)
    throw std::runtime_error("cannot write --games-out " + common::quoted(s_.games_out) + ": " +
                             std::strerror(errno));
}

void Session::show_score(const char* when) const {
  out_ << when << "score after " << finished_ << (finished_ == 1 ? " game" : " games") << ": you "
       << totals_[kPerson] << ", " << s_.opponent_name << " " << totals_[kStrategy] << "\n";
}

// Plays game `number`; returns false when the person stopped it.
bool Session::play_game(int number) {
  const dominoes::Deal deal = dominoes::make_deal(s_.rules, s_.seed, number);
  const auto game = static_cast<std::uint64_t>(number);
  Table t{deal,
          dominoes::start_state(deal),
          dominoes::History(deal.leader),
          LineOfPlay{},
          number,
          {tournament::seat_stream(s_.seed, game, 0, kPerson),
           tournament::seat_stream(s_.seed, game, 0, kStrategy)}};
  out_ << "\n=== game " << number + 1;
  if (s_.games > 0) out_ << " of " << s_.games;
  out_ << ": " << (t.deal.leader == kPerson ? "you lead" : s_.opponent_name + " leads") << " ===\n";
  while (dominoes::status(t.state) == dominoes::GameStatus::kOngoing) {
    std::optional<Move> m = t.state.to_move == kPerson ? person_turn(t) : strategy_turn(t);
    if (!m || InterruptNote::caught()) return false;
    if (!m->is_pass()) t.line.lay(*m, t.state);
    dominoes::apply(t.state, *m);
    t.history.push_back(*m);
  }
  const tournament::GameOutcome outcome = tournament::score_game(t.state, s_.rules);
  show_result(t, outcome);
  save(t, outcome);
  if (number + 1 != s_.games) show_score("");
  return true;
}

int Session::run() {
  out_ << "Block Dominoes against " << s_.opponent_name
       << (s_.opponent.omniscient() ? " (it sees your hand)" : "") << ", seed " << s_.seed
       << " (--seed " << s_.seed << " replays these deals). You hold hand 0.\n"
       << "Type a move's number or notation (3-5L, 3-5R), hint, help or quit; Ctrl-D stops.\n";
  const InterruptNote interrupts;
  for (int g = 0; s_.games == 0 || g < s_.games; ++g) {
    if (!play_game(g)) {
      const bool interrupted = InterruptNote::caught();
      out_ << (interrupted ? "interrupted" : "stopped") << " during game " << g + 1 << ".\n";
      show_score("final ");
      if (records_) out_ << "games saved in " << s_.games_out << "\n";
      return interrupted ? 128 + SIGINT : 0;
    }
  }
  show_score("\nfinal ");
  if (records_) out_ << "games saved in " << s_.games_out << "\n";
  return 0;
}

}  // namespace

int play_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out) {
  try {
    const po::variables_map vm = read_options(args, play_options(), "play");
    if (vm.count("help")) {
      out << help_text();
      return 0;
    }
    return Session(read_settings(vm), in, out).run();
  } catch (const UsageError& e) {
    std::cerr << "dominoes: play: " << e.what() << "\n";
    return 2;
  } catch (const common::ReadError& e) {
    out << std::flush;
    std::cerr << "dominoes: play: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "dominoes: play failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dominoes_cli
