// A regression-adjusted estimate of A's points per game with a control variate: fewer deals for
// the same certainty (issue 10, item 5), as CUPED does for online experiments (Deng, Xu, Kohavi
// and Walker, "Improving the sensitivity of online controlled experiments by utilizing
// pre-experiment data", WSDM 2013) and AIVAT for poker (Burch, Schmid, Moravcik, Morrill and
// Bowling, AAAI 2018).
//
// Method. Each deal i gives A's result y_i (points over the deal's games, tally a_net) and a
// covariate x_i that is a function of the deal alone, never of the strategies (deal_covariate.h:
// the exact open-hands value of the deal for hand 0). Since the deal is drawn independently of
// who plays it, E[x] is the same under every pair of strategies, and it is known: 0 exactly, by
// the symmetry argued in deal_covariate.h. Then for any fixed beta
//     mean(y) - beta * (mean(x) - E[x])
// is an unbiased estimate of E[y], with the smallest variance, Var(y) (1 - rho^2) / n, at
// beta = Cov(x, y) / Var(x), rho being the correlation of x and y. The interval width shrinks by
// sqrt(1 - rho^2), so rho = 0.6 saves a fifth of the width and 36% of the deals.
//
// Coefficient. beta is estimated from the same deals by least squares, from exact integer sums
// (n, sum x, sum x^2, sum xy here; sum y, sum y^2 in the plain tally):
//     beta = Sxy / Sxx,   Sxy = sum xy - sum x sum y / n,   Sxx = sum x^2 - (sum x)^2 / n.
// The adjusted mean is then the fitted regression line of y on x evaluated at x = E[x], and its
// standard error the textbook one for that point: s_e sqrt(1/n + (mean x - E[x])^2 / Sxx), with
// the residual variance s_e^2 = (Syy - beta Sxy) / (n - 2); the 95% interval uses Student's t
// with n - 2 degrees of freedom. Estimating beta from the sample leaves a bias of order 1/n (the
// covariance of the estimated beta with mean x), against a standard error of order 1/sqrt(n):
// negligible at the deal counts of a run. The sums are integers, so the estimate is the same
// bits for any thread count, chunking or resume.
//
// Duplicate deals. A's covariate summed over a duplicate pair is V + (-V) = 0, so that sum can
// correct nothing; the covariate kept per deal is hand 0's value (A's side in the pair's first
// game), a legitimate deal-only covariate, but the deal's luck has already cancelled from the
// pair's sum, which correlates with it only weakly (|rho| of a few hundredths): the correction
// then does nothing useful (see docs/statistics.md). Two identical strategies with duplicate
// deals have y = 0 on every deal, so beta = 0 and the adjusted mean is exactly 0, as the plain one
// is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "arena/tournament/stats/statistics.h"

namespace tournament {

/// The config key `control-variate`: `auto` (on where it pays, deal_covariate.h), `on`, `off`.
enum class ControlVariateMode { kAuto, kOn, kOff };

/// Returns "auto", "on" or "off".
std::string_view to_string(ControlVariateMode mode);
/// Returns the mode named `text` ("auto", "on", "off"), or nothing when it names none.
std::optional<ControlVariateMode> parse_control_variate_mode(std::string_view text);

/// Exact running sums of (covariate x, result y) per deal; y's own sums live in the plain tally.
struct CovariateSums {
  std::int64_t n = 0;       ///< deals with a covariate
  std::int64_t sum_x = 0;   ///< sum of x_i
  std::int64_t sum_xx = 0;  ///< sum of x_i^2
  std::int64_t sum_xy = 0;  ///< sum of x_i y_i

  /// Adds one deal's covariate x and result y.
  void add(std::int64_t x, std::int64_t y) {
    ++n;
    sum_x += x;
    sum_xx += x * x;
    sum_xy += x * y;
  }
  /// Adds every deal of `other`.
  void merge(const CovariateSums& o) {
    n += o.n;
    sum_x += o.sum_x;
    sum_xx += o.sum_xx;
    sum_xy += o.sum_xy;
  }
  bool operator==(const CovariateSums&) const = default;
};

/// The regression-adjusted estimate of the mean of y.
struct AdjustedEstimate {
  bool valid = false;          ///< false when there is no covariate or fewer than 3 deals
  double mean = 0;             ///< mean(y) - beta (mean(x) - E[x])
  double ci95 = 0;             ///< half-width of its 95% interval (t with n - 2 df); 0 when s_e = 0
  double beta = 0;             ///< Sxy / Sxx; 0 when x does not vary
  double correlation = 0;      ///< sample correlation of x and y; 0 when either does not vary
  double correction = 0;       ///< mean(x) - E[x]: the covariate's deviation the estimate removes
  double correction_ci95 = 0;  ///< half-width of a 95% t interval for mean(x) - E[x]
};

/// Returns the adjusted estimate of the mean of y per game, where y_i is deal i's result over
/// `games_per_unit` games (2 with duplicate deals) with sums `y`, x_i its covariate with sums
/// `xs` and known mean `x_mean`. Invalid (all zero) unless xs.n == y.n >= 3.
AdjustedEstimate estimate_adjusted(const CovariateSums& xs, const IntegerMoments& y, double x_mean,
                                   int games_per_unit);

}  // namespace tournament
