// An optional budget per decision for the search strategies (playout, minimax, ismcts, inference),
// so that strategies can be compared at equal cost (issue 12, part 4). Two parameters, each 0 =
// off, both allowed together (the first to run out stops the decision):
//   time-ms  stop adding worlds (playouts, iterations) once the decision has used this many
//            milliseconds of its thread's CPU time (engine/common/thread_cpu_clock.h). Checked
//            between worlds, so a decision overshoots by at most one world's cost. NOT
//            reproducible: how many worlds fit depends on the machine and its load, so the moves
//            and the tables differ from run to run.
//   nodes    stop once the decision has done this much work, counted deterministically by the
//            strategy (its header says in what unit: solver nodes or simulated plies), so the
//            moves are a function of the observation and the random stream, reproducible for any
//            thread count, at roughly equal cost.
// The strategy's count parameter (scenarios, playouts, iterations) stays a cap: a decision stops
// at the count or when a budget runs out, whichever comes first, and always does at least one
// world (or one round of worlds, one per move, where the method compares moves in separate
// worlds). With no budget set a strategy runs exactly as it did before budgets existed.
//
// The meter is also where a decision can be stopped from outside: exhausted() throws
// search::SearchStopped when a run's Ctrl-C or the caller's StopPoll (a Ctrl-C in Python) asks
// searches to stop (engine/search/search_limit.h), so a long decision ends within one world.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>

#include "engine/common/thread_cpu_clock.h"
#include "engine/search/search_limit.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// The budget parameters of one strategy (see the header comment); 0 = off.
struct DecisionBudget {
  int time_ms = 0;         ///< CPU milliseconds per decision, 0 = no time budget
  std::int64_t nodes = 0;  ///< work units per decision, 0 = no work budget

  /// Returns true when either budget is set.
  bool active() const { return time_ms > 0 || nodes > 0; }
};

/// Tracks one decision's spending against a DecisionBudget: started when made, so make one at the
/// start of the decision.
class BudgetMeter {
 public:
  explicit BudgetMeter(const DecisionBudget& budget)
      : budget_(budget), start_ns_(budget.time_ms > 0 ? common::thread_cpu_ns() : 0) {}

  /// Adds `units` of work (the strategy's unit) to this decision's count.
  void add_work(std::int64_t units) { work_ += units; }
  /// Returns the work counted so far.
  std::int64_t work() const { return work_; }
  /// Returns true when a set budget has run out: the work count reached `nodes`, or the thread's
  /// CPU time since the meter was made reached `time_ms`. Always false with no budget set. Throws
  /// search::SearchStopped when searches were asked to stop (search::stop_requested()).
  bool exhausted() const {
    search::check_search(nullptr, 0);
    if (budget_.nodes > 0 && work_ >= budget_.nodes) return true;
    return budget_.time_ms > 0 &&
           common::thread_cpu_ns() - start_ns_ >= std::int64_t{budget_.time_ms} * 1'000'000;
  }

 private:
  DecisionBudget budget_;
  std::int64_t start_ns_;
  std::int64_t work_ = 0;
};

/// Returns the step of a fixed order that visits n items spread out: item (i * step) mod n for
/// i = 0..n-1 visits each once (step and n are coprime) and, with step near n times the golden
/// ratio's inverse, each prefix of the order is spread evenly over the items (Weyl's
/// equidistribution; Knuth, TAOCP vol. 3, 6.4, on Fibonacci hashing). For enumerated worlds under
/// a budget: enumeration order puts alike hands next to each other, so a budget that stops early
/// would otherwise see only alike hands. Returns 1 for n <= 2.
inline std::size_t spread_step(std::size_t n) {
  if (n <= 2) return 1;
  auto step = static_cast<std::size_t>(std::llround(static_cast<double>(n) * 0.6180339887498949));
  while (std::gcd(step, n) != 1) ++step;
  return step;
}

/// Returns the `time-ms` parameter's registry entry (the same for every search strategy); like
/// `nodes`, it is left out of a canonical spec while 0, so specs without a budget keep their
/// names.
inline ParamInfo time_ms_param() {
  return {
      .name = "time-ms",
      .type = ParamType::kInt,
      .default_value = "0",
      .help =
          "CPU milliseconds per decision (thread CPU clock): stop adding worlds once used, the "
          "count parameter staying a cap; 0 = off. Not reproducible: moves depend on the machine",
      .min = 0,
      .max = 1e7,
      .check = nullptr,
      .omitted_at_default = true};
}

/// Returns the `nodes` parameter's registry entry; `unit` says what is counted (e.g. "open-hands
/// solver nodes").
inline ParamInfo nodes_param(const std::string& unit) {
  return {.name = "nodes",
          .type = ParamType::kInt,
          .default_value = "0",
          .help = "work per decision, in " + unit +
                  ": stop adding worlds once done, the count parameter "
                  "staying a cap; 0 = off. Reproducible, for equal-cost comparisons",
          .min = 0,
          .max = 1e15,
          .check = nullptr,
          .omitted_at_default = true};
}

/// Returns the budget that the `time-ms` and `nodes` values of `v` set.
inline DecisionBudget budget_of(const ParamValues& v) {
  return {static_cast<int>(v.get_int("time-ms")), static_cast<std::int64_t>(v.get_int("nodes"))};
}

}  // namespace strategies
