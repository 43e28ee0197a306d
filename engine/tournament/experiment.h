// A whole experiment run: the output directory locked, pairings played (resuming from the
// journal), tables written beside the old ones and renamed over them, journal deleted. What
// `dominoes run` does after parsing its arguments.
//
// A run never deletes a file it did not write: the tables of an earlier run stay until the new
// ones are complete, and the config file the run was started from is never touched.
#pragma once

#include <string>
#include <vector>

#include "engine/tournament/experiment_config.h"
#include "engine/tournament/runner.h"

namespace tournament {

/// The outcome of run_experiment.
struct ExperimentResult {
  RunResult run;
  std::vector<std::string> table_paths;  ///< written only when run.complete
};

/// Returns the path of the journal of an experiment: <out_dir>/journal.txt.
std::string journal_path(const ExperimentConfig& config);

/// Runs `config` (validated here first, its specs against `registry`) to the end with players
/// made by `registry`, or until hooks stop it (then no tables are written and the journal stays
/// for a resume). Throws ConfigError for a bad config, an output directory in use by another run,
/// or a journal or games file that cannot be resumed; std::runtime_error with the system's reason
/// when a file cannot be written.
ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks = {});

}  // namespace tournament
