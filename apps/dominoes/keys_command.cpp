#include "apps/dominoes/keys_command.h"

#include <iostream>
#include <stdexcept>

#include "arena/tournament/config/experiment_keys.h"
#include "arena/tournament/report/summary_columns.h"
#include "engine/common/key_table.h"
#include "engine/common/text.h"
#include "engine/dominoes/rules_keys.h"

namespace dominoes_cli {
namespace {

constexpr const char* kKeysUsage =
    "Usage: dominoes keys [--markdown] experiment|rules|columns\n\n"
    "Prints a key table, the one declaration every front door is made from: `experiment` (the\n"
    "config keys, which are also `dominoes run`'s options and dominoes.run's keywords), `rules`\n"
    "(the variant's keys, also read by play, advise, the solver and dominoes.Rules) or `columns`\n"
    "(summary.csv's columns, also summary.json's and Python's rows). --markdown prints the table\n"
    "docs/formats.md holds; without it, one line per key.\n\n"
    "Example: dominoes keys --markdown rules\n";

template <typename Target>
std::string plain_lines(const std::vector<common::Key<Target>>& keys) {
  std::string text;
  for (const auto& key : keys) text += key.name + "  " + common::option_help(key) + "\n";
  return text;
}

}  // namespace

std::string key_table_markdown(const std::string& table) {
  if (table == "experiment")
    return common::markdown_table(tournament::experiment_key_declarations());
  if (table == "rules") return common::markdown_table(dominoes::rules_keys());
  if (table == "columns") return tournament::columns_markdown(tournament::summary_columns());
  throw std::invalid_argument("table " + common::quoted(table) +
                              " is not valid: valid experiment, rules or columns");
}

int keys_command(const std::vector<std::string>& args) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kKeysUsage;
    return 0;
  }
  const bool markdown = !args.empty() && args[0] == "--markdown";
  if (args.size() != (markdown ? 2u : 1u)) {
    std::cerr << "dominoes: keys: give one table, experiment, rules or columns (and --markdown "
                 "before it for Markdown); see dominoes keys --help\n";
    return 2;
  }
  const std::string& table = args.back();
  try {
    if (markdown)
      std::cout << key_table_markdown(table);
    else if (table == "experiment")
      std::cout << plain_lines(tournament::experiment_key_declarations());
    else if (table == "rules")
      std::cout << plain_lines(dominoes::rules_keys());
    else if (table == "columns") {
      for (const auto& column : tournament::summary_columns())
        std::cout << column.name << "  " << column.type << ": " << column.meaning << "\n";
    } else {
      key_table_markdown(table);  // throws the message naming the valid tables
    }
  } catch (const std::invalid_argument& e) {
    std::cerr << "dominoes: keys: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace dominoes_cli
