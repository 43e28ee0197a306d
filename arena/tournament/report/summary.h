// summary.csv and summary.md (docs/formats.md, "summary.csv"): one row per pairing with its score,
// win rate, intervals, tests and costs.
#pragma once

#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/report/summary_row.h"
#include "arena/tournament/results.h"

namespace tournament {

/// Returns the statistics of one pairing's totals, with its players' display names (name_a,
/// name_b) from `config`.
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
/// columns when any game was forfeited), players by their display names where they have one
/// (then with player_legend.h's legend at the end), else by their specs; its last two columns are
/// the CPU milliseconds per real choice of A and B and the seconds.
std::string summary_markdown(const std::vector<SummaryRow>& rows, const ExperimentConfig& config);

/// Returns the unit the tables count: "game", or "match" in match mode (target > 0).
std::string unit_name(const ExperimentConfig& config);

}  // namespace tournament
