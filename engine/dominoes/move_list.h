// A fixed-capacity list of moves: no heap allocation in move generation.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/dominoes/move.h"

namespace dominoes {

/// Up to kCapacity moves in insertion order. Large enough for any legal-move list of a supported
/// variant: a hand holds at most 27 tiles and each fits at most two ends.
class MoveList {
 public:
  static constexpr int kCapacity = 64;

  constexpr void push_back(Move m) {
    assert(size_ < kCapacity);
    moves_[size_++] = m;
  }
  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr Move operator[](int i) const { return moves_[i]; }
  constexpr const Move* begin() const { return moves_.data(); }
  constexpr const Move* end() const { return moves_.data() + size_; }
  /// Returns true when `m` is in the list.
  constexpr bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, kCapacity> moves_;  // uninitialised past size_: filling 128 bytes per node costs
  int size_ = 0;
};

}  // namespace dominoes
