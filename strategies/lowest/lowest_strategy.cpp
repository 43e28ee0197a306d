#include "strategies/lowest/lowest_strategy.h"

#include "strategies/seed_order.h"

namespace strategies {

Move LowestStrategy::choose(const Observation& obs, const MoveList& legal, Rng&) {
  return lowest_in_seed_order(legal, obs.left_end(), obs.right_end());
}

StrategyInfo lowest_strategy_info() {
  return {.name = "lowest",
          .summary = "the lowest legal move in the study's order (the study's decide_random)",
          .method =
              "always plays the first legal move in the order in which the study's Prolog "
              "program lists moves (setof): the lead with the smallest tile, afterwards the "
              "move exposing the smallest value. The study called it decide_random, but it is "
              "not random; the study's heuristic and its rollouts were measured against it",
          .source =
              "decide_random of the Prolog study of Block Dominoes this project reproduces "
              "(docs/glossary.md); strategies/lowest/lowest_strategy.h",
          .params = {},
          .make = [](const ParamValues&) { return Player(std::make_unique<LowestStrategy>()); },
          .seat_counts = kEverySeatCount};
}

}  // namespace strategies
