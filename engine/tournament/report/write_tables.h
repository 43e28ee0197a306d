// Every table of a finished run written into its output directory: summary.csv and summary.md,
// for round robins the cross tables, for round robins and gauntlets the ratings, for an SPRT
// sprt.csv, summary.json, and config.cfg, the configuration actually used.
#pragma once

#include <string>
#include <vector>

#include "engine/tournament/config/experiment_config.h"
#include "engine/tournament/results.h"

namespace tournament {

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
