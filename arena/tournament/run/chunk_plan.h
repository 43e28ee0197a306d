// The chunks of an experiment: every pairing's deals cut into journal-sized runs, numbered in
// one global order (pairing-major, deals ascending) that shards, MPI ranks and the merge share
// (docs/experiments.md, "What a run promises"). A chunk's deals are fixed by the config alone, so
// two processes that play chunk g of one experiment play the same deals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"

namespace tournament {

/// The chunks of `tasks` pairings of `deals` deals each, `chunk` deals per chunk (the last of a
/// pairing may be shorter).
class ChunkPlan {
 public:
  /// `deals` and `chunk` must be positive (a validated config's), `tasks` non-negative.
  ChunkPlan(int tasks, std::int64_t deals, std::int64_t chunk);

  /// Returns the number of pairings (tasks).
  int tasks() const { return tasks_; }
  /// Returns the number of chunks of each pairing: deals / chunk, rounded up.
  std::int64_t chunks_per_task() const { return per_task_; }
  /// Returns the number of chunks of the whole experiment.
  std::int64_t size() const { return per_task_ * tasks_; }
  /// Returns chunk `global` (0 <= global < size()).
  ChunkId chunk(std::int64_t global) const;
  /// Returns the global number of chunk `index` of pairing `task`.
  std::int64_t global(int task, std::int64_t index) const { return task * per_task_ + index; }
  /// Returns the global number of chunk `id`.
  std::int64_t global(const ChunkId& id) const { return global(id.task, id.index); }
  /// Returns true when `id` is a chunk of this plan with exactly its deal bounds.
  bool contains(const ChunkId& id) const;
  /// Returns true when `id` names a chunk of this plan (task and index) and a non-empty run of
  /// its deals: chunk begin <= id.begin < id.end <= chunk end (a piece, chunk_tally.h).
  bool contains_part(const ChunkId& id) const;

 private:
  int tasks_;
  std::int64_t deals_, chunk_, per_task_;
};

/// Returns the pairings of `config` (validated) in task order: every pairing of the schedule,
/// once per sweep value (value-major), with empty totals and the players' labels
/// (config.labels). Task t's chunks are ChunkPlan's.
std::vector<TaskResult> make_tasks(const ExperimentConfig& config);

/// Returns `id` in words for messages: "chunk 3 of pairing 2 (deals 3000-4000)" (pairings
/// counted from 1, as the tables list them).
std::string describe(const ChunkId& id);

}  // namespace tournament
