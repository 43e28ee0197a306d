#include "strategies/random/random_strategy.h"

namespace strategies {

Move RandomStrategy::choose(const Observation&, const MoveList& legal, Rng& rng) {
  return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
}

StrategyInfo random_strategy_info() {
  return {"random", "uniform over the legal moves", false, {},
          [](const ParamValues&) { return Player(std::make_unique<RandomStrategy>()); }};
}

}  // namespace strategies
