// `dominoes merge DIR`: the tables of a sharded run (--shard K/N, experiment.h's run_shard), from
// the exact chunk totals in its shards' journals, summed in the global chunk order that an
// unsharded run sums in (chunk_tally.h), so the tables are byte-identical to a run on one machine
// (the measured columns aside: the seconds, which add the shards' own times, and the CPU
// milliseconds per decision, measured where each chunk was played).
//
// The merge refuses, in one line naming the problem: shards of different splits (shard-K-of-2
// beside shard-K-of-3), a shard whose journal names another config, split, version or executable
// than the first shard's config and this build (experiment.h's shard_journal_keys), a chunk
// present twice or in the wrong shard, and missing chunks (a shard that is unfinished or absent),
// which it lists. With --partial it writes the tables of the chunks present instead, marked as
// partial in summary.md and summary.json. With an SPRT the test is checked here, chunk by chunk in
// deal order: a pairing is complete once its test decided, whatever later chunks are missing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"
#include "strategies/registry.h"

namespace tournament {

/// What a merge found and wrote.
struct MergeResult {
  ExperimentConfig config;            ///< the shards' experiment; out_dir is the merged directory
  std::vector<TaskResult> tasks;      ///< every pairing's totals over the merged chunks
  int shard_count = 0;                ///< N of the shards' K/N
  int shards_found = 0;               ///< shard directories found
  std::int64_t chunks_read = 0;       ///< chunks in the shards' journals
  std::vector<std::int64_t> missing;  ///< chunks the tables still need (global numbers)
  std::vector<std::string> table_paths;
  bool partial() const { return !missing.empty(); }
};

/// Merges the shards in `dir` (an experiment's output directory with shard-K-of-N/ directories)
/// and writes its tables into `dir` (under its run lock), and its game records when the config
/// asks for them and the merge is complete. The config is read from the first shard's
/// config.cfg; `registry` resolves its specs (the CLI passes Registry::builtin()). Shard
/// directories are read, never changed or deleted. Throws ConfigError for every refusal above
/// (missing chunks only without `partial`), std::runtime_error when a file cannot be written.
MergeResult merge_shards(const strategies::Registry& registry, const std::string& dir,
                         bool partial);

}  // namespace tournament
