// inference: perfect-information Monte Carlo over weighted worlds. The opponent's past moves are
// evidence about its hand (a player who could have played a double and did not probably holds
// none); each consistent opponent hand is weighted by the likelihood of those moves under an
// opponent model, and the determinized minimax average uses the weights. Sources: Buro, Long,
// Furtak & Sturtevant, "Improving State Evaluation, Inference, and Search in Trick-Based Card
// Games", IJCAI 2009 (Skat: worlds weighted by the probability of the observed play); Ginsberg,
// "GIB: Imperfect Information in a Computationally Challenging Game", JAIR 14, 2001 (Bridge: the
// deals drawn for the Monte Carlo average are filtered by what the bidding and play say).
//
// Per decision (strategies/belief/weighted_pimc.h, shared with strategies that fall back on it):
// the worlds and their weights come from draw_weighted_worlds
// (strategies/belief/weighted_worlds.h): consistent opponent hands, enumerated or sampled, each
// weighted by P_model(the opponent's past moves | that hand), resampled to `scenarios` worlds.
// Each world is solved exactly with open hands for every legal move, as minimax(depth=0) does
// (engine/endgame/block_dominoes_solver.h), and the move with the best weighted mean is played
// (ties: the first in legal-move order). `depth` > 0 stops each world's search that many tiles
// after the candidate move and scores the horizon as minimax(depth=D) does: for tables where an
// exact solve per world is too slow (double-nine with 10 tiles each at four seats: 1.0-1.5 s
// for one fresh deal, `solver block-dominoes --double 9`, against 0.5 ms at double-six); it is
// omitted from the name at its default 0 so that existing specs keep theirs.
// With model=none (every weight 1) and at most `scenarios` consistent hands this is
// minimax(depth=0) exactly. model=uniform is not that: a uniformly random opponent with more legal
// moves was less likely to play the one it played, so hands giving it more choices weigh less.
//
// Parameters: model (heuristic | self | uniform | none | fitted:FILE; see opponent_model.h; none =
// equal weights, no inference), temperature (1; the heuristic and self models' softmax
// temperature, 0 = their argmax), scenarios (200), depth (0 = exact), enumerate (2000), samples
// (1000), and the budget per decision (strategies/decision_budget.h): time-ms (0 = off; CPU
// milliseconds, not reproducible) and nodes (0 = off; open-hands solver nodes,
// BlockDominoesSolver::nodes(), reproducible). The budget bounds the solves, which are the cost
// (drawing and weighting the worlds is not counted): the worlds are solved one at a time until they
// are all done or the budget runs out (at least one), and the weighted mean covers the worlds
// solved. Resampled or drawn worlds come in random order; a whole enumerated pool (at most
// `scenarios` consistent hands) comes in Gosper's order, where neighbours share most tiles, so
// under a budget it is solved in a fixed spread-out order (a stride, decision_budget.h's
// spread_step) for an early stop to still cover unlike hands; when `scenarios` binds first all are
// solved as without a budget, in that order (a weighted sum may then differ in its last bits).
// With nodes set, each decision starts with an empty transposition table (SolverForRules::fresh),
// so that the count does not depend on what this thread solved before. The model file of
// fitted:FILE is written by `dominoes fit-model` from --games-out records; FILE may hold no comma
// or parenthesis (spec syntax).
//
// Cost: weighting is a few hundred nanoseconds per pooled hand (one model call per past opponent
// decision), small beside the `scenarios` exact solves. Reproducible: every random draw (pool and
// resampling) comes from the Rng passed to choose().
//
// Measured (dominoes run, head-to-head, 1000 duplicate deals = 2000 games, seed 1, points per game
// with 95% intervals; scenarios=200 throughout). Against heuristic: minimax(scenarios=200,depth=0)
// +3.88 ± 0.55, model=none +3.78 ± 0.54, heuristic with T=0 +5.17 ± 0.55, with T=1 +4.66 ± 0.56,
// self +4.41 ± 0.52, fitted to minimax's moves +4.51 ± 0.54. Against minimax(scenarios=200,
// depth=0): heuristic T=1 +0.78 ± 0.39 (seed 2: +0.65 ± 0.37), T=0 +0.58 ± 0.41, self +0.89 ±
// 0.38, fitted (600 games of minimax against heuristic, seed 7) +0.96 ± 0.40, model=none
// -0.36 ± 0.33 (seed 2: +0.15 ± 0.35). Cost: 5.2-5.5 CPU ms per non-forced decision against
// minimax(200,0)'s 5.1.
//
// Three and four seats: a world deals every hidden hand (draw_table_worlds in
// strategies/belief/weighted_worlds.h), weighted by every other seat's past moves under its model
// (`partner=convention`: the partner's by the partnership convention's own policy,
// strategies/belief/partner_model.h; the opponents' by `model`); the pool is always drawn
// (`samples` worlds), never enumerated; each world is solved with open hands for the mover's team
// (engine/endgame). `partner` is a parameter of inference rather than a strategy of its own: the
// search is the same, only one seat's model differs, and a canonical spec leaves it out at its
// default so that existing specs and tables keep their names. Without a budget the move comes
// from strategies/best_over_worlds.h (the plain weighted sum's move, most moves refuted by
// bounds): inference(scenarios=50,samples=200) against heuristic, `--seats 4` (matches to 100),
// 8 deals, seed 7, one thread, 25.6 -> 19.4 CPU ms per decision, the same games (a timing run,
// not a committed table).
//
// Known limits: it inherits PIMC's strategy fusion (each world is solved with open hands), and a
// wrong opponent model can mislead it more than no model at all (temperature > 0 softens that).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "strategies/belief/belief_params.h"
#include "strategies/belief/weighted_pimc.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

class InferenceStrategy final : public Strategy {
 public:
  /// Returns an inference player with the settings `params` (WeightedPimcParams: the sampling,
  /// the opponent model, null for model=none, the budget, the partner's model at four seats,
  /// the depth).
  explicit InferenceStrategy(WeightedPimcParams params) : search_(std::move(params)) {}

  /// Returns the move with the best weighted mean solved value (see the header comment).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<InferenceStrategy>(search_.params());
  }

  /// Returns the effective number of worlds of the last decision's pool, (sum w)^2 / sum w^2
  /// (Kish): the pool's size when the weights are equal, 1 when one world carries them all.
  double last_effective_worlds() const { return search_.last_worlds().effective; }
  /// Returns true when every pooled world had weight 0 at the last decision (uniform fallback).
  bool last_fell_back() const { return search_.last_worlds().fell_back; }

 private:
  WeightedPimc search_;
};

/// Returns the registry entry of `inference`: its name, summary, parameters and factory.
StrategyInfo inference_strategy_info();

}  // namespace strategies
