// A set of tiles as a 64-bit mask (bit i = tile index i, see tile.h), and a set of pip values as a
// 16-bit mask. Both are plain values: copying one costs a register.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "engine/dominoes/tile.h"

namespace dominoes {

/// A set of tiles; bit i stands for the tile with index i.
class TileSet {
 public:
  constexpr TileSet() = default;
  constexpr explicit TileSet(std::uint64_t bits) : bits_(bits) {}

  /// Returns the set of every tile of a double-`max_pip` set.
  static constexpr TileSet full(int max_pip) {
    const int n = tile_count(max_pip);
    return TileSet(n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1);
  }
  /// Returns the set holding only `t`.
  static constexpr TileSet of(Tile t) { return TileSet(std::uint64_t{1} << t); }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  /// Returns the number of tiles in the set.
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Tile t) const { return (bits_ >> t) & 1; }
  constexpr void insert(Tile t) { bits_ |= std::uint64_t{1} << t; }
  constexpr void erase(Tile t) { bits_ &= ~(std::uint64_t{1} << t); }
  /// Returns the tile with the smallest index; requires a non-empty set.
  constexpr Tile first() const { return static_cast<Tile>(std::countr_zero(bits_)); }

  constexpr TileSet operator&(TileSet o) const { return TileSet(bits_ & o.bits_); }
  constexpr TileSet operator|(TileSet o) const { return TileSet(bits_ | o.bits_); }
  constexpr TileSet operator-(TileSet o) const { return TileSet(bits_ & ~o.bits_); }
  constexpr TileSet& operator|=(TileSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr TileSet& operator&=(TileSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr bool operator==(const TileSet&) const = default;

  /// Iteration in increasing tile index: `for (Tile t : set)`.
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Tile;
    using difference_type = std::ptrdiff_t;
    using pointer = const Tile*;
    using reference = Tile;
    constexpr explicit Iterator(std::uint64_t bits) : bits_(bits) {}
    constexpr Tile operator*() const { return static_cast<Tile>(std::countr_zero(bits_)); }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr Iterator operator++(int) {
      Iterator old = *this;
      ++*this;
      return old;
    }
    constexpr bool operator==(const Iterator& o) const { return bits_ == o.bits_; }

   private:
    std::uint64_t bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  std::uint64_t bits_ = 0;
};

namespace detail {
constexpr std::array<TileSet, kMaxPip + 1> make_tiles_with() {
  std::array<TileSet, kMaxPip + 1> with{};
  for (int v = 0; v <= kMaxPip; ++v)
    for (int w = 0; w <= kMaxPip; ++w) with[v].insert(make_tile(v, w));
  return with;
}
inline constexpr std::array<TileSet, kMaxPip + 1> kTilesWith = make_tiles_with();
}  // namespace detail

/// Returns every tile (of the double-9 set) carrying `value`; intersect with a set to restrict.
constexpr TileSet tiles_with(int value) {
  return detail::kTilesWith[value];
}

namespace detail {
// Bit plane k holds the tiles whose pip count has bit k set (pips <= 18 < 32: five planes), so a
// set's pips are a weighted sum of five popcounts instead of a loop over its tiles.
constexpr std::array<std::uint64_t, 5> make_pip_planes() {
  std::array<std::uint64_t, 5> planes{};
  for (int t = 0; t < kMaxTiles; ++t)
    for (int k = 0; k < 5; ++k)
      if ((tile_pips(static_cast<Tile>(t)) >> k) & 1) planes[k] |= std::uint64_t{1} << t;
  return planes;
}
inline constexpr std::array<std::uint64_t, 5> kPipPlanes = make_pip_planes();
}  // namespace detail

/// Returns the pips of a set of tiles: the sum over its tiles of both values.
constexpr int pips(TileSet set) {
  int total = 0;
  for (int k = 0; k < 5; ++k) total += std::popcount(set.bits() & detail::kPipPlanes[k]) << k;
  return total;
}

/// A set of pip values 0..kMaxPip; bit v stands for value v.
class ValueSet {
 public:
  constexpr ValueSet() = default;
  constexpr explicit ValueSet(std::uint16_t bits) : bits_(bits) {}
  constexpr std::uint16_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool contains(int v) const { return (bits_ >> v) & 1; }
  constexpr void insert(int v) { bits_ = static_cast<std::uint16_t>(bits_ | (1u << v)); }
  /// Returns every tile carrying at least one value of this set.
  constexpr TileSet tiles_touching() const {
    TileSet s;
    for (int v = 0; v <= kMaxPip; ++v)
      if (contains(v)) s |= tiles_with(v);
    return s;
  }
  constexpr bool operator==(const ValueSet&) const = default;

 private:
  std::uint16_t bits_ = 0;
};

}  // namespace dominoes
