// A round robin's cross tables (docs/formats.md, "Cross tables"): points per game and win rate of
// every player against every other, as Eigen matrices, CSV and Markdown.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "arena/tournament/report/summary_row.h"
#include "arena/tournament/results.h"

namespace tournament {

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

}  // namespace tournament
