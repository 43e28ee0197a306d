#include "engine/endgame/block_dominoes_solver.h"

#include <algorithm>

#include "engine/dominoes/scoring.h"

namespace endgame {
namespace {

constexpr int kInfinity = 1 << 20;

// Points for the side to move if the game ended with these hands.
int score_for_mover(const dominoes::Rules& rules, const State& s) {
  return dominoes::net_points(s, rules, s.to_move);
}

}  // namespace

std::uint64_t DominoesKey::hash() const {
  // One multiply-xorshift round: enough mixing for a table index, cheaper than SplitMix64.
  std::uint64_t h =
      (mover ^ (other << 23 | other >> 41) ^ (std::uint64_t{meta} << 40)) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 29);
}

bool DominoesGame::terminal(const State& s, int& value) const {
  if (dominoes::status(s) == dominoes::GameStatus::kOngoing) return false;
  value = score_for_mover(rules_, s);
  return true;
}

int DominoesGame::evaluate(const State& s) const {
  return score_for_mover(rules_, s);
}

int DominoesGame::generate(const State& s, Move* out) const {
  // The state's own move generator, writing straight into the search's array.
  Move* next = out;
  const int n = dominoes::for_each_legal_move(s.hands[s.to_move], s.left, s.right,
                                              [&next](Move m) { *next++ = m; });
  if (n > 0) return n;
  out[0] = Move::pass();
  return 1;
}

DominoesKey DominoesGame::key(const State& s, int depth) const {
  const int low = s.left < s.right ? s.left : s.right;
  const int high = s.left < s.right ? s.right : s.left;
  const auto ends = static_cast<std::uint32_t>(((low & 15) << 4) | (high & 15));
  return {s.hands[s.to_move].bits(), s.hands[1 - s.to_move].bits(),
          ends | (s.last_was_pass ? 1u << 8 : 0u) | static_cast<std::uint32_t>(depth) << 9};
}

BlockDominoesSolver::BlockDominoesSolver(const dominoes::Rules& rules, std::size_t table_bytes)
    : game_(rules), table_request_(table_bytes) {
  if (rules.seats > 2) {
    multi_seat_ = std::make_unique<MultiSeatSolver>(
        rules, std::max(table_bytes, MultiSeatSolver::kDefaultTableBytes));
  } else if (DoubleSixSolver::supports(rules)) {
    double_six_.emplace(rules, table_bytes);
  }
}

search::Negamax<DominoesGame>& BlockDominoesSolver::generic() {
  if (!generic_) {
    generic_ = std::make_unique<Generic>(game_, table_request_);
    generic_->search.set_limit(limit_);
  }
  return generic_->search;
}

void BlockDominoesSolver::set_limit(const search::SearchLimit* limit) {
  limit_ = limit;
  if (double_six_) double_six_->set_limit(limit);
  if (generic_) generic_->search.set_limit(limit);
  if (multi_seat_) multi_seat_->set_limit(limit);
}

std::uint64_t BlockDominoesSolver::nodes() const {
  return (double_six_ ? double_six_->nodes() : 0) + (generic_ ? generic_->search.nodes() : 0) +
         (multi_seat_ ? multi_seat_->nodes() : 0);
}

std::size_t BlockDominoesSolver::table_bytes() const {
  return (double_six_ ? double_six_->table_bytes() : 0) + (generic_ ? generic_->table.bytes() : 0) +
         (multi_seat_ ? multi_seat_->table_bytes() : 0);
}

int BlockDominoesSolver::value(const State& s, int depth) {
  // A check per call too: a strategy solving a million small endgames, each below one check
  // interval, must still see a stop request (search_limit.h).
  search::check_search(nullptr, 0);
  if (multi_seat_) return multi_seat_->value(s, depth);
  if (depth <= 0 && double_six_) return double_six_->value(s);
  return generic().search(s, remaining_depth(depth), -kInfinity, kInfinity);
}

void BlockDominoesSolver::move_values(const State& s, const dominoes::MoveList& moves, int depth,
                                      int* values) {
  search::check_search(nullptr, 0);  // as in value()
  if (multi_seat_) return multi_seat_->move_values(s, moves, depth, values);
  if (depth <= 0 && double_six_) return double_six_->move_values(s, moves, values);
  auto& search = generic();
  const int d = remaining_depth(depth);
  for (int i = 0; i < moves.size(); ++i) {
    const int child_depth = d == search::kUnlimitedDepth || moves[i].is_pass() ? d : d - 1;
    values[i] = -search.search(game_.play(s, moves[i]), child_depth, -kInfinity, kInfinity);
  }
}

int BlockDominoesSolver::move_bound(const State& s, Move move, int depth, int threshold) {
  search::check_search(nullptr, 0);  // as in value()
  if (multi_seat_) return multi_seat_->move_bound(s, move, depth, threshold);
  dominoes::MoveList one;
  one.push_back(move);
  int value = 0;
  move_values(s, one, depth, &value);
  return value;
}

std::vector<MoveValue> BlockDominoesSolver::move_values(const State& s, int depth) {
  int terminal_value = 0;
  if (game_.terminal(s, terminal_value)) return {};
  // The state's legal moves (the lead tile when one is fixed), a lone pass when there are none.
  dominoes::MoveList moves = dominoes::moves_or_pass(s);
  const int n = moves.size();
  int values[DominoesGame::kMaxMoves];
  move_values(s, moves, depth, values);
  std::vector<MoveValue> out;
  for (int i = 0; i < n; ++i) out.push_back({moves[i], values[i]});
  return out;
}

std::vector<Move> BlockDominoesSolver::principal_variation(const State& s, int depth) {
  std::vector<Move> line;
  State p = s;
  for (int d = depth;;) {
    if (depth > 0 && d == 0) break;  // the horizon
    const std::vector<MoveValue> options = move_values(p, d);
    if (options.empty()) break;  // the end of the game
    MoveValue best = options[0];
    for (const auto& o : options)
      if (o.value > best.value) best = o;
    line.push_back(best.move);
    if (!best.move.is_pass() && depth > 0) --d;
    p = game_.play(p, best.move);
  }
  return line;
}

}  // namespace endgame
