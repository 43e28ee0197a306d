#include "arena/tournament/stats/pentanomial.h"

#include <cmath>
#include <limits>

namespace tournament {
namespace {

constexpr double kZ95 = 1.959963984540054;
const double kNeloPerT = 800 / std::log(10.0);  // normalized Elo per unit of (s - 1/2) / sigma

}  // namespace

PentanomialEstimate estimate_pentanomial(const PentanomialCounts& counts) {
  PentanomialEstimate e;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  e.normalized_elo = e.normalized_elo_ci95_low = e.normalized_elo_ci95_high = nan;
  for (const auto c : counts) e.pairs += c;
  if (e.pairs == 0) return e;
  const double n = static_cast<double>(e.pairs);
  for (int k = 0; k < 5; ++k) e.score += static_cast<double>(counts[k]) * (k / 4.0) / n;
  double variance = 0;
  for (int k = 0; k < 5; ++k)
    variance += static_cast<double>(counts[k]) / n * std::pow(k / 4.0 - e.score, 2);
  e.score_ci95 = kZ95 * std::sqrt(variance / n);
  if (!(variance > 0)) return e;
  const auto nelo = [&](double score) {
    return (score - 0.5) / std::sqrt(2 * variance) * kNeloPerT;
  };
  e.normalized_elo = nelo(e.score);
  e.normalized_elo_ci95_low = nelo(e.score - e.score_ci95);
  e.normalized_elo_ci95_high = nelo(e.score + e.score_ci95);
  return e;
}

}  // namespace tournament
