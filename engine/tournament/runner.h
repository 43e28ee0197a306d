// The oneTBB runner: plays every pairing's deals in parallel and reproducibly, in chunks recorded
// in a journal (DESIGN.md section 6); or, for a shard (--shard K/N), only the chunks it owns.
//
// Deal i is a pure function of (seed, i) and every random choice in it draws from a stream of
// (seed, i, game, seat) (play_deal.h). A chunk's deals are played by a ChunkPlayer
// (chunk_player.h) and its totals summed with every other chunk's in deal order by a ChunkTally
// (chunk_tally.h), so the tables are byte-identical for any thread count, after any resume, and
// for any split into shards or MPI ranks.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/tournament/accumulator.h"
#include "engine/tournament/chunk_plan.h"
#include "engine/tournament/experiment_config.h"
#include "engine/tournament/schedule.h"
#include "engine/tournament/sprt.h"
#include "strategies/registry.h"

namespace tournament {

/// One pairing's result.
struct TaskResult {
  Pairing pairing;
  std::string player_a;  ///< canonical spec
  std::string player_b;
  PairingTotals totals;
  /// With config.sprt: the test after each chunk, in deal order; the pairing stopped at the
  /// first chunk whose LLR crossed a bound (totals then cover only the deals up to there).
  SprtTrace sprt;
  /// With config.precision: true when the fixed-width rule stopped the pairing (chunk_tally.h).
  bool precision_reached = false;
};

/// Where a run stands, for progress lines.
struct RunProgress {
  std::int64_t deals_done = 0;   ///< over all pairings, this run and resumed
  std::int64_t deals_total = 0;
  std::int64_t deals_this_run = 0;  ///< played by this process (not resumed)
  double seconds = 0;            ///< wall time of this process so far
  int task = 0;
  int tasks = 0;
};

/// Optional callbacks, controls and test controls for run_tasks.
struct RunHooks {
  std::function<void(const RunProgress&)> on_chunk;  ///< after each chunk written
  /// Asked before each chunk is played; true stops the run there (Ctrl-C), keeping every
  /// finished chunk in the journal.
  std::function<bool()> should_stop;
  /// Stop (as if interrupted) after this many chunks have been written by this call; -1 = never.
  std::int64_t stop_after_chunks = -1;
  /// Discard a journal written under another config instead of refusing to run (--restart).
  bool restart = false;
};

/// The outcome of run_tasks.
struct RunResult {
  std::vector<TaskResult> tasks;
  bool complete = false;           ///< every chunk of every pairing is done
  bool stopped = false;            ///< should_stop or stop_after_chunks ended the run early
  int threads_used = 0;            ///< most worker threads that played one pairing's deals
  std::int64_t resumed_chunks = 0; ///< chunks taken from an earlier run's journal
  std::int64_t games_played = 0;   ///< games played by this call
  double seconds = 0;              ///< wall time of this call
};

/// Where a run keeps its chunks, and which chunks it plays.
struct RunTarget {
  std::string journal_path;
  /// The journal header's keys: result_keys(config), plus a shard's own (shard_journal_keys).
  std::vector<std::pair<std::string, std::string>> journal_keys;
  std::string games_path;  ///< the game records file (a shard has its own), or empty for none
  Shard shard;             ///< the chunks to play; 0/1 plays them all
};

/// Returns the pairings of `config` (validated) in task order: every pairing of the schedule,
/// once per sweep value (value-major), with empty totals.
std::vector<TaskResult> make_tasks(const ExperimentConfig& config);

/// Returns the results of every pairing of `config` (validated: validate()), resuming from the
/// journal at target.journal_path when it holds chunks of the same experiment (in any order), and
/// appending each new chunk to it. Plays the chunks of target.shard in global order (chunk_plan.h);
/// a whole run skips the rest of a pairing once its SPRT decided, a shard plays all its chunks (the
/// test is checked at the merge). Players are made from their specs by `registry` (the CLI passes
/// Registry::builtin()) plus the config's bots (registry_for), one clone per worker thread. With a
/// games path, game records are appended in chunk order to PATH.partial, which is renamed to PATH
/// when every chunk is done (games_file.h). `complete` means every chunk of the target is done; a
/// shard's `tasks` then hold only its own chunks' in-order prefix (the merge sums them all).
/// Throws ConfigError when the journal or the games file cannot be resumed (journal.h,
/// games_file.h), std::runtime_error when a file cannot be written or a match never ends,
/// bots::BotError when a bot fails more games in a row than it may,
/// strategies::SpecError when `registry` cannot make a player.
RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const RunTarget& target, const RunHooks& hooks = {});

/// The whole run of `config`: run_tasks with the journal at `journal_path` under
/// result_keys(config) and the records in config.games_out.
RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const std::string& journal_path, const RunHooks& hooks = {});

}  // namespace tournament
