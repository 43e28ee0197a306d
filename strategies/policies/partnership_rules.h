// The partnership convention's rules as pure functions of what a seat sees: the `partner`
// strategy (partnership_strategy.h) plays them, and the partner model of `inference`
// (strategies/belief/opponent_model.h) reads a partner by them. The rules, their order and their
// sources are in partnership_strategy.h.
#pragma once

#include <span>

#include "engine/dominoes/move.h"
#include "engine/dominoes/move_list.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/state.h"
#include "engine/dominoes/tile_set.h"

namespace strategies {

/// What the convention reads at a four-seat table with partners, from the mover's seat: its
/// hand, the line, the open ends, the tiles it cannot see, its partner's suits and what each
/// other seat has shown it lacks by passing.
struct PartnershipView {
  dominoes::TileSet hand;
  dominoes::TileSet line;
  dominoes::TileSet unseen;  ///< tiles neither in `hand` nor on `line`
  int left = -1;             ///< the left open end, -1 before the lead
  int right = -1;            ///< the right open end, -1 before the lead
  /// The values of the partner's lead when it led, less those it has since passed on and those of
  /// which the mover sees every tile.
  dominoes::ValueSet partner_suits;
  dominoes::ValueSet partner_lacks;         ///< values the partner has shown it lacks
  dominoes::ValueSet next_lacks;            ///< values the next seat (an opponent) lacks
  dominoes::ValueSet other_opponent_lacks;  ///< values the seat before the mover lacks
};

/// Returns the values of the tile seat `seat` led in the moves `moves` of a game led by `leader`
/// (its suits as the lead announces them), or none when it did not lead or nothing was played.
dominoes::ValueSet suits_led(std::span<const dominoes::Move> moves, dominoes::Seat leader,
                             dominoes::Seat seat);

/// Returns the view of the seat observing `obs` (four seats with partners: its partner sits
/// two seats on).
PartnershipView partnership_view(const dominoes::Observation& obs);

/// Returns the view of the seat to move in `before`, a four-seat position with partners on a
/// double-`max_pip` set, reached by the moves `moves` of a game led by `leader`; reads only that
/// seat's hand, the line, the ends and the passes (for models, where no Observation exists).
PartnershipView partnership_view(const dominoes::State& before, int max_pip,
                                 std::span<const dominoes::Move> moves, dominoes::Seat leader);

/// Returns the tile the convention leads from `hand` (not empty): the double of the value it
/// holds most other tiles of, when it holds another tile of some double's value (ties: the higher
/// double); else the tile whose two values it holds the most other tiles of (ties: the more pips,
/// then the higher high value).
dominoes::Tile partnership_lead(dominoes::TileSet hand);

/// Returns the move the convention plays among `legal` (at least one move) in `view`: the lead
/// rule on an empty line, else rules 0-6 of partnership_strategy.h in order.
dominoes::Move partnership_move(const dominoes::MoveList& legal, const PartnershipView& view);

}  // namespace strategies
