#include "engine/tournament/build_fingerprint.h"

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <string_view>

#include "engine/common/hash.h"

namespace tournament {
namespace {

std::string hash_of_executable() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  if (!in) return "unknown";
  std::uint64_t hash = common::kFnvOffset;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    hash = common::fnv1a(std::string_view(buffer, static_cast<std::size_t>(in.gcount())), hash);
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, hash);
  return hex;
}

}  // namespace

const std::string& executable_fingerprint() {
  static const std::string fingerprint = hash_of_executable();
  return fingerprint;
}

}  // namespace tournament
