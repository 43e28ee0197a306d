// Rollouts: a determinized game played to its end by a fixed policy for both seats, as the
// seed's playout_random/6 does with decide_random (seed 002).
#pragma once

#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/state.h"
#include "strategies/seed_order.h"

namespace strategies {

/// How a rollout chooses moves, for both seats.
enum class RolloutPolicy {
  kRandom,  ///< uniform over the legal moves
  kLowest,  ///< the lowest move in the seed's order: the seed's decide_random
};

/// Returns seat `seat`'s net points (its points minus the opponent's) at the end of the game
/// played from `s` by `policy` for both seats; random choices draw from `rng`. Allocation-free.
inline int rollout(dominoes::State s, RolloutPolicy policy, const dominoes::Rules& rules,
                   dominoes::Seat seat, dominoes::Rng& rng) {
  for (;;) {
    const dominoes::Seat mover = s.to_move;
    const dominoes::MoveList legal = dominoes::legal_moves(s);
    if (legal.empty()) {
      if (!dominoes::has_legal_move(s.hands[1 - mover], s.left, s.right)) break;  // blocked
      dominoes::apply(s, dominoes::Move::pass());
      continue;
    }
    const dominoes::Move m =
        legal.size() == 1 ? legal[0]
        : policy == RolloutPolicy::kRandom
            ? legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]
            : lowest_in_seed_order(legal, s.left, s.right, [](dominoes::Move) { return true; });
    dominoes::apply(s, m);
    if (s.hands[mover].empty()) break;  // domino
  }
  return dominoes::net_points(s, rules, seat);
}

}  // namespace strategies
