// Beliefs over the hidden tiles measured against the exact posterior, at two seats on small
// variants. Known strategies play seeded games; at every turn of either seat while the game goes
// on (the turns `dominoes dataset` makes rows of: forced moves and passes included) the exact
// posterior of where each hidden tile is, given what the seat saw and the strategy its opponent
// really plays (strategies/belief/enumerated_posterior.h), is compared with each belief's tile
// marginals (world_belief.h: a belief network, or the enumerated posterior under an assumed
// opponent model, or none: uniform over the consistent worlds).
//
// Per turn and belief q, against the exact posterior p, over the tiles the seat cannot see (each
// with two places: the opponent's hand, never dealt), means per hidden tile:
//   total variation   (1/2) sum over places |p - q|
//   kl                KL(p || q) = sum over places p log(p / q), nats (infinite where q rules out
//                     a place p allows)
//   log loss          -log q(the tile's true place), nats: the belief network's training loss;
//                     the exact posterior's is the least any belief can expect
// and each column is the mean over the turns. Game g plays deal g / 2 of `seed` (make_deal, the
// rules' leader rule), the players seated in order for even g and swapped for odd g (duplicate
// deals); the players' random choices draw from stream_key({seed, g, 0xBE11EF}). Games are
// played on worker threads (oneTBB) and summed in game order: the result does not depend on the
// thread count.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/dominoes/rules.h"
#include "strategies/belief/world_belief.h"
#include "strategies/strategy.h"

namespace posterior {

/// A belief to measure and its name in the tables.
struct NamedBelief {
  std::string name;
  std::shared_ptr<const strategies::WorldBelief> belief;
};

/// What to play and what to measure.
struct BeliefStudy {
  dominoes::Rules rules;  ///< two seats
  /// The two known strategies, seated in this order in even games and swapped in odd ones; each
  /// must give its move distribution (Strategy::policy).
  std::vector<strategies::Player> players;
  std::array<std::string, 2> player_names;  ///< as the errors name them
  std::vector<NamedBelief> beliefs;
  std::int64_t games = 1000;  ///< >= 1
  std::uint64_t seed = 1;
};

/// One belief's means over the turns (the header comment's columns).
struct BeliefScore {
  std::string name;
  double total_variation = 0;
  double kl = 0;
  double log_loss = 0;
  /// Turns where the belief gave probability 0 to a place the exact posterior allows (kl is then
  /// infinite).
  std::int64_t ruled_out = 0;
};

/// The study's result.
struct BeliefStudyResult {
  std::int64_t games = 0;
  std::int64_t turns = 0;   ///< turns measured
  double hidden_tiles = 0;  ///< mean hidden tiles per turn
  BeliefScore exact;        ///< the exact posterior against itself: its log loss, 0 otherwise
  std::vector<BeliefScore> beliefs;  ///< in the study's order
};

/// Plays the study's games and returns the means. `progress`, when set, is called after each
/// game with the games finished so far, from the worker threads (it must be thread-safe). Throws
/// std::invalid_argument for rules that are not two seats, players not two, games < 1, no belief,
/// or a player whose move distribution is not known (one line naming it); exceptions of the
/// beliefs pass through.
BeliefStudyResult run_belief_study(const BeliefStudy& study,
                                   const std::function<void(std::int64_t)>& progress = nullptr);

}  // namespace posterior
