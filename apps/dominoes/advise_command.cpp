#include "apps/dominoes/advise_command.h"

#include <iostream>
#include <sstream>

#include "apps/dominoes/advice_table.h"
#include "apps/dominoes/command_options.h"
#include "engine/common/text.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/table_text.h"
#include "engine/endgame/block_dominoes_position.h"
#include "engine/endgame/expected_move_values.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace {

namespace po = boost::program_options;
using dominoes::TileSet;

}  // namespace

po::options_description advise_options() {
  po::options_description o("Options");
  o.add_options()("help,h", "show this help")("hand", po::value<std::string>(),
                                              "your tiles, e.g. 0-3,1-2,2-4 (required)")(
      "line", po::value<std::string>(),
      "the line left to right, each tile as laid, left value "
      "first, e.g. 3-5,5-1; empty or - before the lead (default)")(
      "opp-count", po::value<std::string>(),
      "the opponent's tile count, checked against the "
      "hand and line (2 x hand-size - hand - line)")(
      "counts", po::value<std::string>(),
      "with more than two seats: the other seats' tile counts in turn order after you, e.g. "
      "6,6,5 (default: as if nobody had passed)")(
      "lacks", po::value<std::string>(),
      "values the opponent has shown it lacks by passing, e.g. 2,5; with more than two seats "
      "one list per other seat in turn order after you, split by /, e.g. 2,5/-/3")(
      "with", po::value<std::string>(),
      "the strategy whose move is shown (default minimax; with more than two seats heuristic)")(
      "samples", po::value<std::string>(),
      "opponent hands sampled when more than 5000 are "
      "consistent (with more than two seats: deals of the other hands), 1 to 1000000 (default "
      "1000; with more than two seats 100)")("seed", po::value<std::string>(),
                                             "seed of the sampling and of the strategy, 0..2^64-1 "
                                             "(default 1)");
  o.add(rules_options(false));
  return o;
}

namespace {

std::string help_text() {
  std::ostringstream os;
  os << "Usage: dominoes advise --hand TILES [--line TILES] [--lacks VALUES] [--with SPEC]\n\n"
        "What to play when it is your turn. For each legal move: its expected points, your\n"
        "points minus the opponent's at the end of the game, averaged over the opponent hands\n"
        "consistent with what you know (perfect-information Monte Carlo: each hand solved\n"
        "exactly with both hands open). Every consistent hand is used when there are at most\n"
        "5000, else --samples of them are drawn and each mean gets a 95% interval.\n"
        "The first line is the verdict, `best MOVE`; the next says what the strategy plays.\n\n"
        "With --seats 3 or 4 you sit in seat 0 and the other seats follow in turn order (with\n"
        "partners seat 2 is your partner); give their tile counts (--counts) and what each has\n"
        "shown it lacks (--lacks A/B/C). A world is then a deal of every other hand consistent\n"
        "with the counts and the passes; in each, every move is solved exactly to the end of\n"
        "the hand with every hand open (both teams playing best; in cut-throat every other seat\n"
        "playing against you), and points are your team's minus the others'. All worlds are\n"
        "used when there are at most 5000, else --samples of them (default 100 there: about a\n"
        "second at the free lead of a four-seat deal).\n\n"
        "Example: dominoes advise --hand 0-3,1-2,2-4 --line 2-6,6-5,5-0,0-0,0-1,1-1,1-3,3-3,3-4 "
        "--lacks 5,6\n"
        "Example: dominoes advise --seats 4 --hand 2-4,5-5,4-4,0-0,4-6 "
        "--line 6-6,6-2,2-1,1-5,5-0,0-3,3-4 --counts 5,5,6 --lacks -/-/1,6\n\n"
     << advise_options();
  return os.str();
}

const std::string* get(const po::variables_map& vm, const char* key) {
  return vm.count(key) ? &vm[key].as<std::string>() : nullptr;
}

// The position as the seat to move (seat 0 here) knows it; with more than two seats the others
// follow in turn order (seat 1 plays next; with partners seat 2 is the partner).
struct Known {
  dominoes::Rules rules;
  dominoes::State state;  // the other hands hold placeholder tiles: only their counts are known
};

TileSet read_hand(const std::string& text, const dominoes::Rules& rules) {
  TileSet hand;
  try {
    hand = dominoes::parse_tiles(text, rules.max_pip);
  } catch (const dominoes::NotationError& e) {
    throw UsageError(std::string("--hand: ") + e.what());
  }
  if (hand.empty())
    throw UsageError("--hand is empty: give your tiles, e.g. 0-3,1-2 (with none the game is over)");
  if (hand.size() > rules.hand_size)
    throw UsageError("--hand has " + std::to_string(hand.size()) + " tiles, more than hand-size " +
                     std::to_string(rules.hand_size));
  return hand;
}

// Returns the opponent's tile count implied by the hand and the line, checked against --opp-count.
int opponent_count(const po::variables_map& vm, const Known& k) {
  const int dealt = k.rules.hand_size, in_hand = k.state.hands[0].size(),
            line = k.state.line.size();
  const int count = 2 * dealt - in_hand - line;
  const std::string counts =
      count_of(in_hand, "tile") + " in your hand and " + std::to_string(line) + " on the line";
  if (count < 0)
    throw UsageError(counts + " are more than the " + std::to_string(2 * dealt) +
                     " dealt (2 x hand-size " + std::to_string(dealt) + ")");
  if (count == 0) throw UsageError(counts + " leave the opponent no tile: the game is over");
  if (count > dealt)
    throw UsageError("with " + counts + ", you have played " + count_of(dealt - in_hand, "tile") +
                     ", more than the line holds");
  const auto given =
      read_number(vm, "opp-count", static_cast<std::uint64_t>(count), 0, 1000, "0 to 1000");
  if (given != static_cast<std::uint64_t>(count))
    throw UsageError("--opp-count " + std::to_string(given) + " does not fit: " + counts +
                     " leave the opponent " + std::to_string(count) + " (2 x hand-size " +
                     std::to_string(dealt) + " dealt)");
  return count;
}

dominoes::ValueSet read_lacks(const std::string& text, const Known& k) {
  dominoes::ValueSet lacks;
  if (common::trimmed(text).empty()) return lacks;
  for (const std::string& item : common::split_list(text)) {
    const auto v = common::parse_int<int>(item);
    if (!v || *v < 0 || *v > k.rules.max_pip)
      throw UsageError("--lacks " + common::quoted(text) + " is not valid: give values 0.." +
                       std::to_string(k.rules.max_pip) + ", e.g. 2,5");
    lacks.insert(*v);
  }
  if (k.state.line_empty()) throw UsageError("--lacks needs a line: nobody passes before the lead");
  return lacks;
}

// Gives the opponent `count` placeholder tiles from the hands it could hold, so that the strategy
// sees the right count; throws when no consistent hand exists.
void seat_opponent(Known& k, int count) {
  const TileSet candidates = TileSet::full(k.rules.max_pip) - k.state.hands[0] - k.state.line -
                             k.state.lacks[1].tiles_touching();
  if (candidates.size() < count)
    throw UsageError("no opponent hand of " + count_of(count, "tile") + " fits: only " +
                     std::to_string(candidates.size()) + " unseen tiles avoid the values it lacks");
  for (dominoes::Tile t : candidates)
    if (k.state.hands[1].size() < count) k.state.hands[1].insert(t);
}

// ---- more than two seats ------------------------------------------------------------------------

int seats_of(const Known& k) {
  return k.rules.seats;
}

// Returns the tiles the other seats hold together: every seat's hand-size dealt, less your hand
// and the line; throws when your hand and the line are more than were dealt.
int others_hold(const Known& k) {
  const int dealt = seats_of(k) * k.rules.hand_size, in_hand = k.state.hands[0].size(),
            line = k.state.line.size();
  if (in_hand + line > dealt)
    throw UsageError(count_of(in_hand, "tile") + " in your hand and " + std::to_string(line) +
                     " on the line are more than the " + std::to_string(dealt) + " dealt (" +
                     std::to_string(seats_of(k)) + " x hand-size " +
                     std::to_string(k.rules.hand_size) + ")");
  return dealt - in_hand - line;
}

// Returns each other seat's tile count had nobody passed: the line's tiles were then played one
// per turn up to the seat before you, so the seat k places after you played the tiles numbered
// (line + k) mod seats, seats + that, ... below the line's length. Throws when your own hand does
// not fit (someone passed: the counts must be given).
std::array<int, dominoes::kMaxSeats> counts_without_passes(const Known& k) {
  const int n = seats_of(k), size = k.rules.hand_size, line = k.state.line.size();
  const int mine = size - line / n;
  if (k.state.hands[0].size() != mine)
    throw UsageError("with " + count_of(k.state.hands[0].size(), "tile") + " in your hand and " +
                     std::to_string(line) + " on the line someone has passed (without passes you " +
                     "would hold " + std::to_string(mine) + "): give the other seats' tile " +
                     "counts with --counts, in turn order after you");
  std::array<int, dominoes::kMaxSeats> counts{};
  for (int seat = 1; seat < n; ++seat) {
    const int first = (line + seat) % n;  // the first tile this seat played
    counts[seat] = size - (first < line ? (line - 1 - first) / n + 1 : 0);
  }
  return counts;
}

// Returns the other seats' counts from --counts, checked against what was dealt.
std::array<int, dominoes::kMaxSeats> read_counts(const po::variables_map& vm, const Known& k,
                                                 bool passed) {
  const int n = seats_of(k), size = k.rules.hand_size, rest = others_hold(k);
  const std::string* text = get(vm, "counts");
  if (!text) {
    if (passed)
      throw UsageError(
          "--counts is needed with --lacks (a seat that passed kept its tiles): give "
          "the other seats' tile counts in turn order after you, e.g. --counts " +
          std::string(n == 4 ? "5,6,6" : "5,6"));
    return counts_without_passes(k);
  }
  const auto items = common::split_list(*text);
  const std::string bad = "--counts " + common::quoted(*text) + " is not valid: ";
  if (static_cast<int>(items.size()) != n - 1)
    throw UsageError(bad + "give " + std::to_string(n - 1) +
                     " counts, one per other seat in turn order after you, e.g. " +
                     (n == 4 ? "5,6,6" : "5,6"));
  std::array<int, dominoes::kMaxSeats> counts{};
  int total = 0;
  for (int seat = 1; seat < n; ++seat) {
    const auto c = common::parse_int<int>(items[static_cast<std::size_t>(seat - 1)]);
    if (!c || *c < 1 || *c > size)
      throw UsageError(bad + "each count is 1 to hand-size " + std::to_string(size) +
                       " (a seat with no tile has ended the game)");
    counts[seat] = *c;
    total += *c;
  }
  if (total != rest)
    throw UsageError("--counts " + common::quoted(*text) + " add up to " + std::to_string(total) +
                     ", but the " + std::to_string(n * size) + " tiles dealt less your " +
                     std::to_string(k.state.hands[0].size()) + " and the line's " +
                     std::to_string(k.state.line.size()) + " leave " + std::to_string(rest));
  return counts;
}

// Reads --lacks at a larger table: one list per other seat in turn order after you, split by '/'
// ("-" or nothing for none). Returns true when some seat has passed.
bool read_table_lacks(const std::string& text, Known& k) {
  const int n = seats_of(k);
  const std::string bad = "--lacks " + common::quoted(text) + " is not valid: ";
  const auto groups = common::split_list(text, '/');
  if (static_cast<int>(groups.size()) != n - 1)
    throw UsageError(bad + "give " + std::to_string(n - 1) +
                     " lists split by /, one per other seat in turn order after you (- for "
                     "none), e.g. " +
                     (n == 4 ? "2,5/-/3" : "2,5/3"));
  bool passed = false;
  for (int seat = 1; seat < n; ++seat) {
    const std::string& group = groups[static_cast<std::size_t>(seat - 1)];
    if (group.empty() || group == "-") continue;
    for (const std::string& item : common::split_list(group)) {
      const auto v = common::parse_int<int>(item);
      if (!v || *v < 0 || *v > k.rules.max_pip)
        throw UsageError(bad + "give values 0.." + std::to_string(k.rules.max_pip) + ", e.g. " +
                         (n == 4 ? "2,5/-/3" : "2,5/3"));
      k.state.lacks[seat].insert(*v);
      passed = true;
    }
  }
  if (passed && k.state.line_empty())
    throw UsageError("--lacks needs a line: nobody passes before the lead");
  return passed;
}

// The refusal of a position in which no seat can move: the hand is over, blocked.
UsageError blocked_error(const Known& k) {
  return UsageError("the game is blocked: you cannot play on " + std::to_string(k.state.left) +
                    " or " + std::to_string(k.state.right) + " and no hand " +
                    (k.state.seats == 2 ? "the opponent" : "another seat") +
                    " could hold can either");
}

// Gives the other seats hands of their counts that avoid the values they lack (one world drawn
// among the consistent ones), so that the strategy sees the right counts; throws when there is
// none (when I cannot play, a world must let another seat play: else the hand is blocked).
void seat_others(Known& k, const std::array<int, dominoes::kMaxSeats>& counts) {
  TileSet unseen = TileSet::full(k.rules.max_pip) - k.state.hands[0] - k.state.line;
  for (int seat = 1; seat < seats_of(k); ++seat) {  // placeholders: observe() reads the sizes
    for (dominoes::Tile t : unseen)
      if (k.state.hands[seat].size() < counts[seat]) k.state.hands[seat].insert(t);
    unseen = unseen - k.state.hands[seat];
  }
  const dominoes::History history(0, seats_of(k));
  const dominoes::HiddenHandsSampler worlds(dominoes::observe(k.state, history, k.rules, 0));
  const bool i_can_play = dominoes::has_legal_move(k.state.hands[0], k.state.left, k.state.right);
  if (worlds.count() <= 0 && !i_can_play && !k.state.line_empty()) throw blocked_error(k);
  if (worlds.count() <= 0)
    throw UsageError(
        "no deal of the other hands fits: the unseen tiles cannot give each seat "
        "its count while avoiding the values it lacks");
  dominoes::Rng rng(dominoes::stream_key({0x5EA7}));
  const dominoes::TableHands hands = worlds.sample(rng);
  for (int seat = 1; seat < seats_of(k); ++seat) k.state.hands[seat] = hands[seat];
}

void read_table_position(const po::variables_map& vm, Known& k) {
  if (get(vm, "opp-count"))
    throw UsageError("--opp-count is for two seats: at " + std::to_string(seats_of(k)) +
                     " seats give the other seats' counts with --counts");
  k.state.seats = static_cast<std::uint8_t>(seats_of(k));
  const std::string* lacks = get(vm, "lacks");
  const bool passed = lacks && read_table_lacks(*lacks, k);
  seat_others(k, read_counts(vm, k, passed));
}

// -------------------------------------------------------------------------------------------------

Known read_position(const po::variables_map& vm) {
  Known k;
  k.rules = read_rules(vm);
  if (k.rules.seats == 2 && get(vm, "counts"))
    throw UsageError("--counts is for three or four seats: with two give --opp-count");
  const std::string* hand = get(vm, "hand");
  if (!hand) throw UsageError("--hand is required: your tiles, e.g. --hand 0-3,1-2,2-4");
  const TileSet mine = read_hand(*hand, k.rules);
  std::string line = get(vm, "line") ? common::trimmed(*get(vm, "line")) : "";
  if (line == "-") line.clear();
  try {
    // Your hand in seat 0, the other seats' empty until their counts are read.
    const std::string hands = dominoes::to_string(mine) + std::string(k.rules.seats - 1, '/');
    k.state = endgame::parse_position({hands, line, "", 0}, k.rules);
  } catch (const endgame::PositionError& e) {
    throw UsageError(std::string("--line: ") + e.what());
  }
  if (k.rules.seats != 2) {
    read_table_position(vm, k);
    return k;
  }
  const int count = opponent_count(vm, k);
  if (const std::string* lacks = get(vm, "lacks")) k.state.lacks[1] = read_lacks(*lacks, k);
  seat_opponent(k, count);
  return k;
}

std::string position_line(const Known& k) {
  const auto& s = k.state;
  std::string text = "position: your hand " + dominoes::to_string(s.hands[0]) + " (" +
                     std::to_string(dominoes::pips(s.hands[0])) + " pips); ";
  text += s.line_empty()
              ? std::string("you lead")
              : "open ends " + std::to_string(s.left) + " and " + std::to_string(s.right);
  if (s.seats != 2) {
    for (int seat = 1; seat < s.seats; ++seat) {
      text += "; seat " + std::to_string(seat) +
              (k.rules.partners && seat == 2 ? " (partner)" : "") + " holds " +
              count_of(s.hands[seat].size(), "tile");
      if (!s.lacks[seat].empty()) text += " and lacks " + dominoes::values_text(s.lacks[seat]);
    }
    return text;
  }
  text += "; the opponent holds " + count_of(s.hands[1].size(), "tile");
  if (!s.lacks[1].empty()) text += " and lacks " + dominoes::values_text(s.lacks[1]);
  return text;
}

// Returns the move `player` makes in the known position (the only move when there is one).
dominoes::Move strategy_move(strategies::Player& player, const Known& k, std::uint64_t seed) {
  dominoes::MoveList legal = dominoes::legal_moves(k.state);
  if (legal.size() == 0) return dominoes::Move::pass();
  if (legal.size() == 1) return legal[0];
  // The order of play is not known: the strategy gets an empty record (strategies here read only
  // the hand, the line, the ends, the counts and the lacked values).
  const dominoes::History history(0, k.state.seats);
  dominoes::Rng rng(dominoes::stream_key({seed, 1}));
  return player.choose(k.state, history, k.rules, legal, rng);
}

// Returns every move's expected points in the known position (expected_move_values.h, at any seat
// count). Throws when no world lets anyone move.
endgame::MoveEvaluation evaluate(const Known& k, const endgame::WorldLimits& limits,
                                 std::uint64_t seed) {
  dominoes::Rng rng(dominoes::stream_key({seed, 0}));
  const dominoes::History history(0, k.state.seats);
  const auto obs = dominoes::observe(k.state, history, k.rules, 0);
  endgame::MoveEvaluation e = endgame::expected_move_values(obs, limits, rng);
  if (e.worlds == 0) throw blocked_error(k);
  return e;
}

int advise(const po::variables_map& vm) {
  const Known k = read_position(vm);
  const std::string fallback = k.rules.seats == 2 ? "minimax" : "heuristic";
  const std::string spec = get(vm, "with") ? *get(vm, "with") : fallback;
  strategies::Player player = make_player("with", spec, false);
  check_plays_seats("with", spec, k.rules);
  endgame::WorldLimits limits;
  const int samples = endgame::default_samples(k.rules.seats);
  limits.samples =
      static_cast<int>(read_number(vm, "samples", samples, 1, 1000000, "1 to 1000000"));
  const std::uint64_t seed = read_number(vm, "seed", 1, 0, ~std::uint64_t{0}, "0..2^64-1");
  const endgame::MoveEvaluation e = evaluate(k, limits, seed);
  const dominoes::Move chosen = strategy_move(player, k, seed);
  std::cout << "best " << dominoes::to_string(e.moves[e.best()].move) << "\n"
            << common::trimmed(spec) << " plays " << dominoes::to_string(chosen)
            << (e.moves.size() == 1 ? " (the only move)" : "") << "\n"
            << position_line(k) << "\n\n"
            << advice_rows(e, true, "") << worlds_line(e, k.rules.seats) << "\n"
            << "points: " << points_meaning(k.rules) << " " << points_when(k.rules)
            << ", mean over the worlds\n";
  return 0;
}

}  // namespace

int advise_command(const std::vector<std::string>& args) {
  try {
    const po::variables_map vm = read_options(args, advise_options(), "advise");
    if (vm.count("help")) {
      std::cout << help_text();
      return 0;
    }
    return advise(vm);
  } catch (const UsageError& e) {
    std::cerr << "dominoes: advise: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace dominoes_cli
