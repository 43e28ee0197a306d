// Whether an output path names one of a command's inputs: no command may write over what it reads
// (fit-model --out over its --games, a run's --games-out over a strategy file it plays from).
#pragma once

#include <filesystem>
#include <string>

namespace common {

/// Returns true when `a` and `b` both exist and are the same file (std::filesystem::equivalent:
/// the same device and inode, however spelled and through any links); false when either does not
/// exist or cannot be examined. An input exists, so an output that does not exist yet is never
/// one of them.
inline bool same_existing_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec) && !ec;
}

}  // namespace common
