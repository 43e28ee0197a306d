#include "strategies/strategy_help.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "engine/common/text.h"

namespace strategies {
namespace {

// The widest name the listing pads its name column to; a longer one (a bot's) pushes its summary
// right on its own line only.
constexpr std::size_t kNameColumn = 12;

// Returns `text` cut to at most `width` columns, ending in "..." when cut; never cuts a UTF-8
// character in two.
std::string cut_to(std::string_view text, std::size_t width) {
  if (columns(text) <= width) return std::string(text);
  std::string out;
  std::size_t used = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool starts_character = (static_cast<unsigned char>(text[i]) & 0xc0) != 0x80;
    if (starts_character && used++ == width - 3) break;
    out += text[i];
  }
  return out + "...";
}

// Returns `text` broken at spaces into lines of at most kHelpWidth columns: the first line starts
// with `first`, the others with `indent`; a word longer than a line stands alone on its line.
std::string wrapped(std::string_view text, const std::string& first, const std::string& indent) {
  std::istringstream words{std::string(text)};
  std::string out, line = first, word;
  bool empty = true;
  while (words >> word) {
    if (!empty && columns(line) + 1 + columns(word) > kHelpWidth) {
      out += line + "\n";
      line = indent;
      empty = true;
    }
    line += (empty ? "" : " ") + word;
    empty = false;
  }
  return out + line + "\n";
}

std::string type_name(ParamType type) {
  switch (type) {
    case ParamType::kInt:
      return "integer";
    case ParamType::kDouble:
      return "number";
    case ParamType::kBool:
      return "boolean";
    case ParamType::kChoice:
      return "choice";
    case ParamType::kText:
      break;
  }
  return "text";
}

// "integer, default 200, valid: an integer from 1 to 10000000"; a parameter whose default its own
// check refuses (the equilibrium's file) is "required".
std::string param_facts(const ParamInfo& p) {
  const bool required = p.check && !p.check(p.default_value).empty();
  std::string facts = type_name(p.type) + ", ";
  facts +=
      required ? "required" : "default " + (p.default_value.empty() ? "\"\"" : p.default_value);
  if (p.omitted_at_default) facts += " (omitted from the player's name at its default)";
  if (p.type != ParamType::kText) facts += ", valid: " + valid_values_text(p);
  if (p.file_in) facts += ", can name an input file";
  return facts;
}

std::string parameters_text(const StrategyInfo& info) {
  if (info.params.empty()) return "Parameters: none\n";
  std::size_t width = 0;
  for (const auto& p : info.params) width = std::max(width, p.name.size());
  const std::string indent(2 + width + 2, ' ');
  std::string out = "Parameters (" + info.name + "(key=value,...)):\n";
  for (const auto& p : info.params) {
    const std::string head = "  " + p.name + std::string(width - p.name.size() + 2, ' ');
    out += wrapped(param_facts(p), head, indent) + wrapped(p.help, indent, indent);
  }
  return out;
}

}  // namespace

std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  }));
}

// Returns the seat counts a strategy plays, as the listing's column shows them: "2", "2-4".
std::string seat_counts_text(const StrategyInfo& s) {
  const std::vector<int>& counts = s.seat_counts;
  if (counts.empty()) return "-";
  const bool run = counts.back() - counts.front() + 1 == static_cast<int>(counts.size());
  if (counts.size() > 1 && run)
    return std::to_string(counts.front()) + "-" + std::to_string(counts.back());
  std::string text;
  for (int c : counts) {
    if (!text.empty()) text += ',';  // appended, not a temporary: GCC 12's -Wrestrict misfires
    text += std::to_string(c);
  }
  return text;
}

std::string strategy_listing(const Registry& registry) {
  std::string out =
      "Strategies, the seat counts each plays, and what it does; dominoes strategies NAME explains "
      "one\n";
  for (const auto& s : registry.all()) {
    std::string name = "  " + s.name;
    name += std::string(name.size() < 2 + kNameColumn ? 2 + kNameColumn - name.size() : 0, ' ');
    std::string seats = seat_counts_text(s);
    seats += std::string(seats.size() < 5 ? 5 - seats.size() : 0, ' ');
    out += cut_to(name + "  " + seats + s.summary, kHelpWidth) + "\n";
  }
  return out;
}

std::string strategy_details(const Registry& registry, std::string_view name) {
  const StrategyInfo* info = registry.find(name);
  if (!info)
    throw SpecError("unknown strategy " + common::quoted(name) + ": valid strategies are " +
                    registry.names());
  std::string out = wrapped(info->summary, info->name + ": ", "  ") + "\n";
  if (info->omniscient)
    out +=
        "It CHEATS: it sees both hands. An upper bound on playing strength, not a fair player.\n";
  out += "Seats: " + seat_counts_text(*info) + " (docs/rules.md, \"Three and four seats\")\n";
  if (!info->method.empty()) out += wrapped(info->method, "Method: ", "  ");
  if (!info->source.empty()) out += wrapped(info->source, "Source: ", "  ");
  return out + "\n" + parameters_text(*info);
}

}  // namespace strategies
