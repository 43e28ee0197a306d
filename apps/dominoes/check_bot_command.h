// `dominoes check-bot 'COMMAND'`: a conformance check for bot authors (docs/protocol.md).
#pragma once

#include <string>
#include <vector>

namespace dominoes_cli {

/// Runs `dominoes check-bot` with the words after the command name; returns the exit code (0 when
/// the bot passed, 1 when it did not, 2 for bad arguments).
int check_bot_command(const std::vector<std::string>& args);

}  // namespace dominoes_cli
