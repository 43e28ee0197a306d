#include "strategies/random/random_strategy.h"

namespace strategies {

Move RandomStrategy::choose(const Observation&, const MoveList& legal, Rng& rng) {
  return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
}

StrategyInfo random_strategy_info() {
  return {.name = "random",
          .summary = "a uniformly random legal move",
          .method =
              "plays each legal move with equal probability (two placements of one tile are "
              "two moves): the baseline every other strategy should beat",
          .source = "strategies/random/random_strategy.h",
          .params = {},
          .make = [](const ParamValues&) { return Player(std::make_unique<RandomStrategy>()); },
          .seat_counts = kEverySeatCount};
}

}  // namespace strategies
