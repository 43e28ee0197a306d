// Plays single chunks of an experiment's pairings on this process's cores: each worker thread
// takes the chunk's next deals in deal order (8 at a time from one shared counter) and writes each
// deal's tally into a preallocated slot, and the slots are added in deal order, so a chunk's
// totals are the same for any thread count (docs/experiments.md, "What a run promises").
//
// Stopping (Ctrl-C): the workers ask the stop predicate before each deal and between a deal's
// two games, and take no more deals once it says stop; a deal under way finishes, or is
// abandoned between its games. Since deals are taken in order, the finished deals are then the
// chunk's first ones (the few finished past an abandoned deal are dropped): play() returns that
// prefix as a piece of the chunk, which the journal keeps (journal.h) and a resumed run
// completes. With external bots, which the run kills when it stops, a deal that ends after the
// stop is dropped too (a killed bot forfeits games it did not lose).
//
// A player that learns across games (Strategy::learning_series() > 0) changes the batches: the
// pairing's deals go out in series of that many, aligned to deal 0, each played in order by one
// worker after new_opponent(); a chunk that starts inside a series (the rest of an interrupted
// chunk) first replays the series' earlier deals uncounted, so that the learner knows at each
// deal what it would have known in one uninterrupted run. A chunk of a multiple of the series
// never replays.
//
// Each worker thread plays with its own clones of the pairing's two players, made again when the
// pairing changes, and their decision samplers (decision_sampler.h), which learn across the
// thread's deals which player is slow enough to time at every choice. A plain run, a shard and
// every MPI rank play through this.
#pragma once

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/play/decision_sampler.h"
#include "arena/tournament/results.h"
#include "arena/tournament/run/chunk_plan.h"
#include "arena/tournament/run/live_progress.h"
#include "strategies/registry.h"
#include "strategies/solver_for_rules.h"

namespace tournament {

class ChunkPlayer {
 public:
  /// `seated`: the registry that makes the players (with the config's bots, registry_for);
  /// `config` validated. Both must outlive the player. Plays on config.threads threads (0 = all
  /// cores).
  ChunkPlayer(const strategies::Registry& seated, const ExperimentConfig& config);
  ~ChunkPlayer();

  /// Plays chunk `id` (a whole chunk, or the rest of one: any deals [begin, end) of a pairing)
  /// and returns its result: its totals and wall seconds (games_bytes 0). With `records`, each
  /// game's JSON line is appended to it in deal order (games_writer.h). With `stop`, stops early
  /// as described above: the result then covers deals [id.begin, e) for some e <= id.end (e =
  /// id.begin when none finished). With `live`, each finished deal is counted there as it
  /// finishes (and taken back when dropped). Throws what the players throw (bots::BotError,
  /// strategies::SpecError, std::runtime_error).
  ChunkResult play(const ChunkId& id, std::string* records,
                   const std::function<bool()>* stop = nullptr, LiveProgress* live = nullptr);

  /// Returns the most worker threads that played one pairing's deals.
  int threads_used() const { return threads_used_; }

 private:
  // One thread's seated pair: {A, B}, each side's second player for its second seat at three and
  // four seats (the partner's spec when a side pairs two, team_spec.h; else the same spec again,
  // so every seat has a player, and a bot a process, of its own), and their samplers.
  struct PlayerPair {
    std::array<strategies::Player, 2> players;
    std::array<std::optional<strategies::Player>, 2> partners{};
    std::array<DecisionSampler, 2> samplers{};
  };
  // One chunk's play, shared by its worker threads: what is asked, the deals handed out so far,
  // and each deal's tally and records as it finishes (slots by deal, finished ones marked).
  struct ChunkWork {
    ChunkId id;
    bool keep_records = false;
    const std::function<bool()>* stop = nullptr;
    std::array<std::string, 2> specs;
    bool covariate = false, bots = false;
    std::int64_t series = 0, batch = 0;             // a learner's series (0: none); deals per batch
    std::atomic<std::int64_t> next{0};              // the first deal of the next batch to hand out
    std::atomic<bool> failed{false};                // a worker threw: the others take no more deals
    std::vector<DealTally> slots;                   // by deal - id.begin
    std::vector<char> finished;                     // 1 where slots holds a finished deal
    std::vector<std::string> texts;                 // the finished deals' records (keep_records)
    std::vector<DealCounter*>* counters = nullptr;  // the live progress's, one per worker + 1
    bool stopped() const { return stop && (*stop)(); }
  };
  void seat(int task);
  // One worker's share of the chunk: batches of deals taken in order until none is left, the run
  // stops or another worker failed.
  void play_batches(ChunkWork& work, int worker);
  // Plays deal `i` for `pair` (replayed only, not counted, before the chunk's first deal: a
  // learner's series); returns false when the worker should stop (the deal was abandoned, or
  // a bot may have been killed). Rethrows a player's failure after marking work.failed.
  bool play_one(ChunkWork& work, PlayerPair& pair, std::int64_t i, DealCounter* counter);
  // Returns the chunk's result: the finished prefix of its deals (a deal finished after the first
  // unfinished one is dropped, and taken back from the live counts), their records appended to
  // `records`, and the wall seconds since `start`.
  ChunkResult finished_prefix(ChunkWork& work, std::string* records,
                              std::chrono::steady_clock::time_point start);
  // The longest learning_series() of the pair's players (0: none learns).
  static int series_of(const PlayerPair& pair);
  // Calls new_opponent() on every player of the pair.
  static void forget_opponents(PlayerPair& pair);
  void note_threads();
  // This player's counters in `live`: one per worker and one for the calling thread's
  // corrections, claimed once.
  std::vector<DealCounter*>& counters_for(LiveProgress& live);

  const strategies::Registry& seated_;
  const ExperimentConfig& config_;
  const std::vector<TaskResult> tasks_;  // the pairings in task order (make_tasks)
  tbb::task_arena arena_;
  int task_ = -1;  // the pairing whose players are seated
  std::unique_ptr<tbb::enumerable_thread_specific<PlayerPair>> players_;
  /// One open-hands solver per thread for the control variate's covariate.
  tbb::enumerable_thread_specific<strategies::SolverForRules> solvers_;
  int threads_used_ = 0;
  LiveProgress* live_ = nullptr;  // the progress that counters_ belong to
  std::vector<DealCounter*> counters_;
};

}  // namespace tournament
