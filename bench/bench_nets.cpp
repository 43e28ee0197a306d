// The network runtime (engine/nets/network.h) on the size a learned strategy asks for: a 2x256
// multilayer perceptron, 205 inputs (the four-seat observation tensor) -> 256 -> 256 -> 85
// (actions), ReLU between layers, random weights (about half of each hidden layer's outputs are
// then 0, as in trained ReLU networks). The inputs are 1024 real observations, seen by the seat
// to move at every turn of random four-seat games, taken in turn. The target: one forward pass in
// at most 5 us on one core.
//   BM_Forward            one pass, the caller's Workspace
//   BM_ForwardThreadLocal one pass, the thread's own Workspace
//   BM_ForwardBatch/N     N inputs as the rows of a matrix (per input: items_per_second)
//   BM_EigenGemv          Eigen's matrix-vector product over the row-major weights, every input
//                         used (what network.h did first), for comparison
//   BM_EigenGemm/N        Eigen's matrix product over N rows, for comparison
// Measured: docs/formats.md ("Model files").
// Run: build/bin/bench_nets
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/observation_tensor.h"
#include "engine/dominoes/rng.h"
#include "engine/nets/network.h"

namespace {

constexpr int kInputs = 205, kHidden = 256, kOutputs = 85, kObservations = 1024;

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

// kObservations observation tensors of the seat to move, turn by turn through random four-seat
// games (partners, double-six: 205 floats each), as the rows of a matrix.
nets::RowMatrix observations() {
  const dominoes::Rules rules = dominoes::table_rules(4);
  nets::RowMatrix out(kObservations, kInputs);
  dominoes::Rng rng(7);
  int row = 0;
  for (std::uint64_t deal = 0; row < kObservations; ++deal) {
    const dominoes::Deal d = dominoes::make_deal(rules, 1, deal);
    dominoes::State s = dominoes::start_state(d);
    dominoes::History history(d.leader, d.seats);
    while (row < kObservations && dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      dominoes::write_observation_tensor(s, history, rules, s.to_move,
                                         std::span<float>(out.row(row++).data(), kInputs));
      const dominoes::MoveList moves = dominoes::moves_or_pass(s);
      const dominoes::Move m = moves[static_cast<int>(rng.below(moves.size()))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  return out;
}

void BM_Forward(benchmark::State& state) {
  const nets::Network net = mlp();
  const nets::RowMatrix xs = observations();
  std::vector<float> y(kOutputs);
  nets::Workspace workspace;
  int k = 0;
  for (auto _ : state) {
    net.forward(std::span<const float>(xs.row(k).data(), kInputs), y, workspace);
    k = (k + 1) % kObservations;
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
}

void BM_ForwardThreadLocal(benchmark::State& state) {
  const nets::Network net = mlp();
  const nets::RowMatrix xs = observations();
  std::vector<float> y(kOutputs);
  int k = 0;
  for (auto _ : state) {
    net.forward(std::span<const float>(xs.row(k).data(), kInputs), y);
    k = (k + 1) % kObservations;
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
}

void BM_ForwardBatch(benchmark::State& state) {
  const nets::Network net = mlp();
  const nets::RowMatrix xs = observations().topRows(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(net.forward_batch(xs));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_EigenGemv(benchmark::State& state) {
  const nets::Network net = mlp();
  std::vector<nets::RowMatrix> weights;
  for (const auto& layer : net.layers()) weights.emplace_back(layer.weight);
  const nets::RowMatrix xs = observations();
  Eigen::VectorXf a(kHidden), b(kHidden), y(kOutputs);
  int k = 0;
  for (auto _ : state) {
    a.noalias() = weights[0] * xs.row(k).transpose();
    a = (a + net.layers()[0].bias).cwiseMax(0.0f);
    b.noalias() = weights[1] * a;
    b = (b + net.layers()[1].bias).cwiseMax(0.0f);
    y.noalias() = weights[2] * b;
    y += net.layers()[2].bias;
    k = (k + 1) % kObservations;
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
}

void BM_EigenGemm(benchmark::State& state) {
  const nets::Network net = mlp();
  std::vector<nets::RowMatrix> weights;
  for (const auto& layer : net.layers()) weights.emplace_back(layer.weight);
  const nets::RowMatrix xs = observations().topRows(state.range(0));
  nets::RowMatrix a, b, y;
  for (auto _ : state) {
    a.noalias() = xs * weights[0].transpose();
    a = (a.rowwise() + net.layers()[0].bias.transpose()).cwiseMax(0.0f);
    b.noalias() = a * weights[1].transpose();
    b = (b.rowwise() + net.layers()[1].bias.transpose()).cwiseMax(0.0f);
    y.noalias() = b * weights[2].transpose();
    y.rowwise() += net.layers()[2].bias.transpose();
    benchmark::DoNotOptimize(y.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

}  // namespace

BENCHMARK(BM_Forward)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ForwardThreadLocal)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ForwardBatch)->Arg(1)->Arg(256)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EigenGemv)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EigenGemm)->Arg(256)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
