// A generalized sequential probability ratio test (GSPRT) on A's mean points, checked at chunk
// boundaries of a head-to-head run (`--sprt p0=0,p1=0.5[,alpha=0.05,beta=0.05]`).
//
// Hypotheses, on A's mean points per game (per match in match mode): H0 mu <= p0, H1 mu >= p1.
// Observations are the deal's points from A's side: a duplicate pair's net points (two games, so
// the hypotheses become 2*p0 and 2*p1 per observation), or one game's net without duplicate deals.
//
// Method: the normal approximation of the generalized log-likelihood ratio that fishtest uses for
// a general discrete outcome distribution (LLRcalc.py, LLR_alt2; M. Van den Bergh,
// "A practical introduction to the GSPRT", hardy.uhasselt.be/Fishtest/GSPRT_approximation.pdf):
// with n observations of sample mean m and variance v (population form, divided by n),
//     LLR = n * (s1 - s0) * (2 m - s0 - s1) / (2 v),
// which is the log-likelihood ratio of two normal models of the mean with the observed variance.
// The test stops at the first check where LLR <= ln(beta / (1 - alpha)) (H0 accepted) or
// LLR >= ln((1 - beta) / alpha) (H1 accepted) (Wald's bounds). Inputs are the exact integer
// moments the run keeps (statistics.h), so the LLR after a chunk is the same bits for any thread
// count and after a resume.
//
// When v = 0 (every observation equal, e.g. two identical strategies with duplicate deals, whose
// pairs all net 0) or n < 2, the approximation has no spread to work with: the LLR is reported as
// 0 and the test goes on (it ends at the maximum number of deals with "no decision").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/tournament/stats/statistics.h"

namespace tournament {

/// The largest |p0| and |p1| parse_sprt_settings accepts: far above any game's or match's points,
/// and small enough that the LLR of any run (up to 2^40 deals) is finite.
inline constexpr double kMaxSprtPoints = 1e6;

/// The settings of an SPRT; `enabled` false = no test.
struct SprtSettings {
  bool enabled = false;
  double p0 = 0;        ///< H0: A's mean points per game <= p0
  double p1 = 0;        ///< H1: A's mean points per game >= p1 (p1 > p0)
  double alpha = 0.05;  ///< false-positive rate (accepting H1 when H0 holds), in (0, 1)
  double beta = 0.05;   ///< false-negative rate, in (0, 1), alpha + beta < 1
};

/// Parses "p0=X,p1=Y[,alpha=A,beta=B]" (keys in any order, p0 and p1 required) into `out`
/// (enabled). Returns "" on success, else one line naming the bad part and what would be valid.
std::string parse_sprt_settings(const std::string& text, SprtSettings& out);

/// Returns the settings in the form parse_sprt_settings reads, every key spelled out:
/// "p0=0,p1=0.5,alpha=0.05,beta=0.05" (shortest round-trip decimal of each number).
std::string to_string(const SprtSettings& settings);

/// Wald's stopping bounds on the LLR.
struct SprtBounds {
  double lower = 0;  ///< ln(beta / (1 - alpha)), negative
  double upper = 0;  ///< ln((1 - beta) / alpha), positive
};

/// Returns the bounds for `settings` (alpha, beta as validated by parse_sprt_settings).
SprtBounds sprt_bounds(const SprtSettings& settings);

/// Returns the approximate GSPRT log-likelihood ratio of "mean = s1" against "mean = s0" for the
/// integer observations summarised by `m` (formula in the file comment). 0 when m.n < 2 or the
/// observations have no spread.
double sprt_llr(const IntegerMoments& m, double s0, double s1);

/// Returns sprt_llr for hypotheses on the mean per game when each observation sums
/// `games_per_unit` games (2 for a duplicate pair): s0 = games_per_unit * p0, s1 likewise.
double sprt_llr_per_game(const IntegerMoments& m, const SprtSettings& settings, int games_per_unit);

enum class SprtDecision { kNone, kH0, kH1 };

/// Returns "H1 accepted", "H0 accepted" or "no decision".
const char* to_string(SprtDecision decision);

/// Returns kH1 when llr >= bounds.upper, kH0 when llr <= bounds.lower, else kNone.
SprtDecision sprt_decide(double llr, const SprtBounds& bounds);

/// The test after one chunk: one row of sprt.csv.
struct SprtStep {
  std::int64_t deals = 0;  ///< deals played so far in the pairing
  std::int64_t games = 0;  ///< games (matches) so far
  double llr = 0;
};

/// The whole test of one pairing: the settings' bounds, every check, and the decision at the end.
struct SprtTrace {
  SprtBounds bounds;
  std::vector<SprtStep> steps;
  SprtDecision decision = SprtDecision::kNone;

  /// Returns the last check's LLR (0 before any).
  double llr() const { return steps.empty() ? 0 : steps.back().llr; }
};

/// Returns sprt.csv for `trace`: the header "deals,games,llr,lower,upper" and one line per check
/// (LLR and bounds with 6 decimals).
std::string sprt_csv(const SprtTrace& trace);

}  // namespace tournament
