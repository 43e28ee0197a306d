// summary.json: the machine-readable results of a run, one schema (documented in
// docs/formats.md, with a JSON Schema in docs/schemas/): every summary.csv row with typed values
// (null where the CSV cell is empty) and the players' display names where given (name_a, name_b;
// a rating's name), the config as key/values, the tool's version (git describe
// at configure time), the rules, the SPRT's settings, verdict and trajectory, and the ratings of a
// round robin or gauntlet (ratings.h; null for a head-to-head or a sweep).
#pragma once

#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/report/ratings.h"
#include "arena/tournament/report/summary_row.h"
#include "arena/tournament/results.h"

namespace tournament {

/// The schema's version, written as "schema"; raised when a member changes meaning or goes.
inline constexpr int kSummaryJsonSchema = 1;

/// Returns summary.json (pretty-printed with 2 spaces, newline-terminated) for the rows of
/// `tasks` (rows[k] from tasks[k]) under `config`, with `ratings` when not null, and a member
/// "partial" holding `partial_note` when it is not empty (a partial merge, merge.h).
std::string summary_json(const std::vector<SummaryRow>& rows, const ExperimentConfig& config,
                         const std::vector<TaskResult>& tasks, const Ratings* ratings = nullptr,
                         const std::string& partial_note = "");

}  // namespace tournament
