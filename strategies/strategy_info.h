// What a strategy tells the registry about itself: its name, a short summary, how it decides and
// where the method comes from, its parameters (type, default, valid range, help, whether a value
// names an input file) and a factory that builds a player from checked values. Each
// strategies/<name>/ folder exports one StrategyInfo (as OpenSpiel's games carry their own
// GameType and factory), and builtin/builtin_strategies.cpp lists them; see registry.h.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/common/text.h"
#include "strategies/strategy.h"

namespace strategies {

/// The type of a strategy parameter, which decides how its value is checked. kText takes any
/// value the spec syntax allows that its ParamInfo::check accepts.
enum class ParamType { kInt, kDouble, kBool, kChoice, kText };

/// One parameter of a strategy.
/// Written with designated initializers ({.name = "depth", .type = ParamType::kInt, ...}), so a row
/// says what each value is; every member has a default, so a row names only what it sets.
struct ParamInfo {
  std::string name = {};
  ParamType type = ParamType::kInt;
  std::string default_value = {};
  std::string help = {};
  double min = 0;                         ///< kInt and kDouble: smallest valid value
  double max = 1e18;                      ///< kInt and kDouble: largest valid value
  std::vector<std::string> choices = {};  ///< kChoice: the valid values
  /// kText, optional: returns "" for a valid value, else one line saying why not and what is valid,
  /// so that a bad value is a SpecError when the spec is resolved, before any game is played. It
  /// also judges the default when the parameter is not given: a required parameter has a default
  /// its check refuses.
  std::function<std::string(const std::string&)> check = nullptr;
  /// When true, a canonical spec (Registry::canonical) leaves this parameter out while it has
  /// its default value: for optional parameters added after specs were in use (the budgets per
  /// decision, strategies/decision_budget.h), so that existing tables, records and journals keep
  /// their player names.
  bool omitted_at_default = false;
  /// Optional: returns the path of the input file that the value names (the equilibrium's
  /// `file`; the opponent model `fitted:PATH`), or "" when the value names none. A run refuses to
  /// write over such a file (Registry::files_read).
  std::function<std::string(const std::string&)> file_in = nullptr;
};

/// A strategy's parameter values, every parameter present (defaults filled in), already checked
/// by the registry against the ParamInfo, so the getters cannot fail on a declared parameter.
class ParamValues {
 public:
  explicit ParamValues(std::map<std::string, std::string> values) : values_(std::move(values)) {}
  /// Returns the integer parameter `name`. Throws std::out_of_range for an undeclared name.
  long long get_int(const std::string& name) const {
    return common::parse_int<long long>(values_.at(name)).value();
  }
  /// Returns the real parameter `name`. Throws std::out_of_range for an undeclared name.
  double get_double(const std::string& name) const {
    return common::parse_double(values_.at(name)).value();
  }
  /// Returns the boolean parameter `name`. Throws std::out_of_range for an undeclared name.
  bool get_bool(const std::string& name) const { return values_.at(name) == "true"; }
  /// Returns the parameter `name` as written (choices). Throws std::out_of_range for an
  /// undeclared name.
  const std::string& get_string(const std::string& name) const { return values_.at(name); }

 private:
  std::map<std::string, std::string> values_;
};

/// A strategy as the registry knows it.
struct StrategyInfo {
  std::string name;
  std::string summary;      ///< a few words for `dominoes strategies`' one line per strategy
  std::string method = "";  ///< how it decides, for `dominoes strategies NAME`
  std::string source = "";  ///< where the method comes from (paper, seed) and its header
  bool omniscient = false;  ///< true when it sees both hands (it cheats; say so)
  std::vector<ParamInfo> params;
  std::function<Player(const ParamValues&)> make;  ///< builds a player from checked values
  /// Optional check of the values together (each is already valid alone): returns "" when they
  /// go together, else one line saying which do not and what would be valid.
  std::function<std::string(const ParamValues&)> check_values = nullptr;
  /// False for a strategy that plays only the variant its parameters name (equilibrium: the set,
  /// hand size and scoring of its file); the shared conformance suite, which plays double-6 and
  /// the small sets, leaves it to its own tests on that variant.
  bool any_variant = true;
  /// The seat counts it plays (docs/rules.md, "Three and four seats"), in increasing order. A
  /// run, game or session at another seat count refuses the strategy when its spec is resolved
  /// (Registry::seat_refusal), and `dominoes strategies` lists them.
  std::vector<int> seat_counts = {2};
  /// Optional check of the values against the game's rules, for a strategy whose parameters name
  /// a file made for one variant (a network trained for other rules or seats): returns "" when
  /// the values play games of `rules`, else one line naming both sides. A run, game or session
  /// calls it when the spec is resolved (Registry::rules_refusal), before any game.
  std::function<std::string(const ParamValues&, const dominoes::Rules&)> check_rules = nullptr;
};

/// Every seat count a table can have (rules.h: 2 to kMaxSeats), for strategies that play them all.
inline const std::vector<int> kEverySeatCount = {2, 3, 4};

}  // namespace strategies
