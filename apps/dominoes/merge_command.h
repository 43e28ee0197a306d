// `dominoes merge DIR [--partial]`: the tables of a sharded run (arena/tournament/scale/merge.h).
#pragma once

#include <string>
#include <vector>

namespace dominoes_cli {

/// Runs `dominoes merge` with the words after the command name; returns the exit code (0 when the
/// tables were written, 2 for bad arguments or shards that cannot be merged, 1 when a file could
/// not be written).
int merge_command(const std::vector<std::string>& args);

}  // namespace dominoes_cli
