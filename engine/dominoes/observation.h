// What one seat knows in a game of Block Dominoes: its information set (docs/rules.md).
//
// A seat sees its own hand, the line and its open ends, the tiles played, every seat's tile
// count, the values each seat has shown it lacks by passing (it then holds no tile with them),
// and the move history. An Observation is built from the full State by observe() and copies only
// those fields, so a strategy that receives an Observation has no path to the opponent's hand.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/dominoes/history.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {

class Observation;

/// Returns what seat `seat` knows of the game in `state` with move record `history`. The
/// observation refers to `history` and `rules`, which must outlive it.
Observation observe(const State& state, const History& history, const Rules& rules, Seat seat);

/// One seat's view of a game. Cheap to copy (about 64 bytes); holds no other seat's hand.
class Observation {
 public:
  /// Returns the observing seat (0 to seats() - 1).
  Seat seat() const { return seat_; }
  /// Returns the number of seats at the table (2, 3 or 4).
  int seats() const { return seats_; }
  /// Returns how many tiles seat `seat` holds (0 <= seat < seats()).
  int tile_count(Seat seat) const { return counts_[seat]; }
  /// Returns the values seat `seat` has shown it lacks by passing (public knowledge).
  ValueSet lacks(Seat seat) const { return lacks_[seat]; }
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
  /// Two seats: returns how many tiles the opponent holds (tile_count of the other seat).
  int opponent_tile_count() const { return counts_[1 - seat_]; }
  /// Two seats: returns the values the opponent has shown it lacks by passing.
  ValueSet opponent_lacks() const { return lacks_[1 - seat_]; }
  /// Returns the values this seat has shown it lacks (public knowledge too).
  ValueSet own_lacks() const { return lacks_[seat_]; }
  /// Returns the tiles this seat cannot see: neither in its hand nor on the line. The other
  /// hands and the undrawn tiles together.
  TileSet unseen() const { return TileSet::full(rules_->max_pip) - hand_ - line_; }
  /// Returns the seat that led the game.
  Seat leader() const { return history_->leader(); }
  /// Returns every move so far, passes included, in order (move k by seat (leader + k) mod
  /// seats).
  std::span<const Move> history() const { return history_->moves(); }
  /// Returns the rules of the game being played.
  const Rules& rules() const { return *rules_; }
  /// Returns the tile the leader must lead (heaviest-double with more than two seats) while the
  /// line is empty, or -1 when any tile may lead.
  int lead_tile() const { return left_ < 0 ? lead_tile_ : -1; }
  /// Returns the tile the rules made the leader lead, before and after it was led: the heaviest
  /// tile dealt (heaviest-double with more than two seats, deal.h's heaviest_rank), so no seat
  /// was dealt a heavier one. -1 when the leader chose its lead.
  int required_lead() const { return lead_tile_; }
  /// Returns this seat's legal moves (see legal_moves in state.h for the order).
  MoveList legal_moves() const {
    if (lead_tile() >= 0) {
      MoveList moves;
      moves.push_back(Move(static_cast<Tile>(lead_tile_), Placement::kLead));
      return moves;
    }
    return dominoes::legal_moves(hand_, left_, right_);
  }

 private:
  friend Observation observe(const State&, const History&, const Rules&, Seat);
  Observation() = default;

  const History* history_ = nullptr;
  const Rules* rules_ = nullptr;
  TileSet hand_{};
  TileSet line_{};
  int left_ = -1;
  int right_ = -1;
  std::array<std::int8_t, kStateSeats> counts_{};
  std::array<ValueSet, kStateSeats> lacks_{};
  std::int8_t seat_ = 0;
  std::int8_t seats_ = 2;
  std::int8_t lead_tile_ = -1;
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
  for (Seat s = 0; s < state.seats; ++s)
    o.counts_[s] = static_cast<std::int8_t>(state.hands[s].size());
  o.lacks_ = state.lacks;
  o.seat_ = static_cast<std::int8_t>(seat);
  o.seats_ = static_cast<std::int8_t>(state.seats);
  o.lead_tile_ = state.lead_tile;
  return o;
}

}  // namespace dominoes
