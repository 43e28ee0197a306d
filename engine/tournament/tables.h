// Score and win-rate tables (DESIGN.md section 6): summary.csv and summary.md, one row per pairing;
// for round robins a cross table of points per game and win rate (Eigen matrices) as CSV and
// Markdown; and config.cfg, the configuration actually used.
//
// Conventions: a_points_per_game is from A's side, its ci95 the half-width of a 95% Student-t
// interval computed over duplicate pairs when those are on (over games otherwise); the win rate
// counts a draw as half a win, with a Wilson 95% interval; p_value is one-sided for "A scores more
// points than B". In match mode (target > 0) the unit is a match, not a game.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "engine/tournament/experiment_config.h"
#include "engine/tournament/pentanomial.h"
#include "engine/tournament/runner.h"

namespace tournament {

/// One row of summary.csv.
struct SummaryRow {
  /// In a sweep, each swept parameter's column name ("1.scenarios", grid_sweep.h) and this row's
  /// value; they lead the row, in grid order. Empty without a sweep.
  std::vector<std::pair<std::string, std::string>> sweep;
  std::string player_a, player_b;
  std::int64_t games = 0, a_wins = 0, draws = 0, b_wins = 0;
  double a_points_per_game = 0, a_points_ci95 = 0;
  double a_win_rate = 0, a_win_rate_ci95_low = 0, a_win_rate_ci95_high = 1;
  double p_value = 0.5;
  double leader_points_per_game = 0;
  std::int64_t a_forfeits = 0, b_forfeits = 0;  ///< games each side forfeited (external bots)
  std::int64_t deals_played = 0;  ///< deals behind the row (fewer than `deals` when a rule stopped)
  bool precision_reached = false;  ///< config.precision stopped this pairing (chunk_tally.h)
  bool has_sprt = false;          ///< an SPRT ran: the sprt_* fields hold its end (sprt.h)
  double sprt_llr = 0, sprt_lower = 0, sprt_upper = 0;
  SprtDecision sprt_decision = SprtDecision::kNone;
  bool has_penta = false;         ///< duplicate deals: the penta fields hold the pairs' counts
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

/// Returns the statistics of one pairing's totals.
SummaryRow summarize(const TaskResult& task, const ExperimentConfig& config);
/// Returns the rows of summary.csv: summarize() of every task, with a sweep's P.PARAM columns.
std::vector<SummaryRow> summary_rows(const std::vector<TaskResult>& tasks,
                                     const ExperimentConfig& config);

/// Returns summary.csv: a header line (the first row's sweep columns, then the fixed columns) and
/// one line per row; fields with commas are quoted. The columns after b_forfeits: deals_played;
/// sprt_llr, sprt_lower, sprt_upper, sprt_decision (empty without an SPRT); penta_ll, penta_ld,
/// penta_d, penta_wd, penta_ww, penta_score, normalized_elo, normalized_elo_ci95_low,
/// normalized_elo_ci95_high (empty without duplicate deals, and the Elo cells also when
/// undefined); a_points_per_game_cv, a_points_ci95_cv, cv_beta, cv_rho (empty when the control
/// variate is off); a_ms_per_decision, b_ms_per_decision (CPU milliseconds per real choice, empty
/// when none was timed); seconds stays last.
std::string summary_csv(const std::vector<SummaryRow>& rows);
/// Returns summary.md: the experiment's settings and the rows as a Markdown table (with forfeit
/// columns when any game was forfeited); its last two columns are the CPU milliseconds per real
/// choice of A and B and the seconds.
std::string summary_markdown(const std::vector<SummaryRow>& rows, const ExperimentConfig& config);

/// A round robin's cross tables: entry (i, j) is player i's result against player j, from i's
/// side; NaN on the diagonal. Shapes: players x players. Each cell's 95% interval is the
/// pairing's: points_ci95 the Student-t half-width (the same from both sides), the win rate's
/// Wilson bounds (from the column's side, 1 - high and 1 - low).
struct CrossTables {
  Eigen::MatrixXd points_per_game;
  Eigen::MatrixXd win_rate;
  Eigen::MatrixXd points_ci95;
  Eigen::MatrixXd win_rate_ci95_low;
  Eigen::MatrixXd win_rate_ci95_high;
};

/// Returns the cross tables of `rows`, which must come from a round robin of `players` players.
CrossTables cross_tables(const std::vector<SummaryRow>& rows, const std::vector<TaskResult>& tasks,
                         int players);
/// Returns a cross table as CSV: a header of player specs, then one line per player; the
/// diagonal is empty. `decimals` digits after the point.
std::string crosstable_csv(const Eigen::MatrixXd& m, const std::vector<std::string>& players,
                           int decimals);
/// Returns both cross tables as Markdown, each cell with its 95% interval (`+2.81 ± 0.62`,
/// `58.9% [56.7, 61.0]`), with each player's mean over its opponents.
std::string crosstable_markdown(const CrossTables& t, const std::vector<std::string>& players);

/// Writes every table of a finished run into config.out_dir (creating it), each file first to
/// NAME.partial and then renamed over NAME, so no table looks complete before it is and an
/// earlier run's table stays until its replacement is whole. Returns the paths.
/// A non-empty `partial_note` (a merge of unfinished shards, merge.h) is written under
/// summary.md's title and as summary.json's "partial". Throws std::runtime_error when a file
/// cannot be written.
std::vector<std::string> write_tables(const ExperimentConfig& config,
                                      const std::vector<TaskResult>& tasks,
                                      const std::string& partial_note = "");

}  // namespace tournament
