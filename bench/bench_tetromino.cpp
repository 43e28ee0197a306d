// The tetromino square (seed 003), one thread. BM_TetrominoRandom/N: 200 puzzles drawn with
// random_counts(N, 1..200) (drawing them is not timed), each solved once; the counters give the
// median and the maximum seconds of one solve. BM_TetrominoContest: the 28 contest puzzles of
// tests/data/tetromino-contest-puzzles.txt, the maximum and total seconds. Targets: at N = 50
// median_s <= 0.010 and max_s <= 1; every contest puzzle under 1 s; unsolved 0.
// Run: build/bin/bench_tetromino
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/puzzles/tetromino.h"

#ifndef TETROMINO_PUZZLES
#define TETROMINO_PUZZLES "tests/data/tetromino-contest-puzzles.txt"
#endif

namespace {

namespace tet = puzzles::tetromino;

constexpr double kTimeLimit = 60;  // seconds per puzzle; a slower solve counts as unsolved

// Solves every puzzle once, timing each solve alone; sets median_s, max_s, total_s, unsolved.
void solve_all(benchmark::State& state, const std::vector<tet::Puzzle>& puzzles) {
  std::vector<double> seconds;
  int unsolved = 0;
  for (auto _ : state) {
    seconds.clear();
    unsolved = 0;
    for (const tet::Puzzle& p : puzzles) {
      const auto start = std::chrono::steady_clock::now();
      const tet::Result r = tet::solve(p, kTimeLimit);
      seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      if (r.status != tet::Status::kSolved) ++unsolved;
      benchmark::DoNotOptimize(r.placements.data());
    }
  }
  if (seconds.empty()) return;
  std::vector<double> sorted = seconds;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  const double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  double total = 0;
  for (double s : sorted) total += s;
  state.counters["puzzles"] = static_cast<double>(n);
  state.counters["median_s"] = median;
  state.counters["max_s"] = sorted.back();
  state.counters["total_s"] = total;
  state.counters["unsolved"] = unsolved;
}

void BM_TetrominoRandom(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::vector<tet::Puzzle> puzzles;
  for (std::uint64_t seed = 1; seed <= 200; ++seed)
    puzzles.push_back({n, *tet::random_counts(n, seed, kTimeLimit)});
  solve_all(state, puzzles);
}
BENCHMARK(BM_TetrominoRandom)->DenseRange(10, 50, 10)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_TetrominoContest(benchmark::State& state) {
  std::vector<tet::Puzzle> puzzles;
  std::ifstream file(TETROMINO_PUZZLES);
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    int n = 0;
    std::string signature;
    if (!(in >> n >> signature)) continue;
    puzzles.push_back({n, tet::parse_signature(signature)});
  }
  if (puzzles.size() != 28) {
    state.SkipWithError("cannot read the 28 puzzles of " TETROMINO_PUZZLES);
    return;
  }
  solve_all(state, puzzles);
}
BENCHMARK(BM_TetrominoContest)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
