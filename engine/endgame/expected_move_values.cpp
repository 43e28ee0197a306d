#include "engine/endgame/expected_move_values.h"

#include <algorithm>
#include <cmath>

#include "engine/dominoes/determinization.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace endgame {
namespace {

using dominoes::MoveList;

// Running sums of each move's values over the worlds seen so far.
struct Sums {
  double total[MoveList::kCapacity] = {};
  double squares[MoveList::kCapacity] = {};
  std::uint64_t worlds = 0;
};

// Adds the world where the opponent holds `hand` to `sums`, unless the game is already over there.
void add_world(const dominoes::Observation& obs, dominoes::TileSet hand, const MoveList& moves,
               BlockDominoesSolver& solver, Sums& sums) {
  const dominoes::State world = dominoes::determinize(obs, hand);
  if (dominoes::status(world) != dominoes::GameStatus::kOngoing) return;
  int values[MoveList::kCapacity];
  solver.move_values(world, moves, 0, values);
  for (int k = 0; k < moves.size(); ++k) {
    sums.total[k] += values[k];
    sums.squares[k] += static_cast<double>(values[k]) * values[k];
  }
  ++sums.worlds;
}

// Returns the half-width of the 95% interval of a mean of n values (0 when n < 2).
double half_width(double total, double squares, std::uint64_t n) {
  if (n < 2) return 0;
  const double count = static_cast<double>(n);
  const double mean = total / count;
  const double variance = std::max(0.0, (squares - count * mean * mean) / (count - 1));
  return 1.96 * std::sqrt(variance / count);
}

}  // namespace

int MoveEvaluation::best() const {
  int best = 0;
  for (int k = 1; k < static_cast<int>(moves.size()); ++k)
    if (moves[k].mean > moves[best].mean) best = k;
  return best;
}

MoveEvaluation expected_move_values(const dominoes::Observation& obs, const WorldLimits& limits,
                                    dominoes::Rng& rng) {
  MoveList moves = obs.legal_moves();
  if (moves.size() == 0) moves.push_back(dominoes::Move::pass());
  BlockDominoesSolver solver(obs.rules());
  Sums sums;
  MoveEvaluation out;
  out.consistent_hands = dominoes::count_consistent_hands(obs);
  out.exhaustive = out.consistent_hands <= limits.enumerate_up_to;
  if (out.exhaustive) {
    dominoes::for_each_consistent_hand(
        obs, [&](dominoes::TileSet hand) { add_world(obs, hand, moves, solver, sums); });
  } else {
    for (int i = 0; i < limits.samples; ++i)
      add_world(obs, dominoes::sample_opponent_hand(obs, rng), moves, solver, sums);
  }
  out.worlds = sums.worlds;
  const double n = sums.worlds ? static_cast<double>(sums.worlds) : 1.0;
  for (int k = 0; k < moves.size(); ++k) {
    const double ci = out.exhaustive ? 0 : half_width(sums.total[k], sums.squares[k], sums.worlds);
    out.moves.push_back({moves[k], sums.total[k] / n, ci});
  }
  return out;
}

}  // namespace endgame
