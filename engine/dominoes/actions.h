// The action numbering networks use (docs/python.md, "Action numbering"): every move of a variant
// as one integer, the same for every position. Action tile_index * 3 + 0 leads the tile, + 1 lays
// it on the left open end, + 2 on the right; the pass is the last action, action_count - 1.
// Double-six: 28 tiles, 85 actions (84 the pass).
#pragma once

#include <array>

#include "engine/dominoes/move.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/tile.h"

namespace dominoes {

/// Returns the number of actions of `rules`' set: 3 per tile and the pass (85 for double-six).
constexpr int action_count(const Rules& rules) {
  return 3 * tile_count(rules.max_pip) + 1;
}

/// Returns the action of move `m` under `rules` (0 .. action_count(rules) - 1).
constexpr int action_index(Move m, const Rules& rules) {
  if (m.is_pass()) return action_count(rules) - 1;
  const int side = m.placement() == Placement::kLead   ? 0
                   : m.placement() == Placement::kLeft ? 1
                                                       : 2;
  return m.tile() * 3 + side;
}

/// Returns the move of action `index`, which must be in 0 .. action_count(rules) - 1 (callers
/// check; see the Python bindings for the error a user gets).
constexpr Move action_move(int index, const Rules& rules) {
  if (index == action_count(rules) - 1) return Move::pass();
  constexpr std::array<Placement, 3> kSides = {Placement::kLead, Placement::kLeft,
                                               Placement::kRight};
  return Move(static_cast<Tile>(index / 3), kSides[static_cast<std::size_t>(index % 3)]);
}

}  // namespace dominoes
