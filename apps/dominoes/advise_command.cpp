#include "apps/dominoes/advise_command.h"

#include <iostream>
#include <sstream>

#include "apps/dominoes/advice_table.h"
#include "apps/dominoes/command_options.h"
#include "engine/common/text.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "engine/endgame/block_dominoes_position.h"
#include "engine/endgame/expected_move_values.h"

namespace dominoes_cli {
namespace {

namespace po = boost::program_options;
using dominoes::TileSet;

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
      "lacks", po::value<std::string>(),
      "values the opponent has shown it lacks by passing, "
      "e.g. 2,5")("with", po::value<std::string>(),
                  "the strategy whose move is shown (default minimax)")(
      "samples", po::value<std::string>(),
      "opponent hands sampled when more than 5000 are "
      "consistent, 1 to 1000000 (default 1000)")(
      "seed", po::value<std::string>(),
      "seed of the sampling and of the strategy, 0..2^64-1 "
      "(default 1)");
  o.add(rules_options(false));
  return o;
}

std::string help_text() {
  std::ostringstream os;
  os << "Usage: dominoes advise --hand TILES [--line TILES] [--lacks VALUES] [--with SPEC]\n\n"
        "What to play when it is your turn. For each legal move: its expected points, your\n"
        "points minus the opponent's at the end of the game, averaged over the opponent hands\n"
        "consistent with what you know (perfect-information Monte Carlo: each hand solved\n"
        "exactly with both hands open). Every consistent hand is used when there are at most\n"
        "5000, else --samples of them are drawn and each mean gets a 95% interval.\n"
        "The first line is the verdict, `best MOVE`; the next says what the strategy plays.\n\n"
        "Example: dominoes advise --hand 0-3,1-2,2-4 --line 2-6,6-5,5-0,0-0,0-1,1-1,1-3,3-3,3-4 "
        "--lacks 5,6\n\n"
     << advise_options();
  return os.str();
}

const std::string* get(const po::variables_map& vm, const char* key) {
  return vm.count(key) ? &vm[key].as<std::string>() : nullptr;
}

// The position as the seat to move (seat 0 here) knows it.
struct Known {
  dominoes::Rules rules;
  dominoes::State state;  // hands[1] holds placeholder tiles: only their count is known
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

Known read_position(const po::variables_map& vm) {
  Known k;
  k.rules = read_rules(vm);
  const std::string* hand = get(vm, "hand");
  if (!hand) throw UsageError("--hand is required: your tiles, e.g. --hand 0-3,1-2,2-4");
  const TileSet mine = read_hand(*hand, k.rules);
  std::string line = get(vm, "line") ? common::trimmed(*get(vm, "line")) : "";
  if (line == "-") line.clear();
  try {
    k.state = endgame::parse_position({dominoes::to_string(mine) + "/", line, "", 0}, k.rules);
  } catch (const endgame::PositionError& e) {
    throw UsageError(std::string("--line: ") + e.what());
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
  text += "; the opponent holds " + count_of(s.hands[1].size(), "tile");
  if (!s.lacks[1].empty()) text += " and lacks " + values_text(s.lacks[1]);
  return text;
}

// Returns the move `player` makes in the known position (the only move when there is one).
dominoes::Move strategy_move(strategies::Player& player, const Known& k, std::uint64_t seed) {
  dominoes::MoveList legal = dominoes::legal_moves(k.state);
  if (legal.size() == 0) return dominoes::Move::pass();
  if (legal.size() == 1) return legal[0];
  // The order of play is not known: the strategy gets an empty record (strategies here read only
  // the hand, the line, the ends, the counts and the lacked values).
  const dominoes::History history(0);
  dominoes::Rng rng(dominoes::stream_key({seed, 1}));
  return player.choose(k.state, history, k.rules, legal, rng);
}

int advise(const po::variables_map& vm) {
  const Known k = read_position(vm);
  const std::string spec = get(vm, "with") ? *get(vm, "with") : "minimax";
  strategies::Player player = make_player("with", spec, false);
  endgame::WorldLimits limits;
  limits.samples = static_cast<int>(read_number(vm, "samples", 1000, 1, 1000000, "1 to 1000000"));
  const std::uint64_t seed = read_number(vm, "seed", 1, 0, ~std::uint64_t{0}, "0..2^64-1");
  dominoes::Rng rng(dominoes::stream_key({seed, 0}));
  const dominoes::History history(0);
  const auto obs = dominoes::observe(k.state, history, k.rules, 0);
  const endgame::MoveEvaluation e = endgame::expected_move_values(obs, limits, rng);
  if (e.worlds == 0)
    throw UsageError("the game is blocked: you cannot play on " + std::to_string(k.state.left) +
                     " or " + std::to_string(k.state.right) +
                     " and no hand the opponent could "
                     "hold can either");
  const dominoes::Move chosen = strategy_move(player, k, seed);
  std::cout << "best " << dominoes::to_string(e.moves[e.best()].move) << "\n"
            << common::trimmed(spec) << " plays " << dominoes::to_string(chosen)
            << (e.moves.size() == 1 ? " (the only move)" : "") << "\n"
            << position_line(k) << "\n\n"
            << advice_rows(e, true, "") << worlds_line(e) << "\n"
            << "points: yours minus the opponent's at the end of the game, mean over the worlds\n";
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
