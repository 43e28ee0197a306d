// Rollouts: a determinized game played to its end by a fixed policy for every seat, as the
// seed's playout_random/6 does with decide_random (seed 002), through the engine's one play-out
// loop (engine/dominoes/playout_loop.h).
#pragma once

#include <cstdint>

#include "engine/dominoes/playout_loop.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/state.h"
#include "strategies/seed_order.h"

namespace strategies {

/// How a rollout chooses moves, for every seat.
enum class RolloutPolicy {
  kRandom,  ///< uniform over the legal moves
  kLowest,  ///< the lowest move in the seed's order: the seed's decide_random
};

/// Returns seat `seat`'s net points (its team's points minus the other teams', net_points) at the
/// end of the game played from `s` by `policy` for every seat (dominoes::play_out: forced moves
/// and passes are made without asking the policy); random choices draw from `rng`. Allocation-free.
inline int rollout(dominoes::State s, RolloutPolicy policy, const dominoes::Rules& rules,
                   dominoes::Seat seat, dominoes::Rng& rng) {
  dominoes::play_out(s, [policy, &rng](const dominoes::State& at, const dominoes::MoveList& legal) {
    if (policy == RolloutPolicy::kRandom)
      return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
    return lowest_in_seed_order(legal, at.left, at.right);
  });
  return dominoes::net_points(s, rules, seat);
}

/// Returns the same as rollout() and adds to `plies` the moves played out from `s` (passes
/// included): the work unit of a `nodes` budget (strategies/decision_budget.h).
inline int counted_rollout(dominoes::State s, RolloutPolicy policy, const dominoes::Rules& rules,
                           dominoes::Seat seat, dominoes::Rng& rng, std::int64_t& plies) {
  dominoes::play_out(
      s,
      [policy, &rng](const dominoes::State& at, const dominoes::MoveList& legal) {
        if (policy == RolloutPolicy::kRandom)
          return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
        return lowest_in_seed_order(legal, at.left, at.right);
      },
      [&plies](dominoes::Move) { ++plies; });
  return dominoes::net_points(s, rules, seat);
}

}  // namespace strategies
