#include "strategies/partnership/partnership_strategy.h"

#include "strategies/policies/heuristic_policy.h"
#include "strategies/policies/partnership_rules.h"

namespace strategies {

Move PartnershipStrategy::choose(const Observation& obs, const MoveList& legal, Rng&) {
  if (obs.rules().partners) return partnership_move(legal, partnership_view(obs));
  // No partner: the seed heuristic, "the opponent" being the next seat (as `heuristic` plays).
  const dominoes::Seat next = (obs.seat() + 1) % obs.seats();
  return heuristic_move(legal, obs.left_end(), obs.right_end(), obs.hand(), obs.line(),
                        obs.lacks(next));
}

StrategyInfo partnership_strategy_info() {
  return {
      .name = "partner",
      .summary = "the partnership convention: strong lead, repeat the partner, never block it",
      .method =
          "with partners: lead the most accompanied double, else the tile with the most "
          "tiles of its values; then, in order: a double, never take the suit the "
          "partner led off the ends, repeat it, ends the next opponent lacks (then "
          "fewest the partner lacks, most the other opponent lacks), hard ends (most "
          "tiles of them in hand or on the line), keep tiles that follow the ends, the "
          "heaviest tile. Without partners it plays as heuristic does (the study's three rules)",
      .source =
          "Simosa Alarcón, \"Ciencia y Arte en el Dominó\" (1957); Zaibert, "
          "\"Principios y Sistemas del Dominó por Parejas\"; Castel, \"28 consejos para "
          "jugar al dominó por parejas\" (2012); dominoj.com tips; "
          "strategies/partnership/partnership_strategy.h",
      .params = {},
      .make = [](const ParamValues&) { return Player(std::make_unique<PartnershipStrategy>()); },
      .seat_counts = kEverySeatCount};
}

}  // namespace strategies
