#include "arena/tournament/stats/statistics.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cassert>
#include <cmath>

namespace tournament {
namespace {

constexpr double kWilsonZ = 1.959964;  // two-sided 95% normal quantile

__extension__ using Int128 = __int128;  // GCC/Clang extension; __extension__ quiets -Wpedantic

/// Returns the sample variance s^2 (divisor n - 1) of the observations; requires n >= 2.
/// n * sum_sq - sum^2 is formed exactly in 128 bits, so no cancellation can occur before the
/// single rounding to long double.
long double sample_variance(const IntegerMoments& m) {
  const Int128 n = m.n;
  const Int128 numerator = n * m.sum_sq - static_cast<Int128>(m.sum) * m.sum;
  const long double variance =
      static_cast<long double>(numerator) / (static_cast<long double>(m.n) * (m.n - 1));
  return std::max(variance, 0.0L);  // exact integers cannot go negative; guard bad input anyway
}

/// Returns s / sqrt(n); requires n >= 2.
double standard_error(const IntegerMoments& m) {
  return static_cast<double>(std::sqrt(sample_variance(m) / m.n));
}

}  // namespace

MeanEstimate estimate_mean(const IntegerMoments& m) {
  MeanEstimate estimate;
  if (m.n == 0) return estimate;
  estimate.mean = static_cast<double>(static_cast<long double>(m.sum) / m.n);
  if (m.n < 2) return estimate;
  estimate.std_error = standard_error(m);
  if (estimate.std_error == 0) return estimate;
  const boost::math::students_t t_dist(static_cast<double>(m.n - 1));
  estimate.ci95 = boost::math::quantile(t_dist, 0.975) * estimate.std_error;
  return estimate;
}

MeanEstimate estimate_mean_per_game(const IntegerMoments& m, int games_per_unit) {
  assert(games_per_unit >= 1);
  MeanEstimate estimate = estimate_mean(m);
  estimate.mean /= games_per_unit;
  estimate.ci95 /= games_per_unit;
  estimate.std_error /= games_per_unit;
  return estimate;
}

Interval wilson_interval(double successes, double trials) {
  if (trials <= 0) return {0, 1};
  assert(successes >= 0 && successes <= trials);
  const double p = successes / trials;
  const double z2 = kWilsonZ * kWilsonZ;
  const double denominator = 1 + z2 / trials;
  const double center = (p + z2 / (2 * trials)) / denominator;
  const double half =
      kWilsonZ * std::sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator;
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

double p_value_greater(const IntegerMoments& m) {
  if (m.n < 2) return 0.5;
  const double se = standard_error(m);
  if (se == 0) return m.sum == 0 ? 0.5 : (m.sum > 0 ? 0.0 : 1.0);
  const double t = static_cast<double>(static_cast<long double>(m.sum) / m.n) / se;
  const boost::math::students_t t_dist(static_cast<double>(m.n - 1));
  return boost::math::cdf(boost::math::complement(t_dist, t));
}

}  // namespace tournament
