// `dominoes dataset [CONFIG.cfg] [--key=value ...] [--move-values]`: training data from an
// experiment's games (arena/dataset/make_dataset.h; docs/dataset.md).
#pragma once

#include <string>
#include <vector>

#include "arena/tournament/config/run_arguments.h"

namespace dominoes_cli {

/// Returns the command as the experiment reader knows it: its name, usage, own flag
/// (--move-values) and the root of its default output folder (datasets/NAME).
const tournament::ExperimentCommand& dataset_command_spec();

/// Runs `dominoes dataset`: `command` is the whole command line (for the resume hint), `args` the
/// words after the command's name. Returns the exit code: 0 when the dataset is complete, 2 for
/// bad arguments or a folder that is not the dataset's, 1 when a file could not be written or the
/// run failed, 128 + the signal when Ctrl-C or SIGTERM stopped it.
int dataset_command(const std::vector<std::string>& command, const std::vector<std::string>& args);

}  // namespace dominoes_cli
