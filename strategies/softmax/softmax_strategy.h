// softmax: plays a move drawn from an opponent model's policy (strategies/belief/opponent_model.h):
// the seed heuristic softened by a temperature (its moves ranked, P ~ exp(-rank / T)), the greedy
// one-ply `self` model, uniform play, or a move-feature softmax fitted by `dominoes fit-model`. A
// weak, noisy player of known form (issue 24's second field: a field no model was fitted to, to
// test strategies that learn their opponent); at temperature 0 the heuristic model is the seed
// heuristic itself. Two seats only (the models read one opponent's passes).
//
// Parameters: model (heuristic | self | uniform | fitted:FILE; not none), temperature (1).
#pragma once

#include <memory>
#include <span>

#include "strategies/belief/opponent_model.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

class SoftmaxStrategy final : public Strategy {
 public:
  /// Returns a player that draws its moves from `model`'s policy (not null).
  explicit SoftmaxStrategy(std::shared_ptr<const OpponentModel> model) : model_(std::move(model)) {}
  /// Returns a move drawn from the model's policy with one draw from `rng`.
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// The model's policy at `obs`, exactly.
  bool policy(const Observation& obs, const MoveList& legal,
              std::span<double> probabilities) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<SoftmaxStrategy>(model_);
  }

 private:
  std::shared_ptr<const OpponentModel> model_;
};

/// Returns the registry entry of `softmax`: its name, summary, parameters and factory.
StrategyInfo softmax_strategy_info();

}  // namespace strategies
