// Takeaway for a pile of 10^18 stones, the period search included in the timed part: each
// iteration builds the game from its moves (Grundy values until a window repeats) and answers
// win/lose and the winning moves at N = 10^18. Target (issue 4): under 1 ms.
// Reports the values computed, the preperiod and the period. Run: build/bin/bench_takeaway
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/puzzles/takeaway.h"

namespace {

constexpr std::uint64_t kPile = 1'000'000'000'000'000'000;

void solve_huge_pile(benchmark::State& state, const std::vector<std::uint64_t>& moves) {
  std::uint64_t computed = 0, preperiod = 0, period = 0;
  for (auto _ : state) {
    const puzzles::Takeaway game(moves);
    benchmark::DoNotOptimize(game.wins(kPile));
    benchmark::DoNotOptimize(game.winning_moves(kPile));
    computed = game.period().computed;
    preperiod = game.period().preperiod;
    period = game.period().period;
  }
  state.counters["computed"] = static_cast<double>(computed);
  state.counters["preperiod"] = static_cast<double>(preperiod);
  state.counters["period"] = static_cast<double>(period);
}

std::vector<std::uint64_t> one_to(std::uint64_t k) {
  std::vector<std::uint64_t> moves;
  for (std::uint64_t m = 1; m <= k; ++m) moves.push_back(m);
  return moves;
}

// Seed 004's game: period 7 from 0.
void BM_Moves235(benchmark::State& s) {
  solve_huge_pile(s, {2, 3, 5});
}
// Seven moves up to 53: preperiod 589, period 712.
void BM_SevenMoves(benchmark::State& s) {
  solve_huge_pile(s, {7, 12, 20, 36, 38, 44, 53});
}
// Eight moves up to 54: preperiod 493, period 716.
void BM_EightMoves(benchmark::State& s) {
  solve_huge_pile(s, {2, 11, 14, 17, 31, 34, 45, 54});
}
// 1..100: period 101; more than 63 moves takes the general mex.
void BM_OneTo100(benchmark::State& s) {
  solve_huge_pile(s, one_to(100));
}

// No target, to show the cost of a long period: 63 moves up to 150 (random), preperiod 101882,
// period 33696 (checked against a separate script keeping every window in a hash map).
void BM_LongPeriod(benchmark::State& s) {
  solve_huge_pile(s,
                  {4,   6,   8,   10,  11,  12,  17,  18,  23,  25,  27,  31,  32,  34,  35,  39,
                   41,  42,  50,  55,  56,  60,  61,  67,  69,  72,  73,  76,  78,  84,  85,  87,
                   89,  90,  94,  95,  97,  99,  100, 102, 105, 106, 107, 108, 110, 112, 114, 121,
                   122, 124, 127, 130, 134, 137, 139, 140, 141, 142, 146, 147, 148, 149, 150});
}

BENCHMARK(BM_Moves235)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SevenMoves)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EightMoves)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OneTo100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LongPeriod)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
