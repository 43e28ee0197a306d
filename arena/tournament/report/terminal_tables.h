// What `dominoes run` and `dominoes merge` print at a terminal when a run ends: the results as
// aligned plain-text tables that fit a terminal of 100 columns, where summary.md (the file, and
// what they print to a pipe) is a Markdown table of some 250 columns. As cutechess and fastchess
// end a tournament: the pairings, then for a round robin or gauntlet the standings.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/report/ratings.h"
#include "arena/tournament/report/summary_row.h"
#include "arena/tournament/results.h"

namespace tournament {

/// Returns the terminal tables of a finished run, each line at most `width` columns (display
/// columns, not bytes; `width` at least 60) when the experiment's sweep columns allow it:
///   - a header line: the experiment, its format, deals per pairing, random seed and unit;
///   - one aligned row per pairing of `rows` (summary_rows of `tasks`): its sweep values, A and
///     B by label, games, A's points per game (or match) with its 95% interval, A's win rate with
///     its Wilson 95% interval, p, each side's forfeits when any, and ms per decision;
///   - the players' labels with their specs: a label is the display name or the short label the
///     progress line shows (TaskResult::label_a), replaced by P1, P2, ... when too long to fit;
///   - with `ratings` (a round robin or gauntlet): the standings, best points rating first, with
///     its 95% interval, the Elo and its interval, the player's raw points per game over all its
///     pairings, and its games.
std::string terminal_tables(const std::vector<SummaryRow>& rows,
                            const std::vector<TaskResult>& tasks, const ExperimentConfig& config,
                            const std::optional<Ratings>& ratings, int width = 100);

}  // namespace tournament
