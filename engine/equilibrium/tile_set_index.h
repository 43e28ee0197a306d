// Dense numbers for tile sets: an open-addressing hash table from a TileSet's 64-bit mask to the
// index 0, 1, 2, ... it was first given, for code that keeps one accumulator per distinct set in a
// plain array (the showdown's subset sums, showdown.h). Cleared in constant time by a generation
// counter, and grown only when a call needs more room, so a table reused across calls does not
// allocate in steady state. Linear probing with a multiplicative (Fibonacci) hash, at most half
// full (Knuth, The Art of Computer Programming vol. 3, section 6.4).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/dominoes/tile_set.h"

namespace equilibrium {

/// Maps tile sets to dense indices in order of first insertion.
class TileSetIndex {
 public:
  /// What find() returns for a set that was never inserted since the last clear().
  static constexpr std::uint32_t kAbsent = ~std::uint32_t{0};

  /// Forgets every set and makes room for `sets` distinct sets without growing (the table keeps
  /// at least twice as many slots). Allocates only when `sets` is larger than any earlier call's.
  void clear(std::size_t sets) {
    std::size_t slots = 16;
    while (slots < 2 * sets) slots *= 2;
    if (slots > keys_.size()) {
      keys_.assign(slots, 0);
      values_.assign(slots, 0);
      stamps_.assign(slots, 0);
      generation_ = 0;
    }
    if (++generation_ == 0) {  // the stamps wrapped: make every slot stale for real
      std::fill(stamps_.begin(), stamps_.end(), 0);
      generation_ = 1;
    }
    shift_ = 64 - std::countr_zero(keys_.size());
    size_ = 0;
  }

  /// Returns the index of `set`, giving it the next free index (size() before the call) if it is
  /// new. Requires that fewer sets than clear()'s `sets` were inserted since the last clear().
  std::uint32_t insert(dominoes::TileSet set) {
    for (std::size_t slot = home(set);; slot = (slot + 1) & (keys_.size() - 1)) {
      if (stamps_[slot] != generation_) {
        stamps_[slot] = generation_;
        keys_[slot] = set.bits();
        values_[slot] = size_;
        return size_++;
      }
      if (keys_[slot] == set.bits()) return values_[slot];
    }
  }

  /// Returns the index of `set`, or kAbsent if it was not inserted since the last clear().
  std::uint32_t find(dominoes::TileSet set) const {
    for (std::size_t slot = home(set);; slot = (slot + 1) & (keys_.size() - 1)) {
      if (stamps_[slot] != generation_) return kAbsent;
      if (keys_[slot] == set.bits()) return values_[slot];
    }
  }

  /// Returns how many distinct sets were inserted since the last clear().
  std::uint32_t size() const { return size_; }

 private:
  std::size_t home(dominoes::TileSet set) const {
    return static_cast<std::size_t>((set.bits() * 0x9E3779B97F4A7C15ull) >> shift_);
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> values_;
  std::vector<std::uint32_t> stamps_;  ///< a slot is in use when its stamp is generation_
  std::uint32_t generation_ = 0;
  int shift_ = 60;
  std::uint32_t size_ = 0;
};

}  // namespace equilibrium
