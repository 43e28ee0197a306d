// Scoring a finished game (or, at a search horizon, a game as if it ended now): the seat with
// fewer pips in hand scores per the rules' scoring rule, equal pips score nothing (seed 002).
#pragma once

#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// Returns seat `seat`'s points minus its opponent's if the game ended with the hands of `s`:
/// positive when `seat` holds fewer pips, negative when more, 0 when equal.
inline int net_points(const State& s, const Rules& rules, Seat seat) {
  const int mine = pips(s.hands[seat]);
  const int theirs = pips(s.hands[1 - seat]);
  if (mine < theirs) return winner_points(rules, mine, theirs);
  if (mine > theirs) return -winner_points(rules, theirs, mine);
  return 0;
}

}  // namespace dominoes
