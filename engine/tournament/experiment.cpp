#include "engine/tournament/experiment.h"

#include <filesystem>

#include "engine/tournament/tables.h"

namespace tournament {

std::string journal_path(const ExperimentConfig& config) {
  return (std::filesystem::path(config.out_dir) / "journal.txt").string();
}

ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks) {
  std::filesystem::create_directories(config.out_dir);
  // Tables of an earlier run must not pass for this run's until it has finished.
  remove_tables(config.out_dir);
  ExperimentResult result;
  result.run = run_tasks(registry, config, journal_path(config), hooks);
  if (!result.run.complete) return result;
  result.table_paths = write_tables(config, result.run.tasks);
  std::filesystem::remove(journal_path(config));
  return result;
}

}  // namespace tournament
