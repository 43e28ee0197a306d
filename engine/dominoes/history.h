// The moves of one game in order, passes included: the public record both seats see.
#pragma once

#include <array>
#include <cassert>
#include <span>

#include "engine/dominoes/move.h"
#include "engine/dominoes/state.h"

namespace dominoes {

/// The moves of a game from the lead on. Turns alternate strictly (a pass is a move), so move k
/// was made by seat leader ^ (k % 2). Fixed capacity: at most 2 x 27 tiles are played and a pass is
/// always followed by a tile, so 128 entries hold any game of a supported variant.
class History {
 public:
  static constexpr int kCapacity = 128;

  constexpr explicit History(Seat leader = 0) : leader_(leader) {}

  constexpr void push_back(Move m) {
    assert(size_ < kCapacity);
    moves_[size_++] = m;
  }
  constexpr int size() const { return size_; }
  constexpr Seat leader() const { return leader_; }
  constexpr Move operator[](int k) const { return moves_[k]; }
  /// Returns the seat that made move k.
  constexpr Seat seat_of(int k) const { return leader_ ^ (k & 1); }
  /// Returns the moves as a read-only span, in order.
  std::span<const Move> moves() const { return {moves_.data(), static_cast<std::size_t>(size_)}; }

 private:
  std::array<Move, kCapacity> moves_{};
  int size_ = 0;
  Seat leader_ = 0;
};

}  // namespace dominoes
