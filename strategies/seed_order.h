// The order in which the seed's Prolog program lists legal moves, which its `decide_random`
// (first move) and `decide_heuristic` (tie-breaks) depend on. Seed 002, valid_moves/3.
//
// The seed writes a move as a tile [X, Y] and sorts the list with setof, i.e. by X then Y. The
// lead is the tile as held, [low, high]. A tile on an open end E is written [other, E], where
// `other` is the value it exposes; add_board/3 puts it on the left when E is the left end, else on
// the right. So after the lead the order is by the exposed value first, then by the matched end.
// When a tile {L, R} fits two different ends, its right-end move [L, R] sorts before its left-end
// move [R, L] whenever L < R.
#pragma once

#include "engine/dominoes/move.h"
#include "engine/dominoes/move_list.h"

namespace strategies {

/// Returns the sort key of `m` in the seed's setof order, on a line with open ends `left` and
/// `right` (-1 for the lead): 16 x first element + second element of the seed's [X, Y].
constexpr int seed_order_key(dominoes::Move m, int left, int right) {
  using dominoes::Placement;
  const dominoes::Tile t = m.tile();
  switch (m.placement()) {
    case Placement::kLead:
      return 16 * dominoes::tile_low(t) + dominoes::tile_high(t);
    case Placement::kLeft:
      return 16 * dominoes::other_value(t, left) + left;
    case Placement::kRight:
      return 16 * dominoes::other_value(t, right) + right;
    case Placement::kPass:
      break;
  }
  return -1;
}

/// Returns the lowest move of `legal` in the seed's order among those `accept` returns true for,
/// or a pass when it accepts none.
template <typename Accept>
constexpr dominoes::Move lowest_in_seed_order(const dominoes::MoveList& legal, int left, int right,
                                              Accept accept) {
  dominoes::Move best = dominoes::Move::pass();
  int best_key = 1 << 30;
  for (dominoes::Move m : legal) {
    const int key = seed_order_key(m, left, right);
    if (key < best_key && accept(m)) best = m, best_key = key;
  }
  return best;
}

/// Returns the lowest move of `legal` in the seed's order (the seed's decide_random), or a pass
/// when `legal` is empty.
constexpr dominoes::Move lowest_in_seed_order(const dominoes::MoveList& legal, int left,
                                              int right) {
  return lowest_in_seed_order(legal, left, right, [](dominoes::Move) { return true; });
}

}  // namespace strategies
