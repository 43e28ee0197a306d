// The pentanomial view of duplicate pairs, as chess testing frameworks count game pairs
// (fastchess, fishtest): each duplicate pair is classed from A's side by its two games' results,
// a win scoring 1, a draw 1/2 and a loss 0, into LL (pair score 0), LD/DL (1/4), LW/DD/WL (1/2),
// DW/WD (3/4) and WW (1), the pair score being the mean of its two games' scores.
//
// Score and normalized Elo (fastchess's EloPentanomial, fishtest's LLRcalc; M. Van den Bergh,
// "Normalized Elo", hardy.uhasselt.be/Fishtest/normalized_elo_practical.pdf): with N pairs, pair
// scores x_k in {0, 1/4, 1/2, 3/4, 1}, mean score s and per-pair variance
// v = sum_k f_k (x_k - s)^2 (f_k the class frequencies),
//     score 95% interval: s +- 1.959964 sqrt(v / N),
//     normalized Elo: nElo = (s - 1/2) / sqrt(2 v) * 800 / ln(10),
// and the nElo interval is nElo at the two ends of the score interval (the same v), i.e.
// nElo +- 1.959964 * 800 / ln(10) / sqrt(2 N). The factor 2 turns the pair's variance into a
// per-game one (a pair averages two games), so nElo compares with the trinomial per-game value.
// nElo is undefined (NaN) when v = 0 or N = 0.
#pragma once

#include <array>
#include <cstdint>

namespace tournament {

/// Counts of duplicate pairs by A's results: [0] LL, [1] LD+DL, [2] LW+DD+WL, [3] DW+WD, [4] WW.
using PentanomialCounts = std::array<std::int64_t, 5>;

/// Returns the class index (0..4) of a pair in which A won `a_wins` and drew `draws` of its two
/// games: 2 * a_wins + draws (a win is worth two quarter points of the pair, a draw one).
inline int pentanomial_class(int a_wins, int draws) {
  return 2 * a_wins + draws;
}

/// The pentanomial summary of a pairing.
struct PentanomialEstimate {
  std::int64_t pairs = 0;
  double score = 0;                     ///< A's mean pair score in [0, 1]; 0 when no pairs
  double score_ci95 = 0;                ///< half-width of the score's 95% interval
  double normalized_elo = 0;            ///< NaN when undefined (no pairs or no spread)
  double normalized_elo_ci95_low = 0;   ///< NaN when undefined
  double normalized_elo_ci95_high = 0;  ///< NaN when undefined
};

/// Returns the score and normalized Elo with 95% intervals of `counts` (formulas above).
PentanomialEstimate estimate_pentanomial(const PentanomialCounts& counts);

}  // namespace tournament
