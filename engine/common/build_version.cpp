#include "engine/common/build_version.h"

#include <cstdint>
#include <fstream>
#include <string_view>

#include "engine/common/hash.h"
#include "engine/common/version.h"

namespace common {
namespace {

std::string hash_of_executable() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  if (!in) return "unknown";
  std::uint64_t hash = kFnvOffset;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    hash = fnv1a(std::string_view(buffer, static_cast<std::size_t>(in.gcount())), hash);
  return hex64(hash);
}

}  // namespace

std::string tool_version() {
  return kToolVersion;
}

const std::string& executable_fingerprint() {
  static const std::string fingerprint = hash_of_executable();
  return fingerprint;
}

std::string version_line(const std::string& program) {
  return program + " " + tool_version() + ", executable " + executable_fingerprint();
}

}  // namespace common
