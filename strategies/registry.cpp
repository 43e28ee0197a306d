#include "strategies/registry.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "engine/common/text.h"

namespace strategies {
namespace {

std::string params_of(const StrategyInfo& info) {
  if (info.params.empty()) return "none";
  std::string out;
  for (const auto& p : info.params) out += (out.empty() ? "" : ", ") + p.name;
  return out;
}

bool valid_number(const ParamInfo& p, const std::string& text) {
  std::optional<double> value;
  if (p.type == ParamType::kInt) {
    if (const auto v = common::parse_int<long long>(text)) value = static_cast<double>(*v);
  } else {
    value = common::parse_double(text);
  }
  return value && *value >= p.min && *value <= p.max;
}

bool valid_value(const ParamInfo& p, const std::string& text) {
  switch (p.type) {
    case ParamType::kBool:
      return text == "true" || text == "false";
    case ParamType::kText:
      return true;
    case ParamType::kChoice:
      for (const auto& c : p.choices)
        if (c == text) return true;
      return false;
    default:
      return valid_number(p, text);
  }
}

// Returns true when two valid values of `p` are the same value ("0" and "00" for a number).
bool same_value(const ParamInfo& p, const std::string& a, const std::string& b) {
  if (p.type == ParamType::kInt || p.type == ParamType::kDouble) {
    const auto x = common::parse_double(a), y = common::parse_double(b);
    return x && y && *x == *y;
  }
  return a == b;
}

const ParamInfo* find_param(const StrategyInfo& info, const std::string& name) {
  for (const auto& p : info.params)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace

std::string valid_values_text(const ParamInfo& p) {
  std::ostringstream os;
  switch (p.type) {
    case ParamType::kBool:
      return "true or false";
    case ParamType::kText:
      return "text";
    case ParamType::kChoice:
      for (const auto& c : p.choices) os << (os.tellp() > 0 ? " or " : "") << c;
      return os.str();
    case ParamType::kInt:
      os << "an integer from " << static_cast<long long>(p.min);
      if (p.max < 1e18) os << " to " << static_cast<long long>(p.max);
      return os.str();
    case ParamType::kDouble:
      os << "a number";
      break;
  }
  os << " from " << p.min;
  if (p.max < 1e18) os << " to " << p.max;
  return os.str();
}

void Registry::add(StrategyInfo info) {
  if (find(info.name)) throw std::logic_error("strategy " + info.name + " registered twice");
  strategies_.push_back(std::move(info));
}

const StrategyInfo* Registry::find(std::string_view name) const {
  for (const auto& s : strategies_)
    if (s.name == name) return &s;
  return nullptr;
}

std::string Registry::names() const {
  std::string out;
  for (const auto& s : strategies_) out += (out.empty() ? "" : ", ") + s.name;
  return out;
}

Registry::Resolved Registry::resolve(std::string_view text) const {
  const Spec spec = parse_spec(text);
  const StrategyInfo* info = find(spec.name);
  if (!info)
    throw SpecError("unknown strategy " + common::quoted(spec.name) + ": valid strategies are " +
                    names());
  Resolved r{info, {}};
  for (const auto& p : info->params) r.values[p.name] = p.default_value;
  for (const auto& [key, value] : spec.params) {
    const ParamInfo* p = find_param(*info, key);
    if (!p)
      throw SpecError("strategy " + info->name + " has no parameter " + common::quoted(key) +
                      ": valid parameters are " + params_of(*info));
    if (!valid_value(*p, value))
      throw SpecError(
          bad_value_message(key, value, info->name, "valid is " + valid_values_text(*p)));
    if (p->check)
      if (const std::string why = p->check(value); !why.empty())
        throw SpecError(bad_value_message(key, value, info->name, why));
    r.values[key] = value;
  }
  // A parameter left at its default passes its check too: a required one (the equilibrium's file)
  // has an empty default that the check refuses, naming what to give.
  for (const auto& p : info->params) {
    const bool given = std::any_of(spec.params.begin(), spec.params.end(),
                                   [&](const auto& kv) { return kv.first == p.name; });
    if (given || !p.check) continue;
    if (const std::string why = p.check(p.default_value); !why.empty())
      throw SpecError("strategy " + info->name + ": " + why);
  }
  if (info->check_values)
    if (const std::string why = info->check_values(ParamValues(r.values)); !why.empty())
      throw SpecError("bad parameters for strategy " + info->name + ": " + why);
  return r;
}

Player Registry::make(std::string_view text) const {
  Resolved r = resolve(text);
  return r.info->make(ParamValues(std::move(r.values)));
}

std::string Registry::canonical(std::string_view text) const {
  const Resolved r = resolve(text);
  Spec spelled{r.info->name, {}};
  for (const auto& p : r.info->params) {
    const std::string& value = r.values.at(p.name);
    if (p.omitted_at_default && same_value(p, value, p.default_value)) continue;
    spelled.params.emplace_back(p.name, value);
  }
  return to_string(spelled);
}

std::string Registry::seat_refusal(std::string_view text, int seats) const {
  const StrategyInfo* info = resolve(text).info;
  const auto plays = [seats](const StrategyInfo& s) {
    return std::find(s.seat_counts.begin(), s.seat_counts.end(), seats) != s.seat_counts.end();
  };
  if (plays(*info)) return "";
  std::string counts, others;
  for (std::size_t i = 0; i < info->seat_counts.size(); ++i)
    counts += (i == 0                              ? ""
               : i + 1 == info->seat_counts.size() ? " or "
                                                   : ", ") +
              std::to_string(info->seat_counts[i]);
  for (const auto& s : strategies_)
    if (plays(s)) others += (others.empty() ? "" : ", ") + s.name;
  return "strategy " + info->name + " plays " + counts + " seats, not " + std::to_string(seats) +
         (others.empty() ? "" : ": at " + std::to_string(seats) + " seats use " + others);
}

std::string Registry::rules_refusal(std::string_view text, const dominoes::Rules& rules) const {
  if (std::string why = seat_refusal(text, rules.seats); !why.empty()) return why;
  Resolved r = resolve(text);
  if (!r.info->check_rules) return "";
  return r.info->check_rules(ParamValues(std::move(r.values)), rules);
}

std::vector<std::string> Registry::files_read(std::string_view text) const {
  std::vector<std::string> files;
  Spec spec;
  try {
    spec = parse_spec(text);
  } catch (const SpecError&) {
    return files;
  }
  const StrategyInfo* info = find(spec.name);
  if (!info) return files;
  for (const auto& [key, value] : spec.params) {
    const ParamInfo* p = find_param(*info, key);
    if (!p || !p->file_in) continue;
    if (std::string path = p->file_in(value); !path.empty()) files.push_back(std::move(path));
  }
  return files;
}

}  // namespace strategies
