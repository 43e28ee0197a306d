#include "arena/tournament/run/experiment.h"

#include <filesystem>
#include <fstream>

#include "arena/tournament/report/write_tables.h"
#include "arena/tournament/run/finished_tables.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/run/output_lock.h"
#include "arena/tournament/run/run_tasks.h"
#include "engine/common/text.h"

namespace tournament {
void make_output_directory(const std::string& dir) {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec))
    throw ConfigError("out " + common::quoted(dir) + " is a file, not a directory");
  std::filesystem::create_directories(dir, ec);
  if (!ec) return;
  throw std::runtime_error("cannot create output directory " + common::quoted(dir) + ": " +
                           ec.message());
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

ExperimentResult run_experiment(const strategies::Registry& registry, const ExperimentConfig& given,
                                const RunHooks& hooks, const PlayRun& play) {
  ExperimentConfig config = given;
  validate(config, registry);
  make_output_directory(config.out_dir);
  const OutputLock lock = OutputLock::acquire(config.out_dir);
  refuse_other_experiments_tables(config, registry);
  ExperimentResult result;
  result.run = play(config, hooks);
  if (!result.run.complete) return result;
  result.table_paths = write_tables(config, result.run.tasks);
  std::filesystem::remove(journal_path(config));
  return result;
}

}  // namespace tournament
