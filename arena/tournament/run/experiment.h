// A whole experiment run: the output directory locked, pairings played (resuming from the
// journal), tables written beside the old ones and renamed over them, journal deleted. What
// `dominoes run` does after parsing its arguments.
//
// A run never deletes a file it did not write: the tables of an earlier run stay until the new
// ones are complete, and the config file the run was started from is never touched.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"
#include "arena/tournament/run/chunk_source.h"
#include "strategies/registry.h"

namespace tournament {

/// The outcome of run_experiment.
struct ExperimentResult {
  RunResult run;
  std::vector<std::string> table_paths;  ///< written only when run.complete
};

/// Returns the path of the journal of an experiment: <out_dir>/journal.txt.
std::string journal_path(const ExperimentConfig& config);

/// Creates the output directory `dir` (and its parents) unless it exists. Throws ConfigError when
/// `dir` names a file, std::runtime_error with the system's reason when it cannot be created.
void make_output_directory(const std::string& dir);

/// Runs `config` (validated here first, its specs against `registry`) to the end with players
/// made by `registry`, or until hooks stop it (then no tables are written and the journal stays
/// for a resume). Throws ConfigError for a bad config, an output directory in use by another run
/// or holding a finished run of another experiment (finished_tables.h), or a journal or games file
/// that cannot be resumed; std::runtime_error with the system's reason
/// when a file cannot be written.
ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks = {});

/// What plays an experiment's chunks for run_experiment once the output directory is locked:
/// given the validated config and the hooks, it returns their results with the journal at
/// journal_path(config) under result_keys(config). run_tasks plays them here; an MPI run hands
/// them out to its ranks (scale/mpi_run.h).
using PlayRun = std::function<RunResult(const ExperimentConfig&, const RunHooks&)>;

/// run_experiment with the chunks played by `play`.
ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks,
                                const PlayRun& play);

}  // namespace tournament
