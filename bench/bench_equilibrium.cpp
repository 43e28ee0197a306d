// The public-tree equilibrium solver (issue 23): its parts on one thread, its iterations on every
// core (BM_PublicTree*, wall time).
//
// BM_ShowdownSweep / BM_ShowdownPairwise: the terminal evaluation (engine/equilibrium/showdown.h)
// of `hands` hands of `tiles` tiles each for both seats, drawn from double-six (all 3276 hands of
// 3 tiles is the root-like worst case), random weights with a quarter zeros, opponent-pips scoring;
// the sweep (sort by pips, inclusion-exclusion over shared tiles) against pairing every hand. Each
// call takes the next of 64 inputs, so that the branch predictor cannot learn one input's pattern
// (with one input repeated, the pairwise loop with a branch per pair looked 8 times faster than it
// is). The smaller sizes place the crossover behind ShowdownEvaluator::sweep_is_faster (the
// constants kSweepOverheadInPairs and kSubsetCostInPairs in showdown.cpp).
//
// Measured 2026-11-25 on the 2-core VM while another job used both cores (CPU time, +-10%):
//   hands x tiles   sweep    pairwise
//   3276 x 3        190 us   14.7 ms   (10.7 million pairs, 77x)
//   3276 x 5        660 us   15.2 ms
//    500 x 3         28 us    344 us   (12x)
//    500 x 5         97 us    353 us
//     64 x 3        3.3 us    5.8 us   (about where the two meet for 3 tiles)
//    128 x 5         23 us     23 us   (where they meet for 5 tiles)
//     16 x 1        0.33 us  0.36 us   (where they meet for 1 tile)
// Run: build/bin/bench_equilibrium
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/dominoes/rules.h"
#include "engine/equilibrium/public_tree_cfr.h"
#include "engine/equilibrium/showdown.h"

namespace {

using equilibrium::ShowdownHand;

// `count` distinct hands of `tiles` tiles of double-six, drawn at random (seeded).
std::vector<ShowdownHand> showdown_hands(int tiles, int count, std::uint64_t seed) {
  const dominoes::TileSet set = dominoes::TileSet::full(6);
  std::vector<dominoes::Tile> pool(set.begin(), set.end());
  std::vector<ShowdownHand> all;
  std::vector<bool> pick(pool.size(), false);
  std::fill(pick.begin(), pick.begin() + tiles, true);
  do {
    dominoes::TileSet hand;
    for (std::size_t k = 0; k < pool.size(); ++k)
      if (pick[k]) hand.insert(pool[k]);
    all.push_back({hand, dominoes::pips(hand)});
  } while (std::prev_permutation(pick.begin(), pick.end()));
  std::mt19937_64 rng(seed);
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(std::min<std::size_t>(all.size(), static_cast<std::size_t>(count)));
  return all;
}

std::vector<double> showdown_weights(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<double> weights(count);
  for (double& w : weights) w = unit(rng) < 0.25 ? 0 : unit(rng);
  return weights;
}

// One set of lists per call, rotated through kInputs sets: the same lists every call would let
// the branch predictor learn the pairwise loop's pattern, which a solver's calls do not repeat.
constexpr int kInputs = 64;

template <bool kSweep>
void BM_Showdown(benchmark::State& state) {
  const int hands = static_cast<int>(state.range(0));
  const int tiles = static_cast<int>(state.range(1));
  struct Input {
    std::vector<ShowdownHand> mine, theirs;
    std::vector<double> weights;
  };
  std::vector<Input> inputs;
  for (int n = 0; n < kInputs; ++n) {
    Input input{showdown_hands(tiles, hands, 3 * n), showdown_hands(tiles, hands, 3 * n + 1), {}};
    input.weights = showdown_weights(input.theirs.size(), 3 * n + 2);
    inputs.push_back(std::move(input));
  }
  const dominoes::Rules rules;
  std::vector<double> out(inputs[0].mine.size());
  equilibrium::ShowdownEvaluator evaluator;
  std::size_t next = 0;
  for (auto _ : state) {
    const Input& in = inputs[next++ % kInputs];
    if constexpr (kSweep)
      evaluator.values_by_sweep(in.mine, in.theirs, in.weights, rules, out);
    else
      equilibrium::showdown_values_pairwise(in.mine, in.theirs, in.weights, rules, out);
    benchmark::DoNotOptimize(out.data());
  }
  const Input& in = inputs[0];
  state.counters["pairs"] = static_cast<double>(in.mine.size() * in.theirs.size());
  state.counters["sweep_chosen"] =
      equilibrium::ShowdownEvaluator::sweep_is_faster(in.mine, in.theirs);
}

void showdown_sizes(benchmark::internal::Benchmark* b) {
  for (int tiles : {1, 2, 3, 4, 5}) {
    int available = 1;  // C(28, tiles): every hand of double-six
    for (int k = 0; k < tiles; ++k) available = available * (28 - k) / (k + 1);
    for (int hands : {4, 8, 16, 32, 64, 128, 500, 3276}) {
      b->Args({std::min(hands, available), tiles});
      if (hands >= available) break;
    }
  }
}

BENCHMARK(BM_Showdown<true>)->Name("BM_ShowdownSweep")->Apply(showdown_sizes);
BENCHMARK(BM_Showdown<false>)->Name("BM_ShowdownPairwise")->Apply(showdown_sizes);

// One iteration of the public-tree solver (both seats' updates) on double-`max_pip` with `hand`
// tiles each, opponent-pips scoring; counters: the information sets updated per second (each
// iteration visits every set twice: once as the updating seat's, once as the other's), and one
// exact exploitability check (two best responses) as BM_PublicTreeBestResponses.
void BM_PublicTreeIteration(benchmark::State& state) {
  dominoes::Rules rules;
  rules.max_pip = static_cast<int>(state.range(0));
  rules.hand_size = static_cast<int>(state.range(1));
  equilibrium::PublicTreeCfr solver(rules);
  for (auto _ : state) solver.iterate(1);
  state.counters["infosets"] = static_cast<double>(solver.size().information_sets);
  state.counters["infoset_updates_per_s"] =
      benchmark::Counter(static_cast<double>(solver.size().information_sets),
                         benchmark::Counter::kIsIterationInvariantRate);
}

void BM_PublicTreeBestResponses(benchmark::State& state) {
  dominoes::Rules rules;
  rules.max_pip = static_cast<int>(state.range(0));
  rules.hand_size = static_cast<int>(state.range(1));
  equilibrium::PublicTreeCfr solver(rules);
  solver.iterate(2);
  for (auto _ : state) benchmark::DoNotOptimize(solver.exploitability());
}

BENCHMARK(BM_PublicTreeIteration)
    ->Args({3, 3})
    ->Args({4, 3})
    ->Args({4, 4})
    ->Args({6, 3})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_PublicTreeBestResponses)
    ->Args({4, 3})
    ->Args({4, 4})
    ->Args({6, 3})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
