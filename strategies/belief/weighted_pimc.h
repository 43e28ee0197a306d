// Perfect-information Monte Carlo over weighted worlds: the decision of the inference strategy
// (strategies/inference/inference_strategy.h has the method, its sources and measurements), kept
// here so that other strategies can fall back on it (strategies/resolve plays it until its
// subgame is small enough).
//
// Per decision: the worlds and their weights from draw_weighted_worlds (two seats) or
// draw_table_worlds (three and four), each solved with open hands for every legal move (to the end,
// or `depth` tiles after the move), the move with the best weighted mean played (ties: the first
// in legal-move order); a budget stops adding worlds once spent. With a reply model (two seats)
// each move's value in a world averages the opponent's next choice under the model, hedged
// towards its worst reply (modelled_reply_values).
#pragma once

#include <memory>

#include "strategies/belief/opponent_model.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/decision_budget.h"
#include "strategies/solver_for_rules.h"
#include "strategies/strategy.h"

namespace strategies {

/// The settings of a weighted-PIMC search (inference's parameters).
struct WeightedPimcParams {
  WorldSampling sampling;
  /// Weighs the worlds; null gives every world weight 1 (model=none). Shared: models are stateless.
  std::shared_ptr<const OpponentModel> model;
  /// A belief over the hidden tiles weighing the worlds beside the model (model=net:FILE of a
  /// belief model, world_belief.h); null for none.
  std::shared_ptr<const WorldBelief> belief;
  DecisionBudget budget;  ///< time-ms and nodes (open-hands solver nodes); off by default
  /// Four seats with partners: the partner's model (partner=convention); null reads the partner
  /// by `model`.
  std::shared_ptr<const OpponentModel> partner_model;
  int depth = 0;  ///< tiles searched after the candidate move in each world; 0 = to the end
  /// Two seats: the opponent's next choice in each world follows this model with weight
  /// 1 - safety, its worst reply for us with weight `safety` (modelled_reply_values); null or
  /// safety = 1: its worst reply only (PIMC). The positions after its reply are solved to the end
  /// (`depth` is not used then).
  std::shared_ptr<const OpponentModel> reply_model;
  double safety = 1;
};

/// Writes to out[k] my value (points) of legal[k] in the open-hands position `s` (me to move, two
/// seats, a world of the decision at `obs`, whose record the model reads as the reply's context)
/// when the opponent's next choice is drawn from `model` (from its view: my hand hidden)
/// with weight 1 - safety and is its worst for me with weight `safety`; every position after its
/// reply is solved exactly with open hands (I play best from there on, and so does it after its
/// next choice). A move that ends the game or leaves the opponent one move or none gets its
/// plain solved value. A one-ply best response to the model, hedged towards the minimax reply: the
/// model's and the worst replies mixed as in Johanson, Zinkevich & Bowling, "Computing Robust
/// Counter-Strategies", NIPS 2007 (restricted Nash response: exploit a model with probability
/// p, else guard against the worst).
void modelled_reply_values(endgame::BlockDominoesSolver& solver, const dominoes::State& s,
                           const MoveList& legal, const OpponentModel& model, double safety,
                           const Observation& obs, double* out);

/// One thread's weighted-PIMC search, with its open-hands solver and scratch kept between
/// decisions.
class WeightedPimc {
 public:
  explicit WeightedPimc(WeightedPimcParams params) : params_(std::move(params)) {}
  /// Returns the move with the best weighted mean value over the worlds of the decision at `obs`
  /// (`legal`: its legal moves, at least two). Every random draw comes from `rng`.
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng);
  /// Returns the settings.
  const WeightedPimcParams& params() const { return params_; }
  /// Returns the last decision's worlds (their weights, effective size, fallback flag).
  const WeightedWorlds& last_worlds() const { return worlds_; }

 private:
  // Three and four seats without a budget: the plain weighted sum's move over the drawn worlds,
  // most moves refuted by bounds instead of solved (strategies/best_over_worlds.h).
  Move bounded_move(const Observation& obs, const MoveList& legal,
                    endgame::BlockDominoesSolver& solver);

  WeightedPimcParams params_;
  SolverForRules solver_;
  WeightedWorlds worlds_;  // per-decision scratch, kept to avoid reallocation
};

}  // namespace strategies
