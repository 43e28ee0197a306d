// An experiment: who plays whom, on which rules, how many deals, and where the tables go
// (docs/experiments.md; keys in docs/formats.md). This file holds the checked config, its
// validation and its INI form; reading it from a file and the command line is run_arguments.h's
// job.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "arena/bots/bot_config.h"
#include "arena/tournament/config/config_error.h"
#include "arena/tournament/config/experiment_fields.h"
#include "arena/tournament/config/grid_sweep.h"
#include "arena/tournament/config/schedule.h"
#include "arena/tournament/stats/control_variate.h"
#include "arena/tournament/stats/sprt.h"
#include "engine/dominoes/rules.h"

namespace strategies {
class Registry;
}

namespace tournament {

/// The fewest deals a pairing plays before `precision` may stop it: below that the sample standard
/// deviation is too rough to judge the interval by.
inline constexpr std::int64_t kPrecisionMinDeals = 100;

// The control variate (stats/control_variate.h): whether a run computes the deal's covariate
// (play/deal_covariate.h) and what its mean is. Its mean over all deals is exactly 0 under the
// leader rules `random` and `heaviest-double` (the argument is in play/deal_covariate.h) and
// unknown under `alternate` or in matches, so the correction is refused there.

/// E[V] over all deals under the rules the correction accepts: exactly 0 (see above).
inline constexpr double kCovariateMean = 0;

/// Returns an empty string when `config`'s rules admit the control variate, else one line saying
/// why not (a match target, or the alternate leader rule).
std::string control_variate_refusal(const ExperimentConfig& config);

/// Returns true when a run of `config` computes the covariate: with `on`. `auto` is on only where
/// the correction cuts the 95% interval of minimax(200,0) vs playout(1000) by 20% or more at
/// equal deals; by the measurements in docs/statistics.md it does nowhere (18% without
/// duplicate deals, 0% with them), so `auto` is off for now, and `off` is off.
bool control_variate_enabled(const ExperimentConfig& config);

/// Returns true when a pairing stops before `deals` when its answer is known (sprt or precision).
inline bool stops_early(const ExperimentConfig& c) {
  return c.sprt.enabled || c.precision > 0;
}

/// The files a run writes into its output directory, besides the journal and the lock.
inline constexpr const char* kTableFiles[] = {
    "summary.csv", "summary.md", "crosstable_points.csv", "crosstable_winrate.csv", "crosstable.md",
    "config.cfg",
    // issue 10: the sequential test, machine-readable results, cell intervals and ratings
    "sprt.csv", "summary.json", "crosstable_points_ci95.csv", "crosstable_winrate_ci95_low.csv",
    "crosstable_winrate_ci95_high.csv", "ratings.csv", "ratings.md"};
/// The journal's and the lock's file names in the output directory.
inline constexpr const char* kJournalFile = "journal.txt";
inline constexpr const char* kLockFile = "run.lock";

/// Returns the files a run of `config` writes into its output directory: its journal, its lock and
/// its tables (kTableFiles), each also as NAME.partial, which it writes first and renames.
std::vector<std::filesystem::path> run_output_files(const ExperimentConfig& config);

/// Checks `config` and completes it: players' display names split off into `player_names`
/// (player_names.h), specs made canonical, the sweep expanded into `lineups` and their `labels`
/// (every spec parsed here, so no user error can surface mid-run), out_dir defaulted to
/// results/<name>. Validating a validated config changes nothing. Throws ConfigError naming the
/// first problem: bad rules or target, a bad name or path (a newline, '#'), a bad player name
/// (player_names.h), an unknown strategy or parameter, a format that does not fit the player count,
/// a bad sweep, an SPRT outside head-to-head, or --games-out naming a file the run itself writes
/// (its journal, lock or tables) or a directory. Specs are resolved by `registry` (the CLI's is
/// strategies::Registry::builtin()) plus the config's bots (a bot named like a strategy, or twice,
/// is a ConfigError).
void validate(ExperimentConfig& config, const strategies::Registry& registry);

/// Returns `registry` plus the config's bots, their stderr logs in OUT/bots/NAME.log: the
/// registry a run of `config` seats its players from. Throws ConfigError as validate() does.
strategies::Registry registry_for(const ExperimentConfig& config,
                                  const strategies::Registry& registry);

/// Returns the experiment's swept parameters in grid order (first varies slowest): its `grid`
/// sweeps, or its one legacy sweep, or none.
std::vector<Sweep> swept_parameters(const ExperimentConfig& config);

/// Returns the built-in default experiment: a quick round robin of the fast strategies.
ExperimentConfig default_experiment();

/// Returns the config as an INI file that `dominoes run` reads back to the same experiment: every
/// key of experiment_keys.h that is not a session key, in the table's order, `[bot.NAME]` sections
/// last.
std::string to_ini(const ExperimentConfig& config);

/// Returns the (key, value) pairs that decide the tables' contents and the journal's layout, in
/// INI order and spelling: the keys experiment_keys.h marks KeyRole::kResult (everything but
/// threads, quiet, name and out, which never change a result), players by their specs alone
/// (display names never change a result: player_names.h). A bot's keys come last, as
/// "bot.NAME.KEY" (to_ini writes them as `[bot.NAME]` sections). A journal is resumed only under
/// the same keys (journal.h).
std::vector<std::pair<std::string, std::string>> result_keys(const ExperimentConfig& config);

}  // namespace tournament
