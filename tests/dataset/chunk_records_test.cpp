// The byte ranges of each chunk's records, from journal entries made up here: pieces of a chunk
// joined in deal order whatever order the journal lists them in, a chunk with deals missing
// refused, and records that no longer match the journal's hash refused.
#include "arena/dataset/chunk_records.h"

#include <gtest/gtest.h>

#include "engine/common/hash.h"
#include "tests/test_files.h"

namespace {

using tournament::ChunkResult;

ChunkResult entry(int task, std::int64_t index, std::int64_t begin, std::int64_t end,
                  std::uint64_t bytes) {
  ChunkResult r;
  r.chunk = {task, index, begin, end};
  r.games_bytes = bytes;
  return r;
}

TEST(ChunkRecords, JournalSizesCutTheRecordsIntoChunks) {
  // Two pairings of 20 deals in chunks of 10; chunk 1 of pairing 0 was interrupted after deal 14
  // and finished after pairing 1's first chunk. The journal lists them as written.
  const tournament::ChunkPlan plan(2, 20, 10);
  const std::vector<ChunkResult> journal = {entry(0, 0, 0, 10, 100), entry(0, 1, 10, 14, 140),
                                            entry(1, 0, 0, 10, 250), entry(0, 1, 14, 20, 300),
                                            entry(1, 1, 10, 20, 390)};
  // In any order: sizes, not positions in the journal, say where the bytes are.
  std::vector<ChunkResult> shuffled = {journal[3], journal[0], journal[4], journal[2], journal[1]};
  for (const auto& entries : {journal, shuffled}) {
    const auto chunks = dataset::chunk_records(plan, entries);
    ASSERT_EQ(chunks.size(), 4u);
    EXPECT_EQ(chunks[1].global, 1);
    ASSERT_EQ(chunks[1].pieces.size(), 2u);
    EXPECT_EQ(chunks[1].pieces[0].begin, 100u);
    EXPECT_EQ(chunks[1].pieces[0].end, 140u);
    EXPECT_EQ(chunks[1].pieces[1].begin, 250u);
    EXPECT_EQ(chunks[1].pieces[1].end, 300u);
    EXPECT_EQ(chunks[2].id.task, 1);
    EXPECT_EQ(chunks[2].pieces[0].begin, 140u);
    EXPECT_EQ(chunks[2].pieces[0].end, 250u);
    EXPECT_EQ(chunks[3].pieces[0].begin, 300u);
  }
}

TEST(ChunkRecords, AnUnfinishedRunIsRefused) {
  const tournament::ChunkPlan plan(1, 20, 10);
  const auto refusal = [&](const std::vector<ChunkResult>& journal) {
    try {
      dataset::chunk_records(plan, journal);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal({entry(0, 0, 0, 10, 10)}).find("chunk 1 of pairing 1 (deals 10-20)"),
            std::string::npos);
  EXPECT_NE(refusal({entry(0, 0, 0, 10, 10), entry(0, 1, 10, 15, 20)}).find("not finished"),
            std::string::npos);
  EXPECT_NE(refusal({entry(0, 0, 0, 10, 10), entry(0, 1, 10, 20, 20), entry(0, 2, 20, 30, 30)})
                .find("not a chunk of this experiment"),
            std::string::npos);
  EXPECT_EQ(refusal({entry(0, 0, 0, 10, 10), entry(0, 1, 10, 20, 20)}), "accepted");
}

TEST(ChunkRecords, LinesAreReadAndCheckedByHash) {
  test_files::TempDir tmp;
  const std::string path = tmp.sub("games.jsonl");
  const std::string first = "{\"a\":1}\n{\"a\":2}\n", second = "{\"a\":3}\n";
  test_files::write_text(path, first + second);
  const tournament::ChunkPlan plan(1, 2, 1);
  std::vector<ChunkResult> journal = {entry(0, 0, 0, 1, first.size()),
                                      entry(0, 1, 1, 2, first.size() + second.size())};
  journal[0].records_hash = common::fnv1a(first);
  journal[1].records_hash = common::fnv1a(second);
  const auto chunks = dataset::chunk_records(plan, journal);
  EXPECT_EQ(dataset::read_chunk_lines(path, chunks[0]),
            (std::vector<std::string>{"{\"a\":1}", "{\"a\":2}"}));
  EXPECT_EQ(dataset::read_chunk_lines(path, chunks[1]), (std::vector<std::string>{"{\"a\":3}"}));
  test_files::write_text(path, first + "{\"a\":4}\n");  // a record edited after the run
  EXPECT_THROW(
      {
        try {
          dataset::read_chunk_lines(path, chunks[1]);
        } catch (const std::runtime_error& e) {
          EXPECT_NE(std::string(e.what()).find("do not match the hash"), std::string::npos);
          throw;
        }
      },
      std::runtime_error);
  test_files::write_text(path, first);  // cut short
  EXPECT_THROW(dataset::read_chunk_lines(path, chunks[1]), std::runtime_error);
}

}  // namespace
