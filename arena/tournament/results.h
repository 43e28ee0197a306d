// The results every room of the tournament passes around, as plain data: a chunk and what it
// scored, a pairing's totals, and a run's outcome. Producers (run/, scale/) fill them; consumers
// (report/, the programs, Python) read them. Nothing here does work, so any room above config/
// may include it without pulling in another (engine/README.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/tournament/config/schedule.h"
#include "arena/tournament/stats/sprt.h"
#include "arena/tournament/stats/totals.h"

namespace tournament {

/// One chunk: deals [begin, end) of pairing `task`, its `index`-th chunk (run/chunk_plan.h numbers
/// them; docs/experiments.md).
struct ChunkId {
  int task = 0;
  std::int64_t index = 0;
  std::int64_t begin = 0;
  std::int64_t end = 0;
};

/// One finished chunk: its exact totals, as the journal keeps them (run/journal.h), an MPI worker
/// sends them and a merge sums them.
struct ChunkResult {
  ChunkId chunk;
  PairingTotals totals;
  std::uint64_t games_bytes = 0;  ///< size of the --games-out records after this chunk
  /// FNV-1a 64 of this chunk's records (the bytes games_bytes ends): a merge checks each shard's
  /// records against it. Unset for a journal older than v7 (nothing to check against).
  std::optional<std::uint64_t> records_hash = {};
};

/// One pairing's result.
struct TaskResult {
  Pairing pairing;
  std::string player_a;  ///< canonical spec
  std::string player_b;
  PairingTotals totals;
  /// With config.sprt: the test after each chunk, in deal order; the pairing stopped at the
  /// first chunk whose LLR crossed a bound (totals then cover only the deals up to there).
  SprtTrace sprt;
  /// With config.precision: true when the fixed-width rule stopped the pairing (run/chunk_tally.h).
  bool precision_reached = false;
  /// The players as the progress line shows them: names, else short labels (config.labels).
  std::string label_a, label_b;
};

/// Where a run stands, for progress lines.
struct RunProgress {
  std::int64_t deals_done = 0;  ///< over all pairings, this run and resumed
  std::int64_t deals_total = 0;
  std::int64_t deals_this_run = 0;  ///< played by this process (not resumed)
  double seconds = 0;               ///< wall time of this process so far
  int task = 0;
  int tasks = 0;
};

/// The outcome of a run (run/run_tasks.h), a shard's or an MPI run's.
struct RunResult {
  std::vector<TaskResult> tasks;
  bool complete = false;            ///< every chunk of every pairing is done
  bool stopped = false;             ///< should_stop or stop_after_chunks ended the run early
  int threads_used = 0;             ///< most worker threads that played one pairing's deals
  std::int64_t resumed_chunks = 0;  ///< chunks taken from an earlier run's journal
  std::int64_t games_played = 0;    ///< games played by this call
  double seconds = 0;               ///< wall time of this call
};

}  // namespace tournament
