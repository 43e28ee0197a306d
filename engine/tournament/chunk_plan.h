// The chunks of an experiment: every pairing's deals cut into journal-sized runs, numbered in
// one global order (pairing-major, deals ascending) that shards, MPI ranks and the merge share
// (DESIGN.md section 6). A chunk's deals are fixed by the config alone, so two processes that
// play chunk g of one experiment play the same deals.
#pragma once

#include <cstdint>
#include <string>

namespace tournament {

/// One chunk: deals [begin, end) of pairing `task`, its `index`-th chunk.
struct ChunkId {
  int task = 0;
  std::int64_t index = 0;
  std::int64_t begin = 0;
  std::int64_t end = 0;
};

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
  /// Returns true when `id` is a chunk of this plan with exactly its deal bounds.
  bool contains(const ChunkId& id) const;

 private:
  int tasks_;
  std::int64_t deals_, chunk_, per_task_;
};

/// Returns `id` in words for messages: "chunk 3 of pairing 2 (deals 3000-4000)" (pairings
/// counted from 1, as the tables list them).
std::string describe(const ChunkId& id);

/// Shard K of N: the chunks whose global number is K modulo N. Shard 0 of 1 is the whole run.
struct Shard {
  int index = 0;
  int count = 1;
  /// Returns true for the one shard of a split into one (it owns every chunk).
  bool whole() const { return count == 1; }
  /// Returns true when chunk `global` (ChunkPlan's numbering) is this shard's.
  bool owns(std::int64_t global) const { return global % count == index; }
  /// Returns "K/N".
  std::string text() const;
  /// Returns the shard's directory name inside the output directory: "shard-K-of-N".
  std::string directory() const;
};

/// Returns the shard that `text` ("K/N", 0 <= K < N <= 100000) names. Throws ConfigError
/// (experiment_config.h) naming the problem and the valid form.
Shard parse_shard(const std::string& text);

/// Returns true and sets `shard` when `name` is a shard directory's name ("shard-K-of-N").
bool parse_shard_directory(const std::string& name, Shard& shard);

}  // namespace tournament
