// The open-hands solver on fresh deals, one thread. Target (issue 3): the exact full-depth solve
// of a fresh 7+7 deal at most 100 microseconds on average; issue 12 part 5: at most 20. Reports
// nodes per solve. Each benchmark keeps one solver (and its table) across its deals, as a
// strategy does across decisions.
//
// BM_SolveFreshDeal: BlockDominoesSolver at full depth, i.e. the double-six path
// (engine/endgame/double_six_solver.h). BM_SolveFreshDealGeneric: the same solves on the generic
// path (search::Negamax over DominoesGame), which depth-limited solves and larger sets use.
// BM_SolveFreshDealDepth10: 10 tiles deep (the seed's minimax), generic path. The TableBytes
// variants vary the table memory of each path.
//
// Measured 2026-11-23 on the 2-core VM (CPU time; others' builds add +-10%): BM_SolveFreshDeal
// 38.5 us / 643 nodes before issue 12 part 5, 11 us / 361 nodes after (double-six path, with its
// ordering); BM_SolveFreshDealDepth10 31.5 us / 500 nodes -> 16.4 us / 293 nodes (ordering only).
// callgrind, 1000 fresh solves (deals 0..999, seed 42): 234.0 -> 69.3 million instructions.
// BM_SolveFourSeatDeal (issue 22): the exact open-hands solve of a fresh four-seat double-six
// deal, all 28 tiles dealt, partnerships, the default four-seat rules (table_rules(4): the 6-6
// holder leads it), through BlockDominoesSolver (engine/endgame/multi_seat_solver.h). Target:
// median at most 1 ms. BM_SolveFourSeatDealCutThroat: the same deals without partners (paranoid,
// for the seat to move); BM_SolveThreeSeatDeal: three seats, 7 each. The TableBytes variant varies
// the table. The counter median_us is the median time of one solve over the run's deals.
// Run: build/bin/bench_solver
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "engine/search/negamax.h"

namespace {

void solve_fresh_deals(benchmark::State& state, int depth, std::size_t table_bytes) {
  const dominoes::Rules rules;
  endgame::BlockDominoesSolver solver(rules, table_bytes);
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

// The generic path at full depth, driven directly (BlockDominoesSolver sends double-six
// full-depth solves to the specialised path).
void solve_fresh_deals_generic(benchmark::State& state, std::size_t table_bytes) {
  const dominoes::Rules rules;
  const endgame::DominoesGame game(rules);
  search::TranspositionTable<endgame::DominoesKey> table(table_bytes);
  search::Negamax<endgame::DominoesGame> search(game, table);
  std::uint64_t deal = 0;
  std::int64_t solves = 0;
  for (auto _ : state) {
    const dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 42, deal++));
    benchmark::DoNotOptimize(search.search(s, search::kUnlimitedDepth, -(1 << 20), 1 << 20));
    ++solves;
  }
  state.SetItemsProcessed(solves);
  state.counters["nodes_per_solve"] =
      static_cast<double>(search.nodes()) / static_cast<double>(solves);
}

// Times `solve(solver, state)` on fresh deals of `rules`, one solver throughout: items per
// second, nodes per solve and the median time of one solve (median_us).
template <typename Solve>
void time_fresh_deals(benchmark::State& state, const dominoes::Rules& rules,
                      std::size_t table_bytes, Solve solve) {
  endgame::BlockDominoesSolver solver(rules, table_bytes);
  std::uint64_t deal = 0;
  std::vector<double> micros;
  for (auto _ : state) {
    const dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 42, deal++));
    const auto start = std::chrono::steady_clock::now();
    solve(solver, s);
    micros.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count());
  }
  const auto solves = static_cast<std::int64_t>(micros.size());
  state.SetItemsProcessed(solves);
  state.counters["nodes_per_solve"] =
      static_cast<double>(solver.nodes()) / static_cast<double>(solves);
  std::nth_element(micros.begin(), micros.begin() + solves / 2, micros.end());
  state.counters["median_us"] = micros[static_cast<std::size_t>(solves / 2)];
}

// Fresh deals of the default rules of `seats` seats (partners as given): the exact value.
void solve_table_deals(benchmark::State& state, int seats, bool partners, std::size_t table_bytes) {
  dominoes::Rules rules = dominoes::table_rules(seats);
  rules.partners = partners;
  time_fresh_deals(state, rules, table_bytes,
                   [](endgame::BlockDominoesSolver& solver, const dominoes::State& s) {
                     benchmark::DoNotOptimize(solver.value(s));
                   });
}

// The exact value of every lead of a fresh four-seat deal led freely (leader = alternate: any of
// the seat's 7 tiles), through move_values as the determinized searchers call it once per world:
// the costliest decision of a match's later hands. Measured 2026-11-27 beside another run: 153k
// nodes, 5.0 ms median, against 21.5k nodes and 0.65 ms for the whole hand led with 6-6; a larger
// table was slower (4 MiB 6.2 ms, 16 MiB 8.4 ms).
void BM_FourSeatFreeLeadMoveValues(benchmark::State& state) {
  dominoes::Rules rules = dominoes::table_rules(4);
  rules.leader = dominoes::LeaderRule::kAlternate;
  time_fresh_deals(state, rules, endgame::MultiSeatSolver::kDefaultTableBytes,
                   [](endgame::BlockDominoesSolver& solver, const dominoes::State& s) {
                     benchmark::DoNotOptimize(solver.move_values(s));
                   });
}

void BM_SolveFourSeatDeal(benchmark::State& s) {
  solve_table_deals(s, 4, true, endgame::MultiSeatSolver::kDefaultTableBytes);
}
void BM_SolveFourSeatDealCutThroat(benchmark::State& s) {
  solve_table_deals(s, 4, false, endgame::MultiSeatSolver::kDefaultTableBytes);
}
void BM_SolveThreeSeatDeal(benchmark::State& s) {
  solve_table_deals(s, 3, false, endgame::MultiSeatSolver::kDefaultTableBytes);
}
void BM_SolveFourSeatDealTableBytes(benchmark::State& s) {
  solve_table_deals(s, 4, true, static_cast<std::size_t>(s.range(0)));
}

void BM_SolveFreshDeal(benchmark::State& s) {
  solve_fresh_deals(s, 0, endgame::BlockDominoesSolver::kDefaultTableBytes);
}
void BM_SolveFreshDealGeneric(benchmark::State& s) {
  solve_fresh_deals_generic(s, endgame::BlockDominoesSolver::kDefaultTableBytes);
}
void BM_SolveFreshDealDepth10(benchmark::State& s) {
  solve_fresh_deals(s, 10, endgame::BlockDominoesSolver::kDefaultTableBytes);
}
void BM_SolveFreshDealTableBytes(benchmark::State& s) {
  solve_fresh_deals(s, 0, static_cast<std::size_t>(s.range(0)));
}
void BM_SolveFreshDealGenericTableBytes(benchmark::State& s) {
  solve_fresh_deals_generic(s, static_cast<std::size_t>(s.range(0)));
}

BENCHMARK(BM_SolveFreshDeal);
BENCHMARK(BM_SolveFreshDealGeneric);
BENCHMARK(BM_SolveFreshDealDepth10);
BENCHMARK(BM_SolveFreshDealTableBytes)->RangeMultiplier(8)->Range(1 << 12, 1 << 26);
BENCHMARK(BM_SolveFreshDealGenericTableBytes)->RangeMultiplier(8)->Range(1 << 12, 1 << 26);
BENCHMARK(BM_SolveFourSeatDeal)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_FourSeatFreeLeadMoveValues)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_SolveFourSeatDealCutThroat)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_SolveThreeSeatDeal)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_SolveFourSeatDealTableBytes)->RangeMultiplier(4)->Range(1 << 18, 1 << 26);

}  // namespace

BENCHMARK_MAIN();
