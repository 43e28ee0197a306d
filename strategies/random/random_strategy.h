// random: a uniformly random legal move. The baseline every other strategy should beat.
#pragma once

#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// Plays each legal move with equal probability (two placements of one tile are two moves).
class RandomStrategy final : public Strategy {
 public:
  /// Returns legal[k] for k uniform in [0, legal.size()).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// Writes 1 / legal.size() for every move: the policy is known exactly.
  bool policy(const Observation&, const MoveList& legal, std::span<double> probabilities) override {
    for (int k = 0; k < legal.size(); ++k)
      probabilities[static_cast<std::size_t>(k)] = 1.0 / legal.size();
    return true;
  }
  std::unique_ptr<Strategy> clone() const override { return std::make_unique<RandomStrategy>(); }
};

/// Returns the registry entry of `random`: its name, summary, parameters and factory.
StrategyInfo random_strategy_info();

}  // namespace strategies
