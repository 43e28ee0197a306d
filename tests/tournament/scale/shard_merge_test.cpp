// Shards and their merge (issue 11): the global chunk order, the in-order tally, and `dominoes
// merge`'s tables against an unsharded run of the same experiment in the same directory (the
// independent fact: the single-machine runner), with every refusal the merge promises.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arena/tournament/run/chunk_plan.h"
#include "arena/tournament/run/chunk_tally.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/run/run_tasks.h"
#include "arena/tournament/scale/merge.h"
#include "arena/tournament/scale/shard_run.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;
using test_files::csv_without_timings;
using test_files::read_text;
using test_files::split_lines;
using test_files::TempDir;
using test_files::write_text;

const strategies::Registry& builtin() {
  return strategies::Registry::builtin();
}

// --- ChunkPlan and Shard -------------------------------------------------------------------------

TEST(ChunkPlanTest, NumbersChunksPairingMajorWithAShortLastChunk) {
  const ChunkPlan plan(2, 250, 100);  // 3 chunks per pairing: 0-100, 100-200, 200-250
  EXPECT_EQ(plan.chunks_per_task(), 3);
  EXPECT_EQ(plan.size(), 6);
  const ChunkId c4 = plan.chunk(4);
  EXPECT_EQ(c4.task, 1);
  EXPECT_EQ(c4.index, 1);
  EXPECT_EQ(c4.begin, 100);
  EXPECT_EQ(c4.end, 200);
  const ChunkId c5 = plan.chunk(5);
  EXPECT_EQ(c5.begin, 200);
  EXPECT_EQ(c5.end, 250);
  EXPECT_EQ(plan.global(1, 2), 5);
  EXPECT_TRUE(plan.contains({1, 2, 200, 250}));
  EXPECT_FALSE(plan.contains({1, 2, 200, 300})) << "wrong bounds";
  EXPECT_FALSE(plan.contains({2, 0, 0, 100})) << "no third pairing";
}

TEST(ChunkPlanTest, ShardsSplitTheChunksWithoutOverlap) {
  const ChunkPlan plan(3, 1000, 70);  // 15 chunks per pairing, 45 in all
  for (int n = 1; n <= 7; ++n) {
    std::vector<int> owners(plan.size(), 0);
    for (int k = 0; k < n; ++k)
      for (std::int64_t g = 0; g < plan.size(); ++g) owners[g] += Shard{k, n}.owns(g);
    for (std::int64_t g = 0; g < plan.size(); ++g) EXPECT_EQ(owners[g], 1) << n << " " << g;
  }
  EXPECT_TRUE(Shard({1, 4}).owns(5));
  EXPECT_FALSE(Shard({1, 4}).owns(6));
}

TEST(ChunkPlanTest, ParsesShardsAndTheirDirectories) {
  const Shard s = parse_shard("2/5");
  EXPECT_EQ(s.index, 2);
  EXPECT_EQ(s.count, 5);
  EXPECT_EQ(s.directory(), "shard-2-of-5");
  for (const char* bad : {"5/5", "-1/2", "1/0", "a/b", "1", "", "1/2/3", "0/100001"})
    EXPECT_THROW(parse_shard(bad), ConfigError) << bad;
  Shard d;
  EXPECT_TRUE(parse_shard_directory("shard-1-of-3", d));
  EXPECT_EQ(d.index, 1);
  EXPECT_EQ(d.count, 3);
  for (const char* bad : {"shard-3-of-3", "shard-01-of-3", "shard-1-of-3x", "shard-1of3"})
    EXPECT_FALSE(parse_shard_directory(bad, d)) << bad;
}

// --- ChunkTally ----------------------------------------------------------------------------------

ExperimentConfig tally_config(std::int64_t deals, std::int64_t chunk) {
  ExperimentConfig c;
  c.players = {"random", "lowest"};
  c.format = Format::kHeadToHead;
  c.deals = deals;
  c.chunk = chunk;
  c.duplicate = false;
  c.out_dir = "unused";
  validate(c, builtin());
  return c;
}

// A hand-made chunk of pairing 0 with one game per deal and every deal's net `net`.
ChunkResult entry(const ExperimentConfig& c, std::int64_t index, int net) {
  ChunkResult e;
  e.chunk.index = index;
  e.chunk.begin = index * c.chunk;
  e.chunk.end = std::min(c.deals, e.chunk.begin + c.chunk);
  const std::int64_t n = e.chunk.end - e.chunk.begin;
  e.totals.deals = e.totals.games = n;
  e.totals.a_wins = net > 0 ? n : 0;
  e.totals.b_wins = net < 0 ? n : 0;
  e.totals.draws = net == 0 ? n : 0;
  e.totals.a_net.n = n;
  e.totals.a_net.sum = net * n;
  e.totals.a_net.sum_sq = static_cast<std::int64_t>(net) * net * n;
  return e;
}

TEST(ChunkTallyTest, SumsInDealOrderWhateverOrderChunksArrive) {
  const ExperimentConfig c = tally_config(30, 10);
  const std::vector<ChunkResult> chunks = {entry(c, 0, 1), entry(c, 1, 2), entry(c, 2, -1)};
  ChunkTally tally(c, make_tasks(c));
  EXPECT_EQ(tally.missing(), (std::vector<std::int64_t>{0, 1, 2}));
  EXPECT_TRUE(tally.add(chunks[2]));
  EXPECT_TRUE(tally.add(chunks[1]));
  EXPECT_FALSE(tally.complete());
  EXPECT_EQ(tally.summed_chunks(0), 0) << "chunk 0 is absent, so nothing is summed yet";
  EXPECT_EQ(tally.missing(), (std::vector<std::int64_t>{0}));
  EXPECT_FALSE(tally.add(chunks[1])) << "a chunk is counted once";
  EXPECT_TRUE(tally.add(chunks[0]));
  EXPECT_TRUE(tally.complete());
  const TaskResult r = tally.results().front();
  EXPECT_EQ(r.totals.deals, 30);
  EXPECT_EQ(r.totals.a_net.sum, 10 + 20 - 10);
  EXPECT_THROW(tally.add({{0, 1, 10, 25}, {}, 0}), ConfigError) << "not a chunk of this plan";
}

TEST(ChunkTallyTest, SkippingGapsSumsEveryChunkPresent) {
  const ExperimentConfig c = tally_config(30, 10);
  ChunkTally tally(c, make_tasks(c));
  tally.add(entry(c, 0, 1));
  tally.add(entry(c, 2, 3));
  EXPECT_EQ(tally.results().front().totals.a_net.sum, 10) << "in order: up to the gap";
  EXPECT_EQ(tally.results(true).front().totals.a_net.sum, 40) << "partial: every chunk present";
}

TEST(ChunkTallyTest, APartialSumNeverDecidesTheTestAcrossAGap) {
  ExperimentConfig c = tally_config(100, 10);
  c.sprt.enabled = true, c.sprt.p0 = 0, c.sprt.p1 = 1;
  ChunkTally tally(c, make_tasks(c));
  ChunkResult even = entry(c, 0, 0);  // net 0 with some variance: no decision
  even.totals.a_net.sum_sq = 40;
  ChunkResult decisive = entry(c, 2, 3);  // would decide H1 if checked after chunk 0
  decisive.totals.a_net.sum_sq += 1;
  tally.add(even);
  tally.add(decisive);  // chunk 1 missing
  const TaskResult partial = tally.results(true).front();
  EXPECT_EQ(partial.totals.deals, 20) << "both chunks present are counted";
  EXPECT_EQ(partial.sprt.decision, SprtDecision::kNone) << "the test stops at the gap";
  EXPECT_EQ(partial.sprt.steps.size(), 1u);
  EXPECT_FALSE(tally.task_done(0));
}

TEST(ChunkTallyTest, AnSprtDecisionEndsThePairingWhateverComesLater) {
  ExperimentConfig c = tally_config(100, 10);
  c.sprt.enabled = true, c.sprt.p0 = 0, c.sprt.p1 = 1;
  // Net +2 per game with variance 0 in the first chunk only: the LLR per game of a mean of 2
  // between means 0 and 1 with a tiny variance is huge, so the test decides H1 at chunk 0.
  ChunkTally tally(c, make_tasks(c));
  ChunkResult first = entry(c, 0, 2);
  first.totals.a_net.sum_sq += 1;  // a little variance, so the estimate is defined
  tally.add(entry(c, 3, -5));      // a later chunk some process played: ignored
  tally.add(first);
  ASSERT_TRUE(tally.task_done(0));
  EXPECT_TRUE(tally.complete());
  EXPECT_TRUE(tally.missing().empty()) << "chunks after the decision are not needed";
  const TaskResult r = tally.results().front();
  EXPECT_EQ(r.sprt.decision, SprtDecision::kH1);
  EXPECT_EQ(r.totals.deals, 10);
  EXPECT_EQ(r.sprt.steps.size(), 1u);
}

// --- Shards and the merge, end to end -----------------------------------------------------------

// summary.json without any measured member: "seconds" and the CPU milliseconds per decision.
nlohmann::json json_without_timings(nlohmann::json j) {
  if (j.is_object()) {
    for (const char* key : test_files::kTimingColumns) j.erase(key);
    for (auto& [key, value] : j.items()) value = json_without_timings(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = json_without_timings(value);
  }
  return j;
}

// Every table file of `a` is in `b` with the same content, the measured times aside.
void expect_same_tables(const fs::path& a, const fs::path& b) {
  int compared = 0;
  for (const char* name : kTableFiles) {
    const fs::path fa = a / name, fb = b / name;
    ASSERT_EQ(fs::exists(fa), fs::exists(fb)) << name;
    if (!fs::exists(fa)) continue;
    ++compared;
    const std::string ta = read_text(fa.string()), tb = read_text(fb.string());
    const std::string file = name;
    if (file == "summary.csv")
      EXPECT_EQ(csv_without_timings(ta), csv_without_timings(tb));
    else if (file == "summary.md")
      EXPECT_EQ(test_files::markdown_without_timings(ta), test_files::markdown_without_timings(tb));
    else if (file == "summary.json")
      EXPECT_EQ(json_without_timings(nlohmann::json::parse(ta)),
                json_without_timings(nlohmann::json::parse(tb)));
    else
      EXPECT_EQ(ta, tb) << name;
  }
  EXPECT_GE(compared, 3);
}

ExperimentConfig experiment(std::vector<std::string> players, std::int64_t deals,
                            const std::string& out) {
  ExperimentConfig c;
  c.name = "shard_test";
  c.players = std::move(players);
  c.deals = deals;
  c.seed = 424242;
  c.threads = 2;
  c.chunk = 40;
  c.quiet = true;
  c.out_dir = out;
  return c;
}

// Runs `config` unsharded into its out_dir and moves the tables to `reference`, so the shards and
// the merge can then use the same out_dir (config.cfg names it).
void run_reference(const ExperimentConfig& config, const fs::path& reference) {
  ASSERT_TRUE(run_experiment(builtin(), config).run.complete);
  fs::create_directories(reference);
  for (const char* name : kTableFiles)
    if (fs::exists(fs::path(config.out_dir) / name))
      fs::rename(fs::path(config.out_dir) / name, reference / name);
  if (!config.games_out.empty()) fs::rename(config.games_out, reference / "games.jsonl");
}

void run_shards(const ExperimentConfig& config, int n) {
  for (int k = 0; k < n; ++k) ASSERT_TRUE(run_shard(builtin(), config, {k, n}).run.complete);
}

std::string merge_error(const std::string& dir, bool partial = false) {
  try {
    merge_shards(builtin(), dir, partial);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ShardMergeTest, MergedTablesAndRecordsEqualAnUnshardedRun) {
  TempDir tmp;
  ExperimentConfig c = experiment({"random", "lowest", "heuristic"}, 300, tmp.sub("out"));
  c.games_out = tmp.sub("games.jsonl");
  run_reference(c, tmp.sub("reference"));
  for (const int n : {3, 11}) {  // 11 shards: more shards than chunks per pairing (8)
    SCOPED_TRACE(n);
    run_shards(c, n);
    const MergeResult merged = merge_shards(builtin(), c.out_dir, false);
    EXPECT_FALSE(merged.partial());
    EXPECT_EQ(merged.chunks_read, 24);
    expect_same_tables(tmp.sub("reference"), c.out_dir);
    EXPECT_EQ(read_text(c.games_out), read_text(tmp.sub("reference") + "/games.jsonl"));
    for (int k = 0; k < n; ++k)  // the merge reads shards, never deletes them
      EXPECT_TRUE(fs::exists(fs::path(c.out_dir) / Shard{k, n}.directory() / kJournalFile));
    fs::rename(c.out_dir, tmp.sub("merged-" + std::to_string(n)));
    fs::create_directories(c.out_dir);
  }
}

// A merge writes its tables over a finished run's only for the same experiment: shards of another
// one (another seed) are refused, naming the folder and the key, and the finished tables stay.
TEST(ShardMergeTest, AMergeNeverReplacesAnotherExperimentsFinishedTables) {
  TempDir tmp;
  ExperimentConfig c = experiment({"random", "lowest"}, 60, tmp.sub("out"));
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  const std::string summary = read_text(c.out_dir + "/summary.csv");
  ExperimentConfig other = c;
  other.seed += 1;
  run_shards(other, 2);
  const std::string why = merge_error(c.out_dir);
  EXPECT_NE(why.find("holds the finished tables of another experiment (seed is"), std::string::npos)
      << why;
  EXPECT_EQ(read_text(c.out_dir + "/summary.csv"), summary);
  // Shards of the same experiment merge there, and reprint the same tables.
  fs::rename(c.out_dir, tmp.sub("finished"));
  fs::create_directories(c.out_dir);
  fs::copy(tmp.sub("finished/summary.csv"), c.out_dir + "/summary.csv");
  fs::copy(tmp.sub("finished/config.cfg"), c.out_dir + "/config.cfg");
  run_shards(c, 2);
  EXPECT_FALSE(merge_shards(builtin(), c.out_dir, false).partial());
}

// The journal holds only the records' byte counts: a record damaged in place (its length kept)
// is found at the merge, which refuses instead of copying it.
TEST(ShardMergeTest, DamagedRecordsAreRefusedNotCopied) {
  TempDir tmp;
  ExperimentConfig c = experiment({"random", "lowest"}, 120, tmp.sub("out"));
  c.games_out = tmp.sub("games.jsonl");
  run_shards(c, 2);
  const std::string records = c.out_dir + "/shard-1-of-2/games.jsonl";
  const std::string good = read_text(records);
  ASSERT_EQ(merge_error(c.out_dir), "(no error)");
  fs::remove(c.games_out);
  // Shard 1 holds chunk 1, deals 40..79: its first record's deal becomes 90, of another chunk.
  std::string moved = good;
  moved.replace(moved.find("\"deal\":40,"), 10, "\"deal\":90,");
  write_text(records, moved);
  EXPECT_NE(merge_error(c.out_dir).find("not a record of deals 40..79"), std::string::npos)
      << merge_error(c.out_dir);
  std::string garbled = good;
  garbled[garbled.find('\n', 1000) + 1] = 'x';  // the second line or a later one starts 'x'
  write_text(records, garbled);
  EXPECT_NE(merge_error(c.out_dir).find("not a JSON record"), std::string::npos)
      << merge_error(c.out_dir);
  EXPECT_FALSE(fs::exists(c.games_out));
  EXPECT_FALSE(fs::exists(c.games_out + ".partial"));
}

// A record edited in place that is still a record of its chunk (a score changed, the length
// kept) passes every check of the records' form: the journal's hash of each chunk's records
// (v7) catches it, and the merge refuses instead of copying it.
TEST(ShardMergeTest, EditedRecordsAreRefusedByTheirHash) {
  TempDir tmp;
  ExperimentConfig c = experiment({"random", "lowest"}, 120, tmp.sub("out"));
  c.games_out = tmp.sub("games.jsonl");
  run_shards(c, 2);
  const std::string records = c.out_dir + "/shard-1-of-2/games.jsonl";
  std::string edited = read_text(records);
  const std::size_t at = edited.find("\"pips\":[") + 8;
  ASSERT_TRUE(edited[at] >= '0' && edited[at] <= '9');
  edited[at] = edited[at] == '9' ? '8' : static_cast<char>(edited[at] + 1);
  write_text(records, edited);
  const std::string why = merge_error(c.out_dir);
  EXPECT_NE(why.find("are not those its shard journalled"), std::string::npos) << why;
  EXPECT_FALSE(fs::exists(c.games_out));
}

// A shard stopped in the middle of a chunk journals the finished part; resumed, it journals the
// rest as a second piece. The merge copies both pieces' records: the same records as a run never
// sharded.
TEST(ShardMergeTest, AChunkJournalledInPiecesKeepsAllItsRecords) {
  TempDir tmp;
  ExperimentConfig c = experiment({"random", "lowest"}, 200, tmp.sub("out"));
  c.games_out = tmp.sub("games.jsonl");
  c.threads = 1;
  run_reference(c, tmp.sub("reference"));
  ASSERT_TRUE(run_shard(builtin(), c, {0, 2}).run.complete);
  std::atomic<int> asked{0};
  RunHooks stopped;
  stopped.should_stop = [&asked] { return asked.fetch_add(1) >= 15; };  // inside the first chunk
  ASSERT_FALSE(run_shard(builtin(), c, {1, 2}, stopped).run.complete);
  ASSERT_TRUE(run_shard(builtin(), c, {1, 2}).run.complete);
  merge_shards(builtin(), c.out_dir, false);
  expect_same_tables(tmp.sub("reference"), c.out_dir);
  EXPECT_EQ(read_text(c.games_out), read_text(tmp.sub("reference") + "/games.jsonl"));
}

// A finished shard renamed its records to games.jsonl and kept its journal; when the journal
// loses its tail, the shard run again takes its records back, cuts them to the journal, plays
// the lost chunks again, and the merge equals an unsharded run.
TEST(ShardMergeTest, AFinishedShardWhoseJournalLostItsTailResumes) {
  TempDir tmp;
  ExperimentConfig c = experiment({"random", "lowest"}, 200, tmp.sub("out"));
  c.games_out = tmp.sub("games.jsonl");
  run_reference(c, tmp.sub("reference"));
  run_shards(c, 2);
  const std::string dir = c.out_dir + "/shard-0-of-2/";
  ASSERT_TRUE(fs::exists(dir + kShardGamesFile));
  ASSERT_FALSE(fs::exists(dir + kShardGamesFile + ".partial"));
  std::vector<std::string> lines = split_lines(read_text(dir + kJournalFile));
  lines.pop_back();  // shard 0's last chunk (of chunks 0, 2, 4)
  std::string cut;
  for (const auto& line : lines) cut += line + "\n";
  write_text(dir + kJournalFile, cut);
  ASSERT_TRUE(run_shard(builtin(), c, {0, 2}).run.complete);
  ASSERT_EQ(merge_error(c.out_dir), "(no error)");
  expect_same_tables(tmp.sub("reference"), c.out_dir);
  EXPECT_EQ(read_text(c.games_out), read_text(tmp.sub("reference") + "/games.jsonl"));
}

TEST(ShardMergeTest, TheSequentialTestIsCheckedAtTheMerge) {
  TempDir tmp;
  ExperimentConfig c = experiment({"heuristic", "random"}, 20000, tmp.sub("out"));
  c.format = Format::kHeadToHead;
  c.chunk = 20;
  c.sprt.enabled = true, c.sprt.p0 = 0, c.sprt.p1 = 0.5;
  run_reference(c, tmp.sub("reference"));
  const std::string sprt = read_text(tmp.sub("reference") + "/sprt.csv");
  const std::size_t checks = split_lines(sprt).size() - 1;
  ASSERT_LT(checks, 100u) << "the test stops long before 20000 deals";
  // Shards that played only up to a little past the decision (as if stopped there): the
  // chunks after it are never needed.
  for (int k = 0; k < 3; ++k) {
    RunHooks hooks;
    hooks.stop_after_chunks = static_cast<std::int64_t>(checks / 3 + 2);
    EXPECT_FALSE(run_shard(builtin(), c, {k, 3}, hooks).run.complete);
  }
  const MergeResult merged = merge_shards(builtin(), c.out_dir, false);
  EXPECT_FALSE(merged.partial());
  EXPECT_EQ(read_text(c.out_dir + "/sprt.csv"), sprt);
  expect_same_tables(tmp.sub("reference"), c.out_dir);
}

TEST(ShardMergeTest, AKilledShardIsRefusedThenResumes) {
  TempDir tmp;
  const ExperimentConfig c = experiment({"random", "lowest"}, 400, tmp.sub("out"));
  run_reference(c, tmp.sub("reference"));
  ASSERT_TRUE(run_shard(builtin(), c, {0, 2}).run.complete);
  RunHooks killed;
  killed.stop_after_chunks = 2;  // of its 5 chunks (1, 3, 5, 7, 9)
  ASSERT_FALSE(run_shard(builtin(), c, {1, 2}, killed).run.complete);
  const std::string why = merge_error(c.out_dir);
  EXPECT_NE(why.find("3 chunks are missing: shard-1-of-2 has not finished chunks 5, 7, 9"),
            std::string::npos)
      << why;
  const auto resumed = run_shard(builtin(), c, {1, 2});
  ASSERT_TRUE(resumed.run.complete);
  EXPECT_EQ(resumed.run.resumed_chunks, 2);
  merge_shards(builtin(), c.out_dir, false);
  expect_same_tables(tmp.sub("reference"), c.out_dir);
}

TEST(ShardMergeTest, PartialMergeCoversTheChunksPresentAndSaysSo) {
  TempDir tmp;
  const ExperimentConfig c = experiment({"random", "lowest"}, 400, tmp.sub("out"));
  ASSERT_TRUE(run_shard(builtin(), c, {0, 4}).run.complete);
  ASSERT_TRUE(run_shard(builtin(), c, {2, 4}).run.complete);
  const std::string why = merge_error(c.out_dir);
  EXPECT_NE(why.find("shard-1-of-4 is absent (chunks 1, 5, 9)"), std::string::npos) << why;
  EXPECT_NE(why.find("--partial"), std::string::npos) << why;
  const MergeResult merged = merge_shards(builtin(), c.out_dir, true);
  ASSERT_TRUE(merged.partial());
  // The rows count the chunks the two shards' journals hold, read here independently.
  std::int64_t games = 0;
  for (const int k : {0, 2})
    for (const auto& e :
         read_journal(c.out_dir + "/" + Shard{k, 4}.directory() + "/" + kJournalFile).entries)
      games += e.totals.games;
  EXPECT_EQ(games, 2 * (120 + 80));  // chunks 0, 4, 8 and 2, 6 of 40 deals, two games each
  EXPECT_EQ(merged.tasks.front().totals.games, games);
  EXPECT_NE(read_text(c.out_dir + "/summary.md").find("> **partial merge: 5 of 10 chunks"),
            std::string::npos);
  const auto json = nlohmann::json::parse(read_text(c.out_dir + "/summary.json"));
  EXPECT_TRUE(json.contains("partial"));
}

TEST(ShardMergeTest, ReadsTheConfigOfAnyShardThatStarted) {
  TempDir tmp;
  const ExperimentConfig c = experiment({"random", "lowest"}, 200, tmp.sub("out"));
  fs::create_directories(c.out_dir + "/shard-0-of-2");  // made by hand: never started
  ASSERT_TRUE(run_shard(builtin(), c, {1, 2}).run.complete);
  const std::string why = merge_error(c.out_dir);
  EXPECT_NE(why.find("3 chunks are missing: shard-0-of-2 has not finished chunks 0, 2, 4"),
            std::string::npos)
      << why;
  const MergeResult partial = merge_shards(builtin(), c.out_dir, true);
  EXPECT_EQ(partial.tasks.front().totals.deals, 80) << "chunks 1 and 3 of 40 deals";
}

// Rewrites the shard journal at `path` with `edit` applied to its keys and entries.
template <typename Edit>
void edit_journal(const std::string& path, Edit edit) {
  JournalContents j = read_journal(path);
  edit(j);
  std::string text = format_header(j.keys);
  for (const auto& e : j.entries) text += format_entry(e);
  write_text(path, text);
}

// A whole chunk line that fails its check is dropped with every line after it (their chunks are
// played again), as before, but no longer silently: one line on stderr names the line and the
// count. A last line cut short by a kill is dropped without a word.
TEST(JournalTest, ADamagedChunkLineIsDroppedWithEveryLaterOneAndSaidSo) {
  TempDir tmp;
  const std::string path = tmp.sub("journal.txt");
  const JournalKeys keys = {{"deals", "40"}, {"seed", "1"}};
  std::string chunks;
  for (int i = 0; i < 4; ++i) {
    ChunkResult e;
    e.chunk.index = i, e.chunk.begin = 10 * i, e.chunk.end = 10 * i + 10;
    chunks += format_entry(e);
  }
  // Lines 1-4 are the header (magic, two keys, keys-end); chunk lines are 5 to 8. Line 6's
  // check is spoilt by changing a digit of its chunk's first deal.
  std::vector<std::string> lines = split_lines(chunks);
  lines[1].replace(lines[1].find(" 10 20 "), 7, " 11 20 ");
  std::string damaged = format_header(keys);
  for (const auto& line : lines) damaged += line + "\n";
  write_text(path, damaged);
  testing::internal::CaptureStderr();
  const std::size_t resumed = Journal::open(path, keys, false).resumed().size();
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(resumed, 1u);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("line 6 fails its check"), std::string::npos) << err;
  EXPECT_NE(err.find("3 lines in all"), std::string::npos) << err;

  write_text(path, format_header(keys) + chunks.substr(0, chunks.size() - 5));  // a torn last line
  testing::internal::CaptureStderr();
  EXPECT_EQ(Journal::open(path, keys, false).resumed().size(), 3u);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(ShardMergeTest, RefusesShardsThatDoNotBelongTogether) {
  TempDir tmp;
  const ExperimentConfig c = experiment({"random", "lowest"}, 200, tmp.sub("out"));
  const std::string journal1 = c.out_dir + "/shard-1-of-2/" + kJournalFile;
  EXPECT_NE(merge_error(tmp.sub("nothing")).find("is not a directory"), std::string::npos);
  fs::create_directories(c.out_dir);
  EXPECT_NE(merge_error(c.out_dir).find("holds no shard directories"), std::string::npos);
  run_shards(c, 2);
  ASSERT_EQ(merge_error(c.out_dir), "(no error)");

  // Another build played shard 1.
  edit_journal(journal1, [](JournalContents& j) {
    for (auto& [key, value] : j.keys)
      if (key == "version") value = "v0-elsewhere";
  });
  std::string why = merge_error(c.out_dir);
  EXPECT_NE(why.find("cannot merge shard-1-of-2"), std::string::npos) << why;
  EXPECT_NE(why.find("version is \"v0-elsewhere\" there"), std::string::npos) << why;

  // Another config played shard 1.
  ExperimentConfig other = c;
  other.deals = 240;
  fs::remove_all(c.out_dir + "/shard-1-of-2");
  ASSERT_TRUE(run_shard(builtin(), other, {1, 2}).run.complete);
  why = merge_error(c.out_dir);
  EXPECT_NE(why.find("deals is \"240\" there and \"200\" now"), std::string::npos) << why;

  // A chunk counted twice, and one in the wrong shard.
  fs::remove_all(c.out_dir + "/shard-1-of-2");
  ASSERT_TRUE(run_shard(builtin(), c, {1, 2}).run.complete);
  const ChunkResult first = read_journal(journal1).entries.front();
  edit_journal(journal1, [&](JournalContents& j) { j.entries.push_back(first); });
  EXPECT_NE(merge_error(c.out_dir).find("is counted twice, in shard-1-of-2's journal"),
            std::string::npos);
  const ChunkResult of_shard0 =
      read_journal(c.out_dir + "/shard-0-of-2/" + kJournalFile).entries.front();
  edit_journal(journal1, [&](JournalContents& j) { j.entries.back() = of_shard0; });
  EXPECT_NE(merge_error(c.out_dir).find("which belongs to shard 0"), std::string::npos);

  // Shards of another split beside these.
  fs::create_directories(c.out_dir + "/shard-0-of-3");
  EXPECT_NE(merge_error(c.out_dir).find("shards of different splits"), std::string::npos);
}

}  // namespace
}  // namespace tournament
