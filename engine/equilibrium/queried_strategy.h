// Any seated strategy as a behaviour strategy over a small variant's information sets (issue 13),
// so its exploitability and its value against an equilibrium can be computed exactly (cfr.h).
//
// At each information set with at least two legal moves the strategy is shown the seat's
// Observation (built by replaying the set's public history from one of its deals with the rules
// engine; every deal of the set gives the same Observation, as it holds only what the seat knows).
// A strategy that knows its move distribution (Strategy::policy: random, lowest, heuristic,
// equilibrium) gives it exactly. Any other is asked `samples` times with independent random
// streams, and the distribution is estimated by the move counts; the estimate's sampling error in
// the exploitability is measured by a bootstrap over those counts (Efron & Tibshirani 1993).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "engine/equilibrium/cfr.h"
#include "engine/equilibrium/game_tree.h"
#include "strategies/strategy.h"

namespace equilibrium {

/// A strategy's play at every information set of one tree.
struct QueriedStrategy {
  BehaviourStrategy strategy;          ///< the exact or estimated behaviour strategy
  std::vector<std::uint32_t> counts;   ///< per (infoset, action): samples that chose it (estimated sets)
  std::vector<std::uint8_t> estimated; ///< per infoset: 1 when its distribution was estimated
  int samples = 0;                     ///< calls per estimated information set
  long long calls = 0;                 ///< choose() and policy() calls made in all
};

/// Raised for a player that cannot be measured this way: one that sees both hands (omniscient;
/// its play is not a function of the information set) or an external bot.
class UnmeasurablePlayer : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Throws UnmeasurablePlayer when `player` cannot be queried by query_strategy (see there).
void check_measurable(const strategies::Player& player);

/// Returns `player`'s play at every information set of `tree`: exact where Strategy::policy gives
/// it (or only one move is legal), else estimated from `samples` calls (>= 1) of choose(), call k
/// at information set i drawing from the stream stream_key({seed, i, k}), so the result does not
/// depend on the number of threads (oneTBB, with a copy of the player per thread). `progress`,
/// when set, is called now and then with the fraction done. Throws UnmeasurablePlayer for an
/// omniscient player or one that follows whole games (a bot), std::invalid_argument for samples
/// < 1, std::logic_error when the strategy answers a move that is not legal; an exception the
/// strategy throws (an equilibrium file of another variant) passes through unchanged.
QueriedStrategy query_strategy(const GameTree& tree, const strategies::Player& player, int samples,
                               std::uint64_t seed,
                               const std::function<void(double)>& progress = nullptr);

/// The exploitability of a queried strategy and the sampling error of that number.
struct ExploitabilityEstimate {
  double exploitability = 0;  ///< of QueriedStrategy::strategy, points per game (cfr.h)
  double best_response[2]{};  ///< best_response_value for responder 0 (leading) and 1
  double standard_error = 0;  ///< bootstrap standard deviation; 0 when nothing was estimated
  /// Bootstrap estimate of the bias of `exploitability` (mean of the replicates minus it). The
  /// exploitability of a sampled strategy is biased upwards (it is convex in the strategy:
  /// Jensen), and standard_error does not include that; exploitability - bias corrects it.
  double bias = 0;
  int replicates = 0;         ///< bootstrap replicates behind standard_error and bias
};

/// Returns the exploitability of `queried` with its bootstrap standard error and bias:
/// `replicates` (>= 2 for an error; fewer give none) resamplings, with replacement, of the observed
/// moves (`samples` draws per estimated set, from stream_key({seed, r})), each re-measured exactly.
/// No replicates when nothing was estimated.
ExploitabilityEstimate estimate_exploitability(const GameTree& tree, const QueriedStrategy& queried,
                                               int replicates, std::uint64_t seed);

}  // namespace equilibrium
