// epimc: extended perfect-information Monte Carlo, PIMC with postponed reasoning (Arjonilla,
// Saffidine & Cazenave, "Perfect Information Monte Carlo with Postponing Reasoning", IEEE CoG 2024,
// arXiv:2408.02380), over worlds weighted by inference about the opponent's hand (Buro et al.
// 2009).
//
// Per decision with two or more legal moves:
//   1. The worlds: opponent hands consistent with the observation, weighted by the likelihood of
//      the opponent's past moves under `model` and resampled to `scenarios` worlds
//      (strategies/belief/weighted_worlds.h; model=none gives equal weights, as plain PIMC).
//   2. The subgame (strategies/epimc/postponed_subgame.h): the tree of public move sequences from
//      this decision down to `postpone` more of the observer's own turns, in every world at once;
//      its leaves are solved exactly with open hands (engine/endgame/block_dominoes_solver.h). The
//      observer's later turns in it are information sets: a strategy plays one move at each for
//      every world that reaches it, where PIMC would pick per world (strategy fusion). The
//      opponent replies per world to minimise the observer's points (reply=min), or as the
//      opponent model would from its own view, not seeing the observer's hand (reply=model).
//   3. Each root move's value is the best weighted sum over the observer's pure strategies in the
//      subgame (exactly when a root move has at most `exhaustive` strategies, else a local optimum
//      by coordinate ascent from PIMC's choices); the best root move is played (ties: the first in
//      legal-move order).
// postpone=0 is PIMC over the weighted worlds: the inference strategy's decision, identical move
// for move with the same model and sampling parameters. With model=none that is PIMC with equal
// weights, the method of minimax(depth=0), but over inference's own sample of worlds (the same
// worlds only when every consistent hand is taken: at most `enumerate` and `scenarios` of them).
//
// Parameters: postpone (1; own later turns kept as information sets, 0..2), exhaustive (256;
// strategies tried one by one up to this many per root move), reply (model | min), and the
// inference strategy's model (heuristic), temperature (1), scenarios (200), enumerate (2000),
// samples (1000). reply=min with model=none is the method as published, over unweighted worlds;
// the default reply=model is the variant that measured no worse than inference (below). time-ms and
// nodes (strategies/decision_budget.h; nodes counts open-hands solver nodes) stop adding worlds to
// the subgame once spent; a whole enumerated pool is then taken in a spread-out order, as inference
// does.
//
// Cost: postpone=1 solves about (opponent replies x own replies) leaves per root move per world,
// positions two tiles later than PIMC's, with the world's transposition table shared by them
// (about 1.5x minimax's time per decision at equal worlds). Memory: 24 bytes per subgame node per
// world, held per thread: postpone=1 about 100 nodes (under 1 MB at 200 worlds), postpone=2 about
// 1,000-2,000 (4-8 MB); postpone=3 would need 13,000-27,000 nodes (70-110 MB per thread, measured
// by review) and is not offered.
// Reproducible: every random draw is in step 1, from the Rng passed to choose().
//
// Measured (dominoes run, head-to-head, duplicate deals, points per game with 95% intervals, one
// thread, scenarios=200 unless said). The published method, reply=min with model=none: against
// epimc(postpone=0) over the same worlds (the paired comparison) -0.18 +- 0.37 (800 deals, seed
// 2); against minimax(scenarios=200,depth=0), which draws its own worlds, -0.55 +- 0.51 (600 deals,
// seed 1) and -1.03 +- 0.49 (800 deals, seed 2). So no gain, and perhaps a loss: removing the
// observer's fusion while the opponent still knows every world makes the search more
// pessimistic. With model=heuristic, against inference(model=heuristic) over the same worlds:
// reply=min -0.12 +- 0.42 (800 deals), reply=model +0.02 +- 0.45 (800 deals); postpone=2 with 100
// worlds, reply=model, against inference with 200: +0.13 +- 0.64 (400 deals). None differs
// measurably from zero: in this game postponing reasoning by one or two own turns has bought
// nothing we can measure; the next own turn's information set seems to hold worlds whose best
// moves mostly agree.
//
// Known limits: with reply=min the opponent inside the subgame is assumed to know the world (as in
// PIMC and alpha-mu), with reply=model to play as the model says; only pure strategies are
// considered; the ascent can stop at a local optimum; below `postpone` own turns the worlds are
// still solved with open hands (fusion remains there).
#pragma once

#include <memory>
#include <vector>

#include "strategies/belief/opponent_model.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/decision_budget.h"
#include "strategies/epimc/postponed_subgame.h"
#include "strategies/solver_for_rules.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// The settings of an epimc player (see the header comment).
struct EpimcParams {
  WorldSampling sampling{200, 2000, 1000};
  int postpone = 1;       ///< own later turns kept as information sets; >= 0
  long exhaustive = 256;  ///< try every pure strategy up to this many per root move; >= 0
  /// The opponent replies by the model's policy (reply=model, the registry's default) rather than
  /// by the minimum; with a null model the replies are the minimum either way.
  bool modelled_replies = true;
  DecisionBudget budget;  ///< time-ms and nodes (open-hands solver nodes); off by default
};

class EpimcStrategy final : public Strategy {
 public:
  /// Returns an epimc player with the opponent model `model` (shared: models are stateless); a
  /// null model gives every world weight 1.
  EpimcStrategy(const EpimcParams& params, std::shared_ptr<const OpponentModel> model)
      : params_(params), model_(std::move(model)) {}

  /// Returns the root move with the best consistent subgame value (see the header comment).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<EpimcStrategy>(params_, model_);
  }
  /// Returns the number of worlds in the last decision's subgame (fewer than drawn when a budget
  /// ran out).
  std::size_t last_worlds() const { return last_worlds_; }

  /// Returns the last decision's root-move values, in legal-move order: the consistent
  /// (postponed) values and PIMC's fused values over the same worlds (weighted sums, points).
  const std::vector<double>& last_values() const { return values_; }
  const std::vector<double>& last_fused_values() const { return fused_; }

 private:
  EpimcParams params_;
  std::shared_ptr<const OpponentModel> model_;
  SolverForRules solver_;
  // Per-decision scratch, kept to avoid reallocation.
  WeightedWorlds worlds_;
  std::vector<dominoes::TileSet> hands_;
  std::vector<double> weights_;
  PostponedSubgame subgame_;
  std::vector<double> values_, fused_;
  std::size_t last_worlds_ = 0;
  // Reorders the worlds (hands_, weights_) in spread_step's order (decision_budget.h).
  void spread_worlds();
};

/// Returns the registry entry of `epimc`: its name, summary, parameters and factory.
StrategyInfo epimc_strategy_info();

}  // namespace strategies
