// Stopping inside a chunk (issue 21): a run stopped between deals journals the finished first
// deals of the chunk in play as a piece of it, and the resumed run, which plays the rest, ends
// with the tables and game records of a run never interrupted. The chunk tally joins pieces.
//
// Expected values come from a second, uninterrupted run of the same experiment, or are listed by
// hand (the pieces' bounds and sums).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "arena/tournament/run/chunk_tally.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/journal.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using test_files::csv_without_timings;
using test_files::markdown_without_timings;
using test_files::read_text;
using test_files::split_lines;
using test_files::TempDir;

ExperimentConfig head_to_head(const std::string& out, int threads) {
  ExperimentConfig c;
  c.name = "stop_mid_chunk_test";
  c.players = {"heuristic", "random"};
  c.format = Format::kHeadToHead;
  c.deals = 95;
  c.chunk = 40;  // chunks of deals 0-40, 40-80, 80-95
  c.seed = 77;
  c.threads = threads;
  c.out_dir = out;
  c.games_out = out + "/games.jsonl";
  c.quiet = true;
  return c;
}

// Stops once should_stop has been asked more than `calls` times.
RunHooks stop_after_calls(std::atomic<int>& asked, int calls) {
  RunHooks hooks;
  hooks.should_stop = [&asked, calls] { return asked.fetch_add(1) >= calls; };
  return hooks;
}

// The journal's entries as (begin, end) of each line, in order.
std::vector<std::pair<std::int64_t, std::int64_t>> journal_bounds(const std::string& path) {
  std::vector<std::pair<std::int64_t, std::int64_t>> bounds;
  for (const ChunkResult& r : read_journal(path).entries)
    bounds.emplace_back(r.chunk.begin, r.chunk.end);
  return bounds;
}

void expect_same_results(const ExperimentConfig& a, const ExperimentConfig& b) {
  EXPECT_EQ(csv_without_timings(read_text(a.out_dir + "/summary.csv")),
            csv_without_timings(read_text(b.out_dir + "/summary.csv")));
  EXPECT_EQ(markdown_without_timings(read_text(a.out_dir + "/summary.md")),
            markdown_without_timings(read_text(b.out_dir + "/summary.md")));
  EXPECT_EQ(read_text(a.games_out), read_text(b.games_out)) << "the game records differ";
}

TEST(StopMidChunkTest, OneThreadJournalsTheFinishedDealsAndResumesToTheSameResults) {
  TempDir tmp;
  const ExperimentConfig full = head_to_head(tmp.sub("full"), 1);
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), full).run.complete);

  const ExperimentConfig c = head_to_head(tmp.sub("stopped"), 1);
  // On one thread the asks come in a fixed order: 1 before chunk 0, then 2 per deal (before it
  // and between its games), so 1 + 80 + 1 asks finish chunk 0 and start chunk 1, and 18 more
  // play deals 40-48: the 101st ask (before deal 49) stops.
  std::atomic<int> asked = 0;
  const auto first =
      run_experiment(strategies::Registry::builtin(), c, stop_after_calls(asked, 100));
  ASSERT_FALSE(first.run.complete);
  EXPECT_EQ(first.run.games_played, 49 * 2);
  const std::vector<std::pair<std::int64_t, std::int64_t>> pieces{{0, 40}, {40, 49}};
  EXPECT_EQ(journal_bounds(journal_path(c)), pieces);
  EXPECT_EQ(split_lines(read_text(c.games_out + ".partial")).size(), 49u * 2);

  // A second stop inside the same chunk: deal 49's first game, then the ask between its games.
  asked = 0;
  const auto second =
      run_experiment(strategies::Registry::builtin(), c, stop_after_calls(asked, 2));
  ASSERT_FALSE(second.run.complete);
  EXPECT_EQ(second.run.games_played, 0) << "the abandoned deal counts nothing";
  EXPECT_EQ(journal_bounds(journal_path(c)), pieces);

  const auto last = run_experiment(strategies::Registry::builtin(), c);
  ASSERT_TRUE(last.run.complete);
  EXPECT_EQ(last.run.games_played, (95 - 49) * 2);
  expect_same_results(full, c);
}

TEST(StopMidChunkTest, TwoThreadsStoppedAnywhereResumeToTheSameResults) {
  TempDir tmp;
  const ExperimentConfig full = head_to_head(tmp.sub("full"), 2);
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), full).run.complete);
  for (const int calls : {5, 61, 137}) {
    const ExperimentConfig c = head_to_head(tmp.sub("stopped-" + std::to_string(calls)), 2);
    std::atomic<int> asked = 0;
    ASSERT_FALSE(run_experiment(strategies::Registry::builtin(), c, stop_after_calls(asked, calls))
                     .run.complete);
    const auto resumed = run_experiment(strategies::Registry::builtin(), c);
    ASSERT_TRUE(resumed.run.complete);
    expect_same_results(full, c);
  }
}

// The live counts of a stopped run are what its journal holds, deal for deal: a deal finished
// past an abandoned one is taken back (it is not journalled).
TEST(StopMidChunkTest, LiveCountsOfAStoppedRunAreWhatTheJournalHolds) {
  TempDir tmp;
  for (const int calls : {3, 17, 29, 50, 77, 120, 151, 163}) {
    const ExperimentConfig c = head_to_head(tmp.sub("run-" + std::to_string(calls)), 2);
    std::atomic<int> asked = 0;
    RunHooks hooks = stop_after_calls(asked, calls);
    LiveProgress live;
    hooks.progress = &live;
    ASSERT_FALSE(run_experiment(strategies::Registry::builtin(), c, hooks).run.complete);
    PairingTotals journalled;
    for (const ChunkResult& r : read_journal(journal_path(c)).entries) journalled.merge(r.totals);
    const ProgressSnapshot s = live.snapshot();
    ASSERT_EQ(s.pairings.size(), 1u);
    EXPECT_EQ(s.deals_done, journalled.deals);
    EXPECT_EQ(s.games_done, journalled.games);
    EXPECT_EQ(s.pairings[0].a_net, journalled.a_net);
  }
}

ExperimentConfig tally_config() {
  ExperimentConfig c;
  c.players = {"a", "b"};
  c.format = Format::kHeadToHead;
  c.deals = 30;
  c.chunk = 10;
  return c;
}

ChunkResult piece(std::int64_t index, std::int64_t begin, std::int64_t end, std::int64_t net) {
  ChunkResult r{{0, index, begin, end}, {}, 0};
  for (std::int64_t d = begin; d < end; ++d)
    r.totals.add(DealTally{.games = 2, .a_net = static_cast<int>(net)});
  return r;
}

TEST(ChunkTallyPiecesTest, PiecesInOrderMakeTheirChunk) {
  const ExperimentConfig c = tally_config();
  std::vector<TaskResult> tasks(1);
  ChunkTally tally(c, tasks);
  EXPECT_TRUE(tally.add(piece(0, 0, 10, 1)));
  EXPECT_EQ(tally.resume_point(1), 10) << "an absent chunk resumes at its begin";
  EXPECT_TRUE(tally.add(piece(1, 10, 13, 2)));
  EXPECT_EQ(tally.resume_point(1), 13);
  EXPECT_EQ(tally.find(1), nullptr) << "a chunk is not there before its last deal";
  EXPECT_EQ(tally.summed_chunks(0), 1);
  EXPECT_FALSE(tally.add(piece(1, 10, 12, 2))) << "deals already here";
  EXPECT_THROW(tally.add(piece(1, 14, 20, 2)), ConfigError) << "a gap after deal 13";
  EXPECT_THROW(tally.add(piece(1, 13, 21, 2)), ConfigError) << "past the chunk's end";
  EXPECT_TRUE(tally.add(piece(1, 13, 20, 3)));
  ASSERT_NE(tally.find(1), nullptr);
  EXPECT_EQ(tally.find(1)->chunk.begin, 10);
  EXPECT_EQ(tally.find(1)->chunk.end, 20);
  EXPECT_EQ(tally.summed_chunks(0), 2);
  const PairingTotals totals = tally.results().front().totals;  // results() returns a copy
  EXPECT_EQ(totals.deals, 20);
  EXPECT_EQ(totals.a_net.sum, 10 * 1 + 3 * 2 + 7 * 3);
  EXPECT_EQ(totals.a_net.sum_sq, 10 * 1 + 3 * 4 + 7 * 9);
  EXPECT_FALSE(tally.add(piece(1, 10, 20, 0))) << "the whole chunk is here already";
}

}  // namespace
}  // namespace tournament
