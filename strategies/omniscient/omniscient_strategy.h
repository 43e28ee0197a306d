// omniscient: CHEATS. Sees both hands and plays the open-hands solver's best move (engine/endgame/
// block_dominoes_solver.h), to the end of the game by default. It is not a fair strategy: it is
// the upper bound of playing strength in the tables, against which the fair ones are measured.
// With three or four seats it sees every hand and plays the best move for its team (partnerships:
// two teams, max and min; cut-throat: paranoid, every other seat against it; engine/endgame/
// multi_seat_solver.h). Its partner, when another omniscient seat, solves the same way, so a pair
// of them play one joint best line; with other partners it assumes the partner plays best too.
#pragma once

#include <memory>

#include "strategies/solver_for_rules.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

class OmniscientSolverStrategy final : public OmniscientStrategy {
 public:
  /// Returns the strategy; depth 0 solves to the end of the game, depth d looks d tiles ahead.
  explicit OmniscientSolverStrategy(int depth) : depth_(depth) {}

  /// Returns the legal move with the best solved value for the seat to move (ties: the first).
  Move choose(const dominoes::State& state, const dominoes::History& history,
              const dominoes::Rules& rules, const MoveList& legal, Rng& rng) override;
  std::unique_ptr<OmniscientStrategy> clone() const override {
    return std::make_unique<OmniscientSolverStrategy>(depth_);
  }

 private:
  int depth_;
  SolverForRules solver_;
};

/// Returns the registry entry of `omniscient`: its name, summary, parameters and factory.
StrategyInfo omniscient_strategy_info();

}  // namespace strategies
