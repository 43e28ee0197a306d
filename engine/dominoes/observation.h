// What one seat knows in a game of Block Dominoes: its information set (docs/rules.md).
//
// A seat sees its own hand, the line and its open ends, the tiles played, the opponent's tile
// count, the values the opponent has shown it lacks by passing (it then holds no tile with them),
// and the move history. An Observation is built from the full State by observe() and copies only
// those fields, so a strategy that receives an Observation has no path to the opponent's hand.
#pragma once

#include <span>

#include "engine/dominoes/history.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {

class Observation;

/// Returns what seat `seat` knows of the game in `state` with move record `history`. The
/// observation refers to `history` and `rules`, which must outlive it.
Observation observe(const State& state, const History& history, const Rules& rules, Seat seat);

/// One seat's view of a game. Cheap to copy (about 40 bytes); holds no opponent hand.
class Observation {
 public:
  /// Returns the observing seat (0 or 1).
  Seat seat() const { return seat_; }
  /// Returns the seat's own tiles.
  TileSet hand() const { return hand_; }
  /// Returns the tiles on the line (played so far).
  TileSet line() const { return line_; }
  /// Returns true while no tile has been played.
  bool line_empty() const { return left_ < 0; }
  /// Returns the left open end's value, or -1 on an empty line.
  int left_end() const { return left_; }
  /// Returns the right open end's value, or -1 on an empty line.
  int right_end() const { return right_; }
  /// Returns how many tiles the opponent holds.
  int opponent_tile_count() const { return opponent_tiles_; }
  /// Returns the values the opponent has shown it lacks by passing.
  ValueSet opponent_lacks() const { return opponent_lacks_; }
  /// Returns the values this seat has shown it lacks (public knowledge too).
  ValueSet own_lacks() const { return own_lacks_; }
  /// Returns the tiles this seat cannot see: neither in its hand nor on the line. The opponent's
  /// hand and the undrawn tiles together.
  TileSet unseen() const { return TileSet::full(rules_->max_pip) - hand_ - line_; }
  /// Returns the seat that led the game.
  Seat leader() const { return history_->leader(); }
  /// Returns every move so far, passes included, in order (move k by seat leader ^ (k % 2)).
  std::span<const Move> history() const { return history_->moves(); }
  /// Returns the rules of the game being played.
  const Rules& rules() const { return *rules_; }
  /// Returns this seat's legal moves (see legal_moves in state.h for the order).
  MoveList legal_moves() const { return dominoes::legal_moves(hand_, left_, right_); }

 private:
  friend Observation observe(const State&, const History&, const Rules&, Seat);
  Observation() = default;

  const History* history_ = nullptr;
  const Rules* rules_ = nullptr;
  TileSet hand_{};
  TileSet line_{};
  int left_ = -1;
  int right_ = -1;
  int opponent_tiles_ = 0;
  ValueSet opponent_lacks_{};
  ValueSet own_lacks_{};
  Seat seat_ = 0;
};

inline Observation observe(const State& state, const History& history, const Rules& rules,
                           Seat seat) {
  Observation o;
  o.history_ = &history;
  o.rules_ = &rules;
  o.hand_ = state.hands[seat];
  o.line_ = state.line;
  o.left_ = state.left;
  o.right_ = state.right;
  o.opponent_tiles_ = state.hands[1 - seat].size();
  o.opponent_lacks_ = state.lacks[1 - seat];
  o.own_lacks_ = state.lacks[seat];
  o.seat_ = seat;
  return o;
}

}  // namespace dominoes
