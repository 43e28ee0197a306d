#include "arena/tournament/stats/control_variate.h"

#include <boost/math/distributions/students_t.hpp>
#include <cassert>
#include <cmath>

namespace tournament {
namespace {

__extension__ using Int128 = __int128;  // GCC/Clang extension; __extension__ quiets -Wpedantic

// n times a centred sum of products: n sum(ab) - sum(a) sum(b), exact in 128 bits.
long double n_times_centred(std::int64_t n, std::int64_t sum_ab, std::int64_t sum_a,
                            std::int64_t sum_b) {
  return static_cast<long double>(static_cast<Int128>(n) * sum_ab -
                                  static_cast<Int128>(sum_a) * sum_b);
}

double t975(std::int64_t degrees_of_freedom) {
  const boost::math::students_t t_dist(static_cast<double>(degrees_of_freedom));
  return boost::math::quantile(t_dist, 0.975);
}

}  // namespace

std::string_view to_string(ControlVariateMode mode) {
  switch (mode) {
    case ControlVariateMode::kOn:
      return "on";
    case ControlVariateMode::kOff:
      return "off";
    case ControlVariateMode::kAuto:
      break;
  }
  return "auto";
}

std::optional<ControlVariateMode> parse_control_variate_mode(std::string_view text) {
  for (auto mode : {ControlVariateMode::kAuto, ControlVariateMode::kOn, ControlVariateMode::kOff})
    if (text == to_string(mode)) return mode;
  return std::nullopt;
}

AdjustedEstimate estimate_adjusted(const CovariateSums& xs, const IntegerMoments& y, double x_mean,
                                   int games_per_unit) {
  assert(games_per_unit >= 1);
  AdjustedEstimate e;
  if (xs.n != y.n || xs.n < 3) return e;
  const std::int64_t n = xs.n;
  const long double nl = static_cast<long double>(n);
  // 1. Centred sums, each times n (exact before the one rounding).
  const long double n_sxx = n_times_centred(n, xs.sum_xx, xs.sum_x, xs.sum_x);
  const long double n_sxy = n_times_centred(n, xs.sum_xy, xs.sum_x, y.sum);
  const long double n_syy = n_times_centred(n, y.sum_sq, y.sum, y.sum);
  const long double mean_x = static_cast<long double>(xs.sum_x) / nl;
  const long double mean_y = static_cast<long double>(y.sum) / nl;
  e.valid = true;
  e.correction = static_cast<double>(mean_x - x_mean);
  if (n_sxx > 0)
    e.correction_ci95 = t975(n - 1) * static_cast<double>(std::sqrt(n_sxx / nl / (nl - 1) / nl));
  // 2. Without spread in x there is nothing to regress on: the plain mean and interval.
  if (n_sxx <= 0) {
    e.mean = static_cast<double>(mean_y) / games_per_unit;
    const long double variance = std::max(n_syy, 0.0L) / nl / (nl - 1);
    if (variance > 0)
      e.ci95 = t975(n - 1) * static_cast<double>(std::sqrt(variance / nl)) / games_per_unit;
    return e;
  }
  // 3. The least-squares line at x = E[x], and the standard error of that point.
  const long double beta = n_sxy / n_sxx;
  e.beta = static_cast<double>(beta);
  if (n_syy > 0) e.correlation = static_cast<double>(n_sxy / std::sqrt(n_sxx * n_syy));
  e.mean = static_cast<double>(mean_y - beta * (mean_x - x_mean)) / games_per_unit;
  const long double residual = std::max(n_syy - beta * n_sxy, 0.0L) / nl / (nl - 2);
  const long double deviation = mean_x - x_mean;
  const long double se2 = residual * (1 / nl + deviation * deviation * nl / n_sxx);
  if (se2 > 0) e.ci95 = t975(n - 2) * static_cast<double>(std::sqrt(se2)) / games_per_unit;
  return e;
}

}  // namespace tournament
