// Strategy specs: `name` or `name(key=value,...)` (DESIGN.md section 4), parsed into a name and
// ordered key/value pairs. Meaning is given by the registry (registry.h).
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

}  // namespace strategies
