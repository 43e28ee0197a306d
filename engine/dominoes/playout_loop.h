// The one play-out loop of Block Dominoes: a game played from a state to its end, with the choice
// at each real decision left to the caller. The tournament's game loop
// (arena/tournament/play/game_loop.h, strategies choosing) and the playout strategy's rollouts
// (strategies/playout/rollout.h, a fixed policy for both seats) are both this loop.
//
// Rules (docs/rules.md; the study, seed 002): a seat with no legal move passes and one with a
// single legal move plays it, neither being asked; only a choice among two or more moves calls
// `choose`. The game ends on a domino (the mover's hand is empty after its move) or when the seat
// to move cannot play and no other seat can either (blocked; no pass is made then).
//
// Hot path: a template, so `choose` and `on_move` inline; the move list lives on the stack; no
// heap allocation and no virtual call here (a strategy's own virtual call is the caller's).
#pragma once

#include <utility>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// Plays the game in `s` to its end (s is then the final state; status(s) is not kOngoing).
/// `choose(const State&, const MoveList& legal)` returns one of `legal` (at least two moves) for
/// the seat to move; `on_move(Move)` sees every move made, passes included, after it is applied.
/// Exceptions from either propagate, leaving `s` after the last move applied.
template <class ChooseFn, class OnMoveFn>
constexpr void play_out(State& s, ChooseFn&& choose, OnMoveFn&& on_move) {
  for (;;) {
    const Seat mover = s.to_move;
    const MoveList legal = legal_moves(s);
    if (legal.empty()) {
      if (!another_can_move(s, mover)) return;  // blocked
      apply(s, Move::pass());                   // a pass empties no hand: no domino test
      on_move(Move::pass());
      continue;
    }
    const Move m = legal.size() == 1 ? legal[0] : choose(std::as_const(s), legal);
    apply(s, m);
    on_move(m);
    if (s.hands[mover].empty()) return;  // domino
  }
}

/// Plays the game in `s` to its end as above, with no observer of the moves.
template <class ChooseFn>
constexpr void play_out(State& s, ChooseFn&& choose) {
  play_out(s, std::forward<ChooseFn>(choose), [](Move) {});
}

}  // namespace dominoes
