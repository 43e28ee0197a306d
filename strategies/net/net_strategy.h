// net: a policy network with no search (strategies/learned/net_policy.h). At each decision it
// writes its observation tensor, runs one forward pass and plays the legal move with the highest
// logit (temperature 0), or draws a move from the softmax of the legal moves' logits at a
// temperature above 0. The network is a model file (docs/formats.md, "Model files") trained by
// `python -m dominoes.learn policy` (docs/python.md), refused before any game when its rules are
// not the game's.
#pragma once

#include <memory>

#include "strategies/learned/net_policy.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// A policy network's choices.
class NetStrategy final : public Strategy {
 public:
  /// `model` a policy model; `temperature` >= 0 (0: the highest logit, ties to the first legal
  /// move in the engine's order).
  NetStrategy(std::shared_ptr<const LearnedModel> model, double temperature)
      : policy_(std::move(model)), temperature_(temperature) {}

  /// Returns the move of the highest logit at temperature 0, else a draw from the softmax (one
  /// draw from `rng`). Throws std::invalid_argument when the game's rules are not the model's.
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// The distribution choose() draws from: certain at temperature 0, the softmax above it.
  bool policy(const Observation& obs, const MoveList& legal,
              std::span<double> probabilities) override;
  std::unique_ptr<Strategy> clone() const override { return std::make_unique<NetStrategy>(*this); }

 private:
  NetPolicy policy_;
  double temperature_;
};

/// Returns the registry entry of `net`: its name, summary, parameters and factory.
StrategyInfo net_strategy_info();

}  // namespace strategies
