// How `dominoes run` and `dominoes merge` show the results on standard output when a run ends:
// at a terminal the aligned tables of report/terminal_tables.h (100 columns, standings for round
// robins and gauntlets), else summary.md as written (Markdown, for pipes and files).
#pragma once

#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/results.h"

namespace dominoes_cli {

/// Prints the finished run's results to standard output: terminal_tables() when it is a
/// terminal and `may_be_terminal`, else the text of config.out_dir/summary.md (the tables must
/// have been written). An MPI rank passes false: Open MPI hands its ranks a pseudo-terminal for
/// their output whatever mpirun's own output is, so isatty cannot tell there.
void print_tables(const tournament::ExperimentConfig& config,
                  const std::vector<tournament::TaskResult>& tasks, bool may_be_terminal = true);

}  // namespace dominoes_cli
