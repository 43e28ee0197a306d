#include "strategies/short_label.h"

#include <algorithm>

#include "engine/common/text.h"

namespace strategies {
namespace {

// Whether `value` is the default of parameter `name` of `info` (false for an unknown parameter).
bool at_default(const StrategyInfo& info, const std::string& name, const std::string& value) {
  const auto p = std::find_if(info.params.begin(), info.params.end(),
                              [&](const ParamInfo& q) { return q.name == name; });
  if (p == info.params.end()) return false;
  if (p->type == ParamType::kInt || p->type == ParamType::kDouble) {
    const auto x = common::parse_double(value), y = common::parse_double(p->default_value);
    return x && y && *x == *y;
  }
  return value == p->default_value;
}

}  // namespace

std::string shorten_paths(std::string_view value) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    const std::size_t colon = value.find(':', start);
    const std::string_view part =
        value.substr(start, colon == value.npos ? value.npos : colon - start);
    const std::size_t slash = part.rfind('/');
    out += slash == part.npos ? part : part.substr(slash + 1);
    if (colon == value.npos) return out;
    out += ':';
    start = colon + 1;
  }
}

std::string short_label(std::string_view text, const Registry& registry) {
  Spec spec;
  try {
    spec = parse_spec(text);
  } catch (const SpecError&) {
    return common::trimmed(text);  // not a spec: nothing to shorten by
  }
  Spec shown{spec.name, {}};
  const StrategyInfo* info = registry.find(spec.name);
  for (const auto& [name, value] : spec.params)
    if (!info || !at_default(*info, name, value))
      shown.params.emplace_back(name, shorten_paths(value));
  return to_string(shown);
}

}  // namespace strategies
