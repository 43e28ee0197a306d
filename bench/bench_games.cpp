// Games per second on one thread: whole duplicate deals played by play_deal, the runner's unit of
// work (dealing, strategy calls, scoring), without oneTBB. Targets (issue 2, Release, one thread):
// random vs random >= 2,000,000 games/s; heuristic vs random >= 1,000,000 games/s. Four seats
// (issue 22): heuristic vs random partnerships >= 1,000,000 hands/s on two threads, so about
// 500,000 on this one thread.
// Run: build/bin/bench_games  (items_per_second is games per second)
#include <benchmark/benchmark.h>

#include <array>
#include <string>

#include "arena/tournament/play/play_deal.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "strategies/registry.h"

namespace {

void play_games(benchmark::State& state, const char* a_spec, const char* b_spec, int seats = 2) {
  tournament::ExperimentConfig config;
  config.rules = dominoes::table_rules(seats);
  config.rules.match_target = 0;  // hands, not matches: the unit the target counts
  config.players = {a_spec, b_spec};
  auto a = strategies::Registry::builtin().make(a_spec);
  auto b = strategies::Registry::builtin().make(b_spec);
  const std::array<std::string, 2> specs = {a_spec, b_spec};
  // The runner's decision timing, with its samplers (decision_sampler.h), is part of the work.
  std::array<tournament::DecisionSampler, 2> samplers{};
  tournament::DealContext deal{.config = config,
                               .players = {&a, &b},
                               .specs = specs,
                               .samplers = {&samplers[0], &samplers[1]}};
  std::int64_t games = 0;
  for (auto _ : state) {
    const auto tally = tournament::play_deal(deal);
    ++deal.deal_index;
    games += tally.games;
    benchmark::DoNotOptimize(tally);
  }
  state.SetItemsProcessed(games);
}

void BM_RandomVsRandom(benchmark::State& s) {
  play_games(s, "random", "random");
}
void BM_HeuristicVsRandom(benchmark::State& s) {
  play_games(s, "heuristic", "random");
}
void BM_HeuristicVsLowest(benchmark::State& s) {
  play_games(s, "heuristic", "lowest");
}
void BM_FourSeatsHeuristicVsRandom(benchmark::State& s) {
  play_games(s, "heuristic", "random", 4);
}
void BM_ThreeSeatsHeuristicVsRandom(benchmark::State& s) {
  play_games(s, "heuristic", "random", 3);
}

// Search strategies (issue 3 targets, one thread): playout(1000) vs heuristic >= 100 games/s;
// minimax(scenarios=200,depth=0) vs heuristic >= 10 games/s.
void BM_PlayoutVsHeuristic(benchmark::State& s) {
  play_games(s, "playout(playouts=1000)", "heuristic");
}
void BM_MinimaxExactVsHeuristic(benchmark::State& s) {
  play_games(s, "minimax(scenarios=200,depth=0)", "heuristic");
}
void BM_MinimaxDepth10VsHeuristic(benchmark::State& s) {
  play_games(s, "minimax(scenarios=200,depth=10)", "heuristic");
}

// Move generation alone, for reference: legal moves of a 7-tile hand on a line.
void BM_LegalMoves(benchmark::State& s) {
  const dominoes::TileSet hand(0x0F0F0F0ull);
  int left = 0;
  for (auto _ : s) {
    benchmark::DoNotOptimize(dominoes::legal_moves(hand, left, (left + 3) % 7));
    left = (left + 1) % 7;
  }
  s.SetItemsProcessed(s.iterations());
}

BENCHMARK(BM_RandomVsRandom);
BENCHMARK(BM_HeuristicVsRandom);
BENCHMARK(BM_HeuristicVsLowest);
BENCHMARK(BM_FourSeatsHeuristicVsRandom);
BENCHMARK(BM_ThreeSeatsHeuristicVsRandom);
BENCHMARK(BM_PlayoutVsHeuristic)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MinimaxExactVsHeuristic)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MinimaxDepth10VsHeuristic)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LegalMoves);

}  // namespace

BENCHMARK_MAIN();
