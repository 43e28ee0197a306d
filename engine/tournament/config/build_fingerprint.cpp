#include "engine/tournament/config/build_fingerprint.h"

#include <fstream>
#include <string_view>

#include "engine/common/hash.h"
#include "engine/tournament/config/version.h"

namespace tournament {
namespace {

std::string hash_of_executable() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  if (!in) return "unknown";
  std::uint64_t hash = common::kFnvOffset;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    hash = common::fnv1a(std::string_view(buffer, static_cast<std::size_t>(in.gcount())), hash);
  return common::hex64(hash);
}

}  // namespace

const std::string& executable_fingerprint() {
  static const std::string fingerprint = hash_of_executable();
  return fingerprint;
}

std::string version_line(const std::string& program) {
  return program + " " + kToolVersion + ", executable " + executable_fingerprint();
}

std::vector<std::pair<std::string, std::string>> build_keys() {
  return {{"version", kToolVersion}, {"executable", executable_fingerprint()}};
}

std::string run_fingerprint(const ExperimentConfig& config) {
  std::uint64_t hash = common::kFnvOffset;
  auto keys = result_keys(config);
  for (auto& key : build_keys()) keys.push_back(std::move(key));
  for (const auto& [key, value] : keys) hash = common::fnv1a(key + '=' + value + '\n', hash);
  return common::hex64(hash);
}

}  // namespace tournament
