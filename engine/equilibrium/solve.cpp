#include "engine/equilibrium/solve.h"

#include <algorithm>
#include <chrono>

namespace equilibrium {

SolveCurve iterate_to_target(const std::function<int()>& step, const std::function<Check()>& check,
                             double target, int max_iterations,
                             const std::function<void(const CurvePoint&)>& on_check,
                             std::atomic<int>* iterations_done) {
  const auto start = std::chrono::steady_clock::now();
  SolveCurve result;
  int done = 0, next_check = 1;
  while (true) {
    while (done < next_check) {  // one at a time, so a progress line sees each
      done = step();
      if (iterations_done) iterations_done->store(done, std::memory_order_relaxed);
    }
    const Check measured = check();
    CurvePoint point;
    point.iterations = done;
    point.exploitability = measured.exploitability;
    point.value = measured.value;
    point.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.curve.push_back(point);
    if (on_check) on_check(point);
    result.reached = point.exploitability <= target;
    if (result.reached || point.iterations >= max_iterations) return result;
    next_check =
        std::min(max_iterations, std::max(point.iterations + 10, point.iterations * 11 / 10));
  }
}

SolveResult solve_to_target(const GameTree& tree, double target, int max_iterations,
                            const std::function<void(const CurvePoint&)>& on_check,
                            std::atomic<int>* iterations_done) {
  CfrPlus cfr(tree);
  SolveResult result;
  const auto step = [&] {
    cfr.iterate(1);
    return cfr.iterations();
  };
  const auto check = [&] {
    result.strategy = cfr.average();
    return Check{exploitability(tree, result.strategy), expected_value(tree, result.strategy)};
  };
  static_cast<SolveCurve&>(result) =
      iterate_to_target(step, check, target, max_iterations, on_check, iterations_done);
  return result;
}

SolveCurve solve_to_target(PublicTreeCfr& solver, double target, int max_iterations,
                           const std::function<void(const CurvePoint&)>& on_check,
                           std::atomic<int>* iterations_done) {
  const auto step = [&] {
    solver.iterate(1);
    return solver.iterations();
  };
  const auto check = [&] { return Check{solver.exploitability(), solver.expected_value()}; };
  return iterate_to_target(step, check, target, max_iterations, on_check, iterations_done);
}

}  // namespace equilibrium
