// Decision-time subgame solving (strategies/resolve, issue 24): what one solve of the public
// subgame at a double-six decision costs, by the tiles left in both hands. The positions come from
// random play of seeded deals (the seed's game, 7 tiles each), the seat to move with a choice; the
// ranges are weighted by the heuristic model as the resolve strategy weighs them.
// Counters: hands (both ranges' lengths), slots (the regret table) per solve.
// Run: build/bin/bench_resolve
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/state.h"
#include "engine/equilibrium/public_tree_cfr.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/subgame/decision_subgame.h"

namespace {

// The subgames of `count` positions with `tiles` tiles left in both hands together, reached by
// random play from seeded deals.
std::vector<equilibrium::PublicSubgame> subgames(int tiles, int count) {
  const dominoes::Rules rules;
  const strategies::HeuristicModel model(1.0);
  std::vector<equilibrium::PublicSubgame> out;
  std::mt19937_64 rng(24);
  for (std::uint64_t deal = 0; static_cast<int>(out.size()) < count; ++deal) {
    dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 24, deal));
    dominoes::History history(s.leader, 2);
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const dominoes::MoveList legal = dominoes::legal_moves(s);
      if (s.hands[0].size() + s.hands[1].size() == tiles && legal.size() >= 2) {
        const auto obs = dominoes::observe(s, history, rules, s.to_move);
        out.push_back(strategies::decision_subgame(obs, &model, &model, 0.01).root);
        break;
      }
      const dominoes::Move m =
          legal.empty() ? dominoes::Move::pass()
                        : legal[static_cast<int>(rng() % static_cast<unsigned>(legal.size()))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  return out;
}

void BM_DecisionSubgameSolve(benchmark::State& state) {
  const auto tiles = static_cast<int>(state.range(0));
  const auto roots = subgames(tiles, 8);
  const dominoes::Rules rules;
  std::size_t next = 0;
  double hands = 0, slots = 0;
  for (auto _ : state) {
    const auto& root = roots[next++ % roots.size()];
    equilibrium::PublicTreeCfr solver(rules, root, equilibrium::RegretUpdate::kDiscounted);
    solver.set_single_threaded(true);
    solver.iterate(40);
    benchmark::DoNotOptimize(solver.expected_value());
    hands += static_cast<double>(root.hands[0].size() + root.hands[1].size());
    slots += static_cast<double>(solver.size().slots);
  }
  state.counters["hands"] = benchmark::Counter(hands, benchmark::Counter::kAvgIterations);
  state.counters["slots"] = benchmark::Counter(slots, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_DecisionSubgameSolve)->Arg(4)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
