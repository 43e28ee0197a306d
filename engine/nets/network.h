// A feed-forward network of dense layers (a multilayer perceptron), as PyTorch's nn.Linear layers
// with activations between them compute it: layer i maps its input x to
//
//   y = activation(W x + b),   W of shape [out, in], b [out],
//
// and layer i's output is layer i+1's input. Float32 throughout, the weights' own type.
//
// How: each output is b plus the sum, in input order, of W[o][j] x[j] over the inputs j with
// x[j] != 0, one weight column (stored contiguously) added to y per nonzero input. Zeros add
// nothing, and most inputs are zero: an observation tensor holds about 29 nonzero entries of 205
// at four seats, and a ReLU layer's outputs are about half zero, so the 2x256 network below does
// some 50,000 multiply-adds of its 140,000. Eigen's matrix-vector product, which cannot skip
// them, took twice as long.
//
// Two ways to run it, both const and so safe from many threads at once on one shared Network:
//   forward         one input vector, no allocation once the caller's Workspace has grown to the
//                   widest layer (the hot path of a strategy: a decision asks one position);
//   forward_batch   many inputs as the rows of a matrix, each row through forward's pass (its
//                   outputs exactly forward()'s).
//
// Speed (bench/bench_nets.cpp: 2x256 MLP, 205 -> 256 -> 256 -> 85, real four-seat observations,
// one core, CPU time): about 4 us a forward pass in the default build, 3 us with
// -DDOMINOES_MARCH=x86-64-v3 or native (docs/formats.md, "Model files", has the measurements).
// A build with -march may fuse multiplies and adds (FMA), so its outputs can differ from the
// default build's in the last bits; within one build they never vary.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace nets {

/// A float32 matrix stored row by row (C order), as tensor files and PyTorch store a weight.
using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// What a layer applies to each of its outputs.
enum class Activation {
  kNone,  ///< y (a linear layer; the last layer's logits)
  kRelu,  ///< max(y, 0)
  kTanh,  ///< tanh(y)
};

/// Returns the name of `activation` in model cards: "none", "relu" or "tanh".
std::string_view activation_name(Activation activation);

/// Returns the Activation named `name` (activation_name's spelling), or nothing for any other.
std::optional<Activation> activation_from_name(std::string_view name);

/// One dense layer: outputs = activation(weight x inputs + bias).
struct DenseLayer {
  /// [out, in], stored column by column (each input's weights contiguous; weight(o, i) is the
  /// weight from input i to output o): the single-input pass adds one column per nonzero input.
  /// A RowMatrix as PyTorch stores it converts on assignment.
  Eigen::MatrixXf weight;
  Eigen::VectorXf bias;  ///< [out]
  Activation activation = Activation::kNone;

  /// Returns the number of inputs (the weight's columns).
  int inputs() const { return static_cast<int>(weight.cols()); }
  /// Returns the number of outputs (the weight's rows).
  int outputs() const { return static_cast<int>(weight.rows()); }
};

/// Scratch space for Network::forward: two vectors of the widest hidden layer's size. One per
/// thread (a Workspace must not be used by two calls at once); it grows on its first use with a
/// network and never shrinks, so later calls allocate nothing.
class Workspace {
 public:
  Workspace() = default;

 private:
  friend class Network;
  std::vector<float> even_, odd_;  // the outputs of hidden layers 0, 2, ... and 1, 3, ...
  std::vector<int> nonzero_;       // the indices of a layer's nonzero inputs
};

/// A chain of dense layers. Immutable after construction.
class Network {
 public:
  /// An empty network (no layers): forward refuses to run it. For default-constructed holders.
  Network() = default;

  /// The network of `layers`, applied in order. Throws std::invalid_argument naming the layer
  /// when there are none, when a layer's bias size is not its output count, when a layer has no
  /// inputs or no outputs, or when layer i's inputs are not layer i-1's outputs.
  explicit Network(std::vector<DenseLayer> layers);

  /// Returns the number of inputs (the first layer's); 0 for an empty network.
  int input_size() const { return layers_.empty() ? 0 : layers_.front().inputs(); }
  /// Returns the number of outputs (the last layer's); 0 for an empty network.
  int output_size() const { return layers_.empty() ? 0 : layers_.back().outputs(); }
  /// Returns the layers, first to last.
  const std::vector<DenseLayer>& layers() const { return layers_; }

  /// Writes the network's outputs for `input` (input_size() floats) to `output` (output_size()
  /// floats), using `workspace` for the hidden layers. Allocates only while `workspace` grows.
  /// Throws std::invalid_argument when a size is wrong or the network is empty.
  void forward(std::span<const float> input, std::span<float> output, Workspace& workspace) const;

  /// forward() with a Workspace of the calling thread's own (thread_local): no allocation after
  /// the thread's first call with a network this wide.
  void forward(std::span<const float> input, std::span<float> output) const;

  /// Returns the outputs for every row of `inputs` (rows = examples, input_size() columns): a
  /// matrix of inputs.rows() x output_size(), row r what forward() gives for row r. Allocates the
  /// result and one Workspace. Throws std::invalid_argument when the column count is wrong or the
  /// network is empty. (Eigen's matrix product over the batch was slower in the default build,
  /// 9 us an example against 4, and faster only with AVX-512: bench/bench_nets.cpp.)
  RowMatrix forward_batch(const Eigen::Ref<const RowMatrix>& inputs) const;

 private:
  // forward() once the sizes are checked: input_size() floats in, output_size() floats out.
  void run(const float* input, float* output, Workspace& workspace) const;

  std::vector<DenseLayer> layers_;
  Eigen::Index widest_hidden_ = 0;  // the most outputs of any layer but the last
  Eigen::Index widest_input_ = 0;   // the most inputs of any layer
};

}  // namespace nets
