#include "strategies/heuristic/heuristic_strategy.h"

namespace strategies {

using dominoes::Placement;
using dominoes::TileSet;

Move HeuristicStrategy::choose(const Observation& obs, const MoveList& legal, Rng&) {
  // "The opponent" of the seed's rule 2 is the seat that plays next on these ends: with two
  // seats the opponent, with partners always an opponent, in cut-throat the next seat.
  const dominoes::Seat next = (obs.seat() + 1) % obs.seats();
  return heuristic_move(legal, obs.left_end(), obs.right_end(), obs.hand(), obs.line(),
                        obs.lacks(next));
}

StrategyInfo heuristic_strategy_info() {
  return {.name = "heuristic",
          .summary = "the study's three rules: a double, a tile the opponent lacks, common ends",
          .method =
              "a double if one is legal; else a tile the opponent has shown it lacks both "
              "values of (by passing; with more seats, the next seat to play); else the "
              "move whose new open ends the most visible tiles carry",
          .source =
              "decide_heuristic of the Prolog study of Block Dominoes this project reproduces "
              "(its essay's \"Initial experiments\"; docs/glossary.md); "
              "strategies/heuristic/heuristic_strategy.h",
          .params = {},
          .make = [](const ParamValues&) { return Player(std::make_unique<HeuristicStrategy>()); },
          .seat_counts = kEverySeatCount};
}

}  // namespace strategies
