// Turning one chunk's game records into rows (decision_rows.h; chunk_file.h writes them), on oneTBB
// worker threads. The games are cut into fixed blocks of consecutive records, each block's rows are
// made by one thread and the blocks are joined in record order, so a chunk file is byte-identical
// for any thread count. With move values each thread keeps one open-hands solver for the run (its
// transposition table serves the next positions); the values are exact, so they do not depend on
// what the table held.
#pragma once

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arena/dataset/chunk_records.h"
#include "arena/dataset/decision_rows.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace dataset {

class ChunkConverter {
 public:
  /// Converts games under `rules` whose seats' players are among `players` (manifest.h's
  /// dataset_players), with move values when `move_values`, on `threads` threads (0: all cores).
  /// `players` must outlive the converter.
  ChunkConverter(const dominoes::Rules& rules, const std::vector<std::string>& players,
                 bool move_values, int threads);

  /// Returns the rows of the game records `lines` (one game a line), in line order; nullopt when
  /// `stop` (asked between blocks of games, from any thread) said stop first. With `counter`,
  /// adds each block's rows to it as the block is done (a progress display's count). Throws
  /// std::runtime_error naming the record (its place in `lines`) when it is not a game record of
  /// these rules and players, or a move in it is not legal.
  std::optional<DecisionRows> rows_of(const std::vector<std::string>& lines,
                                      const std::function<bool()>& stop = {},
                                      std::atomic<std::int64_t>* counter = nullptr);

  /// Returns the worker threads the converter runs on.
  int threads() const { return arena_.max_concurrency(); }

 private:
  // Appends the rows of the record `line` (the `index`-th of its chunk) to `rows`.
  void add_record(const std::string& line, std::size_t index, DecisionRows& rows);
  // The players of the record's seats, as indices into players_.
  SeatPlayers seat_players(const tournament::GameRecord& record) const;

  dominoes::Rules rules_;
  const std::vector<std::string>& players_;
  RowShape shape_;
  tbb::task_arena arena_;
  tbb::enumerable_thread_specific<std::unique_ptr<endgame::BlockDominoesSolver>> solvers_;
};

}  // namespace dataset
