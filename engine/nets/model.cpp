#include "engine/nets/model.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <set>
#include <span>
#include <stdexcept>

#include "engine/common/text.h"
#include "engine/common/whole_file.h"
#include "engine/nets/file_error.h"

namespace nets {
namespace {

constexpr std::string_view kWeightsExtension = ".safetensors";
constexpr std::string_view kCardExtension = ".json";

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
  std::string out = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

// Returns the tensor `name` that `role` ("layer 0's weight") names, float32 of rank `rank`.
const Tensor& tensor_for(const TensorFile& weights, const std::string& name,
                         const std::string& role, std::size_t rank) {
  const Tensor* t = weights.find(name);
  if (!t) throw std::invalid_argument(role + " " + common::quoted(name) + " is not in the file");
  if (t->dtype != Dtype::kF32)
    throw std::invalid_argument(role + " " + common::quoted(name) + " is " +
                                std::string(dtype_name(t->dtype)) + "; weights must be F32");
  if (t->shape.size() != rank)
    throw std::invalid_argument(role + " " + common::quoted(name) + " has shape " +
                                shape_text(t->shape) + "; it must have " + std::to_string(rank) +
                                (rank == 1 ? " dimension" : " dimensions"));
  const std::vector<float> values = t->values<float>();
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i]))
      throw std::invalid_argument(role + " " + common::quoted(name) + " holds " +
                                  (std::isnan(values[i]) ? "NaN" : "an infinity") + " (element " +
                                  std::to_string(i) + " in C order)");
  return *t;
}

// Returns the layer the card's `spec` (layer i) makes of the tensors in `weights`.
DenseLayer layer_from(const TensorFile& weights, const LayerSpec& spec, std::size_t i) {
  const std::string where = "layer " + std::to_string(i);
  const Tensor& w = tensor_for(weights, spec.weight, where + "'s weight", 2);
  const Tensor& b = tensor_for(weights, spec.bias, where + "'s bias", 1);
  if (b.shape[0] != w.shape[0])
    throw std::invalid_argument(where + "'s bias " + common::quoted(spec.bias) + " has shape " +
                                shape_text(b.shape) + ", but its weight " +
                                common::quoted(spec.weight) + " has " + std::to_string(w.shape[0]) +
                                " outputs (shape " + shape_text(w.shape) + ", [out, in])");
  RowMatrix weight(w.shape[0], w.shape[1]);
  std::memcpy(weight.data(), w.bytes.data(), w.bytes.size());  // both row-major [out, in]
  DenseLayer layer;
  layer.weight = weight;  // stored column by column (network.h)
  layer.bias.resize(b.shape[0]);
  std::memcpy(layer.bias.data(), b.bytes.data(), b.bytes.size());
  layer.activation = spec.activation;
  return layer;
}

// Throws unless consecutive layers chain and the ends match the card's sizes.
void check_chain(const std::vector<DenseLayer>& layers, const ModelCard& card,
                 const ModelPaths& paths) {
  for (std::size_t i = 1; i < layers.size(); ++i)
    if (layers[i].inputs() != layers[i - 1].outputs())
      throw std::invalid_argument("layer " + std::to_string(i) + "'s weight takes " +
                                  std::to_string(layers[i].inputs()) + " inputs, but layer " +
                                  std::to_string(i - 1) + " gives " +
                                  std::to_string(layers[i - 1].outputs()) + " outputs");
  const std::string card_name = "its card " + common::quoted(paths.card, 200);
  if (layers.front().inputs() != card.input_size)
    throw std::invalid_argument("layer 0's weight takes " +
                                std::to_string(layers.front().inputs()) + " inputs, but " +
                                card_name + " says input.size " + std::to_string(card.input_size));
  if (layers.back().outputs() != card.output_size)
    throw std::invalid_argument(
        "the last layer's weight gives " + std::to_string(layers.back().outputs()) +
        " outputs, but " + card_name + " says output.size " + std::to_string(card.output_size));
}

// Throws when the file holds a tensor no layer uses (a part of the model the card leaves out).
void check_all_used(const TensorFile& weights, const ModelCard& card) {
  std::set<std::string> used;
  for (const LayerSpec& l : card.layers) used.insert({l.weight, l.bias});
  for (const Tensor& t : weights.tensors)
    if (!used.count(t.name))
      throw std::invalid_argument("tensor " + common::quoted(t.name) + " is used by no layer " +
                                  "of the card (a model's file holds its layers' tensors only)");
}

// Throws FileError for a weights file that is missing, saying where it belongs.
void require_weights(const ModelPaths& paths) {
  std::error_code ec;
  if (std::filesystem::exists(paths.weights, ec) || ec) return;  // read_tensor_file says the rest
  throw file_error("model weights", paths.weights,
                   "no such file (a model is NAME.safetensors with its card NAME.json beside it)");
}

}  // namespace

ModelPaths model_paths(const std::string& path) {
  for (const std::string_view ext : {kWeightsExtension, kCardExtension})
    if (ends_with(path, ext)) {
      const std::string base = path.substr(0, path.size() - ext.size());
      return ModelPaths{base + std::string(kWeightsExtension), base + std::string(kCardExtension)};
    }
  throw file_error("model", path,
                   "a model is NAME.safetensors with its card NAME.json beside it: give either "
                   "file");
}

Network network_from(const TensorFile& weights, const ModelCard& card, const ModelPaths& paths) {
  try {
    std::vector<DenseLayer> layers;
    for (std::size_t i = 0; i < card.layers.size(); ++i)
      layers.push_back(layer_from(weights, card.layers[i], i));
    check_chain(layers, card, paths);
    check_all_used(weights, card);
    return Network(std::move(layers));
  } catch (const std::invalid_argument& e) {
    throw file_error("model weights", paths.weights, e.what());
  }
}

Model load_model(const std::string& path) {
  const ModelPaths paths = model_paths(path);
  ModelCard card = read_model_card(paths.card);
  require_weights(paths);
  const TensorFile weights = read_tensor_file(paths.weights, "model weights");
  Network network = network_from(weights, card, paths);
  return Model{std::move(card), std::move(network), paths};
}

void save_model(const ModelPaths& paths, const ModelCard& card, const Network& network) {
  if (card.layers.size() != network.layers().size() || card.input_size != network.input_size() ||
      card.output_size != network.output_size())
    throw std::invalid_argument("save_model: the card's layers and sizes are not the network's");
  std::vector<Tensor> tensors;
  for (std::size_t i = 0; i < card.layers.size(); ++i) {
    const DenseLayer& layer = network.layers()[i];
    const RowMatrix weight = layer.weight;  // row-major [out, in], as PyTorch stores it
    const std::span<const float> w(weight.data(), static_cast<std::size_t>(weight.size()));
    const std::span<const float> b(layer.bias.data(), static_cast<std::size_t>(layer.bias.size()));
    tensors.push_back(
        Tensor::of<float>(card.layers[i].weight, {layer.outputs(), layer.inputs()}, w));
    tensors.push_back(Tensor::of<float>(card.layers[i].bias, {layer.outputs()}, b));
  }
  write_tensor_file(paths.weights, tensors);
  common::write_whole_file(paths.card, model_card_json(card).dump(2) + "\n");
}

}  // namespace nets
