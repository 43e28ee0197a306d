#include "engine/equilibrium/solve.h"

#include <algorithm>
#include <chrono>

namespace equilibrium {

SolveResult solve_to_target(const GameTree& tree, double target, int max_iterations,
                            const std::function<void(const CurvePoint&)>& on_check) {
  const auto start = std::chrono::steady_clock::now();
  CfrPlus cfr(tree);
  SolveResult result;
  int next_check = 1;
  while (true) {
    cfr.iterate(next_check - cfr.iterations());
    result.strategy = cfr.average();
    CurvePoint point;
    point.iterations = cfr.iterations();
    point.exploitability = exploitability(tree, result.strategy);
    point.value = expected_value(tree, result.strategy);
    point.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.curve.push_back(point);
    if (on_check) on_check(point);
    result.reached = point.exploitability <= target;
    if (result.reached || point.iterations >= max_iterations) return result;
    next_check = std::min(max_iterations, std::max(point.iterations + 10, point.iterations * 11 / 10));
  }
}

}  // namespace equilibrium
