// The oneTBB runner: plays every pairing's deals in parallel and reproducibly, in chunks recorded
// in a journal (DESIGN.md section 6).
//
// Deal i is a pure function of (seed, i) and every random choice in it draws from a stream of
// (seed, i, game, seat) (play_deal.h). Deals of a chunk run in a tbb::parallel_for, each writing
// its tally into a preallocated slot; the slots are then added in deal order. Totals are exact
// integers, so the tables are byte-identical for any thread count and after any resume. Each
// thread plays with its own clones of the two players.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/tournament/accumulator.h"
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

/// Returns the results of every pairing of `config` (validated: validate()), resuming from the
/// journal at `journal_path` when it holds chunks of the same experiment, and appending each new
/// chunk to it. Players are made from their specs by `registry` (the CLI passes
/// Registry::builtin()) plus the config's bots (registry_for), one clone per worker thread. When config.games_out is set, game records are appended in deal order to
/// games_out.partial, which is renamed to games_out when every chunk is done (games_file.h).
/// Throws ConfigError when the journal or the games file cannot be resumed (journal.h,
/// games_file.h), std::runtime_error when a file cannot be written or a match never ends,
/// bots::BotError when a bot fails more games in a row than it may,
/// strategies::SpecError when `registry` cannot make a player.
RunResult run_tasks(const strategies::Registry& registry, const ExperimentConfig& config,
                    const std::string& journal_path, const RunHooks& hooks = {});

}  // namespace tournament
