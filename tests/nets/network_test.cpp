// The network runtime (engine/nets/network.h) against a second implementation written here with
// plain loops in double precision, on random weights and inputs: single forward, batched forward,
// many threads sharing one network; and the sizes it refuses.
#include "engine/nets/network.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

namespace nets {
namespace {

// The layer sizes of a test network: sizes[0] inputs, then each layer's outputs.
struct Shape {
  std::vector<int> sizes;
  std::vector<Activation> activations;  // one per layer
};

Network random_network(const Shape& shape, std::mt19937& rng) {
  std::vector<DenseLayer> layers;
  for (std::size_t i = 0; i + 1 < shape.sizes.size(); ++i) {
    const int in = shape.sizes[i], out = shape.sizes[i + 1];
    std::normal_distribution<float> normal(0.0f, 1.0f / std::sqrt(static_cast<float>(in)));
    DenseLayer layer;
    layer.weight = RowMatrix::NullaryExpr(out, in, [&] { return normal(rng); });
    layer.bias = Eigen::VectorXf::NullaryExpr(out, [&] { return normal(rng); });
    layer.activation = shape.activations[i];
    layers.push_back(std::move(layer));
  }
  return Network(std::move(layers));
}

// An input like an observation tensor: mostly 0, some 1, a few small counts; or dense normals.
std::vector<float> random_input(int size, bool sparse, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> x(static_cast<std::size_t>(size));
  for (float& v : x) {
    const float r = u(rng);
    v = !sparse ? normal(rng) : r < 0.8f ? 0.0f : r < 0.95f ? 1.0f : std::floor(r * 100) - 90;
  }
  return x;
}

// The second implementation: y_o = act(b_o + sum_i W[o][i] x_i), every sum in double, reading the
// weights one element at a time through (row, column).
std::vector<double> reference_forward(const Network& net, const std::vector<float>& input) {
  std::vector<double> x(input.begin(), input.end());
  for (const DenseLayer& layer : net.layers()) {
    std::vector<double> y(static_cast<std::size_t>(layer.outputs()));
    for (int o = 0; o < layer.outputs(); ++o) {
      double sum = layer.bias(o);
      for (int i = 0; i < layer.inputs(); ++i) sum += double{layer.weight(o, i)} * x[i];
      if (layer.activation == Activation::kRelu) sum = sum > 0 ? sum : 0;
      if (layer.activation == Activation::kTanh) sum = std::tanh(sum);
      y[o] = sum;
    }
    x = std::move(y);
  }
  return x;
}

void expect_close(const std::vector<float>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t o = 0; o < want.size(); ++o)
    EXPECT_NEAR(got[o], want[o], 1e-5 * std::max(1.0, std::abs(want[o]))) << "output " << o;
}

const std::vector<Shape>& shapes() {
  using A = Activation;
  static const std::vector<Shape> all = {
      {{205, 256, 256, 85}, {A::kRelu, A::kRelu, A::kNone}},
      {{125, 64, 1}, {A::kTanh, A::kNone}},
      {{7, 3}, {A::kNone}},
      {{1, 5, 2, 9, 4}, {A::kRelu, A::kTanh, A::kRelu, A::kNone}},
  };
  return all;
}

TEST(Network, ForwardEqualsAPlainDoublePrecisionImplementation) {
  std::mt19937 rng(53);
  for (const Shape& shape : shapes()) {
    const Network net = random_network(shape, rng);
    EXPECT_EQ(net.input_size(), shape.sizes.front());
    EXPECT_EQ(net.output_size(), shape.sizes.back());
    Workspace workspace;
    for (int trial = 0; trial < 20; ++trial) {
      const auto x = random_input(net.input_size(), trial % 2 == 0, rng);
      std::vector<float> y(static_cast<std::size_t>(net.output_size()), -7.0f);
      net.forward(x, y, workspace);
      expect_close(y, reference_forward(net, x));
      std::vector<float> y_thread_local(y.size());
      net.forward(x, y_thread_local);
      EXPECT_EQ(y_thread_local, y);
    }
  }
}

TEST(Network, BatchedForwardGivesEachRowItsOwnOutputs) {
  std::mt19937 rng(54);
  for (const Shape& shape : shapes()) {
    const Network net = random_network(shape, rng);
    const int rows = 37;
    RowMatrix inputs(rows, net.input_size());
    std::vector<std::vector<float>> xs;
    for (int r = 0; r < rows; ++r) {
      xs.push_back(random_input(net.input_size(), r % 3 != 0, rng));
      for (int i = 0; i < net.input_size(); ++i) inputs(r, i) = xs.back()[i];
    }
    const RowMatrix outputs = net.forward_batch(inputs);
    ASSERT_EQ(outputs.rows(), rows);
    ASSERT_EQ(outputs.cols(), net.output_size());
    for (int r = 0; r < rows; ++r) {
      const std::vector<float> row(outputs.row(r).data(), outputs.row(r).data() + outputs.cols());
      expect_close(row, reference_forward(net, xs[r]));
      std::vector<float> single(row.size());
      net.forward(xs[r], single);
      EXPECT_EQ(row, single) << "row " << r << ": the batch and forward() give the same floats";
    }
  }
}

TEST(Network, ManyThreadsShareOneConstNetwork) {
  std::mt19937 rng(55);
  const Network net = random_network(shapes().front(), rng);
  std::vector<std::vector<float>> inputs;
  std::vector<std::vector<double>> expected;
  for (int k = 0; k < 16; ++k) {
    inputs.push_back(random_input(net.input_size(), true, rng));
    expected.push_back(reference_forward(net, inputs.back()));
  }
  std::vector<int> failures(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::vector<float> y(static_cast<std::size_t>(net.output_size()));
      for (int round = 0; round < 200; ++round) {
        const std::size_t k = static_cast<std::size_t>(round * 7 + t) % inputs.size();
        net.forward(inputs[k], y);
        for (std::size_t o = 0; o < y.size(); ++o)
          if (std::abs(y[o] - expected[k][o]) > 1e-5 * std::max(1.0, std::abs(expected[k][o])))
            ++failures[t];
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

TEST(Network, WrongSizesAreRefused) {
  std::mt19937 rng(56);
  const Network net = random_network(shapes()[2], rng);  // 7 -> 3
  std::vector<float> x(7), y(3), short_x(6), long_y(4);
  EXPECT_NO_THROW(net.forward(x, y));
  EXPECT_THROW(net.forward(short_x, y), std::invalid_argument);
  EXPECT_THROW(net.forward(x, long_y), std::invalid_argument);
  EXPECT_THROW(net.forward_batch(RowMatrix::Zero(2, 6)), std::invalid_argument);
  const Network empty;
  EXPECT_THROW(empty.forward(x, y), std::invalid_argument);
  EXPECT_THROW(empty.forward_batch(RowMatrix::Zero(2, 7)), std::invalid_argument);
}

TEST(Network, BrokenChainsOfLayersAreRefused) {
  const auto layer = [](int in, int out, int bias) {
    DenseLayer l;
    l.weight = RowMatrix::Zero(out, in);
    l.bias = Eigen::VectorXf::Zero(bias);
    return l;
  };
  EXPECT_THROW(Network(std::vector<DenseLayer>{}), std::invalid_argument);
  EXPECT_THROW(Network({layer(4, 3, 3), layer(2, 1, 1)}), std::invalid_argument);
  EXPECT_THROW(Network({layer(4, 3, 2)}), std::invalid_argument);
  EXPECT_THROW(Network({layer(0, 3, 3)}), std::invalid_argument);
  EXPECT_NO_THROW(Network({layer(4, 3, 3), layer(3, 1, 1)}));
  try {
    Network({layer(4, 3, 3), layer(2, 1, 1)});
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "layer 1 takes 2 inputs, but layer 0 gives 3");
  }
}

TEST(Network, ActivationNames) {
  for (const Activation a : {Activation::kNone, Activation::kRelu, Activation::kTanh})
    EXPECT_EQ(activation_from_name(activation_name(a)), a);
  EXPECT_EQ(activation_name(Activation::kRelu), "relu");
  EXPECT_EQ(activation_from_name("ReLU"), std::nullopt);
  EXPECT_EQ(activation_from_name("sigmoid"), std::nullopt);
}

}  // namespace
}  // namespace nets
