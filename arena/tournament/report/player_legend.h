// The players' display names in the tables for people (config/player_names.h): summary.md,
// crosstable.md and ratings.md show a named player by its name, and end with this legend of
// each name's spec, so a table read alone still says who played. Without names there is no
// legend, and the tables are as they were before names existed.
#pragma once

#include <string>

#include "arena/tournament/config/experiment_config.h"

namespace tournament {

/// Returns the legend: an empty line, "Players by name:", an empty line and one line per named
/// player, "- NAME: `SPEC`" in seat order (a swept player's spec as given, noted "swept"); ""
/// when no player has a name.
std::string player_legend(const ExperimentConfig& config);

}  // namespace tournament
