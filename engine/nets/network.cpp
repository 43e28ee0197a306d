#include "engine/nets/network.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <utility>

namespace nets {
namespace {

constexpr std::array<std::pair<Activation, std::string_view>, 3> kActivationNames = {{
    {Activation::kNone, "none"},
    {Activation::kRelu, "relu"},
    {Activation::kTanh, "tanh"},
}};

// Applies `activation` in place to every element of `values` (a vector or a matrix).
template <class Values>
void activate(Activation activation, Values&& values) {
  switch (activation) {
    case Activation::kNone:
      return;
    case Activation::kRelu:
      values = values.array().cwiseMax(0.0f).matrix();
      return;
    case Activation::kTanh:
      values = values.array().tanh().matrix();
      return;
  }
}

std::string layer_name(std::size_t i) {
  return "layer " + std::to_string(i);
}

}  // namespace

std::string_view activation_name(Activation activation) {
  for (const auto& [a, name] : kActivationNames)
    if (a == activation) return name;
  return "unknown";
}

std::optional<Activation> activation_from_name(std::string_view name) {
  for (const auto& [a, known] : kActivationNames)
    if (known == name) return a;
  return std::nullopt;
}

Network::Network(std::vector<DenseLayer> layers) : layers_(std::move(layers)) {
  if (layers_.empty()) throw std::invalid_argument("a network needs at least one layer");
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    const DenseLayer& layer = layers_[i];
    if (layer.inputs() == 0 || layer.outputs() == 0)
      throw std::invalid_argument(layer_name(i) + " has no inputs or no outputs");
    if (layer.bias.size() != layer.weight.rows())
      throw std::invalid_argument(layer_name(i) + ": its bias has " +
                                  std::to_string(layer.bias.size()) + " entries, its weight " +
                                  std::to_string(layer.outputs()) + " rows");
    if (i > 0 && layer.inputs() != layers_[i - 1].outputs())
      throw std::invalid_argument(layer_name(i) + " takes " + std::to_string(layer.inputs()) +
                                  " inputs, but " + layer_name(i - 1) + " gives " +
                                  std::to_string(layers_[i - 1].outputs()));
    if (i + 1 < layers_.size()) widest_hidden_ = std::max(widest_hidden_, layer.weight.rows());
  }
}

void Network::forward(std::span<const float> input, std::span<float> output,
                      Workspace& workspace) const {
  if (layers_.empty()) throw std::invalid_argument("the network has no layers");
  if (input.size() != static_cast<std::size_t>(input_size()) ||
      output.size() != static_cast<std::size_t>(output_size()))
    throw std::invalid_argument("the network maps " + std::to_string(input_size()) + " inputs to " +
                                std::to_string(output_size()) + " outputs, not " +
                                std::to_string(input.size()) + " to " +
                                std::to_string(output.size()));
  const auto widest = static_cast<std::size_t>(widest_hidden_);
  if (workspace.even_.size() < widest) workspace.even_.resize(widest);
  if (workspace.odd_.size() < widest) workspace.odd_.resize(widest);
  const float* x = input.data();
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    const DenseLayer& layer = layers_[i];
    float* y = i + 1 == layers_.size() ? output.data()
               : i % 2 == 0            ? workspace.even_.data()
                                       : workspace.odd_.data();
    Eigen::Map<const Eigen::VectorXf> in(x, layer.inputs());
    Eigen::Map<Eigen::VectorXf> out(y, layer.outputs());
    // Eigen's matrix-vector product over the row-major weight: each output is the dot product of
    // one contiguous row with the input (bench/bench_nets.cpp compares the column-major layout).
    out.noalias() = layer.weight * in;
    out += layer.bias;
    activate(layer.activation, out);
    x = y;
  }
}

void Network::forward(std::span<const float> input, std::span<float> output) const {
  thread_local Workspace workspace;
  forward(input, output, workspace);
}

RowMatrix Network::forward_batch(const Eigen::Ref<const RowMatrix>& inputs) const {
  if (layers_.empty()) throw std::invalid_argument("the network has no layers");
  if (inputs.cols() != input_size())
    throw std::invalid_argument("the network takes " + std::to_string(input_size()) +
                                " inputs a row, not " + std::to_string(inputs.cols()));
  RowMatrix current, next;
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    const DenseLayer& layer = layers_[i];
    // Rows are examples: the layer's outputs are inputs x weight^T, plus the bias on every row.
    if (i == 0)
      next.noalias() = inputs * layer.weight.transpose();
    else
      next.noalias() = current * layer.weight.transpose();
    next.rowwise() += layer.bias.transpose();
    activate(layer.activation, next);
    std::swap(current, next);
  }
  return current;
}

}  // namespace nets
