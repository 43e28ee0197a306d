// One shard of a run split over machines (--shard K/N, docs/scale-out.md): it plays the chunks
// it owns (config/shard.h) into its own directory, OUT/shard-K-of-N/, which holds its journal (the
// shard's result, kept when it finishes), config.cfg (the config, for the merge) and its game
// records. `dominoes merge` (merge.h) writes the tables from every shard's journal.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/shard.h"
#include "arena/tournament/run/experiment.h"
#include "strategies/registry.h"

namespace tournament {

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

}  // namespace tournament
