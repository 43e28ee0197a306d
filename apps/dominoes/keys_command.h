// `dominoes keys`: the key tables every front door is made from, printed (as Markdown for
// docs/formats.md, whose generated blocks a test compares with this output).
#pragma once

#include <string>
#include <vector>

namespace dominoes_cli {

/// Returns the Markdown of key table `table`: "experiment" (experiment_keys.h), "rules"
/// (rules_keys.h) or "columns" (summary_columns.h). Throws std::invalid_argument naming a bad
/// table and the valid ones.
std::string key_table_markdown(const std::string& table);

/// Runs `dominoes keys [--markdown] TABLE`; returns the exit code (2 for bad usage, with one line
/// on stderr).
int keys_command(const std::vector<std::string>& args);

}  // namespace dominoes_cli
