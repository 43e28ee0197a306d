// The chunk source of every run (run/chunk_source.h) as `dominoes run --mpi` drives it, without
// MPI: several simulated ranks hold chunks at once and give them back out of order, and the tables
// must be those of a plain run of the same config (run_experiment, the independent reference),
// every chunk handed out once, journalled chunks never again, and no more chunks of a pairing
// once its SPRT has decided; a shard's source hands out only the chunks it owns.
#include "arena/tournament/run/chunk_source.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "arena/tournament/report/cross_tables.h"
#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/write_tables.h"
#include "arena/tournament/run/chunk_player.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/journal.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using test_files::csv_without_timings;
using test_files::read_text;
using test_files::TempDir;

const strategies::Registry& builtin() {
  return strategies::Registry::builtin();
}

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

// Plays every chunk the source hands out with `ranks` chunks out at once, giving them back in a
// shuffled order (the worst a real MPI run could do); returns the global numbers handed out.
std::vector<std::int64_t> play_out_of_order(ChunkSource& source, const ExperimentConfig& config,
                                            int ranks) {
  const strategies::Registry seated = registry_for(config, builtin());
  ChunkPlayer player(seated, config);
  std::mt19937 shuffle(12345);
  std::vector<ChunkId> out;
  std::vector<std::int64_t> handed;
  for (;;) {
    while (static_cast<int>(out.size()) < ranks) {
      const auto id = source.next();
      if (!id) break;
      handed.push_back(source.plan().global(*id));
      out.push_back(*id);
    }
    if (out.empty()) return handed;
    EXPECT_EQ(source.in_flight(), static_cast<std::int64_t>(out.size()));
    std::swap(out[shuffle() % out.size()], out.back());
    source.finish(player.play(out.back(), nullptr));
    out.pop_back();
  }
}

// summary.csv of `results` without its seconds column.
std::string summary_of(const std::vector<TaskResult>& results, const ExperimentConfig& config) {
  return csv_without_timings(summary_csv(summary_rows(results, config)));
}

const RunHooks kNoHooks;

// The source of a whole run of `config` journalled in its output directory, as rank 0 opens it.
RunTarget whole_run(const ExperimentConfig& config) {
  return {config.out_dir + "/journal.txt", result_keys(config), "", Shard{}};
}

TEST(ChunkSourceTest, OutOfOrderChunksGiveThePlainRunsTables) {
  TempDir tmp;
  const ExperimentConfig plain = round_robin(tmp.sub("plain"));
  run_experiment(builtin(), plain);
  const ExperimentConfig config = round_robin(tmp.sub("dispatched"));
  std::filesystem::create_directories(config.out_dir);
  ChunkSource source(config, whole_run(config), kNoHooks);
  const auto handed = play_out_of_order(source, config, 3);
  // Every chunk once, in global order.
  ASSERT_EQ(static_cast<std::int64_t>(handed.size()), source.plan().size());
  for (std::size_t i = 0; i < handed.size(); ++i)
    EXPECT_EQ(handed[i], static_cast<std::int64_t>(i));
  EXPECT_TRUE(source.complete());
  EXPECT_EQ(source.in_flight(), 0);
  const RunResult result = source.close(1);
  EXPECT_EQ(result.games_played, 3 * 600 * 2);
  EXPECT_EQ(summary_of(result.tasks, config),
            csv_without_timings(read_text(plain.out_dir + "/summary.csv")));
}

TEST(ChunkSourceTest, JournalledChunksAreNotHandedOutAgain) {
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
  ChunkSource source(config, whole_run(config), kNoHooks);
  for (const ChunkResult& e : read_journal(journal).entries)
    journalled.insert(source.plan().global(e.chunk));
  ASSERT_EQ(journalled.size(), 7u);
  const auto handed = play_out_of_order(source, config, 2);
  EXPECT_EQ(static_cast<std::int64_t>(handed.size()), source.plan().size() - 7);
  for (const std::int64_t g : handed) EXPECT_FALSE(journalled.count(g)) << "chunk " << g;
  const RunResult result = source.close(1);
  EXPECT_EQ(result.resumed_chunks, 7);
  EXPECT_EQ(summary_of(result.tasks, config),
            csv_without_timings(read_text(plain.out_dir + "/summary.csv")));
}

TEST(ChunkSourceTest, SprtStopsTheHandOutAndKeepsThePlainRunsStoppingPoint) {
  TempDir tmp;
  const ExperimentConfig plain = sprt_head_to_head(tmp.sub("plain"));
  const auto reference = run_experiment(builtin(), plain);
  const std::int64_t decided_at = reference.run.tasks.front().totals.deals;
  ASSERT_LT(decided_at, plain.deals) << "the test did not stop early: make p1 smaller";
  const ExperimentConfig config = sprt_head_to_head(tmp.sub("dispatched"));
  std::filesystem::create_directories(config.out_dir);
  ChunkSource source(config, whole_run(config), kNoHooks);
  constexpr int kRanks = 4;
  const auto handed = play_out_of_order(source, config, kRanks);
  // Every chunk up to the deciding one, and not all the rest: chunks after it went out only
  // while an earlier one was still out.
  EXPECT_GE(static_cast<std::int64_t>(handed.size()), decided_at / config.chunk);
  EXPECT_LT(static_cast<std::int64_t>(handed.size()), source.plan().size() / 2);
  EXPECT_TRUE(source.complete());
  EXPECT_FALSE(source.next());
  const RunResult result = source.close(1);
  EXPECT_EQ(result.tasks.front().totals.deals, decided_at);
  EXPECT_EQ(summary_of(result.tasks, config),
            csv_without_timings(read_text(plain.out_dir + "/summary.csv")));
}

TEST(ChunkSourceTest, RefusesAChunkNotHandedOutAndStopsOnRequest) {
  TempDir tmp;
  const ExperimentConfig config = round_robin(tmp.sub("run"));
  std::filesystem::create_directories(config.out_dir);
  ChunkSource source(config, whole_run(config), kNoHooks);
  const auto first = source.next();
  ASSERT_TRUE(first);
  const ChunkResult stray{{0, 3, 150, 200}, {}, 0};  // a real chunk, never handed out
  EXPECT_THROW(source.finish(stray), ConfigError);
  const ChunkResult foreign{{0, 0, 0, 51}, {}, 0};  // ends past its chunk: not of this plan
  EXPECT_THROW(source.finish(foreign), ConfigError);
  source.stop();
  EXPECT_FALSE(source.next());
  EXPECT_EQ(source.in_flight(), 1);  // the chunk out before the stop may still come back
  const ChunkResult back{*first, {}, 0};
  source.finish(back);
  EXPECT_THROW(source.finish(back), ConfigError);  // twice
  EXPECT_EQ(source.in_flight(), 0);
  EXPECT_FALSE(source.complete());
}

// A shard's source: only the chunks whose global number is K modulo N, in global order, and all
// of them, since a shard cannot know whether a pairing's stopping rule has decided.
TEST(ChunkSourceTest, AShardHandsOutOnlyItsOwnChunks) {
  TempDir tmp;
  const ExperimentConfig config = sprt_head_to_head(tmp.sub("shard"));
  std::filesystem::create_directories(config.out_dir);
  const Shard shard{2, 3};
  ChunkSource source(config, {config.out_dir + "/journal.txt", result_keys(config), "", shard},
                     kNoHooks);
  std::int64_t expected = 2;
  std::int64_t handed = 0;
  while (const auto id = source.next()) {
    ASSERT_EQ(source.plan().global(*id), expected) << "chunk " << handed;
    expected += 3;
    ++handed;
    if (handed == 3) break;  // enough to see the pattern; the rest is the same arithmetic
  }
  EXPECT_EQ(handed, 3);
  EXPECT_FALSE(source.complete()) << "its later chunks are still wanted";
}

// Hooks stop the hand-out: after stop_after_chunks chunks finished, or when should_stop says so.
TEST(ChunkSourceTest, HooksStopTheHandOut) {
  TempDir tmp;
  const ExperimentConfig config = round_robin(tmp.sub("run"));
  std::filesystem::create_directories(config.out_dir);
  RunHooks hooks;
  hooks.stop_after_chunks = 2;
  int progress_calls = 0;
  hooks.on_chunk = [&](const RunProgress& p) {
    ++progress_calls;
    EXPECT_EQ(p.deals_this_run, progress_calls * config.chunk);
  };
  ChunkSource source(config, whole_run(config), hooks);
  for (int i = 0; i < 2; ++i) {
    const auto id = source.next();
    ASSERT_TRUE(id);
    source.finish({*id, {}, 0});
  }
  EXPECT_FALSE(source.next()) << "two chunks written: stop";
  EXPECT_EQ(progress_calls, 2);
  bool asked = false;
  RunHooks interrupt;
  interrupt.should_stop = [&] { return asked = true; };
  ChunkSource interrupted(config, whole_run(config), interrupt);
  EXPECT_FALSE(interrupted.next());
  EXPECT_TRUE(asked);
}

}  // namespace
}  // namespace tournament
