// minimax: the study's decide_minimax, determinized minimax with alpha-beta (seed 002, "A minimax
// conjecture"): perfect-information Monte Carlo with exact game-tree search in each world.
//
// With two or more legal moves: take `scenarios` opponent hands consistent with the observation
// (engine/dominoes/determinization.h), or every consistent hand when there are no more than
// `scenarios` of them and exact=true; for each hand and each legal move, solve the determinized
// position after the move with the open-hands solver (engine/endgame/block_dominoes_solver.h) to
// `depth` further tiles (0 = to the end of the game, exact), scoring the horizon as if the game
// ended there as the seed does; play the move with the best mean value (ties: the first in
// legal-move order). The seed searched 10 tiles deep with 200 scenarios and no pruning; alpha-beta
// and a transposition table give the same values far faster.
//
// Parameters: scenarios (200), depth (10), exact (true), crn (true: the same hands serve every
// candidate move; false: independent hands per move, as the seed did), and the budget per decision
// (strategies/decision_budget.h): time-ms (0 = off; CPU milliseconds, not reproducible) and nodes
// (0 = off; open-hands solver nodes, BlockDominoesSolver::nodes(), reproducible). With a budget,
// `scenarios` stays a cap and the worlds are added until the cap or the budget, at least one:
// with crn=true one world at a time in the sampled order (so when the cap binds first the move is
// the one without a budget); with exact enumeration the consistent hands in a fixed spread-out
// order (a stride through Gosper's order, whose neighbours share most tiles), so an early stop
// still covers unlike hands; with crn=false in rounds, one fresh world per move each round,
// checking the budget after each round so every move gets the same number of worlds. With nodes
// set, each decision starts with an empty transposition table (SolverForRules::fresh): the nodes
// a solve visits depend on the table, which would otherwise carry what this thread solved before.
//
// Three and four seats: each world deals every hidden hand consistently with the record (tile
// counts, passes, a forced lead; strategies/world_draw.h: hidden_hands.h's exact uniform sampler,
// or every such world when exact=true and there are no more than `scenarios`), and the solver
// (engine/endgame/multi_seat_solver.h) gives each move the deciding seat's team's net points, the
// teams as max and min (cut-throat: paranoid, every other seat against the deciding one). Two
// seats draw exactly as before (determinization.h), so two-seat games are unchanged. With crn and
// no budget, the move is found by strategies/best_over_worlds.h: the same worlds and the same
// move as the plain sum, most moves refuted in most worlds by one null-window search. Issue
// 22's target (100 worlds, at most 50 CPU ms per non-forced decision) measured with
// `dominoes run --seats 4 --player 'minimax(scenarios=100,depth=0)' --player heuristic --format
// head-to-head --deals 8 --threads 1 --seed 7` (matches to 100; every hand after a match's first
// is led freely, 7 leads to value in each world): 53.7 ms per decision with the plain sum, 40.0
// to 41.5 with best_over_worlds, the same games (timing runs, not committed tables).
//
// Known limits of the method (Frank and Basin 1998; Long et al. 2010): each world is solved as if
// both hands were open, so the search assumes it will learn the opponent's hand (strategy fusion)
// and never plays to gain or hide information.
#pragma once

#include <memory>
#include <vector>

#include "strategies/decision_budget.h"
#include "strategies/solver_for_rules.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

class MinimaxStrategy final : public Strategy {
 public:
  /// Returns a minimax strategy; requires scenarios >= 1, depth >= 0 and budgets >= 0.
  MinimaxStrategy(int scenarios, int depth, bool exact, bool common_random_numbers,
                  DecisionBudget budget = {})
      : scenarios_(scenarios),
        depth_(depth),
        exact_(exact),
        crn_(common_random_numbers),
        budget_(budget) {}

  /// Returns the move with the best mean solved value (see the header comment).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<MinimaxStrategy>(scenarios_, depth_, exact_, crn_, budget_);
  }

 private:
  // Adds each move's value in the determinized `world` to `totals`, solved by `solver`.
  void add_world(endgame::BlockDominoesSolver& solver, const dominoes::State& world,
                 const MoveList& legal, long long* totals);
  // choose() under a budget: fills `totals` (see the header comment).
  void budgeted_totals(const Observation& obs, const MoveList& legal, Rng& rng, long long* totals);

  int scenarios_;
  int depth_;
  bool exact_;
  bool crn_;
  DecisionBudget budget_;
  SolverForRules solver_;
};

/// Returns the registry entry of `minimax`: its name, summary, parameters and factory.
StrategyInfo minimax_strategy_info();

}  // namespace strategies
