#include "strategies/belief/weighted_pimc.h"

#include "engine/dominoes/determinization.h"

namespace strategies {

namespace {

// Returns the move of `legal` with the best weighted mean open-hands value over `worlds` (each a
// hand or a table of hands that determinize() takes), visited from the first with stride `step`
// (a whole enumerated pool is solved spread out under a budget: header comment), stopping when
// the budget is spent. `depth`: tiles searched after the candidate move, 0 = to the end (exact).
template <typename Worlds>
Move best_weighted_move(const Observation& obs, const MoveList& legal, const Worlds& worlds,
                        const std::vector<double>& weights, std::size_t step,
                        endgame::BlockDominoesSolver& solver, const DecisionBudget& budget,
                        int depth) {
  double totals[MoveList::kCapacity] = {};
  int values[MoveList::kCapacity];
  const std::size_t n = worlds.size();
  BudgetMeter meter(budget);
  const std::uint64_t start = solver.nodes();
  for (std::size_t j = 0, i = 0; j < n; ++j, i = (i + step) % n) {
    if (weights[i] <= 0) continue;
    // The solver's depth counts the candidate move too, as minimax's does.
    solver.move_values(dominoes::determinize(obs, worlds[i]), legal, depth == 0 ? 0 : depth + 1,
                       values);
    for (int k = 0; k < legal.size(); ++k) totals[k] += weights[i] * values[k];
    if (!budget.active()) continue;
    meter.add_work(static_cast<std::int64_t>(solver.nodes() - start) - meter.work());
    if (meter.exhausted()) break;
  }
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (totals[k] > totals[best]) best = k;
  return legal[best];
}

}  // namespace

Move WeightedPimc::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  auto& solver = params_.budget.nodes > 0 ? solver_.fresh(obs.rules()) : solver_.get(obs.rules());
  if (obs.seats() > 2) {
    // Drawn worlds come in random order: an early stop still covers unlike ones.
    draw_table_worlds(obs, params_.sampling, {params_.model.get(), params_.partner_model.get()},
                      rng, worlds_);
    return best_weighted_move(obs, legal, worlds_.tables, worlds_.weights, 1, solver,
                              params_.budget, params_.depth);
  }
  draw_weighted_worlds(obs, params_.sampling, params_.model.get(), rng, worlds_);
  const std::size_t n = worlds_.hands.size();
  const std::size_t step =
      params_.budget.active() && worlds_.in_enumeration_order ? spread_step(n) : 1;
  return best_weighted_move(obs, legal, worlds_.hands, worlds_.weights, step, solver,
                            params_.budget, params_.depth);
}

}  // namespace strategies
