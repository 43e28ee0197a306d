#include "strategies/spec.h"

#include <algorithm>
#include <cctype>

#include "engine/common/text.h"

namespace strategies {
namespace {

std::string trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

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
  const std::string all = trimmed(text);
  const std::size_t open = all.find('(');
  Spec spec;
  spec.name = trimmed(all.substr(0, open));
  if (!is_identifier(spec.name)) throw malformed(text, "missing or bad strategy name");
  if (open == std::string::npos) return spec;
  if (all.back() != ')') throw malformed(text, "no closing parenthesis");
  const std::string body = all.substr(open + 1, all.size() - open - 2);
  if (trimmed(body).empty()) return spec;
  std::size_t start = 0;
  while (start <= body.size()) {
    const std::size_t comma = std::min(body.find(',', start), body.size());
    const std::string item = body.substr(start, comma - start);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) throw malformed(text, "parameter " + common::quoted(trimmed(item), 40) + " has no =");
    std::string key = trimmed(item.substr(0, eq));
    std::string value = trimmed(item.substr(eq + 1));
    if (!is_identifier(key)) throw malformed(text, "bad parameter name " + common::quoted(key, 40));
    if (value.empty()) throw malformed(text, "parameter " + common::quoted(key, 40) + " has no value");
    for (const auto& [k, v] : spec.params)
      if (k == key) throw malformed(text, "parameter " + common::quoted(key, 40) + " given twice");
    spec.params.emplace_back(std::move(key), std::move(value));
    start = comma + 1;
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

}  // namespace strategies
