// Fixed-width stopping (`precision`, chunk_tally.h). The independent fact is a run of the same
// experiment without it: its journal holds every chunk, and this file sums them in deal order
// itself to find where each pairing's interval first becomes narrow enough. The stopping run must
// stop exactly there, with the totals of that prefix, on 1 or 2 threads and through shards and
// their merge.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/scale/merge.h"
#include "arena/tournament/scale/shard_run.h"
#include "arena/tournament/stats/statistics.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;
using test_files::csv_without_timings;
using test_files::read_text;
using test_files::TempDir;

const strategies::Registry& builtin() {
  return strategies::Registry::builtin();
}

ExperimentConfig round_robin(const std::string& out, double precision, int threads) {
  ExperimentConfig c;
  c.name = "precision_test";
  c.players = {"random", "lowest", "heuristic"};
  c.deals = 3000;
  c.chunk = 50;
  c.seed = 97;
  c.threads = threads;
  c.quiet = true;
  c.precision = precision;
  c.out_dir = out;
  return c;
}

struct Prefix {
  std::int64_t deals = 0;
  double points_per_game = 0;
  double half_width = 0;
};

// Each pairing's running sums over its chunks in deal order, from a complete run's journal: one
// Prefix per chunk.
std::map<int, std::vector<Prefix>> prefixes_of(const std::string& journal) {
  std::vector<ChunkResult> entries = read_journal(journal).entries;
  std::sort(entries.begin(), entries.end(), [](const ChunkResult& a, const ChunkResult& b) {
    return a.chunk.task != b.chunk.task ? a.chunk.task < b.chunk.task
                                        : a.chunk.index < b.chunk.index;
  });
  std::map<int, std::vector<Prefix>> out;
  std::map<int, PairingTotals> sums;
  for (const ChunkResult& e : entries) {
    PairingTotals& t = sums[e.chunk.task];
    t.merge(e.totals);
    const MeanEstimate m = estimate_mean_per_game(t.a_net, 2);
    out[e.chunk.task].push_back({t.deals, m.mean, m.ci95});
  }
  return out;
}

// Where the rule must stop a pairing: the first prefix of at least kPrecisionMinDeals deals whose
// interval is at most `precision` wide (and not zero wide); the last when none is.
Prefix expected_stop(const std::vector<Prefix>& prefixes, double precision) {
  for (const Prefix& p : prefixes)
    if (p.deals >= kPrecisionMinDeals && p.half_width > 0 && p.half_width <= precision) return p;
  return prefixes.back();
}

nlohmann::json summary_rows(const std::string& dir) {
  return nlohmann::json::parse(read_text(dir + "/summary.json"))["rows"];
}

TEST(PrecisionStopTest, StopsEachPairingAtTheFirstChunkNarrowEnough) {
  TempDir tmp;
  // One shard of one plays every chunk and keeps its journal (a complete run removes its own).
  const std::string full = tmp.sub("full");
  ASSERT_TRUE(run_shard(builtin(), round_robin(full, 0, 2), {0, 1}).run.complete);
  const auto prefixes = prefixes_of(full + "/shard-0-of-1/" + kJournalFile);
  ASSERT_EQ(prefixes.size(), 3u);
  // A target every pairing reaches before its last chunk: 1.5 x the widest final interval.
  double widest = 0;
  for (const auto& [task, p] : prefixes) widest = std::max(widest, p.back().half_width);
  const double precision = 1.5 * widest;

  for (int threads : {1, 2}) {
    const std::string dir = tmp.sub("stop" + std::to_string(threads));
    ASSERT_TRUE(run_experiment(builtin(), round_robin(dir, precision, threads)).run.complete);
    const nlohmann::json rows = summary_rows(dir);
    ASSERT_EQ(rows.size(), 3u);
    int stopped_early = 0;
    for (const auto& [task, p] : prefixes) {
      const Prefix stop = expected_stop(p, precision);
      const auto& row = rows[static_cast<std::size_t>(task)];
      EXPECT_EQ(row["deals_played"].get<std::int64_t>(), stop.deals) << "pairing " << task;
      EXPECT_DOUBLE_EQ(row["a_points_per_game"].get<double>(), stop.points_per_game);
      EXPECT_LE(row["a_points_ci95"].get<double>(), precision);
      stopped_early += stop.deals < 3000;
    }
    EXPECT_EQ(stopped_early, 3);
    const std::string md = read_text(dir + "/summary.md");
    EXPECT_NE(md.find("at most 3000 deals"), std::string::npos);
    EXPECT_NE(md.find("3 of 3 pairings got there"), std::string::npos) << md;
  }
  EXPECT_EQ(csv_without_timings(read_text(tmp.sub("stop1/summary.csv"))),
            csv_without_timings(read_text(tmp.sub("stop2/summary.csv"))));
}

TEST(PrecisionStopTest, ShardsPlayEverythingAndTheMergeStopsWhereTheRunDoes) {
  TempDir tmp;
  const std::string plain = tmp.sub("plain");
  const double precision = 0.9;
  ASSERT_TRUE(run_experiment(builtin(), round_robin(plain, precision, 2)).run.complete);
  const std::string sharded = tmp.sub("sharded");
  const ExperimentConfig config = round_robin(sharded, precision, 1);
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(run_shard(builtin(), config, {k, 3}).run.complete);
  merge_shards(builtin(), sharded, false);
  const nlohmann::json rows = summary_rows(sharded);
  EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](const auto& r) {
    return r["deals_played"].template get<int>() < 3000;
  })) << "the target should stop some pairing early";
  EXPECT_EQ(csv_without_timings(read_text(plain + "/summary.csv")),
            csv_without_timings(read_text(sharded + "/summary.csv")));
}

// A partial merge never applies the rule across a gap, and says so: with only shard 0 of 3 every
// pairing has a gap at its second chunk, before the rule's first check.
TEST(PrecisionStopTest, APartialMergeClaimsNoStopItDidNotCheck) {
  TempDir tmp;
  const std::string dir = tmp.sub("partial");
  const ExperimentConfig config = round_robin(dir, 5.0, 1);  // a target every pairing would reach
  ASSERT_TRUE(run_shard(builtin(), config, {0, 3}).run.complete);
  merge_shards(builtin(), dir, true);
  const std::string md = read_text(dir + "/summary.md");
  EXPECT_NE(md.find("0 of 3 pairings got there"), std::string::npos) << md;
}

// A partial merge of a round robin in which some pairing has no game yet writes its tables
// without ratings (nothing to rate that pairing by) instead of failing.
TEST(PrecisionStopTest, APartialMergeWithAnUnplayedPairingSkipsTheRatings) {
  TempDir tmp;
  const std::string dir = tmp.sub("unplayed");
  ExperimentConfig config = round_robin(dir, 0, 1);
  config.deals = 200;
  config.chunk = 200;  // one chunk per pairing: shard 0 of 3 plays only the first pairing
  ASSERT_TRUE(run_shard(builtin(), config, {0, 3}).run.complete);
  merge_shards(builtin(), dir, true);
  EXPECT_TRUE(fs::exists(dir + "/summary.csv"));
  EXPECT_FALSE(fs::exists(dir + "/ratings.csv"));
  EXPECT_TRUE(nlohmann::json::parse(read_text(dir + "/summary.json"))["ratings"].is_null());
}

TEST(PrecisionStopTest, IsAResultKeyWrittenToTheConfig) {
  ExperimentConfig c = round_robin("unused", 0.25, 1);
  const auto keys = result_keys(c);
  EXPECT_NE(
      std::find(keys.begin(), keys.end(), std::pair<std::string, std::string>("precision", "0.25")),
      keys.end());
  EXPECT_NE(to_ini(c).find("precision = 0.25"), std::string::npos);
  c.precision = 0;
  for (const auto& [key, value] : result_keys(c)) EXPECT_NE(key, "precision");
}

}  // namespace
}  // namespace tournament
