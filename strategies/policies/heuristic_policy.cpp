#include "strategies/policies/heuristic_policy.h"

#include "strategies/seed_order.h"

namespace strategies {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::TileSet;
using dominoes::ValueSet;

int visible_carriers(Move m, int left, int right, TileSet visible) {
  if (m.is_pass()) return 0;
  const dominoes::LineEnds ends = dominoes::ends_after(m, left, right);
  return (visible & (dominoes::tiles_with(ends.left) | dominoes::tiles_with(ends.right))).size();
}

Move heuristic_move(const MoveList& legal, int left, int right, TileSet hand, TileSet line,
                    dominoes::ValueSet opponent_lacks) {
  // Rule 1: a double.
  Move m = lowest_in_seed_order(legal, left, right,
                                [](Move x) { return dominoes::is_double(x.tile()); });
  if (!m.is_pass()) return m;
  // Rule 2: a tile whose two values the opponent has shown it lacks.
  m = lowest_in_seed_order(legal, left, right, [&](Move x) {
    return opponent_lacks.contains(dominoes::tile_low(x.tile())) &&
           opponent_lacks.contains(dominoes::tile_high(x.tile()));
  });
  if (!m.is_pass()) return m;
  // Rule 3: the rarest new ends; ties to the highest move in seed order.
  const TileSet visible = hand | line;
  Move best = legal[0];
  int best_count = -1, best_key = -1;
  for (Move x : legal) {
    const int count = visible_carriers(x, left, right, visible);
    const int key = seed_order_key(x, left, right);
    if (count > best_count || (count == best_count && key > best_key))
      best = x, best_count = count, best_key = key;
  }
  return best;
}

}  // namespace strategies
