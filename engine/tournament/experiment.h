// A whole experiment run: stale tables removed, pairings played (resuming from the journal),
// tables written, journal deleted. What `dominoes run` does after parsing its arguments.
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

/// Runs `config` to the end with players made by `registry`, or until hooks.stop_after_chunks
/// (then no tables are written and the journal stays for a resume). Throws std::runtime_error
/// when a file cannot be written.
ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks = {});

}  // namespace tournament
