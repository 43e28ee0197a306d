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

// Adds x[j] times column j of `weight` (column-major: column j is the `rows` floats at
// weight + j * rows) to y, for each j of `columns` in order. Four columns a pass over y, each
// output summed left to right, so the result is exactly that of one column at a time: the same
// float sums in the same order whatever the vector width the compiler chose. (Keeping blocks of
// y in registers while every column passes was slower: the columns then no longer stay in L1.)
void add_columns(const float* __restrict weight, Eigen::Index rows, const float* __restrict x,
                 std::span<const int> columns, float* __restrict y) {
  const std::size_t count = columns.size();
  std::size_t k = 0;
  for (; k + 4 <= count; k += 4) {
    const float* c0 = weight + columns[k] * rows;
    const float* c1 = weight + columns[k + 1] * rows;
    const float* c2 = weight + columns[k + 2] * rows;
    const float* c3 = weight + columns[k + 3] * rows;
    const float x0 = x[columns[k]], x1 = x[columns[k + 1]];
    const float x2 = x[columns[k + 2]], x3 = x[columns[k + 3]];
    for (Eigen::Index o = 0; o < rows; ++o)
      y[o] = y[o] + c0[o] * x0 + c1[o] * x1 + c2[o] * x2 + c3[o] * x3;
  }
  for (; k < count; ++k) {
    const float* c = weight + columns[k] * rows;
    const float xk = x[columns[k]];
    for (Eigen::Index o = 0; o < rows; ++o) y[o] = y[o] + c[o] * xk;
  }
}

// Writes layer(x) to y: the bias plus x[j] times weight column j for every j with x[j] != 0 (a
// zero input adds nothing, and most inputs are zero: an observation tensor is mostly 0, and a
// ReLU layer's outputs about half), then the activation. `nonzero` holds inputs() ints.
void dense_layer(const DenseLayer& layer, const float* x, float* y, int* nonzero) {
  int count = 0;
  for (int j = 0; j < layer.inputs(); ++j) {  // without a branch: which inputs are 0 is random
    nonzero[count] = j;
    count += x[j] != 0.0f;
  }
  Eigen::Map<Eigen::VectorXf> out(y, layer.outputs());
  out = layer.bias;
  add_columns(layer.weight.data(), layer.weight.rows(), x,
              std::span<const int>(nonzero, static_cast<std::size_t>(count)), y);
  activate(layer.activation, out);
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
    widest_input_ = std::max(widest_input_, layer.weight.cols());
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
  run(input.data(), output.data(), workspace);
}

void Network::run(const float* input, float* output, Workspace& workspace) const {
  const auto widest = static_cast<std::size_t>(widest_hidden_);
  if (workspace.even_.size() < widest) workspace.even_.resize(widest);
  if (workspace.odd_.size() < widest) workspace.odd_.resize(widest);
  if (workspace.nonzero_.size() < static_cast<std::size_t>(widest_input_))
    workspace.nonzero_.resize(static_cast<std::size_t>(widest_input_));
  const float* x = input;
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    const DenseLayer& layer = layers_[i];
    float* y = i + 1 == layers_.size() ? output
               : i % 2 == 0            ? workspace.even_.data()
                                       : workspace.odd_.data();
    dense_layer(layer, x, y, workspace.nonzero_.data());
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
  // Row by row through the single-input pass: faster than Eigen's matrix product here (the
  // product cannot skip zero inputs; bench/bench_nets.cpp), and each row's outputs are exactly
  // forward()'s.
  RowMatrix outputs(inputs.rows(), output_size());
  Workspace workspace;
  for (Eigen::Index r = 0; r < inputs.rows(); ++r)
    run(inputs.row(r).data(), outputs.row(r).data(), workspace);
  return outputs;
}

}  // namespace nets
