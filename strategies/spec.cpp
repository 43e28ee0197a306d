#include "strategies/spec.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "engine/common/text.h"

namespace strategies {
namespace {

bool is_identifier(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

SpecError malformed(std::string_view text, const std::string& why) {
  return SpecError("bad strategy spec " + common::quoted(text) + ": " + why +
                   "; expected name or name(key=value,...)");
}

}  // namespace

Spec parse_spec(std::string_view text) {
  const std::string all = common::trimmed(text);
  const std::size_t open = all.find('(');
  Spec spec;
  spec.name = common::trimmed(std::string_view(all).substr(0, open));
  if (!is_identifier(spec.name)) throw malformed(text, "missing or bad strategy name");
  if (open == std::string::npos) return spec;
  if (all.back() != ')') throw malformed(text, "no closing parenthesis");
  const std::string_view body = std::string_view(all).substr(open + 1, all.size() - open - 2);
  if (common::trimmed(body).empty()) return spec;
  const std::vector<std::string> items = common::split_list(body);
  // Keys seen so far, so that a repeated key is found in one pass over the list.
  std::unordered_set<std::string> seen;
  seen.reserve(items.size());
  for (const std::string& item : items) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw malformed(text, "parameter " + common::quoted(item, 40) + " has no =");
    std::string key = common::trimmed(std::string_view(item).substr(0, eq));
    std::string value = common::trimmed(std::string_view(item).substr(eq + 1));
    if (!is_identifier(key)) throw malformed(text, "bad parameter name " + common::quoted(key, 40));
    if (value.empty())
      throw malformed(text, "parameter " + common::quoted(key, 40) + " has no value");
    if (!seen.insert(key).second)
      throw malformed(text, "parameter " + common::quoted(key, 40) + " given twice");
    spec.params.emplace_back(std::move(key), std::move(value));
  }
  return spec;
}

std::string to_string(const Spec& spec) {
  if (spec.params.empty()) return spec.name;
  std::string text = spec.name + "(";
  for (std::size_t i = 0; i < spec.params.size(); ++i)
    text += (i ? "," : "") + spec.params[i].first + "=" + spec.params[i].second;
  return text + ")";
}

std::string with_param(std::string_view text, const std::string& param, const std::string& value) {
  Spec spec = parse_spec(text);
  std::erase_if(spec.params, [&](const auto& kv) { return kv.first == param; });
  spec.params.emplace_back(param, value);
  return to_string(spec);
}

std::string bad_value_message(const std::string& key, std::string_view value,
                              const std::string& strategy, const std::string& why) {
  return "bad value " + key + "=" + common::quoted(value) + " for strategy " + strategy + ": " +
         why;
}

}  // namespace strategies
