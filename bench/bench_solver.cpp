// The open-hands solver on fresh deals, one thread. Target (issue 3): the exact full-depth solve
// of a fresh 7+7 deal at most 100 microseconds on average. Reports nodes per solve.
// Run: build/bin/bench_solver
#include <benchmark/benchmark.h>

#include "engine/dominoes/deal.h"
#include "engine/solvers/block_dominoes_solver.h"

namespace {

void solve_fresh_deals(benchmark::State& state, int depth, std::size_t table_bytes) {
  const dominoes::Rules rules;
  solvers::BlockDominoesSolver solver(rules, table_bytes);
  std::uint64_t deal = 0;
  std::int64_t solves = 0;
  for (auto _ : state) {
    const dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 42, deal++));
    benchmark::DoNotOptimize(solver.value(s, depth));
    ++solves;
  }
  state.SetItemsProcessed(solves);
  state.counters["nodes_per_solve"] =
      static_cast<double>(solver.nodes()) / static_cast<double>(solves);
}

void BM_SolveFreshDeal(benchmark::State& s) {
  solve_fresh_deals(s, 0, solvers::BlockDominoesSolver::kDefaultTableBytes);
}
void BM_SolveFreshDealDepth10(benchmark::State& s) {
  solve_fresh_deals(s, 10, solvers::BlockDominoesSolver::kDefaultTableBytes);
}
void BM_SolveFreshDealTableBytes(benchmark::State& s) {
  solve_fresh_deals(s, 0, static_cast<std::size_t>(s.range(0)));
}

BENCHMARK(BM_SolveFreshDeal);
BENCHMARK(BM_SolveFreshDealDepth10);
BENCHMARK(BM_SolveFreshDealTableBytes)->RangeMultiplier(8)->Range(1 << 12, 1 << 26);

}  // namespace

BENCHMARK_MAIN();
