// The open-hands solver a search strategy keeps: made on first use and remade only when the rules
// change, so its transposition table lives across decisions (one per strategy clone, per thread).
#pragma once

#include <memory>

#include "engine/endgame/block_dominoes_solver.h"

namespace strategies {

/// Returns the solver's depth for a candidate move searched `tiles_after` tiles past it (the
/// seed's count, minimax's and inference's `depth` parameter): the solver counts the candidate
/// move too, so one more; 0 stays 0 (to the end of the game).
constexpr int solver_depth_for(int tiles_after) {
  return tiles_after == 0 ? 0 : tiles_after + 1;
}

class SolverForRules {
 public:
  /// Returns the solver for `rules`, building it on first use or when the rules differ.
  endgame::BlockDominoesSolver& get(const dominoes::Rules& rules) {
    if (!solver_ || !(rules == rules_)) {
      rules_ = rules;
      solver_ = std::make_unique<endgame::BlockDominoesSolver>(rules);
    }
    return *solver_;
  }

  /// Returns the solver for `rules` with an empty transposition table (a new solver). A strategy
  /// with a `nodes` budget (decision_budget.h) starts each decision so: the nodes a solve visits
  /// depend on what the table holds, and a table carried over from earlier decisions would make
  /// the count depend on which deals this thread played before, so on the thread count.
  endgame::BlockDominoesSolver& fresh(const dominoes::Rules& rules) {
    rules_ = rules;
    solver_ = std::make_unique<endgame::BlockDominoesSolver>(rules);
    return *solver_;
  }

 private:
  dominoes::Rules rules_;
  std::unique_ptr<endgame::BlockDominoesSolver> solver_;
};

}  // namespace strategies
