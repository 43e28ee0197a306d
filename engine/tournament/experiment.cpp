#include "engine/tournament/experiment.h"

#include <filesystem>
#include <fstream>

#include "engine/common/text.h"
#include "engine/common/whole_file.h"
#include "engine/tournament/build_fingerprint.h"
#include "engine/tournament/journal.h"
#include "engine/tournament/output_lock.h"
#include "engine/tournament/tables.h"

namespace tournament {
namespace {

void make_output_directory(const std::string& dir) {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec))
    throw ConfigError("out " + common::quoted(dir) + " is a file, not a directory");
  std::filesystem::create_directories(dir, ec);
  if (!ec) return;
  throw std::runtime_error("cannot create output directory " + common::quoted(dir) + ": " +
                           ec.message());
}

}  // namespace

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

std::string journal_path(const ExperimentConfig& config) {
  return (std::filesystem::path(config.out_dir) / kJournalFile).string();
}

ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks) {
  return run_experiment(registry, config, hooks, [&](const ExperimentConfig& c, const RunHooks& h) {
    return run_tasks(registry, c, journal_path(c), h);
  });
}

ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& given, const RunHooks& hooks,
                                const ChunkSource& source) {
  ExperimentConfig config = given;
  validate(config, registry);
  make_output_directory(config.out_dir);
  const OutputLock lock = OutputLock::acquire(config.out_dir);
  ExperimentResult result;
  result.run = source(config, hooks);
  if (!result.run.complete) return result;
  result.table_paths = write_tables(config, result.run.tasks);
  std::filesystem::remove(journal_path(config));
  return result;
}

}  // namespace tournament
