#include "strategies/omniscient/omniscient_strategy.h"

namespace strategies {

Move OmniscientSolverStrategy::choose(const dominoes::State& state, const dominoes::History&,
                                      const dominoes::Rules& rules, const MoveList& legal, Rng&) {
  if (!solver_ || !(rules == rules_)) {
    rules_ = rules;
    solver_ = std::make_unique<solvers::BlockDominoesSolver>(rules);
  }
  int values[MoveList::kCapacity];
  solver_->move_values(state, legal, depth_, values);
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (values[k] > values[best]) best = k;
  return legal[best];
}

}  // namespace strategies
