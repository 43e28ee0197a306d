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

/// Returns true when `a` and `b` name one file, whether or not it exists yet: the same existing
/// file (same_existing_file), or the same path once made absolute and resolved through the links
/// that exist (std::filesystem::weakly_canonical). For two outputs of one command.
inline bool same_path(const std::string& a, const std::string& b) {
  if (same_existing_file(a, b)) return true;
  std::error_code ec1, ec2;
  const auto x = std::filesystem::weakly_canonical(std::filesystem::absolute(a), ec1);
  const auto y = std::filesystem::weakly_canonical(std::filesystem::absolute(b), ec2);
  return !ec1 && !ec2 && x == y;
}

}  // namespace common
