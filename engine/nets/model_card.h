// A model's card: the JSON file NAME.json beside the weights NAME.safetensors (model.h), saying
// what the network is for and how its weights make layers. docs/formats.md ("Model files") is
// the reference; in short:
//
//   {"format": "dominoes-model", "version": 1,
//    "kind": "policy",                                  policy | belief | value
//    "input": {"layout": "observation-v1", "size": 125},
//    "output": {"size": 85},
//    "rules": {"seats": 2, "double": 6, ...},           the game's rules keys, "seats" always
//    "layers": [{"weight": "layers.0.weight", "bias": "layers.0.bias", "activation": "relu"},
//               ...],
//    "training": {...}, "metrics": {...}}               free-form objects, optional
//
// This room knows no game: it checks the card's own consistency (every field present and of its
// type, known format, version, kind and activations, no unknown field that could change what the
// network computes) and hands "input.layout" and "rules" on, for the strategies' floor to compare
// with the game a model is seated in.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/nets/network.h"

namespace nets {

/// The card's "format" and the one "version" this build reads.
inline constexpr std::string_view kModelFormat = "dominoes-model";
inline constexpr int kModelVersion = 1;

/// What a model's outputs mean (docs/formats.md, "Model files"):
enum class ModelKind {
  kPolicy,  ///< one logit per action (the action numbering); softmax over the legal ones
  kBelief,  ///< tile-major logits, one per (tile, place); softmax per tile over its places
  kValue,   ///< one output: the observer's expected net points for the hand
};

/// Returns the card's name of `kind`: "policy", "belief" or "value".
std::string_view model_kind_name(ModelKind kind);

/// Where one dense layer's weights are in the weights file, and its activation.
struct LayerSpec {
  std::string weight;  ///< the tensor name of the weight, shape [out, in]
  std::string bias;    ///< the tensor name of the bias, shape [out]
  Activation activation = Activation::kNone;
};

/// A model card, read and checked.
struct ModelCard {
  ModelKind kind = ModelKind::kPolicy;
  std::string input_layout;  ///< "input.layout", e.g. "observation-v1"; never empty
  int input_size = 0;        ///< "input.size", > 0
  int output_size = 0;       ///< "output.size", > 0 (1 for a value model)
  /// "rules": an object whose values are integers, booleans or text, with an integer "seats".
  nlohmann::json rules = nlohmann::json::object();
  std::vector<LayerSpec> layers;                       ///< at least one, first to last
  nlohmann::json training = nlohmann::json::object();  ///< "training", or {} when absent
  nlohmann::json metrics = nlohmann::json::object();   ///< "metrics", or {} when absent

  /// Returns the rules as (key, value) text pairs, in key order: integers in decimal, booleans
  /// "true"/"false", text as it is; the form dominoes::rules_from (engine/dominoes/rules_keys.h)
  /// takes.
  std::vector<std::pair<std::string, std::string>> rules_entries() const;
  /// Returns rules["seats"].
  int seats() const { return rules.at("seats").get<int>(); }
};

/// Returns the card in `text` (JSON), checked as the header comment says. Throws FileError
/// (file_error.h) `model card "PATH": PROBLEM`; `path` is used in messages only.
ModelCard parse_model_card(const std::string& text, const std::string& path);

/// Returns the card in the file at `path` (parse_model_card). Throws FileError naming the file
/// when it is missing (saying where a card belongs), unreadable, over 16 MiB or refused.
ModelCard read_model_card(const std::string& path);

/// Returns `card` as JSON, the form parse_model_card reads (training and metrics as they are).
nlohmann::json model_card_json(const ModelCard& card);

}  // namespace nets
