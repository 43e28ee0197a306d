// The hidden-hands sampler at three and four seats (engine/dominoes/hidden_hands.h): the cost of
// preparing it for one observation (its classes and counting table) and of one world drawn, over
// the decisions of double-six games (the default rules of the seat count, the heaviest double
// leading). The strategies prepare it once per decision and draw tens to thousands of worlds.
// "must_pass" takes the views of a seat that must pass instead, where the sampler also requires
// some other seat to be able to play (a second layer of its counting table).
// Run: build/bin/bench_hidden_hands  (items_per_second is observations prepared or worlds drawn)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <deque>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace {

using namespace dominoes;

// A seat's turn in a game played by random moves: the state and the record up to it.
struct Turn {
  State state;
  History history;
};

// The turns of 200 deals at which the seat to move has a choice (must_pass: has no tile to play).
struct Turns {
  Rules rules;
  std::deque<Turn> turns;  // a deque: the observations point into it

  Turns(int seats, bool must_pass) : rules(table_rules(seats)) {
    rules.match_target = 0;
    for (std::uint64_t deal = 0; deal < 200; ++deal) {
      const Deal d = make_deal(rules, 7, deal, 0);
      Turn t{start_state(d), History(d.leader, d.seats)};
      Rng rng(deal + 1);
      while (status(t.state) == GameStatus::kOngoing) {
        const MoveList moves = moves_or_pass(t.state);
        if (must_pass ? moves[0].is_pass() : moves.size() > 1) turns.push_back(t);
        const Move m = moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
        apply(t.state, m);
        t.history.push_back(m);
      }
    }
  }

  Observation observation(std::size_t k) const {
    const Turn& t = turns[k % turns.size()];
    return observe(t.state, t.history, rules, t.state.to_move);
  }
};

void prepare(benchmark::State& state, int seats, bool must_pass) {
  const Turns turns(seats, must_pass);
  std::size_t k = 0;
  for (auto _ : state) {
    const HiddenHandsSampler sampler(turns.observation(k++));
    benchmark::DoNotOptimize(sampler.count());
  }
  state.SetItemsProcessed(state.iterations());
}

void draw(benchmark::State& state, int seats, bool must_pass) {
  const Turns turns(seats, must_pass);
  std::vector<HiddenHandsSampler> samplers;
  for (std::size_t k = 0; k < turns.turns.size(); ++k) samplers.emplace_back(turns.observation(k));
  Rng rng(3);
  std::size_t k = 0;
  for (auto _ : state) {
    const TableHands world = samplers[k++ % samplers.size()].sample(rng);
    benchmark::DoNotOptimize(world);
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK_CAPTURE(prepare, three_seats, 3, false);
BENCHMARK_CAPTURE(prepare, four_seats, 4, false);
BENCHMARK_CAPTURE(prepare, three_seats_must_pass, 3, true);
BENCHMARK_CAPTURE(draw, three_seats, 3, false);
BENCHMARK_CAPTURE(draw, four_seats, 4, false);
BENCHMARK_CAPTURE(draw, three_seats_must_pass, 3, true);

BENCHMARK_MAIN();
