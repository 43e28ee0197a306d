#include "strategies/lowest/lowest_strategy.h"

#include "strategies/seed_order.h"

namespace strategies {

Move lowest_move(const MoveList& legal, int left, int right) {
  return lowest_in_seed_order(legal, left, right, [](Move) { return true; });
}

Move LowestStrategy::choose(const Observation& obs, const MoveList& legal, Rng&) {
  return lowest_move(legal, obs.left_end(), obs.right_end());
}

}  // namespace strategies
