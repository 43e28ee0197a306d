// The strategy registry: name -> factory, with each strategy's parameters, their defaults and
// help. Specs `name(key=value,...)` are resolved here; an unknown name or parameter, or a value of
// the wrong type or range, is a SpecError that lists what is valid.
//
// Adding a strategy: a folder strategies/<name>/ with its class, and one entry in registry.cpp.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "strategies/spec.h"
#include "strategies/strategy.h"

namespace strategies {

/// The type of a strategy parameter, which decides how its value is checked.
enum class ParamType { kInt, kDouble, kBool, kChoice };

/// One parameter of a strategy.
struct ParamInfo {
  std::string name;
  ParamType type = ParamType::kInt;
  std::string default_value;
  std::string help;
  double min = 0;                    ///< kInt and kDouble: smallest valid value
  double max = 1e18;                 ///< kInt and kDouble: largest valid value
  std::vector<std::string> choices;  ///< kChoice: the valid values
};

/// A strategy's parameter values, every parameter present (defaults filled in), already checked.
class ParamValues {
 public:
  explicit ParamValues(std::map<std::string, std::string> values) : values_(std::move(values)) {}
  /// Returns the integer parameter `name`.
  long long get_int(const std::string& name) const { return std::stoll(values_.at(name)); }
  /// Returns the real parameter `name`.
  double get_double(const std::string& name) const { return std::stod(values_.at(name)); }
  /// Returns the boolean parameter `name`.
  bool get_bool(const std::string& name) const { return values_.at(name) == "true"; }
  /// Returns the parameter `name` as written (choices).
  const std::string& get_string(const std::string& name) const { return values_.at(name); }

 private:
  std::map<std::string, std::string> values_;
};

/// A registered strategy.
struct StrategyInfo {
  std::string name;
  std::string summary;       ///< one line for `dominoes strategies`
  bool omniscient = false;   ///< true when it sees both hands (it cheats; say so)
  std::vector<ParamInfo> params;
  std::function<Player(const ParamValues&)> make;
};

/// The table of strategies. Immutable once built.
class Registry {
 public:
  /// Returns the registry of every built-in strategy.
  static const Registry& builtin();

  /// Adds a strategy; throws std::logic_error when the name is taken.
  void add(StrategyInfo info);
  /// Returns every strategy, in registration order.
  const std::vector<StrategyInfo>& all() const { return strategies_; }
  /// Returns the strategy called `name`, or nullptr.
  const StrategyInfo* find(std::string_view name) const;

  /// Returns a new player for the spec `text`. Throws SpecError on a malformed spec, an unknown
  /// strategy or parameter, or a bad value.
  Player make(std::string_view text) const;
  /// Returns the spec `text` with every parameter spelled out in declared order, defaults
  /// included, e.g. "random" or "playout(playouts=1000,rollout=random)". Throws as make() does.
  std::string canonical(std::string_view text) const;
  /// Returns the help text listing every strategy, its parameters and defaults.
  std::string describe() const;

 private:
  struct Resolved {
    const StrategyInfo* info;
    std::map<std::string, std::string> values;
  };
  Resolved resolve(std::string_view text) const;
  std::vector<StrategyInfo> strategies_;
};

}  // namespace strategies
