// A belief over where the hidden tiles are, given one seat's observation: for each tile the seat
// cannot see, the probability of each place it may be in (each other seat's hand, or never
// dealt). A determinizing search weighs each world it draws by the product, over the hidden
// tiles, of the probability of the place the world gives it: with worlds drawn uniformly among
// the consistent deals (engine/dominoes/hidden_hands.h, determinization.h), the weighted worlds
// approximate the deals in proportion to the belief's product of marginals (importance
// weighting), while every hard constraint (counts, passes) still holds in every world.
//
// The places, as the belief network's outputs (docs/formats.md, "Model files"): for a table of S
// seats, place p = 0 .. S-2 is the seat p + 1 places after the observer in turn order, and
// p = S - 1 is "never dealt".
//
// Learned belief search weighs or samples a searcher's worlds by a model in the same way (Hu,
// Lerer, Brown & Foerster, "Learned Belief Search", 2021); the belief here is a network's
// (strategies/learned/net_belief.h), or the exact posterior by enumeration on small variants
// (enumerated_posterior.h).
#pragma once

#include <span>
#include <vector>

#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/observation.h"

namespace strategies {

/// Where the hidden tiles are, as log-probabilities of places per tile.
class WorldBelief {
 public:
  virtual ~WorldBelief() = default;
  /// Writes log P(tile t is at place p | obs) to log_p[t * obs.seats() + p] for every tile t of
  /// the set (tile_count(max_pip) x seats values): for a tile `obs` cannot see, a distribution
  /// over its places (-infinity where it cannot be); for a tile the observer sees, anything (it
  /// is never read). Must be safe to call from many threads at once.
  virtual void log_marginals(const dominoes::Observation& obs, std::span<double> log_p) const = 0;
};

/// Resizes `log_p` to tiles x seats of `obs` and fills it by belief.log_marginals.
void belief_marginals(const WorldBelief& belief, const dominoes::Observation& obs,
                      std::vector<double>& log_p);

/// Returns the sum over the tiles `obs` cannot see of log_p at the place `world` puts each
/// (a seat's hand, or never dealt): the log-weight of the world under the belief, up to a
/// constant; -infinity when the belief rules the world out.
double table_log_belief(const dominoes::Observation& obs, std::span<const double> log_p,
                        const dominoes::TableHands& world);

/// Two seats: table_log_belief of the world in which the opponent holds `opponent_hand` (every
/// other hidden tile never dealt).
double hand_log_belief(const dominoes::Observation& obs, std::span<const double> log_p,
                       dominoes::TileSet opponent_hand);

}  // namespace strategies
