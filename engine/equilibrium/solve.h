// CFR+ run until a requested exploitability (issue 13): the loop behind `solver equilibrium` and
// `solver exploitability`. The average strategy's exploitability is computed exactly (two best
// responses, cfr.h) after iteration 1 and then whenever the iterations have grown by a tenth (at
// least 10 more), so the checks cost a bounded share of the run, and the run stops at the first
// check at or under the target.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "engine/equilibrium/cfr.h"
#include "engine/equilibrium/game_tree.h"
#include "engine/equilibrium/public_tree_cfr.h"

namespace equilibrium {

/// One exact check of the average strategy during a solve.
struct CurvePoint {
  int iterations = 0;
  double exploitability = 0;  ///< points per game
  double value = 0;           ///< seat 0's (the leader's) points per game
  double seconds = 0;         ///< wall time since the solve started (tree building excluded)
};

/// The checks of a solve.
struct SolveCurve {
  std::vector<CurvePoint> curve;  ///< every check, in order; the last is the result
  bool reached = false;           ///< true when the last check is at or under the target
};

/// What a solve of the history tree reached.
struct SolveResult : SolveCurve {
  BehaviourStrategy strategy;  ///< the average strategy at the last check
};

/// What one check measures: the average strategy's exploitability and the leader's value.
struct Check {
  double exploitability = 0, value = 0;
};

/// The loop both solvers share: calls `step` (one more iteration; returns the iterations done so
/// far) and `check` on the schedule of the header comment until a check is at or under `target`
/// or `max_iterations` are done. `on_check` and `iterations_done` as in solve_to_target.
SolveCurve iterate_to_target(const std::function<int()>& step, const std::function<Check()>& check,
                             double target, int max_iterations,
                             const std::function<void(const CurvePoint&)>& on_check = nullptr,
                             std::atomic<int>* iterations_done = nullptr);

/// Returns CFR+'s average strategy on `tree` at the first check with exploitability <= `target`
/// (points per game, > 0), or after `max_iterations` (>= 1). `on_check`, when set, is called
/// after each check with its point (for progress lines); `iterations_done`, when not null, holds
/// the iterations done so far as they go (for a progress line on another thread).
SolveResult solve_to_target(const GameTree& tree, double target, int max_iterations,
                            const std::function<void(const CurvePoint&)>& on_check = nullptr,
                            std::atomic<int>* iterations_done = nullptr);

/// Runs `solver` (public_tree_cfr.h) to `target` in the same way; the strategy stays in the solver.
SolveCurve solve_to_target(PublicTreeCfr& solver, double target, int max_iterations,
                           const std::function<void(const CurvePoint&)>& on_check = nullptr,
                           std::atomic<int>* iterations_done = nullptr);

}  // namespace equilibrium
