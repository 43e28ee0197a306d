#include "strategies/lowest/lowest_strategy.h"

#include "strategies/seed_order.h"

namespace strategies {

Move LowestStrategy::choose(const Observation& obs, const MoveList& legal, Rng&) {
  return lowest_in_seed_order(legal, obs.left_end(), obs.right_end());
}

StrategyInfo lowest_strategy_info() {
  return {"lowest",
          "the lowest legal move in the seed's setof order (the seed's decide_random, which is "
          "not random; see lowest_strategy.h)",
          false, {},
          [](const ParamValues&) { return Player(std::make_unique<LowestStrategy>()); }};
}

}  // namespace strategies
