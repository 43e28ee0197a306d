// A run's build fingerprint: the tool's version and the executable's hash
// (engine/common/build_version.h) as journal keys, and with the config's result keys as one hash.
// Shards and MPI ranks compare it, because tables summed from processes that ran different code
// would be wrong without any visible sign.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/config/experiment_config.h"

namespace tournament {

/// Returns the build's keys as a journal header writes them: ("version", common::tool_version())
/// and ("executable", common::executable_fingerprint()).
std::vector<std::pair<std::string, std::string>> build_keys();

/// Returns the FNV-1a hash of result_keys(config) and build_keys(), as 16 hex digits: equal on two
/// processes only when they would play the same chunks to the same totals (what the ranks of an MPI
/// run compare at start).
std::string run_fingerprint(const ExperimentConfig& config);

}  // namespace tournament
