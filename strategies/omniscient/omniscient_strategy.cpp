#include "strategies/omniscient/omniscient_strategy.h"

namespace strategies {

Move OmniscientSolverStrategy::choose(const dominoes::State& state, const dominoes::History&,
                                      const dominoes::Rules& rules, const MoveList& legal, Rng&) {
  int values[MoveList::kCapacity];
  solver_.get(rules).move_values(state, legal, depth_, values);
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (values[k] > values[best]) best = k;
  return legal[best];
}

StrategyInfo omniscient_strategy_info() {
  return {.name = "omniscient",
          .summary = "CHEATS: sees every hand and plays the open-hands solver's best move",
          .method =
              "plays the open-hands solver's best move seeing EVERY hand: an upper bound on "
              "playing strength, not a fair player (more seats: its team's net points; "
              "cut-throat: paranoid)",
          .source =
              "negamax alpha-beta with a transposition table, engine/endgame/"
              "block_dominoes_solver.h; strategies/omniscient/omniscient_strategy.h",
          .omniscient = true,
          .params = {{.name = "depth",
                      .type = ParamType::kInt,
                      .default_value = "0",
                      .help = "tiles searched; 0 = to the end of the game (exact)",
                      .min = 0,
                      .max = 200}},
          .make =
              [](const ParamValues& v) {
                return Player(std::make_unique<OmniscientSolverStrategy>(
                    static_cast<int>(v.get_int("depth"))));
              },
          .seat_counts = kEverySeatCount};
}

}  // namespace strategies
