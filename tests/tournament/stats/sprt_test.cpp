// The SPRT, the pentanomial counts and summary.json (sprt.h, pentanomial.h, summary_json.h).
//
// Expected values come from outside the code under test: the LLR recomputed here from the raw
// outcome list (two-pass mean and variance, a second implementation of fishtest's formula) and a
// case worked by hand; pentanomial estimates worked by hand; pentanomial counts recounted from the
// --games-out records; stopping points compared between thread counts and across a resume.
#include "arena/tournament/stats/sprt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/run_arguments.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/stats/pentanomial.h"
#include "arena/tournament/stats/statistics.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using Json = nlohmann::json;
using test_files::csv_without_timings;
using test_files::read_text;
using test_files::split_lines;
using test_files::TempDir;

const strategies::Registry& builtin() {
  return strategies::Registry::builtin();
}

// fishtest's LLR_alt2 written out from a raw list of outcomes: mean, then the population variance
// by a second pass, then N * (s1 - s0) * (2 mean - s0 - s1) / (2 var).
double reference_llr(const std::vector<int>& xs, double s0, double s1) {
  const double n = static_cast<double>(xs.size());
  double mean = 0;
  for (int x : xs) mean += x / n;
  double var = 0;
  for (int x : xs) var += (x - mean) * (x - mean) / n;
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

IntegerMoments moments_of(const std::vector<int>& xs) {
  IntegerMoments m;
  for (int x : xs) m.add(x);
  return m;
}

// ---------------------------------------------------------------------------------------------
// The LLR and its bounds

TEST(SprtLlrTest, HandComputedCase) {
  // Pairs {-2, 0, 2, 4}: mean 1, variance (9 + 1 + 1 + 9) / 4 = 5. Per game p0 = 0, p1 = 0.5 is
  // per pair 0 and 1: LLR = 4 * 1 * (2 - 0 - 1) / (2 * 5) = 0.4.
  const IntegerMoments m = moments_of({-2, 0, 2, 4});
  SprtSettings s;
  s.enabled = true, s.p0 = 0, s.p1 = 0.5;
  EXPECT_NEAR(sprt_llr_per_game(m, s, 2), 0.4, 1e-12);
  // The same observations as single games: s0 = 0, s1 = 0.5: 4 * 0.5 * (2 - 0.5) / 10 = 0.3.
  EXPECT_NEAR(sprt_llr_per_game(m, s, 1), 0.3, 1e-12);
}

TEST(SprtLlrTest, AgreesWithTheFormulaOnRawOutcomes) {
  std::vector<std::vector<int>> samples = {
      {3, -7, 12, 0, 0, 5, -1, 9, 22, -15}, {1, 1, 1, 2}, {-30, 40, -12, 7, 7, 7, 0, 1}};
  std::vector<int> many;
  for (int i = 0; i < 5000; ++i) many.push_back((i * 7919) % 61 - 27);  // mean ~ +3
  samples.push_back(many);
  for (const auto& xs : samples)
    for (const auto& [s0, s1] : {std::pair{0.0, 1.0}, {-0.5, 0.5}, {2.0, 6.0}}) {
      const double expected = reference_llr(xs, s0, s1);
      EXPECT_NEAR(sprt_llr(moments_of(xs), s0, s1), expected, 1e-9 * (1 + std::abs(expected)))
          << xs.size() << " outcomes, s0 " << s0 << " s1 " << s1;
    }
}

TEST(SprtLlrTest, NoSpreadOrTooFewOutcomesGiveZero) {
  EXPECT_EQ(sprt_llr(moments_of({0, 0, 0, 0}), 0, 1), 0);
  EXPECT_EQ(sprt_llr(moments_of({5, 5}), 0, 1), 0);
  EXPECT_EQ(sprt_llr(moments_of({5}), 0, 1), 0);
  EXPECT_EQ(sprt_llr(IntegerMoments{}, 0, 1), 0);
}

TEST(SprtLlrTest, WaldBoundsAndDecisions) {
  SprtSettings s;
  s.alpha = 0.05, s.beta = 0.05;
  const SprtBounds b = sprt_bounds(s);
  EXPECT_NEAR(b.lower, -2.944438979, 1e-8);  // ln(0.05 / 0.95)
  EXPECT_NEAR(b.upper, 2.944438979, 1e-8);
  s.alpha = 0.01, s.beta = 0.1;
  EXPECT_NEAR(sprt_bounds(s).lower, std::log(0.1 / 0.99), 1e-12);
  EXPECT_NEAR(sprt_bounds(s).upper, std::log(0.9 / 0.01), 1e-12);
  EXPECT_EQ(sprt_decide(3.0, b), SprtDecision::kH1);
  EXPECT_EQ(sprt_decide(-3.0, b), SprtDecision::kH0);
  EXPECT_EQ(sprt_decide(0.1, b), SprtDecision::kNone);
  EXPECT_STREQ(to_string(SprtDecision::kH1), "H1 accepted");
  EXPECT_STREQ(to_string(SprtDecision::kH0), "H0 accepted");
  EXPECT_STREQ(to_string(SprtDecision::kNone), "no decision");
}

TEST(SprtSettingsTest, ParsesAndRoundTrips) {
  SprtSettings s;
  ASSERT_EQ(parse_sprt_settings("p0=0,p1=0.5", s), "");
  EXPECT_TRUE(s.enabled);
  EXPECT_EQ(s.p1, 0.5);
  EXPECT_EQ(s.alpha, 0.05);
  EXPECT_EQ(to_string(s), "p0=0,p1=0.5,alpha=0.05,beta=0.05");
  ASSERT_EQ(parse_sprt_settings(" beta = 0.1 , p1=1, p0=-0.25,alpha=0.01", s), "");
  EXPECT_EQ(to_string(s), "p0=-0.25,p1=1,alpha=0.01,beta=0.1");
  for (const char* bad :
       {"", "p0=0", "p1=0.5", "p0=0.5,p1=0.5", "p0=0,p1=x", "p0=0,p1=1,gamma=2",
        "p0=0,p1=1,alpha=0", "p0=0,p1=1,beta=1", "p0=0,p1=1,alpha=0.6,beta=0.5", "p0=0;p1=1"}) {
    SprtSettings untouched;
    const std::string why = parse_sprt_settings(bad, untouched);
    EXPECT_NE(why, "") << bad;
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
    EXPECT_FALSE(untouched.enabled) << bad;
  }
}

// Bounds whose difference or sum overflow gave a NaN LLR: refused; the widest accepted bounds
// give a finite LLR even for the largest run's moments (2^41 observations, each of a thousand
// points either way).
TEST(SprtSettingsTest, BoundsThatWouldOverflowTheLlrAreRefused) {
  for (const char* bad : {"p0=1e308,p1=1.7e308", "p0=-1.7e308,p1=0", "p0=0,p1=1000001"}) {
    SprtSettings untouched;
    EXPECT_NE(parse_sprt_settings(bad, untouched).find("-1e6..1e6"), std::string::npos) << bad;
    EXPECT_FALSE(untouched.enabled);
  }
  SprtSettings widest;
  ASSERT_EQ(parse_sprt_settings("p0=-1e6,p1=1e6", widest), "");
  IntegerMoments m;
  m.n = std::int64_t{1} << 41;
  m.sum = m.n;                   // mean 1 point
  m.sum_sq = m.n * 1000 * 1000;  // each observation +-1000
  for (int unit : {1, 2}) {
    const double llr = sprt_llr_per_game(m, widest, unit);
    EXPECT_TRUE(std::isfinite(llr) && llr != 0) << unit << ": " << llr;
  }
}

// The one-line message a run's arguments are refused with, or "" when they are accepted.
std::string refusal(const std::vector<std::string>& args) {
  try {
    parse_run_arguments(args);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(SprtSettingsTest, OnlyHeadToHeadWithoutASweep) {
  EXPECT_NE(refusal({"--player", "random", "--player", "lowest", "--player", "heuristic", "--sprt",
                     "p0=0,p1=0.5"})
                .find("sprt needs format head-to-head"),
            std::string::npos);
  EXPECT_NE(
      refusal({"--player", "minimax", "--player", "random", "--format", "head-to-head",
               "--sweep-param", "scenarios", "--sweep-values", "1,2", "--sprt", "p0=0,p1=0.5"})
          .find("sprt needs format head-to-head without a sweep"),
      std::string::npos);
  EXPECT_EQ(refusal({"--player", "random", "--player", "lowest", "--format", "head-to-head",
                     "--sprt", "p0=0,p1=0.5"}),
            "");
  EXPECT_NE(refusal({"--format", "head-to-head", "--player", "random", "--player", "lowest",
                     "--sprt", "p0=1,p1=0"})
                .find("p1 must be greater than p0"),
            std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Pentanomial

TEST(PentanomialTest, HandComputedEstimates) {
  constexpr double kNeloPerT = 800 / 2.302585092994046;  // 800 / ln 10
  // One LL, two LW/DD/WL, one WW: pair scores 0, 1/2, 1/2, 1: mean 1/2, variance
  // (1/4 + 0 + 0 + 1/4) / 4 = 1/8. nElo 0; interval +- 1.96 sqrt(1/32) / sqrt(1/4) * 800 / ln 10.
  PentanomialEstimate e = estimate_pentanomial({1, 0, 2, 0, 1});
  EXPECT_EQ(e.pairs, 4);
  EXPECT_NEAR(e.score, 0.5, 1e-12);
  EXPECT_NEAR(e.score_ci95, 1.959963984540054 * std::sqrt(1.0 / 32), 1e-12);
  EXPECT_NEAR(e.normalized_elo, 0, 1e-9);
  const double half = 1.959963984540054 * std::sqrt(1.0 / 32) / std::sqrt(0.25) * kNeloPerT;
  EXPECT_NEAR(e.normalized_elo_ci95_high, half, 1e-9);
  EXPECT_NEAR(e.normalized_elo_ci95_low, -half, 1e-9);
  // One DW/WD, three WW: scores 3/4, 1, 1, 1: mean 15/16, variance
  // ((3/16)^2 + 3 (1/16)^2) / 4 = 3/256; nElo = (15/16 - 1/2) / sqrt(6/256) * 800 / ln 10.
  e = estimate_pentanomial({0, 0, 0, 1, 3});
  EXPECT_NEAR(e.score, 15.0 / 16, 1e-12);
  EXPECT_NEAR(e.normalized_elo, (7.0 / 16) / std::sqrt(6.0 / 256) * kNeloPerT, 1e-9);
  // No pairs, or no spread: undefined.
  EXPECT_TRUE(std::isnan(estimate_pentanomial({0, 0, 0, 0, 0}).normalized_elo));
  EXPECT_TRUE(std::isnan(estimate_pentanomial({0, 0, 7, 0, 0}).normalized_elo));
}

// ---------------------------------------------------------------------------------------------
// Runs

ExperimentConfig head_to_head(const std::string& a, const std::string& b, std::int64_t deals,
                              const std::string& out) {
  ExperimentConfig c;
  c.name = "sprt_test";
  c.players = {a, b};
  c.format = Format::kHeadToHead;
  c.deals = deals;
  c.seed = 777;
  c.threads = 2;
  c.chunk = 20;
  c.quiet = true;
  c.out_dir = out;
  c.sprt.enabled = true, c.sprt.p0 = 0, c.sprt.p1 = 0.5;
  return c;
}

TEST(SprtRunTest, ClearlyStrongerPlayerAcceptsH1Early) {
  TempDir tmp;
  const ExperimentConfig c = head_to_head("heuristic", "random", 20000, tmp.sub("out"));
  const auto result = run_experiment(builtin(), c);
  ASSERT_TRUE(result.run.complete);
  const TaskResult& task = result.run.tasks.at(0);
  EXPECT_EQ(task.sprt.decision, SprtDecision::kH1);
  EXPECT_LT(task.totals.deals, 2000) << "far fewer than the maximum of 20000";
  EXPECT_EQ(task.totals.deals % c.chunk, 0) << "stops at a chunk boundary";
  EXPECT_GE(task.sprt.llr(), task.sprt.bounds.upper);
  for (std::size_t i = 0; i + 1 < task.sprt.steps.size(); ++i)  // the first crossing, not later
    EXPECT_LT(task.sprt.steps[i].llr, task.sprt.bounds.upper) << "check " << i;
  // sprt.csv: one row per chunk, in the agreed format.
  const auto lines = split_lines(read_text(c.out_dir + "/sprt.csv"));
  ASSERT_EQ(lines.size(), task.sprt.steps.size() + 1);
  EXPECT_EQ(lines[0], "deals,games,llr,lower,upper");
  EXPECT_EQ(lines[1].rfind("20,40,", 0), 0u) << lines[1];
  EXPECT_NE(read_text(c.out_dir + "/summary.md").find("SPRT: H1 accepted after "),
            std::string::npos);
}

TEST(SprtRunTest, IdenticalStrategiesNeverAcceptH1) {
  // Identical strategies with duplicate deals: every pair nets 0, so there is no spread, the LLR
  // stays 0 and no seed can accept H1 (nor H0): each run reaches its maximum.
  TempDir tmp;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    ExperimentConfig c = head_to_head("heuristic", "heuristic", 100, tmp.sub(std::to_string(seed)));
    c.seed = seed;
    const auto result = run_experiment(builtin(), c);
    ASSERT_TRUE(result.run.complete);
    EXPECT_EQ(result.run.tasks.at(0).sprt.decision, SprtDecision::kNone) << "seed " << seed;
    EXPECT_EQ(result.run.tasks.at(0).totals.deals, 100) << "seed " << seed;
  }
}

TEST(SprtRunTest, EqualPairingAcceptsH1NoMoreOftenThanAlphaAllows) {
  // Random against itself without duplicate deals has a true mean of exactly p0 = 0, where an
  // SPRT accepts H1 with probability about alpha = 0.05 by design: over 20 seeds "never" would be
  // asking for less than the test promises (P(none) = 0.95^20 = 0.36). So: at most 3 of 20 seeds
  // may accept H1 (binomial(20, 0.05): P(X >= 4) = 0.016), and most runs must reach a decision,
  // H0, well before the maximum of 20,000 deals.
  TempDir tmp;
  int h1 = 0, h0 = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    ExperimentConfig c = head_to_head("random", "random", 20000, tmp.sub(std::to_string(seed)));
    c.duplicate = false;
    c.chunk = 200;
    c.seed = seed;
    const auto result = run_experiment(builtin(), c);
    ASSERT_TRUE(result.run.complete);
    h1 += result.run.tasks.at(0).sprt.decision == SprtDecision::kH1;
    h0 += result.run.tasks.at(0).sprt.decision == SprtDecision::kH0;
  }
  EXPECT_LE(h1, 3);
  EXPECT_GE(h0, 12);
}

struct SprtTables {
  std::string csv, sprt_csv;
  Json sprt;
};

SprtTables read_sprt_tables(const std::string& dir) {
  return {csv_without_timings(read_text(dir + "/summary.csv")), read_text(dir + "/sprt.csv"),
          Json::parse(read_text(dir + "/summary.json"))["sprt"]};
}

TEST(SprtRunTest, SameStoppingPointForAnyThreadCountAndAcrossAResume) {
  TempDir tmp;
  ExperimentConfig one = head_to_head("heuristic", "random", 5000, tmp.sub("one"));
  one.threads = 1;
  one.chunk = 10;
  one.sprt.p1 = 2;  // a narrower question: more chunks before the answer
  ASSERT_TRUE(run_experiment(builtin(), one).run.complete);
  const SprtTables reference = read_sprt_tables(one.out_dir);
  ASSERT_GE(reference.sprt["steps"].size(), 4u) << "the test must outlast the interruption";

  ExperimentConfig two = one;
  two.threads = 2;
  two.out_dir = tmp.sub("two");
  ASSERT_TRUE(run_experiment(builtin(), two).run.complete);
  const SprtTables threaded = read_sprt_tables(two.out_dir);
  EXPECT_EQ(threaded.csv, reference.csv);
  EXPECT_EQ(threaded.sprt_csv, reference.sprt_csv);

  ExperimentConfig resumed = two;
  resumed.out_dir = tmp.sub("resumed");
  RunHooks stop;
  stop.stop_after_chunks = 2;
  ASSERT_FALSE(run_experiment(builtin(), resumed, stop).run.complete);
  const auto second = run_experiment(builtin(), resumed);
  ASSERT_TRUE(second.run.complete);
  EXPECT_EQ(second.run.resumed_chunks, 2);
  const SprtTables after = read_sprt_tables(resumed.out_dir);
  EXPECT_EQ(after.csv, reference.csv);
  EXPECT_EQ(after.sprt_csv, reference.sprt_csv);
  EXPECT_EQ(after.sprt, reference.sprt);
}

// A's result in one game record: 0 loss, 1 draw, 2 win (the seat with more points won).
int a_result(const Json& record, const std::string& a_spec) {
  const int a = record["players"][0] == a_spec ? 0 : 1;
  const int mine = record["points"][a], theirs = record["points"][1 - a];
  return mine > theirs ? 2 : mine == theirs ? 1 : 0;
}

TEST(SprtRunTest, PentanomialCountsMatchTheGameRecords) {
  TempDir tmp;
  ExperimentConfig c = head_to_head("heuristic", "random", 300, tmp.sub("out"));
  c.sprt = {};  // counts come with duplicate deals, SPRT or not
  c.format = Format::kHeadToHead;
  c.games_out = tmp.sub("games.jsonl");
  const auto result = run_experiment(builtin(), c);
  ASSERT_TRUE(result.run.complete);
  const std::string a_spec = result.run.tasks.at(0).player_a;
  std::vector<int> pair_points(300, 0), games_seen(300, 0);
  for (const auto& line : split_lines(read_text(c.games_out))) {
    const Json record = Json::parse(line);
    const int deal = record["deal"];
    pair_points.at(deal) += a_result(record, a_spec);
    ++games_seen.at(deal);
  }
  PentanomialCounts recount{};
  for (int d = 0; d < 300; ++d) {
    ASSERT_EQ(games_seen[d], 2) << "deal " << d;
    ++recount[pair_points[d]];  // 0 LL, 1 LD, 2 LW/DD, 3 DW, 4 WW
  }
  EXPECT_EQ(result.run.tasks.at(0).totals.penta, recount);
  // And in summary.csv, by name.
  const auto lines = split_lines(read_text(c.out_dir + "/summary.csv"));
  ASSERT_EQ(lines.size(), 2u);
  const Json row = Json::parse(read_text(c.out_dir + "/summary.json"))["rows"][0];
  EXPECT_EQ(row["penta_ll"], recount[0]);
  EXPECT_EQ(row["penta_ww"], recount[4]);
  EXPECT_TRUE(row["sprt_llr"].is_null());
}

// summary.csv's cells, split at commas outside quotes.
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (char ch : line) {
    if (ch == '"')
      quoted = !quoted;
    else if (ch == ',' && !quoted)
      cells.emplace_back();
    else
      cells.back() += ch;
  }
  return cells;
}

// How far a printed number may lie from the value it rounds: half a unit of its last decimal
// ("%.4g" numbers with an exponent: a relative 1e-3).
double printed_precision(const std::string& cell) {
  if (cell.find_first_of("eE") != std::string::npos) return 1e-3 * std::abs(std::stod(cell));
  const auto point = cell.find('.');
  const int decimals = point == std::string::npos ? 0 : static_cast<int>(cell.size() - point - 1);
  return 0.51 * std::pow(10.0, -decimals);
}

TEST(SummaryJsonTest, ParsesAndAgreesWithSummaryCsv) {
  TempDir tmp;
  const ExperimentConfig c = head_to_head("heuristic", "random", 2000, tmp.sub("out"));
  ASSERT_TRUE(run_experiment(builtin(), c).run.complete);
  const Json doc = Json::parse(read_text(c.out_dir + "/summary.json"));
  EXPECT_EQ(doc["schema"], 1);
  EXPECT_TRUE(doc["tool"]["version"].is_string());
  EXPECT_FALSE(doc["tool"]["version"].get<std::string>().empty());
  EXPECT_EQ(doc["config"]["sprt"], "p0=0,p1=0.5,alpha=0.05,beta=0.05");
  EXPECT_EQ(doc["config"]["player"].size(), 2u);
  EXPECT_EQ(doc["rules"]["double"], 6);
  EXPECT_TRUE(doc["ratings"].is_null());  // a head-to-head has no ratings
  EXPECT_EQ(doc["sprt"]["decision"], "H1 accepted");
  const auto lines = split_lines(read_text(c.out_dir + "/summary.csv"));
  ASSERT_EQ(lines.size(), 2u);
  const auto names = csv_cells(lines[0]), cells = csv_cells(lines[1]);
  ASSERT_EQ(names.size(), cells.size());
  const Json& row = doc["rows"][0];
  for (std::size_t k = 0; k < names.size(); ++k) {
    SCOPED_TRACE(names[k]);
    ASSERT_TRUE(row.contains(names[k]));
    const Json& v = row[names[k]];
    if (cells[k].empty())
      EXPECT_TRUE(v.is_null());
    else if (v.is_string())
      EXPECT_EQ(v.get<std::string>(), cells[k]);
    else if (v.is_number_integer())
      EXPECT_EQ(std::to_string(v.get<std::int64_t>()), cells[k]);
    else
      EXPECT_NEAR(v.get<double>(), std::stod(cells[k]), printed_precision(cells[k]));
  }
  EXPECT_EQ(row.size(), names.size()) << "every member is a summary.csv column";
}

}  // namespace
}  // namespace tournament
