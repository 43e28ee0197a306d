// One row of summary.csv as plain data: a pairing's statistics, filled by summarize() (summary.h)
// and read by every table that shows a pairing (summary.md, sprt_report.h, cross_tables.h,
// summary_json.h).
//
// Conventions: a_points_per_game is from A's side, its ci95 the half-width of a 95% Student-t
// interval computed over duplicate pairs when those are on (over games otherwise); the win rate
// counts a draw as half a win, with a Wilson 95% interval; p_value is one-sided for "A scores more
// points than B". In match mode (target > 0) the unit is a match, not a game.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "arena/tournament/stats/control_variate.h"
#include "arena/tournament/stats/pentanomial.h"
#include "arena/tournament/stats/sprt.h"

namespace tournament {

/// One row of summary.csv.
struct SummaryRow {
  /// In a sweep, each swept parameter's column name ("1.scenarios", grid_sweep.h) and this row's
  /// value; they lead the row, in grid order. Empty without a sweep.
  std::vector<std::pair<std::string, std::string>> sweep;
  std::string player_a, player_b;  ///< canonical specs: summary.csv's identity of the players
  /// The players' display names (config/player_names.h), "" when unnamed: shown instead of the
  /// spec in summary.md, as name_a/name_b in summary.json's rows and Python's; not summary.csv
  /// columns.
  std::string name_a, name_b;
  std::int64_t games = 0, a_wins = 0, draws = 0, b_wins = 0;
  double a_points_per_game = 0, a_points_ci95 = 0;
  double a_win_rate = 0, a_win_rate_ci95_low = 0, a_win_rate_ci95_high = 1;
  double p_value = 0.5;
  double leader_points_per_game = 0;
  std::int64_t a_forfeits = 0, b_forfeits = 0;  ///< games each side forfeited (external bots)
  std::int64_t deals_played = 0;  ///< deals behind the row (fewer than `deals` when a rule stopped)
  bool precision_reached = false;  ///< config.precision stopped this pairing (chunk_tally.h)
  bool has_sprt = false;           ///< an SPRT ran: the sprt_* fields hold its end (sprt.h)
  double sprt_llr = 0, sprt_lower = 0, sprt_upper = 0;
  SprtDecision sprt_decision = SprtDecision::kNone;
  bool has_penta = false;  ///< duplicate deals: the penta fields hold the pairs' counts
  PentanomialCounts penta{};
  PentanomialEstimate penta_estimate;
  /// Real choices (two or more legal moves) timed for A and for B (all of a slow player's, a
  /// sample of a fast one's: decision_sampler.h), and their mean CPU milliseconds on the playing
  /// thread (game_loop.h); the mean is meaningless (shown empty) when its count is 0. Measured, so
  /// it differs from run to run as `seconds` does.
  std::int64_t a_decisions = 0, b_decisions = 0;
  double a_ms_per_decision = 0, b_ms_per_decision = 0;
  double seconds = 0;
  AdjustedEstimate cv;  ///< the control-variate estimate (control_variate.h); invalid when off
};

/// Returns player A as the tables for people show it: its display name, else its spec.
inline const std::string& shown_a(const SummaryRow& r) {
  return r.name_a.empty() ? r.player_a : r.name_a;
}
/// Returns player B as the tables for people show it: its display name, else its spec.
inline const std::string& shown_b(const SummaryRow& r) {
  return r.name_b.empty() ? r.player_b : r.name_b;
}

}  // namespace tournament
