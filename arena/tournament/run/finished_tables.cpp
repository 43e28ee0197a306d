#include "arena/tournament/run/finished_tables.h"

#include <filesystem>
#include <string>

#include "arena/tournament/config/run_arguments.h"
#include "arena/tournament/run/journal.h"
#include "engine/common/text.h"

namespace tournament {

void refuse_other_experiments_tables(const ExperimentConfig& config,
                                     const strategies::Registry& registry) {
  namespace fs = std::filesystem;
  const fs::path dir(config.out_dir);
  const fs::path old_config = dir / "config.cfg";
  std::error_code ec;
  if (!fs::is_regular_file(old_config, ec) || !fs::exists(dir / "summary.csv", ec)) return;
  const std::string refusal = "out " + common::quoted(config.out_dir) +
                              " holds the finished tables of another experiment (";
  const std::string what_to_do =
      "): choose another --out, or run that experiment again (its config.cfg there) to print "
      "its tables again";
  JournalKeys there;
  try {
    ExperimentConfig finished = read_experiment_file(old_config.string());
    finished.out_dir = config.out_dir;
    validate(finished, registry);
    there = result_keys(finished);
  } catch (const ConfigError& e) {
    // Players or keys this run's registry cannot read: not the same experiment, whatever else.
    throw ConfigError(refusal + "its config.cfg: " + e.what() + what_to_do);
  }
  const JournalKeys now = result_keys(config);
  if (there != now) throw ConfigError(refusal + differing_keys(there, now) + what_to_do);
}

}  // namespace tournament
