// Ratings (ratings.h) checked against hand-solved three-player examples, against a brute-force
// optimisation written here (a coordinate pattern search on the objective, sharing no code with
// the fits' normal equations or Newton steps), and their covariances against numerical second
// derivatives of the objective in a free parametrisation of the anchored plane. Last, a real
// round robin's ratings.csv and cross-table interval files against its summary.csv.
#include "arena/tournament/report/ratings.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "arena/tournament/run/experiment.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using test_files::read_text;
using test_files::split_lines;
using Objective = std::function<double(const std::vector<double>&)>;

PairingEvidence points(int a, int b, double mean, double variance) {
  PairingEvidence p;
  p.a = a, p.b = b, p.points_mean = mean, p.points_variance = variance;
  p.games = 1, p.a_score = 0.5;
  return p;
}

PairingEvidence score(int a, int b, double games, double a_score) {
  PairingEvidence p;
  p.a = a, p.b = b, p.games = games, p.a_score = a_score;
  return p;
}

// Ratings in the anchored plane from n - 1 free coordinates: the last player's is minus the sum
// of the others (sum 0, or mean 0: the same plane).
std::vector<double> anchored(const std::vector<double>& free) {
  std::vector<double> r = free;
  double sum = 0;
  for (double x : free) sum += x;
  r.push_back(-sum);
  return r;
}

// Weighted squared residuals of rating differences, written from the model's definition.
double weighted_squares(const std::vector<PairingEvidence>& ps, const std::vector<double>& r) {
  double s = 0;
  for (const auto& p : ps) {
    const double e = p.points_mean - (r[p.a] - r[p.b]);
    s += e * e / p.points_variance;
  }
  return s;
}

// Bradley-Terry log-likelihood, draws as half wins, written from the model's definition.
double bt_log_likelihood(const std::vector<PairingEvidence>& ps, const std::vector<double>& t) {
  double s = 0;
  for (const auto& p : ps) {
    const double prob = 1 / (1 + std::exp(t[p.b] - t[p.a]));
    s += p.a_score * std::log(prob) + (p.games - p.a_score) * std::log(1 - prob);
  }
  return s;
}

// Minimises f by cyclic coordinate search with steps shrinking from 4 to 1e-10: for each step,
// move along each coordinate while that lowers f. Converges on the smooth convex objectives here.
std::vector<double> pattern_search(const Objective& f, int dims) {
  std::vector<double> x(dims, 0.0);
  double best = f(x);
  for (double step = 4; step > 1e-10; step /= 2) {
    for (bool moved = true; moved;) {
      moved = false;
      for (int i = 0; i < dims; ++i)
        for (double sign : {1.0, -1.0}) {
          for (;;) {
            std::vector<double> y = x;
            y[i] += sign * step;
            const double fy = f(y);
            if (!(fy < best)) break;
            x = y, best = fy, moved = true;
          }
        }
    }
  }
  return x;
}

// Returns B H^-1 B^T: the covariance in the anchored plane when H is the (numerical) Hessian of
// the negative log-likelihood in the free coordinates and B maps free coordinates to ratings.
Eigen::MatrixXd numerical_covariance(const Objective& negative_log_likelihood,
                                     const std::vector<double>& at) {
  const int m = static_cast<int>(at.size());
  const double h = 1e-4;
  Eigen::MatrixXd hessian(m, m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      auto shifted = [&](double di, double dj) {
        std::vector<double> x = at;
        x[i] += di, x[j] += dj;
        return negative_log_likelihood(x);
      };
      hessian(i, j) =
          (shifted(h, h) - shifted(h, -h) - shifted(-h, h) + shifted(-h, -h)) / (4 * h * h);
    }
  Eigen::MatrixXd b = Eigen::MatrixXd::Zero(m + 1, m);
  b.topRows(m).setIdentity();
  b.row(m).setConstant(-1);
  return b * hessian.inverse() * b.transpose();
}

// --- points rating, by hand --------------------------------------------------------------------

TEST(PointsRatingTest, ConsistentDifferencesHandSolved) {
  // d_01 = 1, d_12 = 2, d_02 = 3 fit exactly: r0 - r1 = 1, r1 - r2 = 2 and r0 + r1 + r2 = 0 give
  // 3 r2 + 5 = 0: r = (4/3, 1/3, -5/3), chi^2 = 0 on 3 - 3 + 1 = 1 degree of freedom.
  // Equal weights 1 on the complete graph K3: L = 3I - J, whose pseudo-inverse is (I - J/3)/3,
  // so every variance is (1 - 1/3)/3 = 2/9 and every covariance -1/9.
  const PointsFit fit =
      fit_points_rating(3, {points(0, 1, 1, 1), points(1, 2, 2, 1), points(0, 2, 3, 1)});
  EXPECT_NEAR(fit.rating(0), 4.0 / 3, 1e-12);
  EXPECT_NEAR(fit.rating(1), 1.0 / 3, 1e-12);
  EXPECT_NEAR(fit.rating(2), -5.0 / 3, 1e-12);
  EXPECT_NEAR(fit.chi_square, 0, 1e-20);
  EXPECT_EQ(fit.degrees_of_freedom, 1);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_NEAR(fit.covariance(i, j), i == j ? 2.0 / 9 : -1.0 / 9, 1e-12);
}

TEST(PointsRatingTest, NonTransitiveDifferencesHandSolved) {
  // d_01 = 1, d_12 = 1, d_02 = 0 cannot all hold. With equal weights on K3 the fit is
  // r_a = (1/3) sum_b d_ab: r = (1/3, 0, -1/3); residuals 2/3, 2/3, -2/3, so chi^2 = 4/3.
  const PointsFit fit =
      fit_points_rating(3, {points(0, 1, 1, 1), points(1, 2, 1, 1), points(0, 2, 0, 1)});
  EXPECT_NEAR(fit.rating(0), 1.0 / 3, 1e-12);
  EXPECT_NEAR(fit.rating(1), 0, 1e-12);
  EXPECT_NEAR(fit.rating(2), -1.0 / 3, 1e-12);
  EXPECT_NEAR(fit.chi_square, 4.0 / 3, 1e-12);
}

TEST(PointsRatingTest, GauntletWithUnequalWeightsHandSolved) {
  // A gauntlet is a tree, so it fits exactly: r0 - r1 = 2, r0 - r2 = -1, sum 0 give
  // 3 r0 - 1 = 0: r = (1/3, -5/3, 4/3), whatever the weights. Then r0 = (d01 + d02)/3,
  // r1 = (d02 - 2 d01)/3, r2 = (d01 - 2 d02)/3 with Var d01 = 1, Var d02 = 4:
  // Var r0 = (1 + 4)/9 = 5/9, Var r1 = (4 + 4)/9 = 8/9, Var r2 = (1 + 16)/9 = 17/9.
  const PointsFit fit = fit_points_rating(3, {points(0, 1, 2, 1), points(0, 2, -1, 4)});
  EXPECT_NEAR(fit.rating(0), 1.0 / 3, 1e-12);
  EXPECT_NEAR(fit.rating(1), -5.0 / 3, 1e-12);
  EXPECT_NEAR(fit.rating(2), 4.0 / 3, 1e-12);
  EXPECT_NEAR(fit.covariance(0, 0), 5.0 / 9, 1e-12);
  EXPECT_NEAR(fit.covariance(1, 1), 8.0 / 9, 1e-12);
  EXPECT_NEAR(fit.covariance(2, 2), 17.0 / 9, 1e-12);
  EXPECT_EQ(fit.degrees_of_freedom, 0);
}

TEST(PointsRatingTest, DisconnectedOrBadPairingsAreRefused) {
  EXPECT_THROW(fit_points_rating(4, {points(0, 1, 1, 1), points(2, 3, 1, 1)}),
               std::invalid_argument);
  EXPECT_THROW(fit_points_rating(2, {points(0, 0, 1, 1)}), std::invalid_argument);
  EXPECT_THROW(fit_points_rating(2, {points(0, 2, 1, 1)}), std::invalid_argument);
  EXPECT_THROW(fit_points_rating(2, {points(0, 1, 1, 0)}), std::invalid_argument);
}

// --- Bradley-Terry, by hand --------------------------------------------------------------------

TEST(BradleyTerryTest, ScoresThatFitExactlyHandSolved) {
  // With t = (ln 2, 0, -ln 2): P(0 beats 1) = P(1 beats 2) = 2/3 and P(0 beats 2) = 4/5. Scores
  // 2 of 3, 2 of 3 (one win and two draws) and 4 of 5 make every pairing's n p = s, so the
  // gradient sum (s - n p) vanishes there: it is the maximum, already of mean 0.
  // Elo = 400 log10(2) = 120.412.
  const std::vector<PairingEvidence> ps = {score(0, 1, 3, 2), score(1, 2, 3, 2), score(0, 2, 5, 4)};
  ASSERT_TRUE(bradley_terry_has_maximum(3, ps));
  const EloFit fit = fit_bradley_terry(3, ps);
  EXPECT_FALSE(fit.prior_used);
  EXPECT_NEAR(fit.strength(0), std::log(2.0), 1e-10);
  EXPECT_NEAR(fit.strength(1), 0, 1e-10);
  EXPECT_NEAR(fit.strength(2), -std::log(2.0), 1e-10);
  EXPECT_NEAR(kEloPerLogit * fit.strength(0), 400 * std::log10(2.0), 1e-8);
}

TEST(BradleyTerryTest, TwoPlayersHandSolved) {
  // One pairing, 30 of 40: t0 - t1 = logit(3/4) = ln 3, so t = (ln 3 / 2, -ln 3 / 2). The
  // information of the difference is n p q = 40 * 3/16 = 7.5; t0 = (t0 - t1)/2 on the mean-zero
  // line, so Var t0 = (1/4)(1/7.5) = 1/30.
  const EloFit fit = fit_bradley_terry(2, {score(0, 1, 40, 30)});
  EXPECT_NEAR(fit.strength(0), std::log(3.0) / 2, 1e-10);
  EXPECT_NEAR(fit.covariance(0, 0), 1.0 / 30, 1e-10);
  EXPECT_NEAR(fit.covariance(0, 1), -1.0 / 30, 1e-10);
}

TEST(BradleyTerryTest, PerfectRecordUsesOneVirtualDrawPerPairing) {
  // Player 0 won all 10 games against each other player: no finite maximum (Ford's condition
  // fails). The fit equals the plain maximum on the same data with one drawn game added to each
  // pairing, which has a maximum.
  const std::vector<PairingEvidence> ps = {score(0, 1, 10, 10), score(0, 2, 10, 10),
                                           score(1, 2, 10, 6)};
  EXPECT_FALSE(bradley_terry_has_maximum(3, ps));
  const EloFit fit = fit_bradley_terry(3, ps);
  EXPECT_TRUE(fit.prior_used);
  const std::vector<PairingEvidence> with_draw = {score(0, 1, 11, 10.5), score(0, 2, 11, 10.5),
                                                  score(1, 2, 11, 6.5)};
  ASSERT_TRUE(bradley_terry_has_maximum(3, with_draw));
  const EloFit plain = fit_bradley_terry(3, with_draw);
  EXPECT_FALSE(plain.prior_used);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(fit.strength(i), plain.strength(i), 1e-12);
  EXPECT_GT(fit.strength(0), fit.strength(1));
  EXPECT_LT(fit.strength(0), 10);  // finite and moderate: about 1600 Elo, not 1e300
  // A group that never lost to the rest also fails the condition, though no one is perfect.
  EXPECT_FALSE(bradley_terry_has_maximum(
      4, {score(0, 1, 10, 5), score(2, 3, 10, 5), score(0, 2, 10, 10), score(1, 3, 10, 10)}));
}

// --- against brute force on random four-player fields ------------------------------------------

std::vector<PairingEvidence> random_field(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> mean(-5, 5), variance(0.2, 3);
  std::uniform_int_distribution<int> games(20, 60);
  std::vector<PairingEvidence> ps;
  for (int a = 0; a < 4; ++a)
    for (int b = a + 1; b < 4; ++b) {
      PairingEvidence p = points(a, b, mean(rng), variance(rng));
      p.games = games(rng);
      p.a_score =
          std::uniform_int_distribution<int>(2, static_cast<int>(2 * p.games) - 2)(rng) / 2.0;
      ps.push_back(p);
    }
  return ps;
}

TEST(PointsRatingTest, MatchesBruteForceAndNumericalCovariance) {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    const auto ps = random_field(seed);
    const PointsFit fit = fit_points_rating(4, ps);
    EXPECT_NEAR(fit.rating.sum(), 0, 1e-12);
    const Objective f = [&](const std::vector<double>& x) {
      return weighted_squares(ps, anchored(x));
    };
    const auto best = anchored(pattern_search(f, 3));
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(fit.rating(i), best[i], 1e-6) << "seed " << seed;
    EXPECT_NEAR(fit.chi_square, weighted_squares(ps, best), 1e-9);
    // Half the weighted squares is the negative Gaussian log-likelihood.
    const Objective half = [&](const std::vector<double>& x) { return f(x) / 2; };
    const Eigen::MatrixXd cov = numerical_covariance(half, {best[0], best[1], best[2]});
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) EXPECT_NEAR(fit.covariance(i, j), cov(i, j), 1e-5);
  }
}

TEST(BradleyTerryTest, MatchesBruteForceAndNumericalCovariance) {
  for (std::uint32_t seed : {4u, 5u, 6u}) {
    const auto ps = random_field(seed);
    ASSERT_TRUE(bradley_terry_has_maximum(4, ps));
    const EloFit fit = fit_bradley_terry(4, ps);
    EXPECT_FALSE(fit.prior_used);
    EXPECT_NEAR(fit.strength.mean(), 0, 1e-12);
    const Objective f = [&](const std::vector<double>& x) {
      return -bt_log_likelihood(ps, anchored(x));
    };
    const auto best = anchored(pattern_search(f, 3));
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(fit.strength(i), best[i], 1e-6) << "seed " << seed;
    EXPECT_LE(f({fit.strength(0), fit.strength(1), fit.strength(2)}),
              f({best[0], best[1], best[2]}) + 1e-12);
    const Eigen::MatrixXd cov = numerical_covariance(f, {best[0], best[1], best[2]});
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) EXPECT_NEAR(fit.covariance(i, j), cov(i, j), 1e-5);
  }
}

// --- rate() and the table text -------------------------------------------------------------------

TaskResult task(int a, int b, std::int64_t units, std::int64_t sum, std::int64_t sum_sq) {
  TaskResult t;
  t.pairing = {a, b};
  t.totals.deals = units;
  t.totals.games = 2 * units;  // duplicate pairs
  t.totals.a_wins = units / 2 + sum / 20, t.totals.draws = units,
  t.totals.b_wins = units / 2 - sum / 20;
  t.totals.a_net = IntegerMoments{units, sum, sum_sq};
  return t;
}

TEST(RateTest, IdenticalStrategiesWithZeroSpreadArePinnedTogether) {
  // Pairing (0, 1) nets 0 on every one of 100 duplicate pairs (two identical strategies): its
  // variance floor is 1/(100 * 2)^2 = 2.5e-5, against 0.2525 for the others (pairs of +12 and -8,
  // half each: s^2 = (10400 - 200^2/100)/99 = 101.01, over 100 pairs and 2 games: 101.01/100/4).
  // So r0 = r1 to a few 1e-5, both finite, and the others' mean difference of +1 a game puts r2
  // below them: r0 - r2 = r1 - r2 = 1 (a tree plus an exactly matching edge), sum 0.
  const Ratings r =
      rate({task(0, 1, 100, 0, 0), task(0, 2, 100, 200, 10400), task(1, 2, 100, 200, 10400)},
           {"p", "q", "s"}, 2);
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_NEAR(r.rows[0].points_rating, 1.0 / 3, 1e-9);
  EXPECT_NEAR(r.rows[1].points_rating, 1.0 / 3, 1e-9);
  EXPECT_NEAR(r.rows[2].points_rating, -2.0 / 3, 1e-9);
  EXPECT_EQ(r.rows[0].games, 400);
  EXPECT_EQ(r.rows[0].player, "p");
  EXPECT_FALSE(r.elo_prior_used);
}

TEST(RateTest, CsvQuotesSpecsAndMarkdownSortsAndMarksThePrior) {
  Ratings r;
  r.rows = {{"weak", -1, 0.5, -20, -30, -10, 10, ""}, {"m(a=1,b=2)", 1, 0.5, 20, 10, 30, 10, ""}};
  r.elo_prior_used = true;
  const auto csv = split_lines(ratings_csv(r));
  ASSERT_EQ(csv.size(), 3u);
  EXPECT_EQ(csv[1], "weak,-1.0000,0.5000,-20.0,-30.0,-10.0,10");
  EXPECT_EQ(csv[2], "\"m(a=1,b=2)\",1.0000,0.5000,20.0,10.0,30.0,10");
  const std::string md = ratings_markdown(r, "t", "game");
  EXPECT_NE(md.find("| 1 | m(a=1,b=2) | +1.00 ± 0.50 | +20* [+10, +30] | 10 |"), std::string::npos)
      << md;
  EXPECT_NE(md.find("| 2 | weak | -1.00 ± 0.50 | -20* [-30, -10] | 10 |"), std::string::npos) << md;
  EXPECT_NE(md.find("virtual draw"), std::string::npos);
}

// --- a real round robin -------------------------------------------------------------------------

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string f; std::getline(ss, f, ',');) out.push_back(f);
  return out;
}

TEST(RatingsFilesTest, RoundRobinRatingsReproduceTheCrossTable) {
  test_files::TempDir tmp;
  ExperimentConfig c;
  c.name = "ratings_test";
  c.players = {"lowest", "random", "heuristic"};
  c.deals = 400;
  c.seed = 11;
  c.threads = 2;
  c.out_dir = tmp.sub("out");
  c.chunk = 100;
  c.quiet = true;
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), c).run.complete);
  const auto summary = split_lines(read_text(c.out_dir + "/summary.csv"));
  const auto ratings = split_lines(read_text(c.out_dir + "/ratings.csv"));
  ASSERT_EQ(ratings.size(), 4u);
  EXPECT_EQ(ratings[0], "player,points_rating,points_ci95,elo,elo_ci95_low,elo_ci95_high,games");
  std::vector<double> r, elo;
  for (int i = 0; i < 3; ++i) {
    const auto f = fields(ratings[i + 1]);
    ASSERT_EQ(f.size(), 7u);
    EXPECT_EQ(f[0], c.players[i]);
    EXPECT_EQ(f[6], "1600");  // two pairings of 400 duplicate deals
    r.push_back(std::stod(f[1]));
    elo.push_back(std::stod(f[3]));
    EXPECT_GT(std::stod(f[2]), 0);
    EXPECT_NEAR(std::stod(f[4]) + std::stod(f[5]), 2 * elo.back(), 0.21);  // symmetric interval
  }
  EXPECT_NEAR(r[0] + r[1] + r[2], 0, 2e-4);
  EXPECT_NEAR(elo[0] + elo[1] + elo[2], 0, 0.2);
  // Rating differences reproduce each pairing's mean difference within its own interval.
  const std::vector<std::pair<int, int>> pairs = {{0, 1}, {0, 2}, {1, 2}};
  const auto ci_cells = split_lines(read_text(c.out_dir + "/crosstable_points_ci95.csv"));
  const auto low = split_lines(read_text(c.out_dir + "/crosstable_winrate_ci95_low.csv"));
  const auto high = split_lines(read_text(c.out_dir + "/crosstable_winrate_ci95_high.csv"));
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto [a, b] = pairs[k];
    const auto row = fields(summary[k + 1]);
    const double d = std::stod(row[6]), ci = std::stod(row[7]);
    EXPECT_NEAR(r[a] - r[b], d, ci) << summary[k + 1];
    EXPECT_EQ(elo[a] > elo[b], r[a] > r[b]);
    EXPECT_EQ(fields(ci_cells[a + 1])[b + 1], row[7]);
    EXPECT_EQ(fields(ci_cells[b + 1])[a + 1], row[7]);
    EXPECT_EQ(fields(low[a + 1])[b + 1], row[9]);
    EXPECT_EQ(fields(high[a + 1])[b + 1], row[10]);
    EXPECT_NEAR(std::stod(fields(low[b + 1])[a + 1]), 1 - std::stod(row[10]), 1.1e-4);
  }
  const std::string md = read_text(c.out_dir + "/ratings.md");
  EXPECT_NE(md.find("| 1 | heuristic |"), std::string::npos) << md;
  EXPECT_NE(read_text(c.out_dir + "/crosstable.md").find(" ± "), std::string::npos);
}

TEST(RatingsFilesTest, GauntletRatesEveryPlayer) {
  // A gauntlet is a star: player 0's two pairings fix both differences, so the ratings reproduce
  // them exactly (a tree has no residual), here to the files' 4 decimals.
  test_files::TempDir tmp;
  ExperimentConfig c;
  c.players = {"heuristic", "random", "lowest"};
  c.format = Format::kGauntlet;
  c.deals = 100;
  c.out_dir = tmp.sub("out");
  c.quiet = true;
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), c).run.complete);
  const auto summary = split_lines(read_text(c.out_dir + "/summary.csv"));
  const auto ratings = split_lines(read_text(c.out_dir + "/ratings.csv"));
  ASSERT_EQ(ratings.size(), 4u);
  const double r0 = std::stod(fields(ratings[1])[1]);
  for (int j = 1; j < 3; ++j)
    EXPECT_NEAR(r0 - std::stod(fields(ratings[j + 1])[1]), std::stod(fields(summary[j])[6]), 2e-4);
  // summary.json carries the same ratings, player by player (ratings.csv rounds to 4 decimals).
  const auto json = nlohmann::json::parse(read_text(c.out_dir + "/summary.json"));
  ASSERT_EQ(json["ratings"]["players"].size(), 3u);
  for (int j = 0; j < 3; ++j) {
    const auto& row = json["ratings"]["players"][static_cast<std::size_t>(j)];
    const auto csv = fields(ratings[static_cast<std::size_t>(j) + 1]);
    EXPECT_EQ(row["player"], csv[0]);
    EXPECT_NEAR(row["points_rating"].get<double>(), std::stod(csv[1]), 1e-4);
    EXPECT_NEAR(row["elo"].get<double>(), std::stod(csv[3]), 0.051);  // 1 decimal in the CSV
  }
}

TEST(RatingsFilesTest, HeadToHeadWritesNoRatings) {
  test_files::TempDir tmp;
  ExperimentConfig c;
  c.players = {"lowest", "random"};
  c.format = Format::kHeadToHead;
  c.deals = 20;
  c.out_dir = tmp.sub("out");
  c.quiet = true;
  ASSERT_TRUE(run_experiment(strategies::Registry::builtin(), c).run.complete);
  EXPECT_FALSE(std::filesystem::exists(c.out_dir + "/ratings.csv"));
  EXPECT_TRUE(nlohmann::json::parse(read_text(c.out_dir + "/summary.json"))["ratings"].is_null());
  EXPECT_TRUE(std::filesystem::exists(c.out_dir + "/summary.csv"));
}

}  // namespace
}  // namespace tournament
