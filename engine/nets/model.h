// A model: two files side by side, NAME.safetensors (the weights, tensor_file.h) and NAME.json
// (the card, model_card.h). Either path may be given; the other is found by swapping the
// extension. load_model reads both and checks them against each other before anything runs:
// every layer's tensors present, float32, of the right shapes, chained (layer i's inputs are
// layer i-1's outputs, the first takes input.size, the last gives output.size), finite (no NaN or
// infinity), and no tensor in the file that no layer uses. Every refusal is one line naming the
// file (FileError).
#pragma once

#include <string>

#include "engine/nets/model_card.h"
#include "engine/nets/network.h"
#include "engine/nets/tensor_file.h"

namespace nets {

/// The two files of a model.
struct ModelPaths {
  std::string weights;  ///< NAME.safetensors
  std::string card;     ///< NAME.json
};

/// Returns the two files of the model `path` names (NAME.safetensors or NAME.json, either).
/// Throws FileError naming `path` when it ends in neither.
ModelPaths model_paths(const std::string& path);

/// A model read from its files.
struct Model {
  ModelCard card;
  Network network;
  ModelPaths paths;
};

/// Returns the network the card's layers make of the tensors in `weights`, checked as the header
/// comment says. Throws FileError naming `paths.weights` (and the card where it says the other
/// side: input.size, output.size).
Network network_from(const TensorFile& weights, const ModelCard& card, const ModelPaths& paths);

/// Returns the model at `path` (either file): the card read first (read_model_card), then the
/// weights (read_tensor_file), then network_from. Throws FileError naming the file at fault: a
/// missing card or weights file (saying what belongs beside what), a refused card, a refused
/// tensor file, or weights that do not fit the card.
Model load_model(const std::string& path);

/// Writes `network` as the model `card` describes: the weights to paths.weights under the names
/// card.layers gives, then the card to paths.card, each whole or not at all (write_tensor_file,
/// common::write_whole_file). For tests and for C++ code that makes models. Throws
/// std::invalid_argument when the card's layers do not match the network's (count, input.size,
/// output.size) and std::runtime_error naming a file that cannot be written.
void save_model(const ModelPaths& paths, const ModelCard& card, const Network& network);

}  // namespace nets
