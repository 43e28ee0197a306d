// Strategy-spec parsing (strategies/spec.h) on long specs: the duplicate-parameter check must be
// linear in the number of parameters (issue 8), so time per parameter stays flat from 1,000 to
// 100,000 parameters and the fitted complexity is O(N). A 100,000-parameter spec (about 1.3 MB)
// parses in a few tens of milliseconds; the quadratic check it replaced (a scan of the keys so far
// for each key) took 18 s on the same machine.
// Run: build/bin/bench_spec  (items_per_second is parameters per second)
#include <benchmark/benchmark.h>

#include <string>

#include "strategies/spec.h"

namespace {

// Returns "toy(k0=0,k1=1,...)" with `n` distinct keys; with `repeat_first`, the first key again
// at the end, so the whole list is read before the repeat is found.
std::string long_spec(std::int64_t n, bool repeat_first) {
  std::string text = "toy(";
  for (std::int64_t i = 0; i < n; ++i)
    text += (i ? ",k" : "k") + std::to_string(i) + "=" + std::to_string(i);
  return text + (repeat_first ? ",k0=1)" : ")");
}

void BM_ParseDistinctParams(benchmark::State& state) {
  const std::string text = long_spec(state.range(0), false);
  for (auto _ : state) benchmark::DoNotOptimize(strategies::parse_spec(text));
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetComplexityN(state.range(0));
}

void BM_ParseRepeatAtTheEnd(benchmark::State& state) {
  const std::string text = long_spec(state.range(0), true);
  for (auto _ : state) {
    try {
      strategies::parse_spec(text);
      state.SkipWithError("the repeated key was not found");
    } catch (const strategies::SpecError& e) {
      benchmark::DoNotOptimize(e.what());
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetComplexityN(state.range(0));
}

BENCHMARK(BM_ParseDistinctParams)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oN);
BENCHMARK(BM_ParseRepeatAtTheEnd)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oN);

}  // namespace

BENCHMARK_MAIN();
