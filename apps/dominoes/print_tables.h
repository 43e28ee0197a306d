// How `dominoes run` and `dominoes merge` show the results on standard output when a run ends:
// at a terminal the aligned tables of report/terminal_tables.h (100 columns, standings for round
// robins and gauntlets), else summary.md as written (Markdown, for pipes and files).
#pragma once

#include <vector>

#include "engine/tournament/config/experiment_config.h"
#include "engine/tournament/results.h"

namespace dominoes_cli {

/// Prints the finished run's results to standard output: terminal_tables() when it is a
/// terminal, else the text of config.out_dir/summary.md (the tables must have been written).
void print_tables(const tournament::ExperimentConfig& config,
                  const std::vector<tournament::TaskResult>& tasks);

}  // namespace dominoes_cli
