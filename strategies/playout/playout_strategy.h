// playout: the study's decide_playout, perfect-information Monte Carlo with random playouts
// (seed 002, "Insight").
//
// With two or more legal moves, for each move: sample `playouts` opponent hands consistent with
// the observation (engine/dominoes/determinization.h), play the move, play the game out with the
// rollout policy for both seats, and average the player's net points. The move with the best mean
// is played (ties: the first in legal-move order).
//
// Parameters: playouts (1000, as in the seed), rollout (random | lowest | heuristic |
// fitted:FILE; the seed's rollouts used its decide_random, which is our `lowest`; heuristic plays
// the seed heuristic for every seat from its own view; fitted:FILE draws every move from a
// move-feature softmax of `dominoes fit-model`, issue 24's learned policy prior), crn (true: the
// same sampled hands and rollout seeds serve every candidate move, common random numbers, so the
// comparison between moves is not drowned by sampling noise; false: independent samples per move,
// as the seed did), and the budget per decision (strategies/decision_budget.h): time-ms (0 = off;
// CPU milliseconds, not reproducible) and nodes (0 = off; simulated plies: each playout counts the
// candidate move and every move of its rollout, passes included; reproducible). With a budget,
// `playouts` stays a cap and the playouts go in rounds, one per legal move each round (with
// crn=true all on the round's one sampled hand and seed, drawn in the order the unbudgeted strategy
// draws them, so when the cap binds first the move is the one without a budget), and the budget is
// checked after each round: every move gets the same number of playouts, at least one.
//
// Measured (results/strength-ladder/imitation/rollouts: a round robin, 1,000 duplicate deals per
// pairing, seed 3002; points per game, 95% intervals): at 500 playouts, rollouts by the imitation
// of adapt (experiments/models/imitation-adapt.model) beat uniform ones by +0.57 +- 0.41 and
// uniform ones at 1,750 playouts (equal CPU, about 1.05 ms per decision) by +0.41 +- 0.41, and
// play level with minimax(200, depth 0) (-0.05 +- 0.44, where uniform rollouts lose -0.54 to
// -0.72); the seed heuristic's rollouts are no better than uniform ones (-0.42 +- 0.48).
//
// Three and four seats: each world deals every hidden hand consistently with the record (tile
// counts, passes, a forced lead: strategies/world_draw.h), the rollout policy plays every seat, and
// the result is the player's team's net points (scoring.h's net_points: in cut-throat its own score
// when it wins, minus the winner's when another seat wins). Two seats draw exactly as before.
#pragma once

#include <utility>
#include <vector>

#include "strategies/decision_budget.h"
#include "strategies/playout/rollout.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"
#include "strategies/world_draw.h"

namespace strategies {

class PlayoutStrategy final : public Strategy {
 public:
  /// Returns a playout strategy; requires playouts >= 1, budgets >= 0 and, for a kModel rollout,
  /// a model (rollout_move dereferences it).
  PlayoutStrategy(int playouts, RolloutPolicy rollout, bool common_random_numbers,
                  DecisionBudget budget = {})
      : playouts_(playouts),
        rollout_(std::move(rollout)),
        crn_(common_random_numbers),
        budget_(budget) {}

  /// Returns the move with the best mean rollout result (see the header comment).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<PlayoutStrategy>(playouts_, rollout_, crn_, budget_);
  }

 private:
  // choose() under a budget (see the header comment).
  Move budgeted_choose(const Observation& obs, const MoveList& legal, Rng& rng);
  // Returns the summed rollout result of `move` over this decision's scenarios (crn: worlds_,
  // else fresh worlds from `draw`).
  long long evaluate(const Observation& obs, const WorldDraw& draw, Move move, Rng& rng);

  int playouts_;
  RolloutPolicy rollout_;
  bool crn_;
  DecisionBudget budget_;
  // Per-decision scratch, kept to avoid reallocation: sampled worlds and rollout seeds.
  std::vector<dominoes::State> worlds_;
  std::vector<std::uint64_t> seeds_;
};

/// Returns the registry entry of `playout`: its name, summary, parameters and factory.
StrategyInfo playout_strategy_info();

}  // namespace strategies
