// Shard K of N: which chunks of an experiment one process plays (--shard K/N, docs/scale-out.md). A
// shard owns the chunks whose global number (run/chunk_plan.h) is K modulo N; the merge
// (scale/merge.h) joins the shards' journals into the tables of a whole run.
#pragma once

#include <cstdint>
#include <string>

namespace tournament {

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
/// (config/config_error.h) naming the problem and the valid form.
Shard parse_shard(const std::string& text);

/// Returns true and sets `shard` when `name` is a shard directory's name ("shard-K-of-N").
bool parse_shard_directory(const std::string& name, Shard& shard);

}  // namespace tournament
