#include "strategies/omniscient/omniscient_strategy.h"

namespace strategies {

Move OmniscientSolverStrategy::choose(const dominoes::State& state, const dominoes::History&,
                                      const dominoes::Rules& rules, const MoveList& legal, Rng&) {
  int values[MoveList::kCapacity];
  solver_.get(rules).move_values(state, legal, depth_, values);
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (values[k] > values[best]) best = k;
  return legal[best];
}

}  // namespace strategies
