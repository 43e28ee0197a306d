#include "arena/tournament/config/build_fingerprint.h"

#include "engine/common/build_version.h"
#include "engine/common/hash.h"

namespace tournament {

std::vector<std::pair<std::string, std::string>> build_keys() {
  return {{"version", common::tool_version()}, {"executable", common::executable_fingerprint()}};
}

std::string run_fingerprint(const ExperimentConfig& config) {
  std::uint64_t hash = common::kFnvOffset;
  auto keys = result_keys(config);
  for (auto& key : build_keys()) keys.push_back(std::move(key));
  for (const auto& [key, value] : keys) hash = common::fnv1a(key + '=' + value + '\n', hash);
  return common::hex64(hash);
}

}  // namespace tournament
