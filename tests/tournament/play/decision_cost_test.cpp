// What each player's non-forced decisions cost (game_loop.h, totals.h, journal.h, summary.h):
// the count of decisions checked against an independent count from the game records, the CPU
// time against a test strategy that burns a known amount of CPU per decision, and both through a
// journal (resumed, and resumed from the previous journal format, which carries no timings).
//
// Not a timing test of our code: the burner spins on the same thread CPU clock the game loop
// reads, so its 2 ms per decision must come out as about 2 ms whatever the machine's speed; the
// bounds are generous (1.5 to 20 ms) because the clock also counts the call's own overhead and a
// loaded machine may deschedule the thread between readings without adding CPU time.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/report/cross_tables.h"
#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/write_tables.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/journal.h"
#include "engine/common/hash.h"
#include "engine/common/thread_cpu_clock.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/state.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using Json = nlohmann::json;
using test_files::read_text;
using test_files::split_lines;
using test_files::TempDir;
using test_files::write_text;

constexpr std::int64_t kBurnNs = 2'000'000;  // the burner's CPU time per decision: 2 ms

// Spins until its thread's CPU clock advanced kBurnNs, then plays the first legal move.
class Burner : public strategies::Strategy {
 public:
  dominoes::Move choose(const dominoes::Observation&, const dominoes::MoveList& legal,
                        dominoes::Rng&) override {
    const std::int64_t start = common::thread_cpu_ns();
    volatile std::uint64_t spin = 0;
    while (common::thread_cpu_ns() - start < kBurnNs) spin = spin + 1;
    return legal[0];
  }
  std::unique_ptr<strategies::Strategy> clone() const override {
    return std::make_unique<Burner>();
  }
};

strategies::Registry with_burner() {
  strategies::Registry r = strategies::Registry::builtin();
  r.add({"burner",
         "test: burns 2 ms of thread CPU time per decision",
         "",
         "",
         false,
         {},
         [](const strategies::ParamValues&) {
           return strategies::Player(std::make_unique<Burner>());
         }});
  return r;
}

ExperimentConfig config(const std::string& out, std::int64_t deals) {
  ExperimentConfig c;
  c.name = "decision_cost_test";
  c.players = {"burner", "lowest"};
  c.format = Format::kHeadToHead;
  c.deals = deals;
  c.seed = 77;
  c.threads = 2;
  c.duplicate = true;
  c.out_dir = out;
  c.chunk = 5;
  c.quiet = true;
  return c;
}

// Real choices (two or more legal moves) per player spec, counted by replaying the game records
// with the engine's rules: independent of the game loop's bookkeeping.
std::map<std::string, std::int64_t> decisions_in_records(const std::string& path, int max_pip) {
  std::map<std::string, std::int64_t> count;
  for (const std::string& line : split_lines(read_text(path))) {
    const Json r = Json::parse(line);
    std::array<dominoes::TileSet, 2> hands;
    for (int s = 0; s < 2; ++s)
      for (const auto& t : r["hands"][s])
        hands[s].insert(dominoes::parse_tile(t.get<std::string>(), max_pip));
    dominoes::State state = dominoes::start_state(hands[0], hands[1], r["leader"].get<int>());
    for (const Json& m : r["moves"]) {
      const int seat = m["seat"].get<int>();
      if (dominoes::legal_moves(state).size() >= 2) ++count[r["players"][seat].get<std::string>()];
      if (m.contains("pass")) {
        dominoes::apply(state, dominoes::Move::pass());
        continue;
      }
      const dominoes::Tile tile = dominoes::parse_tile(m["tile"].get<std::string>(), max_pip);
      const dominoes::Placement p = !m.contains("end") ? dominoes::Placement::kLead
                                    : m["end"].get<std::string>() == "L"
                                        ? dominoes::Placement::kLeft
                                        : dominoes::Placement::kRight;
      dominoes::apply(state, dominoes::Move(tile, p));
    }
  }
  return count;
}

// The one data row of summary.csv, by column name.
std::map<std::string, std::string> csv_row(const std::string& dir) {
  const auto lines = split_lines(read_text(dir + "/summary.csv"));
  EXPECT_EQ(lines.size(), 2u);
  std::map<std::string, std::string> row;
  std::istringstream names(lines.at(0)), cells(lines.at(1));
  for (std::string name, cell; std::getline(names, name, ',');) {
    std::getline(cells, cell, ',');
    row[name] = cell;
  }
  return row;
}

TEST(DecisionCostTest, BurnerShowsAboutTwoMillisecondsPerDecision) {
  TempDir tmp;
  const ExperimentConfig c = config(tmp.sub("run"), 10);
  const auto result = run_experiment(with_burner(), c);
  ASSERT_TRUE(result.run.complete);
  const PairingTotals& t = result.run.tasks.at(0).totals;
  ASSERT_GT(t.a_decisions, 0);
  EXPECT_EQ(t.a_timed, t.a_decisions);  // a slow player is timed at every choice
  const double a_ms = static_cast<double>(t.a_decision_ns) / 1e6 / static_cast<double>(t.a_timed);
  EXPECT_GE(a_ms, 1.5);
  EXPECT_LE(a_ms, 20.0);
  // lowest decides in well under a millisecond: a sample of its choices is timed, at least its
  // first on each thread.
  ASSERT_GT(t.b_decisions, 0);
  EXPECT_GE(t.b_timed, 1);
  EXPECT_LT(t.b_timed, t.b_decisions);
  EXPECT_GE(t.b_decision_ns, 0);
  EXPECT_LT(t.b_decision_ns, t.a_decision_ns);
  // The tables say the same.
  const auto row = csv_row(c.out_dir);
  EXPECT_GE(std::stod(row.at("a_ms_per_decision")), 1.5);
  EXPECT_LE(std::stod(row.at("a_ms_per_decision")), 20.0);
  EXPECT_LT(std::stod(row.at("b_ms_per_decision")), std::stod(row.at("a_ms_per_decision")));
  const Json json = Json::parse(read_text(c.out_dir + "/summary.json"));
  EXPECT_NEAR(json["rows"][0]["a_ms_per_decision"].get<double>(), a_ms, 1e-9);
  EXPECT_NE(read_text(c.out_dir + "/summary.md").find("| ms/decision A / B | seconds |"),
            std::string::npos);
}

TEST(DecisionCostTest, OnlyRealChoicesAreCountedAsTheRecordsShow) {
  TempDir tmp;
  ExperimentConfig c = config(tmp.sub("run"), 40);
  c.players = {"random", "lowest"};  // fast: the count, not the time, is under test
  c.games_out = tmp.sub("games.jsonl");
  const auto result = run_experiment(with_burner(), c);
  ASSERT_TRUE(result.run.complete);
  const PairingTotals& t = result.run.tasks.at(0).totals;
  const auto counted = decisions_in_records(c.games_out, c.rules.max_pip);
  EXPECT_EQ(t.a_decisions, counted.at("random"));
  EXPECT_EQ(t.b_decisions, counted.at("lowest"));
  // Forced moves exist in these games, so counting every move would differ.
  std::int64_t moves = 0;
  for (const std::string& line : split_lines(read_text(c.games_out)))
    moves += static_cast<std::int64_t>(Json::parse(line)["moves"].size());
  EXPECT_LT(t.a_decisions + t.b_decisions, moves);
}

// A journal line of the current format (v6) rewritten as the previous one (v5): the four
// decision fields before the seconds and the records hash dropped and the check recomputed.
std::string as_v5_line(const std::string& line) {
  std::istringstream is(line);
  std::vector<std::string> words;
  for (std::string w; is >> w;) words.push_back(w);
  // chunk, 4 ids, 12 totals, 5 pentanomial, 4 covariate = 26; then 6 decision fields, seconds,
  // games_bytes, records_hash (v7), check.
  EXPECT_EQ(words.size(), 36u) << line;
  std::string body;
  for (std::size_t i = 0; i < words.size() - 2; ++i)
    if (i < 26 || i >= 32) body += (body.empty() ? "" : " ") + words[i];
  return body + " " + common::hex64(common::fnv1a(body));
}

// The journal at `path` rewritten in the v5 format.
void rewrite_as_v5(const std::string& path) {
  std::string header, entries;
  for (const std::string& line : split_lines(read_text(path))) {
    if (line.rfind("dominoes-journal v7 ", 0) == 0) {
      header += "dominoes-journal v5 " + line.substr(20) + "\n";
    } else if (line.rfind("key ", 0) == 0) {
      header += line + "\n";
    } else if (line.rfind("keys-end ", 0) == 0) {
      header += "keys-end " + common::hex64(common::fnv1a(header)) + "\n";
    } else {
      entries += as_v5_line(line) + "\n";
    }
  }
  write_text(path, header + entries);
}

// Sum of the decisions of the chunk lines in the journal at `path`.
std::int64_t journalled_decisions(const std::string& path, bool a) {
  std::int64_t sum = 0;
  const JournalContents j = read_journal(path);
  for (const ChunkResult& e : j.entries) sum += a ? e.totals.a_decisions : e.totals.b_decisions;
  return sum;
}

TEST(DecisionCostTest, ResumedRunKeepsTheTotals) {
  TempDir tmp;
  const ExperimentConfig full = config(tmp.sub("full"), 20);
  const auto whole = run_experiment(with_burner(), full);
  ASSERT_TRUE(whole.run.complete);
  const PairingTotals& w = whole.run.tasks.at(0).totals;

  ExperimentConfig c = full;
  c.out_dir = tmp.sub("resumed");
  RunHooks stop;
  stop.stop_after_chunks = 2;
  ASSERT_FALSE(run_experiment(with_burner(), c, stop).run.complete);
  const std::int64_t before = journalled_decisions(journal_path(c), true);
  EXPECT_GT(before, 0);
  const auto resumed = run_experiment(with_burner(), c);
  ASSERT_TRUE(resumed.run.complete);
  EXPECT_EQ(resumed.run.resumed_chunks, 2);
  const PairingTotals& t = resumed.run.tasks.at(0).totals;
  // The counts are the games' own, so exact; the times are measured, so only plausible.
  EXPECT_EQ(t.a_decisions, w.a_decisions);
  EXPECT_EQ(t.b_decisions, w.b_decisions);
  EXPECT_EQ(t.a_timed, t.a_decisions);
  EXPECT_GE(static_cast<double>(t.a_decision_ns), 1.5e6 * static_cast<double>(t.a_decisions));
  EXPECT_LE(static_cast<double>(t.a_decision_ns), 20e6 * static_cast<double>(t.a_decisions));
}

TEST(DecisionCostTest, JournalOfThePreviousFormatResumesWithoutItsTimings) {
  TempDir tmp;
  const ExperimentConfig full = config(tmp.sub("full"), 20);
  const auto whole = run_experiment(with_burner(), full);
  ASSERT_TRUE(whole.run.complete);
  const PairingTotals& w = whole.run.tasks.at(0).totals;

  ExperimentConfig c = full;
  c.out_dir = tmp.sub("resumed");
  RunHooks stop;
  stop.stop_after_chunks = 2;
  ASSERT_FALSE(run_experiment(with_burner(), c, stop).run.complete);
  const std::int64_t a_before = journalled_decisions(journal_path(c), true);
  const std::int64_t b_before = journalled_decisions(journal_path(c), false);
  ASSERT_GT(a_before, 0);
  rewrite_as_v5(journal_path(c));
  EXPECT_EQ(journalled_decisions(journal_path(c), true), 0);  // v5 chunks carry none

  const auto resumed = run_experiment(with_burner(), c);
  ASSERT_TRUE(resumed.run.complete);
  EXPECT_EQ(resumed.run.resumed_chunks, 2);
  const PairingTotals& t = resumed.run.tasks.at(0).totals;
  // Everything but the timings is the uninterrupted run's; the timings cover the chunks played
  // after the resume, and their mean is still the burner's.
  EXPECT_EQ(t.games, w.games);
  EXPECT_EQ(t.a_net, w.a_net);
  EXPECT_EQ(t.a_decisions, w.a_decisions - a_before);
  EXPECT_EQ(t.b_decisions, w.b_decisions - b_before);
  EXPECT_EQ(t.a_timed, t.a_decisions);
  const double a_ms = static_cast<double>(t.a_decision_ns) / 1e6 / static_cast<double>(t.a_timed);
  EXPECT_GE(a_ms, 1.5);
  EXPECT_LE(a_ms, 20.0);
}

TEST(DecisionCostTest, JournalLineKeepsTheTimings) {
  ChunkResult e;
  e.totals.a_decisions = 12, e.totals.a_timed = 11, e.totals.a_decision_ns = 3'456'789'012;
  e.totals.b_decisions = 7, e.totals.b_timed = 1, e.totals.b_decision_ns = 5;
  const std::string line = format_entry(e);
  ChunkResult back;
  ASSERT_TRUE(parse_entry(line.substr(0, line.size() - 1), back));
  EXPECT_EQ(back.totals.a_decisions, 12);
  EXPECT_EQ(back.totals.a_timed, 11);
  EXPECT_EQ(back.totals.a_decision_ns, 3'456'789'012);
  EXPECT_EQ(back.totals.b_decisions, 7);
  EXPECT_EQ(back.totals.b_timed, 1);
  EXPECT_EQ(back.totals.b_decision_ns, 5);
  // A v7 line is not a v5 line and the other way round: the field counts differ.
  ChunkResult other;
  EXPECT_FALSE(parse_entry(line.substr(0, line.size() - 1), other, 5));
  EXPECT_FALSE(parse_entry(as_v5_line(line.substr(0, line.size() - 1)), other));
  ASSERT_TRUE(parse_entry(as_v5_line(line.substr(0, line.size() - 1)), other, 5));
  EXPECT_EQ(other.totals.a_decisions, 0);
  EXPECT_EQ(other.totals.a_timed, 0);
  EXPECT_EQ(other.totals.a_decision_ns, 0);
  EXPECT_FALSE(other.records_hash.has_value());
}

TEST(DecisionCostTest, JournalLineKeepsTheRecordsHash) {
  ChunkResult e;
  e.games_bytes = 1234;
  e.records_hash = 0xfedcba9876543210;
  const std::string line = format_entry(e);
  ChunkResult back;
  ASSERT_TRUE(parse_entry(line.substr(0, line.size() - 1), back));
  EXPECT_EQ(back.games_bytes, 1234u);
  EXPECT_EQ(back.records_hash, std::optional<std::uint64_t>(0xfedcba9876543210));
  // A v6 line: the same without the hash, read by version 6 and by no other.
  std::istringstream is(line.substr(0, line.size() - 1));
  std::vector<std::string> words;
  for (std::string w; is >> w;) words.push_back(w);
  std::string v6;
  for (std::size_t i = 0; i + 2 < words.size(); ++i) v6 += (i ? " " : "") + words[i];
  v6 += " " + common::hex64(common::fnv1a(v6));
  ChunkResult old;
  EXPECT_FALSE(parse_entry(v6, old));
  ASSERT_TRUE(parse_entry(v6, old, 6));
  EXPECT_EQ(old.games_bytes, 1234u);
  EXPECT_FALSE(old.records_hash.has_value());
}

// A fast player is timed at its first choice and then at one in kSampleEvery; a slow one at all.
TEST(DecisionCostTest, SamplerTimesEverySlowChoiceAndASampleOfFastOnes) {
  DecisionSampler fast, slow;
  int fast_timed = 0, slow_timed = 0;
  const int choices = 10 * static_cast<int>(DecisionSampler::kSampleEvery) + 1;
  for (int i = 0; i < choices; ++i) {
    if (fast.should_time()) ++fast_timed, fast.note(1'000);
    if (slow.should_time()) ++slow_timed, slow.note(DecisionSampler::kEveryChoiceNs);
  }
  EXPECT_EQ(fast_timed, 1 + 10);
  EXPECT_EQ(slow_timed, choices);
}

// Without a sampler every real choice is timed.
TEST(DecisionCostTest, WithoutSamplersEveryChoiceIsTimed) {
  strategies::Player a = strategies::Registry::builtin().make("random");
  strategies::Player b = strategies::Registry::builtin().make("lowest");
  dominoes::Rules rules;
  std::int64_t decisions = 0;
  for (std::uint64_t i = 0; i < 50; ++i) {
    dominoes::Rng r0(i), r1(i + 1000);
    const GameOutcome g = play_game(rules, dominoes::make_deal(rules, 3, i), {&a, &b}, {&r0, &r1});
    for (int s = 0; s < 2; ++s) {
      EXPECT_EQ(g.timed[s], g.decisions[s]);
      decisions += g.decisions[s];
    }
  }
  EXPECT_GT(decisions, 0);
}

TEST(DecisionCostTest, NoDecisionLeavesTheCellEmpty) {
  TaskResult task;
  task.player_a = "a", task.player_b = "b";
  task.totals.deals = 1, task.totals.games = 1;
  task.totals.a_decisions = 3;  // counted, none timed
  task.totals.b_decisions = 9, task.totals.b_timed = 4, task.totals.b_decision_ns = 8'000'000;
  ExperimentConfig c;
  c.duplicate = false;
  const std::vector<SummaryRow> rows{summarize(task, c)};
  const auto lines = split_lines(summary_csv(rows));
  ASSERT_EQ(lines.size(), 2u);
  // ...,a_ms_per_decision,b_ms_per_decision,seconds: A none, B 8 ms / 4 = 2 ms.
  EXPECT_NE(lines[1].find(",,2.0000,0.000"), std::string::npos) << lines[1];
}

}  // namespace
}  // namespace tournament
