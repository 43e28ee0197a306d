// Statistics for score tables: means with Student-t confidence intervals, the Wilson score
// interval for a win rate, and a one-sided p-value for "A scores more points than B".
//
// Inputs are exact integer sums (count, sum, sum of squares) so that totals reduce in any order to
// the same bits and a resumed run reproduces an uninterrupted one. Sources: Wilson, "Probable
// inference, the law of succession, and statistical inference", JASA 22 (1927); Student's t
// quantiles and distribution from Boost.Math.
#pragma once

#include <cstdint>

namespace tournament {

/// Exact running sums of integer observations x_1..x_n.
struct IntegerMoments {
  std::int64_t n = 0;       ///< number of observations
  std::int64_t sum = 0;     ///< sum of x_i
  std::int64_t sum_sq = 0;  ///< sum of x_i^2

  /// Adds one observation.
  void add(std::int64_t x) {
    ++n;
    sum += x;
    sum_sq += x * x;
  }
  /// Adds every observation of `other`.
  void merge(const IntegerMoments& other) {
    n += other.n;
    sum += other.sum;
    sum_sq += other.sum_sq;
  }
  bool operator==(const IntegerMoments&) const = default;
};

/// A sample mean with the half-width of its two-sided 95% confidence interval.
struct MeanEstimate {
  double mean = 0;       ///< sample mean; 0 when n = 0
  double ci95 = 0;       ///< half-width: t_{0.975, n-1} * s / sqrt(n); 0 when n < 2 or s = 0
  double std_error = 0;  ///< s / sqrt(n); 0 when n < 2
};

/// Returns the mean of the observations and its 95% Student-t interval half-width.
/// The sample standard deviation s uses n - 1. With n < 2 the interval is reported as 0 wide
/// (callers print it as unknown where that matters).
MeanEstimate estimate_mean(const IntegerMoments& m);

/// Returns the mean per game when each observation is the sum over `games_per_unit` games (2 for a
/// duplicate pair): mean, half-width and standard error of estimate_mean(m), each divided by
/// games_per_unit (which must be >= 1; checked by assert). This is the paired interval: the
/// variance comes from the spread of the units, so the deal's luck, shared by both games of a
/// pair, cancels.
MeanEstimate estimate_mean_per_game(const IntegerMoments& m, int games_per_unit);

/// A two-sided 95% interval for a proportion.
struct Interval {
  double low = 0;
  double high = 0;
};

/// Returns the Wilson score interval (z = 1.959964) for `successes` out of `trials`; successes may
/// be fractional (a draw counts one half). {0, 1} when trials = 0.
Interval wilson_interval(double successes, double trials);

/// Returns the one-sided p-value of H0 "mean <= 0" against H1 "mean > 0" from a one-sample
/// t-test on the observations: P(T_{n-1} >= mean / (s / sqrt(n))). When s = 0 (for example two
/// identical strategies whose duplicate pairs all net 0) there is no spread to test against: the
/// p-value is 0.5 for a zero mean, 0 for a positive one and 1 for a negative one. 0.5 when n < 2.
double p_value_greater(const IntegerMoments& m);

}  // namespace tournament
