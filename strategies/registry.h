// The strategy registry: name -> factory, with each strategy's parameters, their defaults and
// help. Specs `name(key=value,...)` are resolved here; an unknown name or parameter, or a value of
// the wrong type or range, is a SpecError that lists what is valid.
//
// Each strategy describes itself: strategies/<name>/ exports `<name>_strategy_info()`, a
// StrategyInfo (strategy_info.h) with its summary, parameter table and factory, and
// Registry::builtin() is the list of those. Adding a strategy: copy a sibling folder, rename its
// class and info function, and add one line to the list in builtin/builtin_strategies.cpp (with
// the #include of its header); CMake builds every strategies/<name>/*.cpp. The registry is a value
// passed to the runner (run_tasks, run_experiment), so a test can seat a strategy of its own
// through a Registry it builds.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "strategies/spec.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// The table of strategies: filled by add() when it is built, then only read (safe to share
/// between threads).
/// Returns what values `p` accepts, for messages and help: e.g. "an integer from 1 to 10000000",
/// "a number from 0 to 100", "true or false", "model or min", "text".
std::string valid_values_text(const ParamInfo& p);

class Registry {
 public:
  /// Returns the registry of every built-in strategy, in the order `dominoes strategies` lists
  /// them. Built once, on first use.
  static const Registry& builtin();

  /// Adds a strategy; throws std::logic_error when the name is taken.
  void add(StrategyInfo info);
  /// Returns every strategy, in registration order.
  const std::vector<StrategyInfo>& all() const { return strategies_; }
  /// Returns the strategy called `name`, or nullptr.
  const StrategyInfo* find(std::string_view name) const;
  /// Returns every strategy's name in registration order, comma-separated ("random, lowest, ..."),
  /// for the messages that list the valid names.
  std::string names() const;

  /// Returns a new player for the spec `text`. Throws SpecError on a malformed spec, an unknown
  /// strategy or parameter, or a bad value.
  Player make(std::string_view text) const;
  /// Returns the spec `text` with every parameter spelled out in declared order, defaults
  /// included, e.g. "random" or "playout(playouts=1000,rollout=random)", except a parameter
  /// marked ParamInfo::omitted_at_default while it has its default (the budgets per decision:
  /// "playout(...,crn=true,nodes=500)" but no "time-ms=0"). Throws as make() does.
  std::string canonical(std::string_view text) const;
  /// Returns the paths of the input files the spec `text` names, in the order written: the values
  /// of its parameters that declare ParamInfo::file_in (the equilibrium's `file`, an opponent
  /// model's `fitted:PATH`). Only the spec's form is read (no file is opened, no value checked),
  /// so that a run can refuse to write over its inputs before it checks them; a malformed spec,
  /// an unknown strategy or parameter names none (make() and canonical() report those).
  std::vector<std::string> files_read(std::string_view text) const;
  /// Returns "" when the strategy of the spec `text` plays `seats` seats (StrategyInfo::
  /// seat_counts), else one line naming it, the seat counts it plays and the strategies that
  /// play `seats` seats. Throws as make() does for a spec that does not resolve.
  std::string seat_refusal(std::string_view text, int seats) const;
  /// Returns "" when the strategy of the spec `text` plays games of `rules`: seat_refusal for
  /// rules.seats first, then the strategy's own StrategyInfo::check_rules (a model file made for
  /// other rules), else that one line. Throws as make() does for a spec that does not resolve.
  std::string rules_refusal(std::string_view text, const dominoes::Rules& rules) const;

 private:
  struct Resolved {
    const StrategyInfo* info;
    std::map<std::string, std::string> values;
  };
  Resolved resolve(std::string_view text) const;
  std::vector<StrategyInfo> strategies_;
};

}  // namespace strategies
