#include "arena/tournament/report/ratings.h"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "arena/tournament/report/cell_text.h"
#include "arena/tournament/stats/statistics.h"

namespace tournament {
namespace {

constexpr int kMaxNewtonSteps = 200;
constexpr double kNewtonTolerance = 1e-12;  // largest step in log-odds units

void check_pairings(int players, const std::vector<PairingEvidence>& pairings) {
  if (players < 2) throw std::invalid_argument("ratings need at least 2 players");
  for (const auto& p : pairings) {
    if (p.a < 0 || p.b < 0 || p.a >= players || p.b >= players || p.a == p.b)
      throw std::invalid_argument("rating pairing (" + std::to_string(p.a) + ", " +
                                  std::to_string(p.b) + ") is not two different players of " +
                                  std::to_string(players));
    if (!(p.points_variance > 0)) throw std::invalid_argument("rating pairing has variance <= 0");
    if (!(p.games > 0) || p.a_score < 0 || p.a_score > p.games)
      throw std::invalid_argument("rating pairing needs games > 0 and a score within 0..games");
  }
}

// Adds w (e_a - e_b)(e_a - e_b)^T to a Laplacian.
void add_edge(Eigen::MatrixXd& laplacian, int a, int b, double w) {
  laplacian(a, a) += w;
  laplacian(b, b) += w;
  laplacian(a, b) -= w;
  laplacian(b, a) -= w;
}

// Returns the inverse of [[L, 1], [1^T, 0]]: its top-left block is L+ (the covariance), and
// multiplying [g; 0] by it solves L x = g under sum x = 0. Throws when the pairings leave the
// players disconnected (the bordered matrix is then singular).
Eigen::MatrixXd bordered_inverse(const Eigen::MatrixXd& laplacian) {
  const Eigen::Index n = laplacian.rows();
  Eigen::MatrixXd bordered = Eigen::MatrixXd::Zero(n + 1, n + 1);
  bordered.topLeftCorner(n, n) = laplacian;
  bordered.col(n).head(n).setOnes();
  bordered.row(n).head(n).setOnes();
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(bordered);
  if (lu.rank() < n + 1) throw std::invalid_argument("rating pairings do not connect every player");
  return lu.inverse();
}

// Returns the solution of L x = g with sum x = 0, given bordered_inverse(L).
Eigen::VectorXd solve_anchored(const Eigen::MatrixXd& inverse, const Eigen::VectorXd& g) {
  const Eigen::Index n = g.size();
  return inverse.topLeftCorner(n, n) * g;  // the multiplier's row is dropped: [g; 0]
}

double logistic(double x) {
  return 1 / (1 + std::exp(-x));
}

// The Bradley-Terry log-likelihood of strengths t (draws as half wins).
double log_likelihood(const Eigen::VectorXd& t, const std::vector<PairingEvidence>& pairings) {
  double sum = 0;
  for (const auto& p : pairings) {
    const double x = t(p.a) - t(p.b);
    // log p = -log(1 + e^-x), log(1 - p) = -log(1 + e^x), written to stay finite for large |x|.
    const double log_p = -std::log1p(std::exp(-std::abs(x))) - std::max(-x, 0.0);
    const double log_q = -std::log1p(std::exp(-std::abs(x))) - std::max(x, 0.0);
    sum += p.a_score * log_p + (p.games - p.a_score) * log_q;
  }
  return sum;
}

// The gradient and the negative Hessian (a Laplacian) of log_likelihood at t.
void gradient_and_information(const Eigen::VectorXd& t,
                              const std::vector<PairingEvidence>& pairings,
                              Eigen::VectorXd& gradient, Eigen::MatrixXd& information) {
  gradient.setZero(t.size());
  information.setZero(t.size(), t.size());
  for (const auto& p : pairings) {
    const double prob = logistic(t(p.a) - t(p.b));
    const double residual = p.a_score - p.games * prob;
    gradient(p.a) += residual;
    gradient(p.b) -= residual;
    add_edge(information, p.a, p.b, p.games * prob * (1 - prob));
  }
}

// Returns the players reachable from player 0 along edges a -> b where `edge(a, b)`.
template <class Edge>
std::vector<bool> reachable_from_first(int players, const Edge& edge) {
  std::vector<bool> seen(players, false);
  std::vector<int> stack = {0};
  seen[0] = true;
  while (!stack.empty()) {
    const int a = stack.back();
    stack.pop_back();
    for (int b = 0; b < players; ++b)
      if (!seen[b] && edge(a, b)) seen[b] = true, stack.push_back(b);
  }
  return seen;
}

PairingEvidence evidence_of(const TaskResult& task, int games_per_unit) {
  const PairingTotals& t = task.totals;
  const MeanEstimate points = estimate_mean_per_game(t.a_net, games_per_unit);
  // The floor: the variance of the mean had one unit differed by one point (see the header).
  const double units = static_cast<double>(std::max<std::int64_t>(t.a_net.n, 1));
  const double floor = 1 / (units * games_per_unit * units * games_per_unit);
  PairingEvidence e;
  e.a = task.pairing.a;
  e.b = task.pairing.b;
  e.points_mean = points.mean;
  e.points_variance = std::max(points.std_error * points.std_error, floor);
  e.games = static_cast<double>(t.games);
  e.a_score = static_cast<double>(t.a_wins) + 0.5 * static_cast<double>(t.draws);
  return e;
}

}  // namespace

PointsFit fit_points_rating(int players, const std::vector<PairingEvidence>& pairings) {
  check_pairings(players, pairings);
  Eigen::MatrixXd laplacian = Eigen::MatrixXd::Zero(players, players);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(players);
  for (const auto& p : pairings) {
    const double w = 1 / p.points_variance;
    add_edge(laplacian, p.a, p.b, w);
    rhs(p.a) += w * p.points_mean;
    rhs(p.b) -= w * p.points_mean;
  }
  const Eigen::MatrixXd inverse = bordered_inverse(laplacian);
  PointsFit fit;
  fit.rating = solve_anchored(inverse, rhs);
  fit.covariance = inverse.topLeftCorner(players, players);
  for (const auto& p : pairings) {
    const double residual = p.points_mean - (fit.rating(p.a) - fit.rating(p.b));
    fit.chi_square += residual * residual / p.points_variance;
  }
  fit.degrees_of_freedom = static_cast<int>(pairings.size()) - players + 1;
  return fit;
}

bool bradley_terry_has_maximum(int players, const std::vector<PairingEvidence>& pairings) {
  // scored(a, b): a earned something against b in some pairing.
  Eigen::MatrixXi scored = Eigen::MatrixXi::Zero(players, players);
  for (const auto& p : pairings) {
    if (p.a_score > 0) scored(p.a, p.b) = 1;
    if (p.a_score < p.games) scored(p.b, p.a) = 1;
  }
  const auto forward = reachable_from_first(players, [&](int a, int b) { return scored(a, b); });
  const auto backward = reachable_from_first(players, [&](int a, int b) { return scored(b, a); });
  return std::all_of(forward.begin(), forward.end(), [](bool x) { return x; }) &&
         std::all_of(backward.begin(), backward.end(), [](bool x) { return x; });
}

EloFit fit_bradley_terry(int players, const std::vector<PairingEvidence>& given) {
  check_pairings(players, given);
  EloFit fit;
  std::vector<PairingEvidence> pairings = given;
  if (!bradley_terry_has_maximum(players, given)) {
    fit.prior_used = true;
    for (auto& p : pairings) p.games += 1, p.a_score += 0.5;  // one virtual draw
  }
  Eigen::VectorXd t = Eigen::VectorXd::Zero(players), gradient;
  Eigen::MatrixXd information;
  // Newton's method on a concave likelihood; halving guards the first steps from overshooting.
  for (; fit.iterations < kMaxNewtonSteps; ++fit.iterations) {
    gradient_and_information(t, pairings, gradient, information);
    Eigen::VectorXd step = solve_anchored(bordered_inverse(information), gradient);
    const double before = log_likelihood(t, pairings);
    while (log_likelihood(t + step, pairings) < before && step.cwiseAbs().maxCoeff() > 1e-15)
      step /= 2;
    t += step;
    if (step.cwiseAbs().maxCoeff() < kNewtonTolerance) break;
  }
  gradient_and_information(t, pairings, gradient, information);
  fit.strength = t;
  fit.covariance = bordered_inverse(information).topLeftCorner(players, players);
  return fit;
}

Ratings rate(const std::vector<TaskResult>& tasks, const std::vector<std::string>& players,
             int games_per_unit) {
  std::vector<PairingEvidence> pairings;
  for (const auto& task : tasks) pairings.push_back(evidence_of(task, games_per_unit));
  const int n = static_cast<int>(players.size());
  const PointsFit points = fit_points_rating(n, pairings);
  const EloFit elo = fit_bradley_terry(n, pairings);
  Ratings ratings;
  ratings.chi_square = points.chi_square;
  ratings.degrees_of_freedom = points.degrees_of_freedom;
  ratings.elo_prior_used = elo.prior_used;
  for (int i = 0; i < n; ++i) {
    RatingRow row;
    row.player = players[i];
    row.points_rating = points.rating(i);
    row.points_ci95 = kNormal975 * std::sqrt(std::max(points.covariance(i, i), 0.0));
    row.elo = kEloPerLogit * elo.strength(i);
    const double half = kEloPerLogit * kNormal975 * std::sqrt(std::max(elo.covariance(i, i), 0.0));
    row.elo_ci95_low = row.elo - half;
    row.elo_ci95_high = row.elo + half;
    ratings.rows.push_back(row);
  }
  for (const auto& task : tasks) {
    ratings.rows[task.pairing.a].games += task.totals.games;
    ratings.rows[task.pairing.b].games += task.totals.games;
  }
  return ratings;
}

namespace {

std::vector<Column<RatingRow>> make_rating_columns() {
  using R = RatingRow;
  return {
      {"player", "text", "the player's canonical spec",
       [](const R& r) { return Cell::of_text(r.player); }},
      {"points_rating", "number",
       "points per game against the field's average player (the "
       "ratings sum to 0), from the weighted least-squares fit",
       [](const R& r) { return Cell::of_number(r.points_rating); }},
      {"points_ci95", "number", "half-width of its 95% interval",
       [](const R& r) { return Cell::of_number(r.points_ci95); }},
      {"elo", "number", "Bradley-Terry Elo from the win rates, mean 0 over the players",
       [](const R& r) { return Cell::of_number(r.elo, 1); }},
      {"elo_ci95_low", "number", "its 95% interval's lower bound (observed information)",
       [](const R& r) { return Cell::of_number(r.elo_ci95_low, 1); }},
      {"elo_ci95_high", "number", "its 95% interval's upper bound",
       [](const R& r) { return Cell::of_number(r.elo_ci95_high, 1); }},
      {"games", "integer", "games the player played",
       [](const R& r) { return Cell::of_integer(r.games); }},
  };
}

}  // namespace

const std::vector<Column<RatingRow>>& rating_columns() {
  static const std::vector<Column<RatingRow>> columns = make_rating_columns();
  return columns;
}

std::string ratings_csv(const Ratings& ratings) {
  std::string csv = csv_header(rating_columns()) + "\n";
  for (const auto& r : ratings.rows) csv += csv_line(rating_columns(), r) + "\n";
  return csv;
}

std::string ratings_markdown(const Ratings& ratings, const std::string& title,
                             const std::string& unit) {
  std::vector<std::size_t> order(ratings.rows.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return ratings.rows[x].points_rating > ratings.rows[y].points_rating;
  });
  std::ostringstream os;
  os << "# " << title << ": ratings\n\n"
     << "Points rating: points per " << unit << " against the field's average player (rating 0; "
     << "the ratings sum to 0), from the least-squares fit of every pairing's mean points "
     << "difference (d_ab ~ r_a - r_b, weights 1/variance of each pairing's mean), with a 95% "
     << "normal interval from the fit's covariance. Elo: Bradley-Terry on the win rates (a draw "
     << "counts half), maximum likelihood by Newton's method, mean 0, 400 Elo = 10:1 odds, with "
     << "a 95% interval from the observed information (inverse Hessian on the mean-zero plane).";
  if (ratings.elo_prior_used)
    os << " No finite Elo maximum existed (a player or group won or lost every game against the "
          "rest), so every pairing got one virtual draw (a prior): Elo values marked * rest on it.";
  os << "\n\n";
  if (ratings.degrees_of_freedom > 0) {
    const boost::math::chi_squared chi(ratings.degrees_of_freedom);
    os << "Additivity check of the points fit: chi^2 = " << fixed(ratings.chi_square, 2) << " on "
       << ratings.degrees_of_freedom << (ratings.degrees_of_freedom == 1 ? " degree" : " degrees")
       << " of freedom (p = "
       << fixed(boost::math::cdf(boost::math::complement(chi, ratings.chi_square)), 4)
       << "; a small p says some pairings are not predicted by rating differences).\n\n";
  }
  os << "| rank | player | points/" << (unit == "game" ? "game" : "match") << " [95% CI] "
     << "| Elo [95% CI] | games |\n|--:|---|--:|--:|--:|\n";
  int rank = 0;
  for (std::size_t i : order) {
    const RatingRow& r = ratings.rows[i];
    os << "| " << ++rank << " | " << (r.name.empty() ? r.player : r.name) << " | "
       << signed_fixed(r.points_rating, 2) << " ± " << fixed(r.points_ci95, 2) << " | "
       << signed_fixed(r.elo, 0) << (ratings.elo_prior_used ? "*" : "") << " ["
       << signed_fixed(r.elo_ci95_low, 0) << ", " << signed_fixed(r.elo_ci95_high, 0) << "] | "
       << r.games << " |\n";
  }
  return os.str();
}

}  // namespace tournament
