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

/// Returns the directory of shard `shard` of `config`: <out_dir>/shard-K-of-N.
std::string shard_directory(const ExperimentConfig& config, const Shard& shard);

/// Returns the journal header keys of shard `shard`: result_keys(config), then "shard" = "K/N"
/// "version" = the tool's version and "executable" = executable_fingerprint(), so that the merge
/// can refuse shards of another experiment, of another split, or played by another build.
std::vector<std::pair<std::string, std::string>> shard_journal_keys(const ExperimentConfig& config,
                                                                    const Shard& shard);

/// The file a shard writes its game records to (when config.games_out is set), in its directory;
/// the merge joins them into config.games_out.
inline constexpr const char* kShardGamesFile = "games.jsonl";

/// Runs shard `shard` of `config` (validated here first): plays the chunks it owns
/// (chunk_plan.h) into <out_dir>/shard-K-of-N/, which holds its journal (kept when the shard
/// finishes: it is the shard's result), config.cfg (the config, for the merge) and its game
/// records; resumes a killed shard from its journal. Writes no tables: `dominoes merge` does
/// (merge.h). table_paths holds the shard's journal once it is complete. Throws as run_experiment.
ExperimentResult run_shard(const strategies::Registry& registry, const ExperimentConfig& config,
                           const Shard& shard, const RunHooks& hooks = {});

/// Runs `config` (validated here first, its specs against `registry`) to the end with players
/// made by `registry`, or until hooks stop it (then no tables are written and the journal stays
/// for a resume). Throws ConfigError for a bad config, an output directory in use by another run,
/// or a journal or games file that cannot be resumed; std::runtime_error with the system's reason
/// when a file cannot be written.
ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks = {});

/// What plays an experiment's chunks for run_experiment once the output directory is locked:
/// given the validated config and the hooks, it returns their results with the journal at
/// journal_path(config) under result_keys(config). run_tasks plays them here; an MPI run hands
/// them out to its ranks (mpi_run.h).
using ChunkSource = std::function<RunResult(const ExperimentConfig&, const RunHooks&)>;

/// run_experiment with the chunks played by `source`.
ExperimentResult run_experiment(const strategies::Registry& registry,
                                const ExperimentConfig& config, const RunHooks& hooks,
                                const ChunkSource& source);

}  // namespace tournament
