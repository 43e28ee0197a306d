// The rating fits (arena/tournament/report/ratings.h) on round robins of N players: both fits run
// once, after the last deal, so their cost next to a run's is what matters. Each fit solves a few
// (N+1)x(N+1) systems (the points fit one, Newton a handful), microseconds for the reference
// experiments' 7 players.
// Measured (issue 10, 2-core machine): 7 players, points fit 1.5 us, Bradley-Terry 23 us (3:
// 0.8 and 5.9 us; 20: 9 and 118 us), once per run against minutes of play for search strategies.
// Run: build/bin/bench_ratings
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "arena/tournament/report/ratings.h"

namespace {

// A round robin of `players` with random but plausible evidence (400 games a pairing).
std::vector<tournament::PairingEvidence> field(int players) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> mean(-10, 10), share(0.2, 0.8);
  std::vector<tournament::PairingEvidence> ps;
  for (int a = 0; a < players; ++a)
    for (int b = a + 1; b < players; ++b) {
      tournament::PairingEvidence p;
      p.a = a, p.b = b, p.points_mean = mean(rng), p.points_variance = 0.1, p.games = 400;
      p.a_score = static_cast<int>(2 * 400 * share(rng)) / 2.0;
      ps.push_back(p);
    }
  return ps;
}

void BM_PointsFit(benchmark::State& state) {
  const auto ps = field(static_cast<int>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(tournament::fit_points_rating(static_cast<int>(state.range(0)), ps));
}

void BM_BradleyTerryFit(benchmark::State& state) {
  const auto ps = field(static_cast<int>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(tournament::fit_bradley_terry(static_cast<int>(state.range(0)), ps));
}

}  // namespace

BENCHMARK(BM_PointsFit)->Arg(3)->Arg(7)->Arg(20)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BradleyTerryFit)->Arg(3)->Arg(7)->Arg(20)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
