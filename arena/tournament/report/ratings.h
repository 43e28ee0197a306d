// Ratings from a round robin or a gauntlet: where each player stands against the whole field.
//
// Two fits over the same pairings, both anchored so that the field's average player is 0:
//
// 1. Points rating (units: points per game; per match in match mode). Model: the mean points
//    difference of pairing (a, b), per game from a's side, is d_ab ~ r_a - r_b + noise with
//    variance v_ab, the squared standard error of that mean exactly as the tables compute its
//    interval (statistics.h: sample variance over duplicate pairs, or over games, per game).
//    Weighted least squares with weights w_ab = 1 / v_ab: minimise sum w_ab (d_ab - r_a + r_b)^2
//    subject to sum r = 0. The constraint is imposed with a Lagrange multiplier: the normal
//    equations L r = b, where L = sum w_ab (e_a - e_b)(e_a - e_b)^T is the weighted graph
//    Laplacian (singular: adding a constant to every rating changes no difference), are bordered
//    by a row and a column of ones, [[L, 1], [1^T, 0]] [r; mu] = [b; 0]. When the pairings connect
//    every player the bordered matrix is invertible and the top-left block of its inverse is the
//    Moore-Penrose inverse L+, which is also the covariance of r (Cov b = L, so L+ L L+ = L+).
//    The 95% interval is r_i +- 1.959964 sqrt(L+_ii) (normal approximation: each pairing's mean
//    averages hundreds of deals). A pairing whose sample variance is 0 (two identical strategies
//    net exactly 0 on every duplicate pair) or unknown (fewer than 2 deals) gets the variance
//    floor 1 / (units * games_per_unit)^2, the variance of the mean had one unit differed by one
//    point: a very large but finite weight, so the fit pins their difference near the observed
//    one instead of dividing by zero. Meaning: r_a is a's expected points per game against a
//    player of rating 0 (an average member of the field), and r_a - r_b predicts a against b. In
//    a complete round robin with equal weights r_a = (1/n) sum_{b != a} d_ab, which is (n-1)/n
//    times the cross table's row mean (the field includes the player itself). The fit also
//    reports chi^2 = sum w_ab (d_ab - r_a + r_b)^2 on (pairings - players + 1) degrees of freedom:
//    large values say the differences are not additive (non-transitive strengths).
//
// 2. Elo rating from win rates: the Bradley-Terry model P(a beats b) = 1 / (1 + e^-(t_a - t_b)),
//    a draw counted as half a win and half a loss (so a pairing contributes the binomial
//    log-likelihood s log p + (n - s) log(1 - p) with s = wins + draws / 2 out of n games),
//    maximised by Newton's method under sum t = 0 (each step solves the same bordered system
//    with L = sum n_ab p_ab (1 - p_ab) (e_a - e_b)(e_a - e_b)^T, the negative Hessian, and the
//    gradient; a step that lowers the likelihood is halved). Elo = 400 log10(e) t, so 400 Elo is
//    10:1 odds. The 95% interval is Elo_i +- 1.959964 sd_i with sd_i^2 the diagonal of the
//    inverse observed information restricted to the mean-zero plane (L+ at the maximum, from the
//    bordered inverse; for the logistic model observed and expected information coincide).
//    Counting draws as half wins treats them as binomial, which overstates the variance when
//    draws are common (the interval errs wide). No finite maximum exists when the players
//    cannot be ordered without a perfect separation, e.g. a player won (or lost) every game:
//    Ford's condition, "for every split of the players into two groups each group scored
//    something against the other", fails. Then, and only then, every pairing gets one virtual
//    draw (one extra game scored half to each side, a prior in the spirit of BayesElo's virtual
//    draws), the fit says so (EloFit::prior_used) and the tables mark it. Sources: Bradley and
//    Terry, Biometrika 39 (1952); Ford, Amer. Math. Monthly 64 (1957); Hunter, "MM algorithms for
//    generalized Bradley-Terry models", Ann. Statist. 32 (2004); R. Coulom's BayesElo.
//
// Head-to-head: two players have one pairing, which is its own rating (r = +-d/2), so the run
// writes no ratings files for it; rate() still works there. A sweep's lineups differ per sweep
// value, so it has no ratings either (as it has no cross table).
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "arena/tournament/report/table_columns.h"
#include "arena/tournament/results.h"

namespace tournament {

/// One pairing's evidence for the fits, players as indices into the player list.
struct PairingEvidence {
  int a = 0;
  int b = 1;
  double points_mean = 0;      ///< a's minus b's points per game, from a's side
  double points_variance = 1;  ///< variance of points_mean (squared standard error), > 0
  double games = 0;            ///< games played (> 0)
  double a_score = 0;          ///< a's wins plus half its draws, 0..games
};

/// The points fit: ratings (points per game, summing to 0) and their covariance.
struct PointsFit {
  Eigen::VectorXd rating;      ///< players
  Eigen::MatrixXd covariance;  ///< players x players
  double chi_square = 0;       ///< weighted residual sum of squares
  int degrees_of_freedom = 0;  ///< pairings - players + 1
};

/// Returns the weighted least-squares fit described above. Throws std::invalid_argument when
/// players < 2, an index is out of range, a pairing has a == b or a variance <= 0, or the
/// pairings do not connect every player.
PointsFit fit_points_rating(int players, const std::vector<PairingEvidence>& pairings);

/// The Bradley-Terry fit: strengths in natural-log odds units (mean 0) and their covariance.
struct EloFit {
  Eigen::VectorXd strength;    ///< players; Elo = kEloPerLogit * strength
  Eigen::MatrixXd covariance;  ///< players x players, of strength
  bool prior_used = false;     ///< true when no finite maximum existed (one virtual draw each)
  int iterations = 0;          ///< Newton steps taken
};

/// Elo points per unit of log-odds: 400 / ln 10.
inline constexpr double kEloPerLogit = 173.71779276130073;
/// The two-sided 95% normal quantile.
inline constexpr double kNormal975 = 1.959964;

/// Returns true when the Bradley-Terry likelihood of `pairings` has a finite maximum (Ford's
/// condition: the digraph with an edge a -> b whenever a scored anything against b is strongly
/// connected).
bool bradley_terry_has_maximum(int players, const std::vector<PairingEvidence>& pairings);

/// Returns the Bradley-Terry maximum-likelihood strengths under mean 0, with the virtual-draw
/// prior when bradley_terry_has_maximum() is false. Throws std::invalid_argument as
/// fit_points_rating does (games must be > 0 and a_score within 0..games).
EloFit fit_bradley_terry(int players, const std::vector<PairingEvidence>& pairings);

/// One row of ratings.csv.
struct RatingRow {
  std::string player;        ///< canonical spec
  double points_rating = 0;  ///< points per game against the field's average player
  double points_ci95 = 0;    ///< half-width of its 95% interval
  double elo = 0;            ///< Bradley-Terry Elo, mean 0 over the players
  double elo_ci95_low = 0;
  double elo_ci95_high = 0;
  std::int64_t games = 0;  ///< games the player played
  std::string name;        ///< display name (config/player_names.h), "" when none; not a column
};

/// Every player's ratings (player order) and the fits' diagnostics, for tables and summary.json.
struct Ratings {
  std::vector<RatingRow> rows;
  double chi_square = 0;  ///< of the points fit
  int degrees_of_freedom = 0;
  bool elo_prior_used = false;  ///< see EloFit::prior_used
};

/// Returns the ratings of a finished round robin or gauntlet: `tasks` in schedule order with
/// pairing indices into `players` (canonical specs); `games_per_unit` is the config's
/// games_per_deal(). Throws std::invalid_argument as the fits do.
Ratings rate(const std::vector<TaskResult>& tasks, const std::vector<std::string>& players,
             int games_per_unit);

/// Returns ratings.csv's columns, declared once (table_columns.h) for ratings.csv, summary.json's
/// ratings and Python's: player, points_rating, points_ci95, elo, elo_ci95_low, elo_ci95_high,
/// games (4 decimals for points, 1 for Elo).
const std::vector<Column<RatingRow>>& rating_columns();

/// Returns ratings.csv: the header
/// player,points_rating,points_ci95,elo,elo_ci95_low,elo_ci95_high,games
/// and one line per player in player order (4 decimals for points, 1 for Elo).
std::string ratings_csv(const Ratings& ratings);

/// Returns ratings.md: the players (by name where they have one, else by spec) sorted by points
/// rating (best first) as a Markdown table, with how each rating and interval was computed and
/// the fit's chi^2; `unit` is "game" or "match to N".
std::string ratings_markdown(const Ratings& ratings, const std::string& title,
                             const std::string& unit);

}  // namespace tournament
