// Every table of a finished run written into its output directory: summary.csv and summary.md,
// for round robins the cross tables, for round robins and gauntlets the ratings, for an SPRT
// sprt.csv, summary.json, and config.cfg, the configuration actually used.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/report/ratings.h"
#include "arena/tournament/results.h"

namespace tournament {

/// Returns true when a run of `config` has cross tables: a round robin without a sweep (a cross
/// table has one cell per pair of players, and a sweep seats several specs per seat).
bool has_cross_tables(const ExperimentConfig& config);

/// Returns the ratings of a finished run (ratings.h) with the players' display names, or nothing
/// for a head-to-head (its one
/// pairing is its own rating), a sweep, or a partial merge with a pairing that has no game yet
/// (no evidence to rate it by).
std::optional<Ratings> run_ratings(const ExperimentConfig& config,
                                   const std::vector<TaskResult>& tasks);

/// Writes every table of a finished run into config.out_dir (creating it), each file first to
/// NAME.partial and then renamed over NAME, so no table looks complete before it is and an
/// earlier run's table stays until its replacement is whole. Then removes what an earlier run
/// left there that this run does not write (tables of kTableFiles' names and the plots
/// scripts/plot draws from them, regular files only), so the folder describes one experiment.
/// Returns the paths written.
/// A non-empty `partial_note` (a merge of unfinished shards, merge.h) is written under
/// summary.md's title and as summary.json's "partial". Throws std::runtime_error when a file
/// cannot be written.
std::vector<std::string> write_tables(const ExperimentConfig& config,
                                      const std::vector<TaskResult>& tasks,
                                      const std::string& partial_note = "");

}  // namespace tournament
