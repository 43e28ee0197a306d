#include "strategies/belief/weighted_pimc.h"

#include <algorithm>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/state.h"
#include "strategies/best_over_worlds.h"

namespace strategies {

namespace {

// Returns the move of `legal` with the best weighted mean open-hands value over `worlds` (each a
// hand or a table of hands that determinize() takes), visited from the first with stride `step`
// (a whole enumerated pool is solved spread out under a budget: header comment), stopping when
// the budget is spent. `depth`: tiles searched after the candidate move, 0 = to the end (exact).
// `values(state, out)` writes each legal move's value in one world.
template <typename Worlds, typename Values>
Move best_weighted_move(const Observation& obs, const MoveList& legal, const Worlds& worlds,
                        const std::vector<double>& weights, std::size_t step,
                        endgame::BlockDominoesSolver& solver, const DecisionBudget& budget,
                        Values&& values_in) {
  double totals[MoveList::kCapacity] = {};
  double values[MoveList::kCapacity];
  const std::size_t n = worlds.size();
  BudgetMeter meter(budget);
  const std::uint64_t start = solver.nodes();
  for (std::size_t j = 0, i = 0; j < n; ++j, i = (i + step) % n) {
    if (weights[i] <= 0) continue;
    values_in(dominoes::determinize(obs, worlds[i]), values);
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

// Writes each move's open-hands value (the opponent replying at its best in the world), `depth`
// tiles after the move (0 = to the end).
void solved_values(endgame::BlockDominoesSolver& solver, const dominoes::State& s,
                   const MoveList& legal, int depth, double* out) {
  int values[MoveList::kCapacity];
  solver.move_values(s, legal, solver_depth_for(depth), values);
  for (int k = 0; k < legal.size(); ++k) out[k] = values[k];
}

}  // namespace

void modelled_reply_values(endgame::BlockDominoesSolver& solver, const dominoes::State& s,
                           const MoveList& legal, const OpponentModel& model, double safety,
                           const Observation& obs, double* out) {
  const dominoes::Seat me = s.to_move;
  double p[MoveList::kCapacity];
  // The record the opponent's reply follows: the game's, then my move (its context).
  thread_local std::vector<Move> record;
  record.assign(obs.history().begin(), obs.history().end());
  record.push_back(Move::pass());
  for (int k = 0; k < legal.size(); ++k) {
    dominoes::State after = s;
    dominoes::apply(after, legal[k]);
    const MoveList replies = dominoes::legal_moves(after);
    if (dominoes::status(after) != dominoes::GameStatus::kOngoing || replies.size() < 2) {
      out[k] = -solver.value(after);  // the game is over, or the opponent has no choice
      continue;
    }
    dominoes::State view = after;  // the opponent's view: the model may not read my hand
    view.hands[me] = dominoes::TileSet();
    record.back() = legal[k];
    const MoveContext context{record, obs.leader(), obs.rules().max_pip, obs.rules().partners};
    model.policy_in_game(view, replies, context, p);
    double expected = 0, worst = 0;
    for (int r = 0; r < replies.size(); ++r) {
      dominoes::State next = after;
      dominoes::apply(next, replies[r]);
      const int v = solver.value(next);  // I am to move again
      expected += p[r] * v;
      worst = r == 0 ? v : std::min<double>(worst, v);
    }
    out[k] = (1 - safety) * expected + safety * worst;
  }
}

Move WeightedPimc::bounded_move(const Observation& obs, const MoveList& legal,
                                endgame::BlockDominoesSolver& solver) {
  // The worlds of weight 0 add nothing to the plain sum; the rest in the same order.
  std::vector<dominoes::State> worlds;
  std::vector<double> weights;
  for (std::size_t i = 0; i < worlds_.tables.size(); ++i) {
    if (worlds_.weights[i] <= 0) continue;
    worlds.push_back(dominoes::determinize(obs, worlds_.tables[i]));
    weights.push_back(worlds_.weights[i]);
  }
  if (worlds.empty()) return legal[0];  // as the plain sum: every total 0, the first move
  return legal[best_over_worlds(solver, worlds, legal, solver_depth_for(params_.depth), weights)];
}

Move WeightedPimc::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  auto& solver = params_.budget.nodes > 0 ? solver_.fresh(obs.rules()) : solver_.get(obs.rules());
  if (obs.seats() > 2) {
    // Drawn worlds come in random order: an early stop still covers unlike ones.
    draw_table_worlds(obs, params_.sampling,
                      {params_.model.get(), params_.partner_model.get(), params_.belief.get()}, rng,
                      worlds_);
    if (!params_.budget.active()) return bounded_move(obs, legal, solver);
    return best_weighted_move(obs, legal, worlds_.tables, worlds_.weights, 1, solver,
                              params_.budget, [&](const dominoes::State& s, double* out) {
                                solved_values(solver, s, legal, params_.depth, out);
                              });
  }
  draw_weighted_worlds(obs, params_.sampling, params_.model.get(), rng, worlds_,
                       params_.belief.get());
  const std::size_t n = worlds_.hands.size();
  const std::size_t step =
      params_.budget.active() && worlds_.in_enumeration_order ? spread_step(n) : 1;
  const OpponentModel* replies = params_.safety < 1 ? params_.reply_model.get() : nullptr;
  return best_weighted_move(obs, legal, worlds_.hands, worlds_.weights, step, solver,
                            params_.budget, [&](const dominoes::State& s, double* out) {
                              if (replies)
                                modelled_reply_values(solver, s, legal, *replies, params_.safety,
                                                      obs, out);
                              else
                                solved_values(solver, s, legal, params_.depth, out);
                            });
}

}  // namespace strategies
