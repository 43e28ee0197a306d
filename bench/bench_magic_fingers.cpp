// The Magic Fingers chart: the full retrograde analysis of all 225 positions (graph, values, best
// moves), one thread. Target (issue 4): under 10 ms per chart. Also the analysis alone, on a graph
// built once, and the chart's text.
// Run: build/bin/bench_magic_fingers
#include <benchmark/benchmark.h>

#include "engine/puzzles/magic_fingers.h"
#include "engine/search/retrograde.h"

namespace {

namespace mf = puzzles::magic_fingers;

void BM_SolveChart(benchmark::State& state) {
  const mf::Rules rules;
  for (auto _ : state) benchmark::DoNotOptimize(mf::solve(rules));
}

void BM_SolveChartAllVariants(benchmark::State& state) {
  for (auto _ : state)
    for (int bits = 0; bits < 8; ++bits)
      benchmark::DoNotOptimize(mf::solve({(bits & 1) != 0, (bits & 2) == 0, (bits & 4) != 0}));
  state.SetItemsProcessed(state.iterations() * 8);
}

void BM_RetrogradeOnly(benchmark::State& state) {
  const search::GameGraph graph = mf::game_graph(mf::Rules{});
  for (auto _ : state) benchmark::DoNotOptimize(search::retrograde(graph));
}

void BM_ChartText(benchmark::State& state) {
  const mf::Solution s = mf::solve(mf::Rules{});
  for (auto _ : state) benchmark::DoNotOptimize(mf::chart_text(s));
}

BENCHMARK(BM_SolveChart)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SolveChartAllVariants)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RetrogradeOnly)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ChartText)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
