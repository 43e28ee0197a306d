// Scoring a finished game (or, at a search horizon, a game as if it ended now): who wins and what
// the winners score (docs/rules.md, "The end of a game and the score" and "Three and four seats").
//
// Two seats: the seat with fewer pips in hand scores per the rules' scoring rule, equal pips score
// nothing (the study, seed 002). More seats: the team of the seat that went out wins; a blocked
// hand goes to the team with the fewest pips (block = team) or to the team of the seat with the
// fewest (block = lowest-seat), a tie to nobody; the winning team scores the losers' pips, their
// difference with its own, or every hand's pips.
#pragma once

#include <array>

#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// Who won a hand and what the winning team scored.
struct HandResult {
  int winner_team = -1;  ///< the winning team (team_of in rules.h), or -1: nobody won
  int points = 0;        ///< what the winning team scored (0 when nobody won)
};

/// Returns the pips in the hands of team `team`'s seats.
inline int team_pips(const State& s, const Rules& rules, int team) {
  int total = 0;
  for (Seat seat = 0; seat < s.seats; ++seat)
    if (team_of(rules, seat) == team) total += pips(s.hands[seat]);
  return total;
}

/// Returns what team `winner` scores under the rules' scoring rule when the hands hold `s`'s
/// tiles: the other teams' pips (opponent-pips / losers-pips), their difference with the
/// winners' pips (at least 0), or every hand's pips.
inline int team_score(const State& s, const Rules& rules, int winner) {
  int winners = 0, losers = 0;
  for (Seat seat = 0; seat < s.seats; ++seat)
    (team_of(rules, seat) == winner ? winners : losers) += pips(s.hands[seat]);
  return winners_score(rules.scoring, winners, losers);
}

/// Returns the team that wins the blocked hand `s` (more than two seats), or -1 on a tie.
inline int blocked_winner(const State& s, const Rules& rules) {
  if (rules.block == BlockRule::kTeam) {
    int best = -1, best_pips = 0;
    bool tie = false;
    for (int team = 0; team < team_count(rules); ++team) {
      const int p = team_pips(s, rules, team);
      if (best < 0 || p < best_pips)
        best = team, best_pips = p, tie = false;
      else if (p == best_pips)
        tie = true;
    }
    return tie ? -1 : best;
  }
  int best = -1, best_pips = 0;
  bool tie = false;  // seats of different teams share the fewest pips so far
  for (Seat seat = 0; seat < s.seats; ++seat) {
    const int p = pips(s.hands[seat]);
    const int team = team_of(rules, seat);
    if (best < 0 || p < best_pips)
      best = team, best_pips = p, tie = false;
    else if (p == best_pips && team != best)
      tie = true;
  }
  return tie ? -1 : best;
}

/// Returns who wins the game that ended (or is taken as ended) in `s`, and the winners' score.
inline HandResult hand_result(const State& s, const Rules& rules) {
  if (s.seats == 2) {  // the seed's rule: the fewer pips win, a domino included
    const int p0 = pips(s.hands[0]), p1 = pips(s.hands[1]);
    if (p0 == p1) return {};
    const int winner = p0 < p1 ? 0 : 1;
    return {winner, winner_points(rules, winner == 0 ? p0 : p1, winner == 0 ? p1 : p0)};
  }
  const Seat out = out_seat(s);
  const int winner = out >= 0 ? team_of(rules, out) : blocked_winner(s, rules);
  if (winner < 0) return {};
  return {winner, team_score(s, rules, winner)};
}

/// Returns the points each seat is credited with for the game in `s`: the winning team's score
/// for each of its seats, 0 for every other seat (and for seats beyond s.seats).
inline std::array<int, kStateSeats> seat_points(const State& s, const Rules& rules) {
  const HandResult result = hand_result(s, rules);
  std::array<int, kStateSeats> points{};
  for (Seat seat = 0; seat < s.seats; ++seat)
    if (team_of(rules, seat) == result.winner_team) points[seat] = result.points;
  return points;
}

/// Returns seat `seat`'s team's points minus the other teams' if the game ended with the hands of
/// `s`: + the score when its team wins, - the score when another team wins, 0 when nobody wins.
/// With two seats: positive when `seat` holds fewer pips, negative when more, 0 when equal.
inline int net_points(const State& s, const Rules& rules, Seat seat) {
  const HandResult result = hand_result(s, rules);
  if (result.winner_team < 0) return 0;
  return result.winner_team == team_of(rules, seat) ? result.points : -result.points;
}

}  // namespace dominoes
