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

}  // namespace strategies
