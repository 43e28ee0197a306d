// lowest: what the study's `decide_random` actually does (seed 002; docs/rules.md).
//
// decide_random(P,_,Board,_,Pick) :- valid_moves(P,Board,[Pick|_]). It takes the first move of the
// setof-sorted list, so it is deterministic: always the lowest move in the seed's order
// (seed_order.h): the lead with the smallest (low, high) tile, afterwards the move exposing the
// smallest value, ties by the smaller matched end. The seed's heuristic-vs-"random" (+5 points a
// game) and its random playouts were measured against this player.
#pragma once

#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// Always plays the lowest legal move in the seed's setof order.
class LowestStrategy final : public Strategy {
 public:
  /// Returns the legal move with the smallest seed_order_key; uses no randomness.
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// The policy is certain: choose()'s move has probability 1.
  bool policy(const Observation& obs, const MoveList& legal,
              std::span<double> probabilities) override {
    Rng unused;
    return certain_policy(legal, choose(obs, legal, unused), probabilities);
  }
  std::unique_ptr<Strategy> clone() const override { return std::make_unique<LowestStrategy>(); }
};

/// Returns the registry entry of `lowest`: its name, summary, parameters and factory.
StrategyInfo lowest_strategy_info();

}  // namespace strategies
