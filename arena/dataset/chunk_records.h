// Where each chunk's game records are in a finished run's records file. The run's journal
// (arena/tournament/run/journal.h) names, after each chunk (or piece of a chunk, when an
// interrupted run kept a chunk's first deals), the records file's size and the hash of the
// chunk's records: the journal's entries, in the order of their sizes, cut the file into the
// chunks' byte ranges. A dataset converts each chunk's records into a chunk file of rows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/tournament/results.h"
#include "arena/tournament/run/chunk_plan.h"
#include "arena/tournament/run/journal.h"

namespace dataset {

/// One run of bytes of the records file: a journal entry's records.
struct RecordBytes {
  std::uint64_t begin = 0, end = 0;  ///< [begin, end) in the records file
  std::int64_t first_deal = 0;       ///< the entry's deals [first_deal, end_deal)
  std::int64_t end_deal = 0;
  std::optional<std::uint64_t> hash = {};  ///< FNV-1a 64 of the bytes, when the journal has it
};

/// One chunk of the plan and where its records are: its pieces in deal order.
struct ChunkRecords {
  std::int64_t global = 0;  ///< the chunk's number in the plan (chunk_plan.h)
  tournament::ChunkId id;   ///< its pairing and deals
  std::vector<RecordBytes> pieces;
};

/// Returns every chunk of `plan` with its records' byte ranges, from `journal` (its entries, in
/// any order). Throws std::runtime_error, naming the chunk, when a chunk of the plan is missing
/// from the journal or its pieces do not cover its deals exactly once (the run is not finished),
/// or when an entry is not a chunk of the plan.
std::vector<ChunkRecords> chunk_records(const tournament::ChunkPlan& plan,
                                        const std::vector<tournament::ChunkResult>& journal);

/// Returns the records of `chunk` from the records file at `path`, one game record a line, in
/// deal order. Throws std::runtime_error naming the file when it cannot be read, is shorter than
/// the journal says, or a piece's bytes do not match the journal's hash (the file was changed
/// after the run).
std::vector<std::string> read_chunk_lines(const std::string& path, const ChunkRecords& chunk);

}  // namespace dataset
