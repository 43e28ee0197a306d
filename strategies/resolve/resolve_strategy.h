// resolve: decision-time endgame solving. Early in a game it plays as `inference` (PIMC over
// worlds weighted by an opponent model); once the public subgame from the current decision is small
// enough, it builds that subgame with both seats' ranges and solves it as the imperfect-information
// game it is, by discounted CFR on the public tree, and plays the solved strategy at its own hand.
// Two seats only.
//
// Sources: Burch, Johanson & Bowling, "Solving Imperfect Information Games Using Decomposition",
// AAAI 2014 (a subgame solved from the players' ranges at its root); Moravčík et al., "DeepStack:
// Expert-Level Artificial Intelligence in Heads-Up No-Limit Poker", Science 2017 (continual
// re-solving: a fresh solve at every decision); Brown & Sandholm, "Safe and Nested Subgame Solving
// for Imperfect-Information Games", NeurIPS 2017 (the unsafe form used here, and the safe one);
// the solver: Brown & Sandholm, AAAI 2019 (discounted CFR) on the public tree of
// engine/equilibrium/public_tree_cfr.h (Johanson et al., AAMAS 2012, vector form).
//
// Per decision with two or more legal moves (two seats):
//   1. The subgame's root. root=first (the default): the game's first public state, the lead
//      included and whichever seat is to move there, whose subgame is small enough (below);
//      root=decision: this decision's own public state.
//   2. The ranges there (strategies/subgame/decision_subgame.h; the solving:
//      strategies/subgame/subgame_resolver.h, shared with adapt): every hand each seat may hold,
//      the opponent's weighted by the likelihood of its past moves under `model` (as inference
//      weighs its worlds), the observer's own by the same model of its own past moves
//      (own-range=model) or uniformly (own-range=uniform), each mixed with the uniform range by
//      `floor`. At the game's first state both ranges are every hand, weight 1: exact.
//   3. Small enough: each range holds at most `hands` hands and the subgame's regret table at most
//      `slots` slots (PublicTreeCfr::fits stops its layout walk as soon as it would not). Then the
//      subgame to the end of the game is solved by `iterations` iterations of discounted CFR on
//      this thread, and the move is drawn from the average strategy at the observer's information
//      set in it (PublicTreeCfr::average_at; policy() returns it exactly).
//   4. No such state yet: inference's decision with the same model and sampling parameters.
// The subgame at a public state depends on the public moves alone, not on the observer's hand,
// so a decision is a pure function of the observation and the Rng; the last solve is kept and
// reused while the game stays in it (and the prefixes known too large are not tried again).
// With root=first a game's later decisions follow the one solution (endgame solving, Burch et al.
// 2014); with root=decision each decision re-solves from ranges that come from the model, not from
// the solution it played so far (unsafe continual re-solving: no gadget keeps the opponent's
// values, Brown & Sandholm 2017).
//
// Parameters: hands (1000), slots (200000), iterations (40), own-range (model | uniform), root
// (first | decision), floor (0.01), and inference's model (heuristic), temperature (1), scenarios
// (200), enumerate (2000), samples (1000) for the ranges' weights and the decisions before the
// subgame.
//
// Measured (solver exploitability, public tree, points per game; the defaults unless said):
//   - double-3, 3 tiles: 0.00033 (the whole game is the first subgame); root=decision 0.070;
//     inference 0.103, PIMC 0.133 to 0.148 (results/equilibrium).
//   - double-4, 3 tiles: 0.00031; root=decision 0.066.
//   - double-5, 3 tiles: 0.090; inference 0.093, minimax(200, depth 0) 0.139.
//   - double-6, 3 tiles: 0.081 (each range holds 3,276 hands at the start and 2,925 after the
//     lead: the first subgame starts after two moves, from the model's ranges); inference 0.083,
//     minimax(200, depth 0) 0.127, the seed-faithful minimax 0.140.
//   So re-solving at every decision from model ranges costs about 0.07 points per game where one
//   solve from the start costs nothing; a subgame that starts after moves the model misjudges
//   costs nearly what inference does. Is the safe (gadget) form needed? Not for root=first, which
//   does not re-solve. For root=decision the safe form would keep each re-solve no more
//   exploitable than the strategy it refines, but it needs that strategy's values for the
//   opponent at the subgame's root, which a PIMC trunk does not give; it is not built. The
//   root=decision figures: `solver exploitability --double 3 --hand 3
//   --samples 8 --seed 1 --player 'resolve(root=decision)'` (0.0699; --double 4: 0.0657), the
//   settings of experiments/strength-exploitability.sh.
//   - The seed's game (double-6, 7 tiles), 100 duplicate deals against inference: -0.010 +- 0.045
//     points per game at 17.6 CPU ms per decision (inference 1.3): the subgames that fit come so
//     late that their solutions play inference's moves. One solve (bench/bench_resolve.cpp, 40
//     iterations, CPU): 19 ms with 4 tiles left in both hands, 185 ms with 5, 2.2 s with 6.
//   - The strength ladder (results/strength-ladder, 66 pairings to +-0.25): rating +0.59 points
//     per game (adapt +0.65, the PIMC family -0.35 to -0.11), at 14.8 to 23.9 CPU ms per decision,
//     over 20 ms in 6 of its 11 pairings (some played beside builds). In the second field
//     (results/second-field, 45 pairings to +-0.25): rating +3.40 (adapt +3.71), at 18.2 to 24.9
//     ms per decision.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "strategies/belief/weighted_pimc.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"
#include "strategies/subgame/subgame_resolver.h"

namespace strategies {

class ResolveStrategy final : public Strategy {
 public:
  /// Returns a resolve player: `fallback`'s model (null: uniform ranges) weighs the ranges, and
  /// its search plays the decisions before the subgame.
  ResolveStrategy(const ResolverParams& params, WeightedPimcParams fallback)
      : resolver_(params), fallback_(std::move(fallback)) {}

  /// Returns a move drawn from the solved subgame's strategy, or inference's move before the
  /// subgame (see the header comment).
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// Writes the solved strategy at `obs` and returns true inside the subgame; false (inference's
  /// decision, which it does not know exactly) before it.
  bool policy(const Observation& obs, const MoveList& legal,
              std::span<double> probabilities) override;
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<ResolveStrategy>(resolver_.params(), fallback_.params());
  }

 private:
  SubgameResolver resolver_;
  WeightedPimc fallback_;
};

/// Returns the registry entry of `resolve`: its name, summary, parameters and factory.
StrategyInfo resolve_strategy_info();

}  // namespace strategies
