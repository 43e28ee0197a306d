// The hand-out of chunks behind `dominoes run --mpi` (chunk_dispatcher.h), without MPI: several
// simulated ranks hold chunks at once and give them back out of order, and the tables must be
// those of a plain run of the same config (run_experiment, the independent reference), every
// chunk handed out once, journalled chunks never again, and no more chunks of a pairing once
// its SPRT has decided.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/tournament/chunk_dispatcher.h"
#include "engine/tournament/chunk_player.h"
#include "engine/tournament/experiment.h"
#include "engine/tournament/journal.h"
#include "engine/tournament/tables.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using test_files::csv_without_timings;
using test_files::read_text;
using test_files::TempDir;

const strategies::Registry& builtin() { return strategies::Registry::builtin(); }

ExperimentConfig round_robin(const std::string& out) {
  ExperimentConfig c;
  c.name = "dispatch";
  c.players = {"random", "lowest", "heuristic"};
  c.deals = 600;
  c.chunk = 50;
  c.seed = 77;
  c.threads = 1;
  c.out_dir = out;
  c.quiet = true;
  validate(c, builtin());
  return c;
}

// The deals of random vs heuristic differ by several points a game, so p0=0,p1=2 decides long
// before 20,000 deals.
ExperimentConfig sprt_head_to_head(const std::string& out) {
  ExperimentConfig c = round_robin(out);
  c.players = {"heuristic", "random"};
  c.format = Format::kHeadToHead;
  c.deals = 20000;
  c.chunk = 20;
  EXPECT_EQ(parse_sprt_settings("p0=0,p1=2", c.sprt), "");
  c.lineups.clear();
  validate(c, builtin());
  return c;
}

// Plays every chunk the dispatcher hands out with `ranks` chunks out at once, giving them back
// in a shuffled order (the worst a real MPI run could do); returns the global numbers handed out.
std::vector<std::int64_t> play_out_of_order(ChunkDispatcher& dispatcher,
                                            const ExperimentConfig& config, int ranks) {
  const strategies::Registry seated = registry_for(config, builtin());
  const std::vector<TaskResult> tasks = make_tasks(config);
  ChunkPlayer player(seated, config, tasks);
  std::mt19937 shuffle(12345);
  std::vector<ChunkId> out;
  std::vector<std::int64_t> handed;
  for (;;) {
    while (static_cast<int>(out.size()) < ranks) {
      const auto id = dispatcher.next();
      if (!id) break;
      handed.push_back(dispatcher.tally().plan().global(id->task, id->index));
      out.push_back(*id);
    }
    if (out.empty()) return handed;
    EXPECT_EQ(dispatcher.in_flight(), static_cast<std::int64_t>(out.size()));
    std::swap(out[shuffle() % out.size()], out.back());
    dispatcher.finish(player.play(out.back(), nullptr));
    out.pop_back();
  }
}

// summary.csv of `results` without its seconds column.
std::string summary_of(const std::vector<TaskResult>& results, const ExperimentConfig& config) {
  return csv_without_timings(summary_csv(summary_rows(results, config)));
}

ChunkDispatcher open_dispatcher(const ExperimentConfig& config, const std::string& dir) {
  return ChunkDispatcher(config, make_tasks(config),
                         Journal::open(dir + "/journal.txt", result_keys(config), false));
}

TEST(ChunkDispatcherTest, OutOfOrderChunksGiveThePlainRunsTables) {
  TempDir tmp;
  const ExperimentConfig plain = round_robin(tmp.sub("plain"));
  run_experiment(builtin(), plain);
  const ExperimentConfig config = round_robin(tmp.sub("dispatched"));
  std::filesystem::create_directories(config.out_dir);
  ChunkDispatcher dispatcher = open_dispatcher(config, config.out_dir);
  const auto handed = play_out_of_order(dispatcher, config, 3);
  // Every chunk once, in global order.
  ASSERT_EQ(static_cast<std::int64_t>(handed.size()), dispatcher.tally().plan().size());
  for (std::size_t i = 0; i < handed.size(); ++i) EXPECT_EQ(handed[i], static_cast<std::int64_t>(i));
  EXPECT_TRUE(dispatcher.complete());
  EXPECT_EQ(dispatcher.in_flight(), 0);
  EXPECT_EQ(dispatcher.games_played(), 3 * 600 * 2);
  EXPECT_EQ(summary_of(dispatcher.tally().results(), config),
            csv_without_timings(read_text(plain.out_dir + "/summary.csv")));
}

TEST(ChunkDispatcherTest, JournalledChunksAreNotHandedOutAgain) {
  TempDir tmp;
  const ExperimentConfig plain = round_robin(tmp.sub("plain"));
  run_experiment(builtin(), plain);
  // A plain run stopped after 7 chunks leaves them in its journal.
  const ExperimentConfig config = round_robin(tmp.sub("resumed"));
  RunHooks stop;
  stop.stop_after_chunks = 7;
  ASSERT_FALSE(run_experiment(builtin(), config, stop).run.complete);
  const std::string journal = config.out_dir + "/journal.txt";
  std::set<std::int64_t> journalled;
  ChunkDispatcher dispatcher = open_dispatcher(config, config.out_dir);
  for (const JournalEntry& e : read_journal(journal).entries)
    journalled.insert(dispatcher.tally().plan().global(e.task, e.index));
  ASSERT_EQ(journalled.size(), 7u);
  EXPECT_EQ(dispatcher.resumed_chunks(), 7);
  const auto handed = play_out_of_order(dispatcher, config, 2);
  EXPECT_EQ(static_cast<std::int64_t>(handed.size()), dispatcher.tally().plan().size() - 7);
  for (const std::int64_t g : handed) EXPECT_FALSE(journalled.count(g)) << "chunk " << g;
  EXPECT_EQ(summary_of(dispatcher.tally().results(), config),
            csv_without_timings(read_text(plain.out_dir + "/summary.csv")));
}

TEST(ChunkDispatcherTest, SprtStopsTheHandOutAndKeepsThePlainRunsStoppingPoint) {
  TempDir tmp;
  const ExperimentConfig plain = sprt_head_to_head(tmp.sub("plain"));
  const auto reference = run_experiment(builtin(), plain);
  const std::int64_t decided_at = reference.run.tasks.front().totals.deals;
  ASSERT_LT(decided_at, plain.deals) << "the test did not stop early: make p1 smaller";
  const ExperimentConfig config = sprt_head_to_head(tmp.sub("dispatched"));
  std::filesystem::create_directories(config.out_dir);
  ChunkDispatcher dispatcher = open_dispatcher(config, config.out_dir);
  constexpr int kRanks = 4;
  const auto handed = play_out_of_order(dispatcher, config, kRanks);
  // Every chunk up to the deciding one, and not all the rest: chunks after it went out only
  // while an earlier one was still out.
  EXPECT_GE(static_cast<std::int64_t>(handed.size()), decided_at / config.chunk);
  EXPECT_LT(static_cast<std::int64_t>(handed.size()), dispatcher.tally().plan().size() / 2);
  EXPECT_TRUE(dispatcher.complete());
  EXPECT_FALSE(dispatcher.next());
  EXPECT_EQ(dispatcher.tally().results().front().totals.deals, decided_at);
  EXPECT_EQ(summary_of(dispatcher.tally().results(), config),
            csv_without_timings(read_text(plain.out_dir + "/summary.csv")));
}

TEST(ChunkDispatcherTest, RefusesAChunkNotHandedOutAndStopsOnRequest) {
  TempDir tmp;
  const ExperimentConfig config = round_robin(tmp.sub("run"));
  std::filesystem::create_directories(config.out_dir);
  ChunkDispatcher dispatcher = open_dispatcher(config, config.out_dir);
  const auto first = dispatcher.next();
  ASSERT_TRUE(first);
  JournalEntry stray{0, 3, 150, 200, {}, 0};  // a real chunk, never handed out
  EXPECT_THROW(dispatcher.finish(stray), ConfigError);
  JournalEntry foreign{0, 0, 0, 49, {}, 0};  // not a chunk of this plan
  EXPECT_THROW(dispatcher.finish(foreign), ConfigError);
  dispatcher.stop();
  EXPECT_FALSE(dispatcher.next());
  EXPECT_EQ(dispatcher.in_flight(), 1);  // the chunk out before the stop may still come back
  const JournalEntry back{first->task, first->index, first->begin, first->end, {}, 0};
  dispatcher.finish(back);
  EXPECT_THROW(dispatcher.finish(back), ConfigError);  // twice
  EXPECT_EQ(dispatcher.in_flight(), 0);
  EXPECT_FALSE(dispatcher.complete());
}

}  // namespace
}  // namespace tournament
