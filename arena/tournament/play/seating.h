// Who sits where in the games of one deal of a pairing (docs/rules.md, "How a tournament deals").
//
// A pairing is two players, A and B (a player may be a whole team's spec: it fills every seat of
// its side). The seats of a deal's games alternate between the two sides around the table, and
// duplicate deals replay the deal with the sides exchanged:
// - two seats, and four seats in two partnerships: game 0 seats A in the even seats (seat 0; with
//   partners team 0, seats 0 and 2) and B in the odd ones, game 1 the other way round;
// - four seats cut-throat: the same two line-ups, A B A B and B A B A, each seat playing for
//   itself;
// - three seats cut-throat: the line-ups A B A and B A B, each turned by 0, 1 and 2 seats, six
//   games in all, so that each side holds each seat equally often.
// Without duplicate deals only game 0 is played.
#pragma once

#include "arena/tournament/play/game_loop.h"
#include "engine/dominoes/rules.h"

namespace tournament {

/// The side (0 for A, 1 for B) of each seat in one game of a deal.
struct Seating {
  int seats = 2;
  BySeat<int> side{};  ///< side[s] for s < seats

  /// Returns true when seat `seat` holds A.
  bool is_a(Seat seat) const { return side[seat] == 0; }
};

/// Returns the games a deal is played in: 1 without duplicate deals; with them 2 for two and
/// four seats, 6 for three seats.
inline int games_per_deal(const dominoes::Rules& rules, bool duplicate) {
  if (!duplicate) return 1;
  return rules.seats == 3 ? 6 : 2;
}

/// Returns the seating of game `game` (0 <= game < games_per_deal(rules, true)) of a deal.
inline Seating seating_of(const dominoes::Rules& rules, int game) {
  Seating out;
  out.seats = rules.seats;
  if (rules.seats == 3) {
    const int first = game / 3;  // the side in the line-up's first and third places
    const int turn = game % 3;
    for (Seat s = 0; s < 3; ++s) {
      const int place = (s + turn) % 3;
      out.side[s] = place == 1 ? 1 - first : first;
    }
    return out;
  }
  for (Seat s = 0; s < rules.seats; ++s) out.side[s] = (s + game) % 2;
  return out;
}

}  // namespace tournament
