// The control variate (control_variate.h, deal_covariate.h). Reference values come from a
// hand-computed regression, a second implementation in this file (least squares on the design
// matrix [1, x - E[x]] with Eigen's QR, its standard error from s^2 (X'X)^-1), an enumeration of
// every deal of a small variant (E[V] = 0), and the plain estimate of the same deals.
#include "arena/tournament/stats/control_variate.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/play/deal_covariate.h"
#include "arena/tournament/play/play_deal.h"
#include "arena/tournament/report/cross_tables.h"
#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/write_tables.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/run/journal.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/rng.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using Points = std::vector<std::pair<int, int>>;  // (x, y) per deal

void sums_of(const Points& points, CovariateSums& xs, IntegerMoments& ys) {
  for (const auto& [x, y] : points) {
    xs.add(x, y);
    ys.add(y);
  }
}

TEST(ControlVariateTest, HandComputedExample) {
  // x = -1, 0, 1, 2; y = 0, 1, 2, 2. By hand: mean x 0.5, mean y 1.25, Sxx 5, Sxy 3.5, Syy 2.75,
  // beta 0.7, adjusted 1.25 - 0.7 * 0.5 = 0.9, residual SS 2.75 - 0.7 * 3.5 = 0.3,
  // s_e^2 = 0.15, se^2 = 0.15 (1/4 + 0.25/5) = 0.045, t_{0.975,2} = 4.302653,
  // rho = 3.5 / sqrt(5 * 2.75) = 0.943880.
  CovariateSums xs;
  IntegerMoments ys;
  sums_of({{-1, 0}, {0, 1}, {1, 2}, {2, 2}}, xs, ys);
  const AdjustedEstimate e = estimate_adjusted(xs, ys, 0, 1);
  ASSERT_TRUE(e.valid);
  EXPECT_NEAR(e.beta, 0.7, 1e-12);
  EXPECT_NEAR(e.mean, 0.9, 1e-12);
  EXPECT_NEAR(e.ci95, 4.302653 * std::sqrt(0.045), 1e-5);
  EXPECT_NEAR(e.correlation, 0.943880, 1e-6);
  EXPECT_NEAR(e.correction, 0.5, 1e-12);
  // Per game with 2 games per deal: every point estimate and width halves, beta does not.
  const AdjustedEstimate half = estimate_adjusted(xs, ys, 0, 2);
  EXPECT_NEAR(half.mean, 0.45, 1e-12);
  EXPECT_NEAR(half.ci95, e.ci95 / 2, 1e-12);
  EXPECT_NEAR(half.beta, 0.7, 1e-12);
  // A known mean other than 0 moves the line's point: 1.25 - 0.7 (0.5 - 1) = 1.6.
  EXPECT_NEAR(estimate_adjusted(xs, ys, 1, 1).mean, 1.6, 1e-12);
}

TEST(ControlVariateTest, AgreesWithLeastSquaresOnTheDesignMatrix) {
  dominoes::Rng rng(dominoes::stream_key({7, 1, 2, 3}));
  for (int trial = 0; trial < 5; ++trial) {
    Points points;
    const int n = 20 + 37 * trial;
    for (int i = 0; i < n; ++i) {
      const int x = static_cast<int>(rng.below(41)) - 20;
      const int noise = static_cast<int>(rng.below(31)) - 15;
      points.push_back({x, (trial + 1) * x / 3 + noise + 2});
    }
    const double x_mean = trial * 0.5 - 1;
    Eigen::MatrixXd design(n, 2);
    Eigen::VectorXd y(n);
    for (int i = 0; i < n; ++i) {
      design(i, 0) = 1;
      design(i, 1) = points[i].first - x_mean;
      y(i) = points[i].second;
    }
    const Eigen::VectorXd coef = design.colPivHouseholderQr().solve(y);
    const double s2 = (y - design * coef).squaredNorm() / (n - 2);
    const double se = std::sqrt(s2 * (design.transpose() * design).inverse()(0, 0));
    const double t = boost::math::quantile(boost::math::students_t(n - 2.0), 0.975);
    CovariateSums xs;
    IntegerMoments ys;
    sums_of(points, xs, ys);
    const AdjustedEstimate e = estimate_adjusted(xs, ys, x_mean, 1);
    EXPECT_NEAR(e.mean, coef(0), 1e-9) << "trial " << trial;
    EXPECT_NEAR(e.beta, coef(1), 1e-9) << "trial " << trial;
    EXPECT_NEAR(e.ci95, t * se, 1e-9) << "trial " << trial;
  }
}

TEST(ControlVariateTest, ZeroResultsGiveExactlyZero) {
  // Two identical strategies with duplicate deals: every pair nets 0 whatever the covariate.
  CovariateSums xs;
  IntegerMoments ys;
  sums_of({{5, 0}, {-3, 0}, {12, 0}, {0, 0}, {-7, 0}}, xs, ys);
  const AdjustedEstimate e = estimate_adjusted(xs, ys, 0, 2);
  ASSERT_TRUE(e.valid);
  EXPECT_EQ(e.mean, 0.0);
  EXPECT_EQ(e.ci95, 0.0);
  EXPECT_EQ(e.beta, 0.0);
}

TEST(ControlVariateTest, TooFewOrMismatchedDealsAreInvalid) {
  CovariateSums xs;
  IntegerMoments ys;
  sums_of({{1, 2}, {3, 4}}, xs, ys);
  EXPECT_FALSE(estimate_adjusted(xs, ys, 0, 1).valid);
  ys.add(5);  // a deal without a covariate
  xs.add(0, 0);
  xs.add(0, 0);
  EXPECT_FALSE(estimate_adjusted(xs, ys, 0, 1).valid);
}

// Every ordered pair of disjoint 2-tile hands from the double-6 set, as (hand 0, hand 1): each
// equally likely under make_deal.
template <typename Visit>
void for_each_hand_pair(Visit visit) {
  const int tiles = dominoes::tile_count(6);
  std::vector<dominoes::TileSet> hands;
  for (int a = 0; a < tiles; ++a)
    for (int b = a + 1; b < tiles; ++b) {
      dominoes::TileSet set;
      set.insert(static_cast<dominoes::Tile>(a));
      set.insert(static_cast<dominoes::Tile>(b));
      hands.push_back(set);
    }
  for (const auto& h0 : hands)
    for (const auto& h1 : hands)
      if ((h0 & h1).empty()) visit(h0, h1);
}

TEST(DealCovariateTest, MeanIsExactlyZeroOverEveryDealOfASmallVariant) {
  dominoes::Rules rules;
  rules.hand_size = 2;
  endgame::BlockDominoesSolver solver(rules);
  std::int64_t deals = 0, random_leader = 0, heaviest = 0, hand0_leads = 0;
  for_each_hand_pair([&](dominoes::TileSet h0, dominoes::TileSet h1) {
    ++deals;
    const std::array<dominoes::TileSet, 2> hands{h0, h1};
    const auto deal = [&](dominoes::Seat leader) {
      dominoes::Deal d;
      d.hands = {h0, h1};
      d.leader = leader;
      return d;
    };
    const int lead0 = deal_covariate(solver, deal(0));
    const int lead1 = deal_covariate(solver, deal(1));
    random_leader += lead0 + lead1;  // each leader with probability 1/2
    heaviest += deal_covariate(solver, deal(dominoes::heaviest_double_holder(hands)));
    hand0_leads += lead0;
  });
  EXPECT_EQ(deals, 378 * 325);  // C(28,2) C(26,2)
  EXPECT_EQ(random_leader, 0);
  EXPECT_EQ(heaviest, 0);
  // Under `alternate` the leader does not follow the hands: the leader's edge does not cancel,
  // which is why the correction is refused there.
  EXPECT_GT(hand0_leads, 0);
}

TEST(DealCovariateTest, SwappingHandsAndLeaderNegatesTheValue) {
  const dominoes::Rules rules;
  endgame::BlockDominoesSolver solver(rules);
  for (std::uint64_t i = 0; i < 50; ++i) {
    const dominoes::Deal d = dominoes::make_deal(rules, 3, i);
    const dominoes::Deal swapped{{d.hands[1], d.hands[0]},
                                 static_cast<dominoes::Seat>(1 - d.leader)};
    EXPECT_EQ(deal_covariate(solver, swapped), -deal_covariate(solver, d)) << "deal " << i;
  }
}

TEST(DealCovariateTest, OnlyOnComputesItAndOnlyWhereItsMeanIsKnown) {
  ExperimentConfig c;
  for (const bool duplicate : {true, false}) {
    c.duplicate = duplicate;
    c.control_variate = ControlVariateMode::kAuto;  // below the 20% bar everywhere (README)
    EXPECT_FALSE(control_variate_enabled(c));
    c.control_variate = ControlVariateMode::kOff;
    EXPECT_FALSE(control_variate_enabled(c));
    c.control_variate = ControlVariateMode::kOn;
    EXPECT_TRUE(control_variate_enabled(c));
  }
  EXPECT_EQ(control_variate_refusal(c), "");
  c.rules.leader = dominoes::LeaderRule::kHeaviestDouble;
  EXPECT_EQ(control_variate_refusal(c), "");
  c.rules.leader = dominoes::LeaderRule::kAlternate;
  EXPECT_NE(control_variate_refusal(c), "");
  c.rules.leader = dominoes::LeaderRule::kRandom;
  c.rules.match_target = 100;
  EXPECT_NE(control_variate_refusal(c), "");
}

// Plays deals [0, deals) of `a` vs `b` with the covariate on and returns the totals.
PairingTotals play(const std::string& a, const std::string& b, std::uint64_t seed, int deals,
                   bool duplicate) {
  ExperimentConfig c;
  c.seed = seed;
  c.duplicate = duplicate;
  const auto& registry = strategies::Registry::builtin();
  std::array<strategies::Player, 2> players{registry.make(a), registry.make(b)};
  const std::array<std::string, 2> specs{a, b};
  endgame::BlockDominoesSolver solver(c.rules);
  PairingTotals totals;
  for (int i = 0; i < deals; ++i)
    totals.add(play_deal({.config = c,
                          .deal_index = i,
                          .players = {&players[0], &players[1]},
                          .specs = specs,
                          .covariate_solver = &solver}));
  return totals;
}

TEST(ControlVariateRunTest, CorrectedAndPlainEstimatesAgreeOnTwentySeeds) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const PairingTotals t = play("heuristic", "random", seed, 200, false);
    const MeanEstimate plain = estimate_mean_per_game(t.a_net, 1);
    const AdjustedEstimate cv = estimate_adjusted(t.covariate, t.a_net, kCovariateMean, 1);
    ASSERT_TRUE(cv.valid);
    EXPECT_LT(std::abs(cv.mean - plain.mean), std::min(plain.ci95, cv.ci95)) << "seed " << seed;
  }
}

TEST(ControlVariateRunTest, CorrectionIsZeroWithinItsIntervalForSeveralPairings) {
  const std::vector<std::pair<std::string, std::string>> pairings = {
      {"heuristic", "random"}, {"random", "random"}, {"lowest", "heuristic"}, {"random", "lowest"}};
  // The deals differ by pairing (seeds 201..204); each check could fail by chance one time in 20.
  std::uint64_t seed = 200;
  for (const auto& [a, b] : pairings) {
    const PairingTotals t = play(a, b, ++seed, 1000, false);
    const AdjustedEstimate cv = estimate_adjusted(t.covariate, t.a_net, kCovariateMean, 1);
    EXPECT_LT(std::abs(cv.correction), cv.correction_ci95) << a << " vs " << b;
  }
}

TEST(ControlVariateRunTest, IdenticalStrategiesWithDuplicateDealsNetExactlyZero) {
  const PairingTotals t = play("heuristic", "heuristic", 5, 100, true);
  EXPECT_EQ(t.covariate.n, 100);
  const AdjustedEstimate cv = estimate_adjusted(t.covariate, t.a_net, kCovariateMean, 2);
  EXPECT_EQ(cv.mean, 0.0);
  EXPECT_EQ(cv.ci95, 0.0);
}

TEST(ControlVariateRunTest, JournalKeepsTheCovariateSums) {
  ChunkResult e;
  e.totals = play("heuristic", "random", 9, 30, false);
  ChunkResult back;
  const std::string line = format_entry(e);
  ASSERT_TRUE(parse_entry(line.substr(0, line.size() - 1), back));
  EXPECT_EQ(back.totals.covariate, e.totals.covariate);
  EXPECT_EQ(back.totals.covariate.n, 30);
}

TEST(ControlVariateRunTest, TablesDoNotDependOnThreadsOrChunks) {
  test_files::TempDir tmp;
  std::vector<std::string> tables;
  for (const auto& [threads, chunk] : {std::pair{1, 300}, {2, 7}}) {
    ExperimentConfig c;
    c.players = {"heuristic", "random"};
    c.format = Format::kHeadToHead;
    c.deals = 300;
    c.duplicate = false;
    c.control_variate = ControlVariateMode::kOn;
    c.threads = threads;
    c.chunk = chunk;
    c.quiet = true;
    c.out_dir = tmp.sub("t" + std::to_string(threads));
    validate(c, strategies::Registry::builtin());
    ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), c).run.complete);
    tables.push_back(
        test_files::csv_without_timings(test_files::read_text(c.out_dir + "/summary.csv")));
  }
  EXPECT_EQ(tables[0], tables[1]);
  EXPECT_NE(tables[0].find("cv_beta"), std::string::npos);
  // The control variate's columns hold numbers (header and first row split at commas).
  const auto lines = test_files::split_lines(tables[0]);
  ASSERT_GE(lines.size(), 2u);
  std::vector<std::string> header, row;
  for (auto [text, out] : {std::pair{&lines[0], &header}, std::pair{&lines[1], &row}}) {
    std::stringstream ss(*text);
    for (std::string cell; std::getline(ss, cell, ',');) out->push_back(cell);
  }
  for (const char* column : {"a_points_per_game_cv", "a_points_ci95_cv", "cv_beta", "cv_rho"}) {
    const auto at = std::find(header.begin(), header.end(), column) - header.begin();
    ASSERT_LT(static_cast<std::size_t>(at), row.size()) << column;
    EXPECT_FALSE(row[static_cast<std::size_t>(at)].empty()) << column << " is empty";
  }
}

}  // namespace
}  // namespace tournament
