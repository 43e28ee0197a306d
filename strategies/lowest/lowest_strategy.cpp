#include "strategies/lowest/lowest_strategy.h"

#include "strategies/seed_order.h"

namespace strategies {

Move lowest_move(const MoveList& legal, int left, int right) {
  Move best = legal[0];
  int best_key = seed_order_key(best, left, right);
  for (Move m : legal) {
    const int key = seed_order_key(m, left, right);
    if (key < best_key) best = m, best_key = key;
  }
  return best;
}

Move LowestStrategy::choose(const Observation& obs, const MoveList& legal, Rng&) {
  return lowest_move(legal, obs.left_end(), obs.right_end());
}

}  // namespace strategies
