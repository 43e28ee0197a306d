// `dominoes fit-model --games FILE --player SPEC --out MODEL [--ridge X]`: fits the inference
// strategy's softmax opponent model (strategies/belief/opponent_model.h) to the decisions of one
// player in --games-out records, and writes the model file that inference(model=fitted:MODEL)
// reads.
#pragma once

#include <string>
#include <vector>

namespace dominoes_cli {

/// Runs `dominoes fit-model` with the words after the command name; returns the exit code (0 when
/// the model was written, 2 for bad arguments or records, 1 when the model could not be written).
int fit_model_command(const std::vector<std::string>& args);

}  // namespace dominoes_cli
