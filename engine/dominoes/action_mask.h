// The action mask: which action numbers (actions.h) are legal for the seat to move. The one mask
// writer of every learning front door (PettingZoo, Gymnasium, the vector environment, OpenSpiel's
// legal actions and Python's Game.action_mask), so all four agree on it.
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/dominoes/actions.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// Writes 1 into mask[a] for the action a of each move of `moves` and 0 elsewhere
/// (action_count(rules) bytes); an empty list marks the pass alone (a seat with no move passes).
inline void write_action_mask(const MoveList& moves, const Rules& rules, std::uint8_t* mask) {
  std::fill_n(mask, action_count(rules), std::uint8_t{0});
  if (moves.empty()) mask[action_count(rules) - 1] = 1;
  for (const Move m : moves) mask[action_index(m, rules)] = 1;
}

/// Writes the action mask of the seat to move in `s` (action_count(rules) bytes, 1 = legal): its
/// legal moves, or the pass alone when it has none; all 0 when the game is over.
inline void write_action_mask(const State& s, const Rules& rules, std::uint8_t* mask) {
  if (status(s) != GameStatus::kOngoing) {
    std::fill_n(mask, action_count(rules), std::uint8_t{0});
    return;
  }
  write_action_mask(legal_moves(s), rules, mask);
}

/// Returns true when action `action` (any int) is legal for the seat to move in `s`: in range,
/// and one of moves_or_pass(s) while the game goes on.
inline bool action_is_legal(const State& s, const Rules& rules, long long action) {
  if (action < 0 || action >= action_count(rules) || status(s) != GameStatus::kOngoing)
    return false;
  return moves_or_pass(s).contains(action_move(static_cast<int>(action), rules));
}

}  // namespace dominoes
