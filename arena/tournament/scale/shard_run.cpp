#include "arena/tournament/scale/shard_run.h"

#include <filesystem>

#include "arena/tournament/config/build_fingerprint.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/run/output_lock.h"
#include "arena/tournament/run/run_tasks.h"
#include "engine/common/whole_file.h"

namespace tournament {

std::string shard_directory(const ExperimentConfig& config, const Shard& shard) {
  return (std::filesystem::path(config.out_dir) / shard.directory()).string();
}

std::vector<std::pair<std::string, std::string>> shard_journal_keys(const ExperimentConfig& config,
                                                                    const Shard& shard) {
  auto keys = result_keys(config);
  keys.emplace_back("shard", shard.text());
  for (auto& key : build_keys()) keys.push_back(std::move(key));
  return keys;
}

ExperimentResult run_shard(const strategies::Registry& registry, const ExperimentConfig& given,
                           const Shard& shard, const RunHooks& hooks) {
  ExperimentConfig config = given;
  validate(config, registry);
  const std::string dir = shard_directory(config, shard);
  make_output_directory(dir);
  const OutputLock lock = OutputLock::acquire(dir);
  const std::filesystem::path journal = std::filesystem::path(dir) / kJournalFile;
  const auto keys = shard_journal_keys(config, shard);
  // The merge reads the config from here; a journal of another experiment keeps its own (the
  // run then refuses it, naming the difference).
  if (hooks.restart || !std::filesystem::exists(journal) || read_journal(journal).keys == keys)
    common::write_whole_file(std::filesystem::path(dir) / "config.cfg", to_ini(config));
  const RunTarget target{
      journal.string(), keys,
      config.games_out.empty() ? "" : (std::filesystem::path(dir) / kShardGamesFile).string(),
      shard};
  ExperimentResult result;
  result.run = run_tasks(registry, config, target, hooks);
  if (result.run.complete) result.table_paths = {journal.string()};
  return result;
}

}  // namespace tournament
