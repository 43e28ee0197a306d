// `dominoes completion bash`: a bash completion script made from the key tables (the run options
// of run_arguments.h, the choice keys' values of experiment_keys.h, the rules keys).
#pragma once

#include <string>
#include <vector>

namespace dominoes_cli {

/// Returns a bash script that completes `dominoes`: its commands (`commands`, space-separated:
/// command_table.h's names), every `run` option and flag (run_arguments.h), the values of every
/// choice key, strategy names after --player, directories after --out, files elsewhere; and the
/// rules options of play and advise.
std::string bash_completion_script(const std::string& commands);

/// Runs `dominoes completion bash` for the commands `commands`; returns the exit code.
int completion_command(const std::vector<std::string>& args, const std::string& commands);

}  // namespace dominoes_cli
