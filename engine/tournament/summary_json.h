// summary.json: the machine-readable results of a run, one schema (documented in
// results/README.md): every summary.csv row with typed values (null where the CSV cell is
// empty), the config as key/values, the tool's version (git describe at configure time), the
// rules, the SPRT's settings, verdict and trajectory, and an empty "ratings" member that the
// ratings of round robins and gauntlets fill.
#pragma once

#include <string>
#include <vector>

#include "engine/tournament/experiment_config.h"
#include "engine/tournament/runner.h"
#include "engine/tournament/tables.h"

namespace tournament {

/// The schema's version, written as "schema"; raised when a member changes meaning or goes.
inline constexpr int kSummaryJsonSchema = 1;

/// Returns summary.json (pretty-printed with 2 spaces, newline-terminated) for the rows of
/// `tasks` (rows[k] from tasks[k]) under `config`.
std::string summary_json(const std::vector<SummaryRow>& rows, const ExperimentConfig& config,
                         const std::vector<TaskResult>& tasks);

}  // namespace tournament
