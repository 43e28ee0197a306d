// The finished chunks of an experiment, gathered in any order (from this run's players, a
// journal, other shards or MPI ranks), and every pairing's totals summed over them in deal order.
//
// The totals are exact integers, so their sums do not depend on the order chunks arrive in; the
// sequential test does. With an SPRT (sprt.h) each pairing's test is checked after each chunk in
// deal order and the pairing ends at the first chunk whose LLR crosses a bound, as a run on one
// machine ends it, so later chunks, if some process played them, are ignored. `precision` stops a
// pairing the same way, at the first chunk after which its 95% interval of A's points per game is
// at most that wide (a fixed-width sequential interval: Chow & Robbins, Ann. Math. Statist. 36,
// 1965), never before kPrecisionMinDeals deals. Summing in deal order makes the tables
// byte-identical however and wherever the chunks were played.
//
// A chunk may also come in pieces: an interrupted run journals the deals of a chunk it finished
// (its first ones, chunk_player.h) and the resumed run the rest. Pieces of a chunk must come in
// deal order, each starting where the ones before it end; they are joined (exact sums again)
// and the chunk counts once its last deal is here, so the tables are those of a run that played
// it whole.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"
#include "arena/tournament/run/chunk_plan.h"

namespace tournament {

class ChunkTally {
 public:
  /// `tasks`: the pairings in task order (pairing and specs; their totals are ignored) of the
  /// validated `config`, which must outlive the tally.
  ChunkTally(const ExperimentConfig& config, std::vector<TaskResult> tasks);

  const ChunkPlan& plan() const { return plan_; }
  /// Returns the chunk `global` when it is here, else null.
  const ChunkResult* find(std::int64_t global) const;
  /// Adds a finished chunk, or a piece of one (deals [begin, end) inside a chunk, as above), and
  /// returns true; returns false and changes nothing when those deals are already here. Throws
  /// ConfigError when `result` is not a chunk or piece of this experiment (another pairing count
  /// or chunk size), or is a piece that leaves a gap after the deals of its chunk already here.
  bool add(const ChunkResult& result);
  /// Returns the first deal of chunk `global` not yet here: its begin, or where its pieces end
  /// (its end once it is whole).
  std::int64_t resume_point(std::int64_t global) const;
  /// Returns true when pairing `task` needs no more chunks: all are summed, or a stopping rule
  /// (its SPRT, or `precision`) ended it.
  bool task_done(int task) const { return cursors_[task].done; }
  /// Returns how many of pairing `task`'s chunks are summed in its totals (a prefix, in order).
  std::int64_t summed_chunks(int task) const { return cursors_[task].next; }
  /// Returns true when every pairing is done.
  bool complete() const;
  /// Returns, in global order, the absent chunks that the result still needs: every absent
  /// chunk of a pairing that is not done.
  std::vector<std::int64_t> missing() const;
  /// Returns every pairing's result: its totals over its chunks in deal order up to the first
  /// absent one (or the chunk where a stopping rule ended it) with the SPRT's trace and whether
  /// `precision` stopped it. With `skip_gaps` (a partial merge) the totals of a pairing that is not
  /// done also take its chunks after the first gap, while its SPRT trace stays the in-order one, up
  /// to that gap (undecided).
  std::vector<TaskResult> results(bool skip_gaps = false) const;

 private:
  // How far one pairing's in-order sum has come.
  struct Cursor {
    std::int64_t next = 0;  // its first chunk not yet summed
    bool done = false;
  };
  void advance(int task);
  // Adds a piece of chunk `global` (not whole); joins it to the ones before it.
  bool add_piece(std::int64_t global, const ChunkResult& piece);
  // Adds `chunk` to `result` and checks the stopping rules; returns true when one stops it.
  bool take(const ChunkResult& chunk, TaskResult& result) const;
  // True when config.precision is set and the interval of `totals` is that narrow.
  bool precise_enough(const PairingTotals& totals) const;
  // Steps the SPRT with `result`'s totals; returns true when it decided.
  bool sprt_decided(TaskResult& result) const;

  const ExperimentConfig& config_;
  ChunkPlan plan_;
  std::vector<TaskResult> tasks_;  // the running in-order sums
  std::vector<Cursor> cursors_;
  std::map<std::int64_t, ChunkResult> chunks_;
  std::map<std::int64_t, ChunkResult> pieces_;  // chunks not yet whole: their joined pieces
};

}  // namespace tournament
