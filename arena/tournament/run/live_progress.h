// Where a run stands while it runs, deal by deal: the deals and games finished and every
// pairing's running score, for a progress display (progress.h) or Python's progress callback,
// which read it from a thread of their own while the run plays.
//
// Counting must not slow the game loop, so each worker thread of a ChunkPlayer adds its finished
// deals to a DealCounter of its own (one writer, relaxed atomic stores, one cache line per
// pairing: no lock, no shared cache line); snapshot() sums the counters with the chunks counted
// whole (resumed from the journal, or played by another MPI rank). The counts are exact once the
// run has ended; while it runs, a snapshot may see one deal's fields half added (a display only).
// The tables never come from here: they are the finished chunks' exact totals in deal order
// (chunk_tally.h), so the live score is a display and may count deals that a stopping rule later
// leaves out of the tables.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

#include "arena/tournament/results.h"
#include "arena/tournament/stats/statistics.h"
#include "arena/tournament/stats/totals.h"

namespace tournament {

/// One pairing as a snapshot sees it.
struct PairingProgress {
  std::string player_a, player_b;  ///< canonical specs
  std::string label_a, label_b;    ///< as people see them: names, else short labels (TaskResult)
  std::int64_t deals_done = 0;     ///< resumed and played, of deals_total
  std::int64_t deals_total = 0;    ///< the deals this run (or shard) owns of the pairing
  std::int64_t games = 0;          ///< games (matches when the rules have a target) done
  IntegerMoments a_net;            ///< one observation per deal: A's points minus B's
  /// A's points minus B's per game (per match), with its 95% Student-t half-width over deals
  /// (estimate_mean_per_game: over duplicate pairs when those are on).
  MeanEstimate score;
};

/// A run's progress at one moment.
struct ProgressSnapshot {
  bool started = false;             ///< false until the run's chunk source opened its journal
  bool matches = false;             ///< the rules have a match target: "games" count matches
  std::int64_t deals_done = 0;      ///< over every pairing, resumed and played
  std::int64_t deals_total = 0;     ///< what this run (or shard) owns
  std::int64_t games_done = 0;      ///< resumed and played
  std::int64_t deals_this_run = 0;  ///< played by this process (and the MPI ranks it serves)
  std::int64_t games_this_run = 0;
  double elapsed_seconds = 0;   ///< wall seconds since the run started
  double games_per_second = 0;  ///< games_this_run / elapsed_seconds; 0 at the start
  /// Seconds left at this run's deal rate; -1 while unknown (no deal played yet). A stopping
  /// rule (SPRT, precision) may end the run sooner.
  double eta_seconds = -1;
  /// The pairings being played now (those of the deals counted last, in task order).
  std::vector<int> current;
  std::vector<PairingProgress> pairings;  ///< every pairing, in task order
};

/// One worker thread's running counts: written by that thread only, read by snapshot(). On cache
/// lines of its own (alignas), so that a worker's per-deal stores never share a line with another
/// worker's counter.
class alignas(64) DealCounter {
 public:
  explicit DealCounter(int tasks) : cells_(static_cast<std::size_t>(tasks)) {}
  /// Adds (sign +1) or takes back (sign -1) one finished deal of pairing `task`.
  void add(int task, const DealTally& t, int sign = 1);

 private:
  friend class LiveProgress;
  // One pairing's counts on a cache line of its own.
  struct alignas(64) Cell {
    std::atomic<std::int64_t> deals{0}, games{0}, net_sum{0}, net_sum_sq{0};
  };
  std::vector<Cell> cells_;
  std::atomic<int> last_task_{-1};
};

class LiveProgress {
 public:
  /// Starts the clock and sets the pairings: `tasks` (their specs, in task order), what each
  /// has from the journal (`resumed`) and the deals of each this run owns (`deals_total`); one
  /// entry per task in each. `games_per_deal` is the config's (2 with duplicate deals); `matches`
  /// says the rules have a match target. Called by the chunk source once its journal is open;
  /// snapshots before it say started = false.
  void start(const std::vector<TaskResult>& tasks, const std::vector<PairingTotals>& resumed,
             const std::vector<std::int64_t>& deals_total, int games_per_deal, bool matches);
  /// Returns `count` counters for one player's worker threads, each to be written by one thread
  /// only; they live as long as this object. start() must have been called.
  std::vector<DealCounter*> counters(int count);
  /// Counts a finished chunk played elsewhere (another MPI rank) whole.
  void add_chunk(int task, const PairingTotals& totals);
  /// Returns the progress now: safe from any thread while the run plays.
  ProgressSnapshot snapshot() const;

 private:
  mutable std::mutex mutex_;
  bool started_ = false;
  int games_per_deal_ = 1;
  bool matches_ = false;
  std::chrono::steady_clock::time_point start_;
  std::vector<PairingProgress> base_;     // resumed, and whole chunks from elsewhere
  std::int64_t base_deals_this_run_ = 0;  // the whole chunks' share that was played this run
  std::int64_t base_games_this_run_ = 0;
  int last_chunk_task_ = -1;
  std::deque<DealCounter> counters_;  // deque: counters never move
};

}  // namespace tournament
