// Rollouts: a determinized game played to its end by a fixed policy for every seat, as the
// study's playout_random/6 does with decide_random (seed 002), through the engine's one play-out
// loop (engine/dominoes/playout_loop.h); the policy may also be a model's (issue 24's learned
// policy prior: rollouts by an imitation of a searcher).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "engine/dominoes/playout_loop.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/state.h"
#include "engine/search/search_limit.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/seed_order.h"
#include "strategies/strategy.h"

namespace strategies {

/// How a rollout chooses moves, for every seat.
struct RolloutPolicy {
  enum class Kind {
    kRandom,  ///< uniform over the legal moves
    kLowest,  ///< the lowest move in the seed's order: the seed's decide_random
    kModel,   ///< drawn from `model`'s policy from the mover's view (opponent_model.h)
  };
  Kind kind = Kind::kRandom;
  /// kModel: the policy (the seed heuristic, or a fitted move-feature softmax such as an
  /// imitation of a searcher's play); never null then. Stateless, so copies of a player and
  /// threads may share it.
  std::shared_ptr<const OpponentModel> model;
};

/// Returns the move `policy` plays at `at` among `legal` (two or more moves); random draws come
/// from `rng` (kRandom: one `below`; kModel: one `uniform`). A kModel policy reads only the
/// mover's view of the full determinized state `at` (opponent_model.h).
inline dominoes::Move rollout_move(const RolloutPolicy& policy, const dominoes::State& at,
                                   const dominoes::MoveList& legal, dominoes::Rng& rng) {
  switch (policy.kind) {
    case RolloutPolicy::Kind::kRandom:
      return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
    case RolloutPolicy::Kind::kLowest:
      return lowest_in_seed_order(legal, at.left, at.right);
    case RolloutPolicy::Kind::kModel:
      break;
  }
  double probabilities[dominoes::MoveList::kCapacity];
  policy.model->policy(at, legal, probabilities);
  return draw_from_policy(
      legal, std::span<const double>(probabilities, static_cast<std::size_t>(legal.size())), rng);
}

/// Returns seat `seat`'s net points (its team's points minus the other teams', net_points) at the
/// end of the game played from `s` by `policy` for every seat (dominoes::play_out: forced moves
/// and passes are made without asking the policy); random choices draw from `rng`. Allocation-free.
/// Each rollout is a stop check: throws search::SearchStopped when searches were asked to stop
/// (engine/search/search_limit.h), so a decision of millions of rollouts ends soon after a Ctrl-C.
inline int rollout(dominoes::State s, const RolloutPolicy& policy, const dominoes::Rules& rules,
                   dominoes::Seat seat, dominoes::Rng& rng) {
  search::check_search(nullptr, 0);
  dominoes::play_out(s,
                     [&policy, &rng](const dominoes::State& at, const dominoes::MoveList& legal) {
                       return rollout_move(policy, at, legal, rng);
                     });
  return dominoes::net_points(s, rules, seat);
}

/// Returns the same as rollout() and adds to `plies` the moves played out from `s` (passes
/// included): the work unit of a `nodes` budget (strategies/decision_budget.h).
inline int counted_rollout(dominoes::State s, const RolloutPolicy& policy,
                           const dominoes::Rules& rules, dominoes::Seat seat, dominoes::Rng& rng,
                           std::int64_t& plies) {
  search::check_search(nullptr, 0);  // as in rollout()
  dominoes::play_out(
      s,
      [&policy, &rng](const dominoes::State& at, const dominoes::MoveList& legal) {
        return rollout_move(policy, at, legal, rng);
      },
      [&plies](dominoes::Move) { ++plies; });
  return dominoes::net_points(s, rules, seat);
}

}  // namespace strategies
