// Which build of the tool is running: the source's version (git describe when CMake ran) and a
// hash of the running executable itself. Shards and MPI ranks compare both, because tables summed
// from processes that ran different code would be wrong without any visible sign, and a rebuild
// after an edit keeps the configure-time version but changes the executable.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/tournament/config/experiment_config.h"

namespace tournament {

/// Returns the 64-bit FNV-1a hash (common/hash.h) of the running executable's bytes
/// (/proc/self/exe) as 16 hex digits, computed once; "unknown" when the file cannot be read.
const std::string& executable_fingerprint();

/// Returns the line `PROGRAM --version` prints (no newline): "PROGRAM VERSION, executable
/// FINGERPRINT", the tool's version (git describe of the source when CMake configured the build,
/// "unknown" outside a git checkout) and executable_fingerprint().
std::string version_line(const std::string& program);

/// Returns the build's keys as a journal header writes them: ("version", the tool's version) and
/// ("executable", executable_fingerprint()).
std::vector<std::pair<std::string, std::string>> build_keys();

/// Returns the FNV-1a hash of result_keys(config), the tool's version and
/// executable_fingerprint(), as 16 hex digits: equal on two processes only when they would play
/// the same chunks to the same totals (what the ranks of an MPI run compare at start).
std::string run_fingerprint(const ExperimentConfig& config);

}  // namespace tournament
