// heuristic: the study's `decide_heuristic` as a strategy (the Prolog study of Block Dominoes
// this project reproduces, seed document 002): its three rules are the heuristic policy,
// strategies/policies/heuristic_policy.h, which other strategies build on too. The study
// measured it against its decide_random (our `lowest`) at about +5 points a game.
#pragma once

#include "strategies/policies/heuristic_policy.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// The seed's three-rule heuristic.
class HeuristicStrategy final : public Strategy {
 public:
  /// Returns the move chosen by rules 1-3 above; uses no randomness.
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// The policy is certain: choose()'s move has probability 1.
  bool policy(const Observation& obs, const MoveList& legal,
              std::span<double> probabilities) override {
    Rng unused;
    return certain_policy(legal, choose(obs, legal, unused), probabilities);
  }
  std::unique_ptr<Strategy> clone() const override { return std::make_unique<HeuristicStrategy>(); }
};

/// Returns the registry entry of `heuristic`: its name, summary, parameters and factory.
StrategyInfo heuristic_strategy_info();

}  // namespace strategies
