#include "arena/dataset/chunk_records.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "engine/common/hash.h"
#include "engine/common/text.h"

namespace dataset {
namespace {

// Checks that `chunk`'s pieces, sorted by deal, cover its deals exactly once.
void check_covered(ChunkRecords& chunk) {
  std::sort(chunk.pieces.begin(), chunk.pieces.end(),
            [](const RecordBytes& a, const RecordBytes& b) { return a.first_deal < b.first_deal; });
  std::int64_t next = chunk.id.begin;
  for (const RecordBytes& piece : chunk.pieces) {
    if (piece.first_deal != next) break;
    next = piece.end_deal;
  }
  if (next != chunk.id.end)
    throw std::runtime_error("the run's journal does not hold every deal of " +
                             tournament::describe(chunk.id) + ": the run is not finished");
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::vector<ChunkRecords> chunk_records(const tournament::ChunkPlan& plan,
                                        const std::vector<tournament::ChunkResult>& journal) {
  std::vector<ChunkRecords> chunks(static_cast<std::size_t>(plan.size()));
  for (std::int64_t g = 0; g < plan.size(); ++g) chunks[g] = {g, plan.chunk(g), {}};
  std::vector<const tournament::ChunkResult*> by_bytes;
  for (const auto& entry : journal) by_bytes.push_back(&entry);
  std::sort(by_bytes.begin(), by_bytes.end(),
            [](const auto* a, const auto* b) { return a->games_bytes < b->games_bytes; });
  std::uint64_t previous = 0;  // the records file's size before the entry: the entry's start
  for (const tournament::ChunkResult* entry : by_bytes) {
    if (!plan.contains_part(entry->chunk))
      throw std::runtime_error("the run's journal holds " + tournament::describe(entry->chunk) +
                               ", which is not a chunk of this experiment");
    chunks[plan.global(entry->chunk)].pieces.push_back(
        {previous, entry->games_bytes, entry->chunk.begin, entry->chunk.end, entry->records_hash});
    previous = entry->games_bytes;
  }
  for (ChunkRecords& chunk : chunks) check_covered(chunk);
  return chunks;
}

std::vector<std::string> read_chunk_lines(const std::string& path, const ChunkRecords& chunk) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the game records " + common::quoted(path));
  std::vector<std::string> lines;
  for (const RecordBytes& piece : chunk.pieces) {
    std::string bytes(piece.end - piece.begin, '\0');
    in.seekg(static_cast<std::streamoff>(piece.begin));
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    const bool whole = static_cast<bool>(in);
    if (!whole || (piece.hash && common::fnv1a(bytes) != *piece.hash))
      throw std::runtime_error("the game records " + common::quoted(path) + " of " +
                               tournament::describe(chunk.id) +
                               (whole ? " do not match the hash the run's journal recorded"
                                      : " are shorter than the run's journal recorded") +
                               ": the file was changed after the run");
    for (std::string& line : split_lines(bytes)) lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace dataset
