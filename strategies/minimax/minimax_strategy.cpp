#include "strategies/minimax/minimax_strategy.h"

#include <vector>

#include "engine/dominoes/determinization.h"
#include "strategies/best_over_worlds.h"
#include "strategies/world_draw.h"

namespace strategies {

namespace {

// True when the decision averages over every consistent world rather than a sample: exact=true
// and no more worlds than `scenarios`.
bool enumerates(const WorldDraw& draw, bool exact, int scenarios) {
  return exact && draw.count() <= static_cast<double>(scenarios);
}

}  // namespace

void MinimaxStrategy::add_world(endgame::BlockDominoesSolver& solver, const dominoes::State& world,
                                const MoveList& legal, long long* totals) {
  int values[MoveList::kCapacity];
  solver.move_values(world, legal, solver_depth_for(depth_), values);
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
  const WorldDraw draw(obs);
  if (enumerates(draw, exact_, scenarios_)) {
    const std::vector<dominoes::State> worlds = draw.every_world();
    const std::size_t n = worlds.size(), step = spread_step(n);
    for (std::size_t i = 0, at = 0; i < n; ++i, at = (at + step) % n) {
      add_world(solver, worlds[at], legal, totals);
      if (spent()) break;
    }
    return;
  }
  if (crn_) {
    for (int i = 0; i < scenarios_; ++i) {
      add_world(solver, draw(rng), legal, totals);
      if (spent()) break;
    }
  } else {
    // Rounds of one independent world per move, so that every move has as many worlds.
    for (int i = 0; i < scenarios_; ++i) {
      for (int k = 0; k < legal.size(); ++k) {
        MoveList one;
        one.push_back(legal[k]);
        add_world(solver, draw(rng), one, totals + k);
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
  auto& solver = solver_.get(obs.rules());
  const WorldDraw draw(obs);
  const bool every_world = enumerates(draw, exact_, scenarios_);
  if (obs.seats() > 2 && (crn_ || every_world)) {
    // The same worlds and the same move as the plain sum, with most moves refuted by bounds
    // (best_over_worlds.h). With two seats move_bound is an exact solve: nothing to gain there.
    std::vector<dominoes::State> worlds;
    if (every_world) {
      worlds = draw.every_world();
    } else {
      worlds.reserve(static_cast<std::size_t>(scenarios_));
      for (int i = 0; i < scenarios_; ++i) worlds.push_back(draw(rng));
    }
    return legal[best_over_worlds(solver, worlds, legal, solver_depth_for(depth_))];
  } else if (every_world) {
    for (const dominoes::State& world : draw.every_world()) add_world(solver, world, legal, totals);
  } else if (crn_) {
    for (int i = 0; i < scenarios_; ++i) add_world(solver, draw(rng), legal, totals);
  } else {
    // Independent worlds per move: each move is scored in its own sample of hands.
    for (int k = 0; k < legal.size(); ++k) {
      MoveList one;
      one.push_back(legal[k]);
      for (int i = 0; i < scenarios_; ++i) {
        long long value[1] = {0};
        add_world(solver, draw(rng), one, value);
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
  return {
      .name = "minimax",
      .summary = "determinized alpha-beta over sampled hands (the study's decide_minimax)",
      .method =
          "for each legal move, the mean open-hands alpha-beta value over sampled "
          "consistent opponent hands (every consistent hand when few enough); each world is solved "
          "as if every hand were open (strategy fusion); "
          "with more seats every hidden hand is dealt, teams as max and min "
          "(cut-throat: paranoid, the other seats against the one deciding)",
      .source =
          "decide_minimax of the Prolog study of Block Dominoes this project reproduces (its "
          "essay's \"A minimax conjecture\"; docs/glossary.md); the method's limits: "
          "Frank & Basin 1998, Long et al. 2010; strategies/minimax/minimax_strategy.h",
      .params = {{.name = "scenarios",
                  .type = ParamType::kInt,
                  .default_value = "200",
                  .help = "opponent hands sampled per decision",
                  .min = 1,
                  .max = 1e7},
                 {.name = "depth",
                  .type = ParamType::kInt,
                  .default_value = "10",
                  .help =
                      "tiles searched after the candidate move; 0 = to the end of the game (exact)",
                  .min = 0,
                  .max = 200},
                 {.name = "exact",
                  .type = ParamType::kBool,
                  .default_value = "true",
                  .help =
                      "average over every consistent hand when there are no more than scenarios",
                  .min = 0,
                  .max = 0},
                 {.name = "crn",
                  .type = ParamType::kBool,
                  .default_value = "true",
                  .help = "common random numbers: the same sampled hands for every candidate move",
                  .min = 0,
                  .max = 0},
                 time_ms_param(),
                 nodes_param("open-hands solver nodes (a fresh table each decision)")},
      .make =
          [](const ParamValues& v) {
            return Player(std::make_unique<MinimaxStrategy>(
                static_cast<int>(v.get_int("scenarios")), static_cast<int>(v.get_int("depth")),
                v.get_bool("exact"), v.get_bool("crn"), budget_of(v)));
          },
      .seat_counts = kEverySeatCount};
}

}  // namespace strategies
