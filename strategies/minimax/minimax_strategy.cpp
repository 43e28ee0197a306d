#include "strategies/minimax/minimax_strategy.h"

#include <vector>

#include "engine/dominoes/determinization.h"

namespace strategies {

void MinimaxStrategy::add_world(endgame::BlockDominoesSolver& solver, const Observation& obs,
                                dominoes::TileSet hand, const MoveList& legal, long long* totals) {
  const dominoes::State world = dominoes::determinize(obs, hand);
  int values[MoveList::kCapacity];
  // The seed's depth counts the tiles after the candidate move; the solver's counts it too.
  solver.move_values(world, legal, depth_ == 0 ? 0 : depth_ + 1, values);
  for (int k = 0; k < legal.size(); ++k) totals[k] += values[k];
}

void MinimaxStrategy::budgeted_totals(const Observation& obs, const MoveList& legal, Rng& rng,
                                      long long* totals) {
  BudgetMeter meter(budget_);
  auto& solver = budget_.nodes > 0 ? solver_.fresh(obs.rules()) : solver_.get(obs.rules());
  const std::uint64_t start = solver.nodes();
  const auto spent = [&] {
    meter.add_work(static_cast<std::int64_t>(solver.nodes() - start) - meter.work());
    return meter.exhausted();
  };
  const std::uint64_t count = dominoes::count_consistent_hands(obs);
  if (exact_ && count <= static_cast<std::uint64_t>(scenarios_)) {
    std::vector<dominoes::TileSet> hands;
    hands.reserve(count);
    dominoes::for_each_consistent_hand(obs, [&](dominoes::TileSet h) { hands.push_back(h); });
    const std::size_t n = hands.size(), step = spread_step(n);
    for (std::size_t i = 0, at = 0; i < n; ++i, at = (at + step) % n) {
      add_world(solver, obs, hands[at], legal, totals);
      if (spent()) break;
    }
  } else if (crn_) {
    for (int i = 0; i < scenarios_; ++i) {
      add_world(solver, obs, dominoes::sample_opponent_hand(obs, rng), legal, totals);
      if (spent()) break;
    }
  } else {
    // Rounds of one independent world per move, so that every move has as many worlds.
    for (int i = 0; i < scenarios_; ++i) {
      for (int k = 0; k < legal.size(); ++k) {
        MoveList one;
        one.push_back(legal[k]);
        add_world(solver, obs, dominoes::sample_opponent_hand(obs, rng), one, totals + k);
      }
      if (spent()) break;
    }
  }
}

Move MinimaxStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  long long totals[MoveList::kCapacity] = {};
  if (budget_.active()) {
    budgeted_totals(obs, legal, rng, totals);
    int best = 0;
    for (int k = 1; k < legal.size(); ++k)
      if (totals[k] > totals[best]) best = k;
    return legal[best];
  }
  const bool enumerate =
      exact_ && dominoes::count_consistent_hands(obs) <= static_cast<std::uint64_t>(scenarios_);
  if (enumerate) {
    dominoes::for_each_consistent_hand(obs, [&](dominoes::TileSet hand) {
      add_world(solver_.get(obs.rules()), obs, hand, legal, totals);
    });
  } else if (crn_) {
    for (int i = 0; i < scenarios_; ++i)
      add_world(solver_.get(obs.rules()), obs, dominoes::sample_opponent_hand(obs, rng), legal,
                totals);
  } else {
    // Independent worlds per move: each move is scored in its own sample of hands.
    for (int k = 0; k < legal.size(); ++k) {
      MoveList one;
      one.push_back(legal[k]);
      for (int i = 0; i < scenarios_; ++i) {
        long long value[1] = {0};
        add_world(solver_.get(obs.rules()), obs, dominoes::sample_opponent_hand(obs, rng), one,
                  value);
        totals[k] += value[0];
      }
    }
  }
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (totals[k] > totals[best]) best = k;
  return legal[best];
}

StrategyInfo minimax_strategy_info() {
  return {.name = "minimax",
          .summary = "determinized alpha-beta over sampled hands (the seed's decide_minimax)",
          .method = "for each legal move, the mean open-hands alpha-beta value over sampled "
                    "consistent opponent hands (every consistent hand when few enough); each "
                    "world is solved as if both hands were open (strategy fusion)",
          .source = "seed 002's decide_minimax (\"A minimax conjecture\"); the method's limits: "
                    "Frank & Basin 1998, Long et al. 2010; strategies/minimax/minimax_strategy.h",
          .params = {{"scenarios", ParamType::kInt, "200", "opponent hands sampled per decision", 1, 1e7, {}},
           {"depth", ParamType::kInt, "10",
            "tiles searched after the candidate move; 0 = to the end of the game (exact)", 0, 200,
            {}},
           {"exact", ParamType::kBool, "true",
            "average over every consistent hand when there are no more than scenarios", 0, 0, {}},
           {"crn", ParamType::kBool, "true",
            "common random numbers: the same sampled hands for every candidate move", 0, 0, {}},
           time_ms_param(),
           nodes_param("open-hands solver nodes (a fresh table each decision)")},
          .make = [](const ParamValues& v) {
            return Player(std::make_unique<MinimaxStrategy>(
                static_cast<int>(v.get_int("scenarios")), static_cast<int>(v.get_int("depth")),
                v.get_bool("exact"), v.get_bool("crn"), budget_of(v)));
          }};
}

}  // namespace strategies
