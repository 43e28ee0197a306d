// `dominoes label`: the labels plots and the progress line give players (docs/experiments.md,
// "Players and their names"): a player's display name, else its spec's short label
// (strategies/short_label.h). scripts/plot asks it for the labels of a run's players, so the
// defaults it leaves out are the registry's own.
#pragma once

#include <string>
#include <vector>

namespace dominoes_cli {

/// Runs `dominoes label PLAYER...`: prints each player's label, one line each in order: NAME for
/// `NAME: SPEC`, else the short label of SPEC by the built-in strategies (a spec naming a bot or
/// another unknown strategy keeps its parameters). Returns the exit code: 0, or 2 with one line on
/// stderr for no PLAYER or a bad name.
int label_command(const std::vector<std::string>& args);

}  // namespace dominoes_cli
