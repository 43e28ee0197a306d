// Handing out an experiment's chunks to several players that finish them in any order: what rank
// 0 of an MPI run does (mpi_run.h), kept free of MPI so it can be tested on its own.
//
// Chunks go out one at a time in the global order of chunk_plan.h, skipping those the journal
// already holds and those of a pairing whose SPRT has decided; each finished chunk is journalled
// at once and added to a ChunkTally, which sums every pairing in deal order whatever order the
// chunks came back in. So the tables are those of a plain run, and the journal is the plain
// run's (same file, same keys): either kind of run resumes the other. A chunk handed out after
// its pairing's SPRT decided (because it went out before the deciding chunk came back) is
// journalled too and ignored by the tally, as in a merge.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "engine/tournament/chunk_plan.h"
#include "engine/tournament/chunk_tally.h"
#include "engine/tournament/experiment_config.h"
#include "engine/tournament/journal.h"
#include "engine/tournament/runner.h"

namespace tournament {

class ChunkDispatcher {
 public:
  /// `config` validated and outliving the dispatcher; `tasks` its pairings (make_tasks);
  /// `journal` opened under result_keys(config): its resumed chunks count as done.
  ChunkDispatcher(const ExperimentConfig& config, std::vector<TaskResult> tasks, Journal journal);

  /// Returns the next chunk to play, in global order: not finished, not handed out, of a
  /// pairing not done (chunk_tally.h); nullopt once none is left or after stop(). A chunk it
  /// returns counts as in flight until finish().
  std::optional<ChunkId> next();
  /// Takes a finished chunk that next() handed out: journals it, then adds it to the tally.
  /// Throws ConfigError when `entry` is not a chunk in flight (its bounds or its number);
  /// std::runtime_error when the journal cannot be written.
  void finish(const JournalEntry& entry);
  /// Hands out nothing more (an interrupt); chunks in flight may still finish.
  void stop() { stopped_ = true; }

  /// Returns the number of chunks handed out and not finished.
  std::int64_t in_flight() const { return static_cast<std::int64_t>(in_flight_.size()); }
  /// Returns true when every pairing is done: the tables can be written.
  bool complete() const { return tally_.complete(); }
  const ChunkTally& tally() const { return tally_; }
  /// Returns where the run stands (deals_this_run: deals finished through finish()).
  const RunProgress& progress() const { return progress_; }
  std::int64_t resumed_chunks() const { return resumed_chunks_; }
  /// Returns the games of the chunks finished through finish().
  std::int64_t games_played() const { return games_played_; }

 private:
  ChunkTally tally_;
  Journal journal_;
  std::int64_t cursor_ = 0;           // chunks before it are finished, in flight or not needed
  std::set<std::int64_t> in_flight_;  // global numbers
  bool stopped_ = false;
  RunProgress progress_;
  std::int64_t resumed_chunks_ = 0;
  std::int64_t games_played_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace tournament
