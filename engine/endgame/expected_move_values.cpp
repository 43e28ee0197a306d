#include "engine/endgame/expected_move_values.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/hidden_hands.h"
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

// Adds `world` to `sums`, unless the game is already over there.
void add_world(const dominoes::State& world, const MoveList& moves, BlockDominoesSolver& solver,
               Sums& sums) {
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

// Returns the means (and, when sampled, the intervals) of `sums` into `out`.
void set_means(const MoveList& moves, const Sums& sums, MoveEvaluation& out) {
  out.worlds = sums.worlds;
  const double n = sums.worlds ? static_cast<double>(sums.worlds) : 1.0;
  for (int k = 0; k < moves.size(); ++k) {
    const double ci = out.exhaustive ? 0 : half_width(sums.total[k], sums.squares[k], sums.worlds);
    out.moves.push_back({moves[k], sums.total[k] / n, ci});
  }
}

// Three and four seats: the worlds of hidden_hands.h.
MoveEvaluation table_move_values(const dominoes::Observation& obs, const WorldLimits& limits,
                                 dominoes::Rng& rng, MoveList moves) {
  BlockDominoesSolver solver(obs.rules());
  Sums sums;
  MoveEvaluation out;
  const dominoes::HiddenHandsSampler sampler(obs);
  out.consistent_worlds = sampler.count();
  constexpr double kSaturated = 18446744073709551615.0;  // 2^64 - 1 rounds to 2^64
  out.consistent_hands = out.consistent_worlds >= kSaturated
                             ? std::numeric_limits<std::uint64_t>::max()
                             : static_cast<std::uint64_t>(out.consistent_worlds);
  out.exhaustive = out.consistent_worlds <= static_cast<double>(limits.enumerate_up_to);
  if (out.exhaustive) {
    dominoes::for_each_world(obs, [&](const dominoes::TableHands& hands) {
      add_world(dominoes::determinize(obs, hands), moves, solver, sums);
    });
  } else {
    for (int i = 0; i < limits.samples; ++i)
      add_world(dominoes::determinize(obs, sampler.sample(rng)), moves, solver, sums);
  }
  set_means(moves, sums, out);
  return out;
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
  if (obs.seats() > 2) return table_move_values(obs, limits, rng, moves);
  BlockDominoesSolver solver(obs.rules());
  Sums sums;
  MoveEvaluation out;
  out.consistent_hands = dominoes::count_consistent_hands(obs);
  out.consistent_worlds = static_cast<double>(out.consistent_hands);
  out.exhaustive = out.consistent_hands <= limits.enumerate_up_to;
  if (out.exhaustive) {
    dominoes::for_each_consistent_hand(obs, [&](dominoes::TileSet hand) {
      add_world(dominoes::determinize(obs, hand), moves, solver, sums);
    });
  } else {
    for (int i = 0; i < limits.samples; ++i)
      add_world(dominoes::determinize(obs, dominoes::sample_opponent_hand(obs, rng)), moves, solver,
                sums);
  }
  set_means(moves, sums, out);
  return out;
}

}  // namespace endgame
