// The heuristic policy: the study's `decide_heuristic` (the Prolog study of Block Dominoes this
// project reproduces, seed document 002, "Initial experiments"), rule for rule, as functions of a
// position that other strategies build on (the heuristic strategy itself, the opponent and
// partner models of strategies/belief, IS-MCTS's rollouts).
//
// 1. Play a double if one is legal. Several: the lowest in the seed's order (seed_order.h), i.e.
//    the smallest double; the seed's memberchk takes the first in its sorted list.
// 2. Else play a tile both of whose values the opponent has shown it lacks by passing (the seed
//    tests the tile's two values against its exclusion list). Several: the lowest in seed order.
// 3. Else play the move whose new open ends are carried by the most tiles the player can see: its
//    own hand before the move (the moved tile included) and the line before the move, each tile
//    counted once if it carries either new end. The opponent is then least likely to hold them.
//    Ties: the highest move in seed order, since the seed takes max_member of [Count, Move].
// The seed measured this against its decide_random (our `lowest`) at about +5 points a game.
//
// With three or four seats (docs/rules.md) the same rules per seat, "the opponent" of rule 2
// being the next seat to play: the one that must answer the new ends (with partners always an
// opponent).
#pragma once

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/tile_set.h"

namespace strategies {

/// Returns the move rules 1-3 choose among `legal` on a line with ends `left`, `right` (-1 before
/// the lead) for a player holding `hand`, with `line` the tiles laid and `opponent_lacks` the
/// values the opponent has shown it lacks: HeuristicStrategy's choice, for callers that hold a
/// State rather than an Observation (rollouts).
dominoes::Move heuristic_move(const dominoes::MoveList& legal, int left, int right,
                              dominoes::TileSet hand, dominoes::TileSet line,
                              dominoes::ValueSet opponent_lacks);

/// Returns how many tiles of `visible` carry either open end that `m` leaves on a line with ends
/// `left`, `right` (-1 before the lead): rule 3's count.
int visible_carriers(dominoes::Move m, int left, int right, dominoes::TileSet visible);

}  // namespace strategies
