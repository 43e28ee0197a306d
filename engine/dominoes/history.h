// The moves of one game in order, passes included: the public record both seats see.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <span>

#include "engine/dominoes/move.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// The moves of a game from the lead on. Turns go round the seats strictly (a pass is a move), so
/// move k was made by seat (leader + k) mod seats. Fixed capacity: at most 55 tiles are played
/// (double-nine), at most seats - 1 passes come between two tiles, and the game ends when every
/// seat would pass, so 4 x 56 = 224 entries hold any game of a supported variant.
class History {
 public:
  static constexpr int kCapacity = 224;

  constexpr explicit History(Seat leader = 0, int seats = 2)
      : leader_(static_cast<std::uint8_t>(leader)), seats_(static_cast<std::uint8_t>(seats)) {}

  /// Empties the record for a new game led by `leader` at a table of `seats`, in place.
  constexpr void reset(Seat leader, int seats) {
    size_ = 0;
    leader_ = static_cast<std::uint8_t>(leader);
    seats_ = static_cast<std::uint8_t>(seats);
  }

  constexpr void push_back(Move m) {
    assert(size_ < kCapacity);
    moves_[size_++] = m;
  }
  constexpr int size() const { return size_; }
  constexpr Seat leader() const { return leader_; }
  /// Returns the number of seats at the table.
  constexpr int seats() const { return seats_; }
  constexpr Move operator[](int k) const { return moves_[k]; }
  /// Returns the seat that made move k.
  constexpr Seat seat_of(int k) const { return (leader_ + k) % seats_; }
  /// Returns the moves as a read-only span, in order.
  std::span<const Move> moves() const { return {moves_.data(), static_cast<std::size_t>(size_)}; }

 private:
  std::array<Move, kCapacity> moves_{};
  int size_ = 0;
  std::uint8_t leader_ = 0;
  std::uint8_t seats_ = 2;
};

}  // namespace dominoes
