#include "strategies/random/random_strategy.h"

namespace strategies {

Move RandomStrategy::choose(const Observation&, const MoveList& legal, Rng& rng) {
  return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
}

}  // namespace strategies
