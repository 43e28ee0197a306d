// The network runtime (engine/nets/network.h) on the size a learned strategy asks for: a 2x256
// multilayer perceptron, 205 inputs (the four-seat observation tensor) -> 256 -> 256 -> 85
// (actions), ReLU between layers, random weights. The target: one forward pass in at most 5 us on
// one core. BM_Forward is that pass; BM_ForwardBatch runs 256 inputs at once through Eigen's
// matrix products (per-example time: the items_per_second counter); BM_ForwardColumnMajor is the
// same single pass with the weights stored column by column, the layout network.h does not use.
// Measured: docs/formats.md ("Model files") and the commit that added this file.
// Run: build/bin/bench_nets
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/nets/network.h"

namespace {

constexpr int kInputs = 205, kHidden = 256, kOutputs = 85;

nets::DenseLayer random_layer(int inputs, int outputs, nets::Activation activation,
                              std::mt19937& rng) {
  std::normal_distribution<float> normal(0.0f, 1.0f / std::sqrt(static_cast<float>(inputs)));
  nets::DenseLayer layer;
  layer.weight = nets::RowMatrix::NullaryExpr(outputs, inputs, [&] { return normal(rng); });
  layer.bias = Eigen::VectorXf::NullaryExpr(outputs, [&] { return normal(rng); });
  layer.activation = activation;
  return layer;
}

nets::Network mlp() {
  std::mt19937 rng(1);
  std::vector<nets::DenseLayer> layers;
  layers.push_back(random_layer(kInputs, kHidden, nets::Activation::kRelu, rng));
  layers.push_back(random_layer(kHidden, kHidden, nets::Activation::kRelu, rng));
  layers.push_back(random_layer(kHidden, kOutputs, nets::Activation::kNone, rng));
  return nets::Network(std::move(layers));
}

std::vector<float> random_input(int size) {
  std::mt19937 rng(2);
  std::uniform_int_distribution<int> bit(0, 1);
  std::vector<float> x(static_cast<std::size_t>(size));
  for (float& v : x) v = static_cast<float>(bit(rng));  // observation entries are small integers
  return x;
}

void BM_Forward(benchmark::State& state) {
  const nets::Network net = mlp();
  const std::vector<float> x = random_input(kInputs);
  std::vector<float> y(kOutputs);
  nets::Workspace workspace;
  for (auto _ : state) {
    net.forward(x, y, workspace);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
}

void BM_ForwardThreadLocal(benchmark::State& state) {
  const nets::Network net = mlp();
  const std::vector<float> x = random_input(kInputs);
  std::vector<float> y(kOutputs);
  for (auto _ : state) {
    net.forward(x, y);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
}

void BM_ForwardBatch(benchmark::State& state) {
  const nets::Network net = mlp();
  const auto rows = static_cast<int>(state.range(0));
  nets::RowMatrix x(rows, kInputs);
  const std::vector<float> one = random_input(kInputs * rows);
  std::copy(one.begin(), one.end(), x.data());
  for (auto _ : state) benchmark::DoNotOptimize(net.forward_batch(x));
  state.SetItemsProcessed(state.iterations() * rows);
}

// The same pass with each weight stored column-major ([out, in] with the column contiguous):
// Eigen's column-major kernel adds scaled columns instead of taking row dot products.
void BM_ForwardColumnMajor(benchmark::State& state) {
  const nets::Network net = mlp();
  std::vector<Eigen::MatrixXf> weights;
  for (const auto& layer : net.layers()) weights.emplace_back(layer.weight);
  const std::vector<float> input = random_input(kInputs);
  Eigen::VectorXf a(kHidden), b(kHidden), y(kOutputs);
  const Eigen::Map<const Eigen::VectorXf> x(input.data(), kInputs);
  for (auto _ : state) {
    a.noalias() = weights[0] * x;
    a = (a + net.layers()[0].bias).cwiseMax(0.0f);
    b.noalias() = weights[1] * a;
    b = (b + net.layers()[1].bias).cwiseMax(0.0f);
    y.noalias() = weights[2] * b;
    y += net.layers()[2].bias;
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
}

}  // namespace

BENCHMARK(BM_Forward)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ForwardThreadLocal)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ForwardColumnMajor)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ForwardBatch)->Arg(1)->Arg(32)->Arg(256)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
