#include "engine/equilibrium/solve.h"

#include <algorithm>
#include <chrono>

namespace equilibrium {

SolveResult solve_to_target(const GameTree& tree, double target, int max_iterations,
                            const std::function<void(const CurvePoint&)>& on_check,
                            std::atomic<int>* iterations_done) {
  const auto start = std::chrono::steady_clock::now();
  CfrPlus cfr(tree);
  SolveResult result;
  int next_check = 1;
  while (true) {
    while (cfr.iterations() < next_check) {  // one at a time, so a progress line sees each
      cfr.iterate(1);
      if (iterations_done) iterations_done->store(cfr.iterations(), std::memory_order_relaxed);
    }
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
