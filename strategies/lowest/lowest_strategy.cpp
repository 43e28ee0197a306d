#include "strategies/lowest/lowest_strategy.h"

#include "strategies/seed_order.h"

namespace strategies {

Move LowestStrategy::choose(const Observation& obs, const MoveList& legal, Rng&) {
  return lowest_in_seed_order(legal, obs.left_end(), obs.right_end());
}

StrategyInfo lowest_strategy_info() {
  return {.name = "lowest",
          .summary = "the lowest legal move in the seed's order (the seed's decide_random)",
          .method =
              "always plays the lowest legal move in the seed's setof order: the lead with "
              "the smallest tile, afterwards the move exposing the smallest value. The seed "
              "called it decide_random, but it is not random; the seed's heuristic and its "
              "rollouts were measured against it",
          .source = "seed 002's decide_random; strategies/lowest/lowest_strategy.h",
          .params = {},
          .make = [](const ParamValues&) { return Player(std::make_unique<LowestStrategy>()); },
          .seat_counts = kEverySeatCount};
}

}  // namespace strategies
