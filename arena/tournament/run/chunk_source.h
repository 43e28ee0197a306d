// The one chunk driver of every run (docs/experiments.md, "What a run promises"): a ChunkSource
// hands out an experiment's chunks in global order (chunk_plan.h) and takes them back finished,
// owning the journal, the game records, the tally, the progress and the run's result. A plain run,
// a shard and rank 0 of an MPI run (for itself and for every worker rank it serves) all play
// through one: a plain run and a shard with play_chunks() below, an MPI run from two threads
// (scale/mpi_run.h).
//
// What it hands out: each chunk of the target's shard (all of them for a whole run) that the
// journal does not already hold and that no one is playing, skipping, in a whole run, the chunks
// of a pairing whose stopping rule (SPRT or precision, chunk_tally.h) has decided; a shard cannot
// know that and plays all its chunks (the merge checks the rules). Each finished chunk is
// journalled at once (journal.h) and summed by the tally in deal order, whatever order chunks
// come back in, so the tables are those of a plain run on one thread. A chunk handed out after its
// pairing decided (it went out before the deciding chunk came back) is journalled too and ignored
// by the tally, as in a merge. Every member function may be called from several threads.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/shard.h"
#include "arena/tournament/results.h"
#include "arena/tournament/run/chunk_tally.h"
#include "arena/tournament/run/games_file.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/run/live_progress.h"

namespace tournament {

class ChunkPlayer;

/// Optional callbacks, controls and test controls for a run.
struct RunHooks {
  std::function<void(const RunProgress&)> on_chunk;  ///< after each chunk written
  /// Asked before each chunk is handed out and, by the players, before each deal and between a
  /// deal's games, from any thread (so it must be cheap and thread-safe): true stops the run
  /// (Ctrl-C). Every finished chunk, and the finished first deals of each chunk in play, are kept
  /// in the journal (chunk_player.h).
  std::function<bool()> should_stop;
  /// When not null, counts every finished deal as it finishes (live_progress.h), for a progress
  /// display; must outlive the run.
  LiveProgress* progress = nullptr;
  /// Stop (as if interrupted) after this many chunks have been written by this run; -1 = never.
  std::int64_t stop_after_chunks = -1;
  /// Discard a journal written under another config instead of refusing to run (--restart).
  bool restart = false;
};

/// Where a run keeps its chunks, and which chunks it plays.
struct RunTarget {
  std::string journal_path;
  /// The journal header's keys: result_keys(config), plus a shard's own (scale/shard_run.h).
  JournalKeys journal_keys;
  std::string games_path;  ///< the game records file (a shard has its own), or empty for none
  Shard shard;             ///< the chunks to play; 0/1 plays them all
};

class ChunkSource {
 public:
  /// Opens the journal at target.journal_path under target.journal_keys (resuming the chunks it
  /// holds that target.shard owns; hooks.restart discards one of another config) and the games
  /// file (games_file.h). `config` is validated and, like `hooks`, outlives the source. Throws
  /// ConfigError when the journal or the games file cannot be resumed, std::runtime_error when a
  /// file cannot be written.
  ChunkSource(const ExperimentConfig& config, const RunTarget& target, const RunHooks& hooks);

  /// Returns the next chunk to play, as described above; nullopt once none is left, after
  /// stop(), or when the hooks ask to stop. A chunk it returns is in flight until finish(). When
  /// an interrupted run journalled the chunk's first deals, the chunk returned starts after them
  /// (begin is then past the plan's).
  std::optional<ChunkId> next();
  /// Takes a chunk that next() handed out, finished, or the first deals of it when the player
  /// stopped early (result.chunk.end before the chunk's end; none at all when it equals begin):
  /// appends `records` (its game records, in deal order; empty without a games file) to the
  /// games file, journals it, adds it to the tally and calls hooks.on_chunk. Throws ConfigError
  /// when `result` is not a chunk in flight (its number, its begin, or an end past the chunk's),
  /// std::runtime_error when a file cannot be written.
  void finish(ChunkResult result, const std::string& records = "");
  /// Hands out nothing more (an interrupt, or a failure elsewhere); the players of chunks in
  /// flight stop at their next deal (stop_check) and return what they finished.
  void stop();
  /// Returns the players' stop predicate: true after stop() or when hooks.should_stop says so.
  /// Lives as long as the source.
  const std::function<bool()>& stop_check() const { return stop_check_; }
  /// Returns the hooks' progress counts (null when there are none).
  LiveProgress* live() const { return hooks_.progress; }

  /// Returns the number of chunks handed out and not finished.
  std::int64_t in_flight() const;
  /// Returns true when the chunks' game records are wanted (a games file is open).
  bool wants_records() const { return games_.enabled(); }
  /// Returns the chunk plan (global numbers, chunk bounds).
  const ChunkPlan& plan() const { return tally_.plan(); }
  /// Returns true when every chunk of the target is done: the tables (or the shard) are complete.
  bool complete() const;
  /// Ends the run: when complete(), gives the games file its final name. Returns the result:
  /// every pairing's in-order totals (a shard's: its own chunks' in-order prefix), whether it is
  /// complete, and the counts; `threads_used` is the players'. Throws std::runtime_error when
  /// the games file cannot be renamed.
  RunResult close(int threads_used);

 private:
  bool wanted(std::int64_t global) const;
  bool stop_requested() const;
  bool stopping() const;
  std::map<std::int64_t, std::int64_t>::iterator in_flight(const ChunkId& id);

  const ExperimentConfig& config_;
  const RunHooks& hooks_;
  Shard shard_;
  Journal journal_;
  GamesFile games_;
  ChunkTally tally_;
  mutable std::mutex mutex_;
  std::int64_t cursor_ = 0;  // chunks before it are done, in flight or not wanted
  std::map<std::int64_t, std::int64_t> in_flight_;  // global number -> the deal it went out at
  std::atomic<bool> stopped_ = false;
  std::function<bool()> stop_check_;
  std::int64_t written_ = 0;  // chunks finished by this run
  std::int64_t resumed_chunks_ = 0;
  std::int64_t games_played_ = 0;
  RunProgress progress_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

/// Plays every chunk `source` hands out with `player`, one after another, and returns each
/// finished with its game records when the source wants them. Throws what the player and the
/// source throw. A plain run, a shard and rank 0's own chunks of an MPI run play through this.
void play_chunks(ChunkSource& source, ChunkPlayer& player);

}  // namespace tournament
