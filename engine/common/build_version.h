// Which build of the tool is running: the source tree's version (engine/common/version.h, written
// before every build by cmake/tool_version.cmake: the commit, and the hash of any uncommitted
// diff) and a hash of the running executable itself. `--version` prints both; shards and MPI
// ranks compare both (arena/tournament/config/build_fingerprint.h), because tables summed from
// processes that ran different code would be wrong without any visible sign.
#pragma once

#include <string>

namespace common {

/// Returns the tool's version: the commit the binaries were built from, with
/// "-dirty+diff.HASH" for uncommitted changes, or "unknown" outside a git checkout.
std::string tool_version();

/// Returns the 64-bit FNV-1a hash (hash.h) of the running executable's bytes (/proc/self/exe) as
/// 16 hex digits, computed once; "unknown" when the file cannot be read.
const std::string& executable_fingerprint();

/// Returns the line `PROGRAM --version` prints (no newline): "PROGRAM VERSION, executable
/// FINGERPRINT".
std::string version_line(const std::string& program);

}  // namespace common
