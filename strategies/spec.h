// Strategy specs: `name` or `name(key=value,...)` (docs/rules.md, "Notation"), parsed into a name
// and ordered key/value pairs. Meaning is given by the registry (registry.h).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace strategies {

/// Raised for a malformed spec, an unknown strategy or parameter, or a bad parameter value;
/// what() is one line naming the bad input and listing what would be valid.
class SpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A parsed spec: the strategy name and its parameters in the order written.
struct Spec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;
};

/// Returns the spec written `text`, e.g. "minimax(scenarios=200,depth=10)". Spaces around names,
/// values and separators are ignored. Throws SpecError on a malformed spec or a repeated key.
/// Time and memory are linear in the length of `text`.
Spec parse_spec(std::string_view text);

/// Returns `spec` written back as text, `name` or `name(key=value,...)` in the order held.
std::string to_string(const Spec& spec);

/// Returns the spec `text` with parameter `param` set to `value` (replacing a value given there,
/// else added last), e.g. with_param("minimax(depth=3)", "scenarios", "50") is
/// "minimax(depth=3,scenarios=50)". Only the spec's form is checked here: whether the strategy has
/// that parameter is the registry's to say. Throws SpecError on a malformed spec.
std::string with_param(std::string_view text, const std::string& param, const std::string& value);

/// Returns the one line that refuses a parameter value, as the registry words it:
/// `bad value KEY="VALUE" for strategy STRATEGY: WHY` (the value quoted and cut as common::quoted
/// does).
std::string bad_value_message(const std::string& key, std::string_view value,
                              const std::string& strategy, const std::string& why);

/// Returns "" when make(value) throws no SpecError, else its one-line message: a text parameter's
/// check (ParamInfo::check) made from the function that builds the parameter's object, so the
/// value is judged by the same code that will use it.
template <class Make>
std::string check_by_making(const Make& make, const std::string& value) {
  try {
    make(value);
    return "";
  } catch (const SpecError& e) {
    return e.what();
  }
}

/// Returns make(value) as a player is made from resolved values. The value passed its check at
/// resolution, but a file it names may have gone since: a SpecError is then rethrown as
/// bad_value_message(key, value, strategy, why).
template <class Make>
auto make_checked_value(const std::string& strategy, const std::string& key,
                        const std::string& value, const Make& make) {
  try {
    return make(value);
  } catch (const SpecError& e) {
    throw SpecError(bad_value_message(key, value, strategy, e.what()));
  }
}

}  // namespace strategies
