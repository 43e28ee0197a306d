// Dance Battle from the empty start, one thread, a fresh solver (and table) per solve. Target
// (issue 4): N = 7 under 1 s; N = 8 at most 60 s and 4 GiB. Run: build/bin/bench_dance_battle
#include <benchmark/benchmark.h>

#include "engine/puzzles/dance_battle.h"

namespace {

void BM_DanceBattleEmptyStart(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    puzzles::DanceBattleSolver solver(n, std::size_t{16} << 20);
    benchmark::DoNotOptimize(solver.winning_turns({n, {}, -1}));
    nodes = solver.nodes();
  }
  state.counters["positions"] = static_cast<double>(nodes);
}

BENCHMARK(BM_DanceBattleEmptyStart)
    ->DenseRange(5, 8)
    ->Arg(12)
    ->Arg(16)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
