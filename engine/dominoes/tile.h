// Tiles of a double-N domino set, N <= 9, as small integer indices.
//
// A tile {a, b} with a <= b has the index b*(b+1)/2 + a. The order puts every tile of the
// double-N set before any tile that only larger sets have, so the double-N set is exactly the
// indices below tile_count(N), and one 64-bit mask holds a set of tiles from any supported set
// (double-9 has 55 tiles). Source of the game: the study, seed 002 (double-six Block Dominoes).
#pragma once

#include <array>
#include <cstdint>

namespace dominoes {

/// Largest pip value any supported set has (double-9).
inline constexpr int kMaxPip = 9;
/// The smallest set the rules accept: double-2, six tiles (the small sets serve exact equilibria).
inline constexpr int kMinPip = 2;
/// Number of tiles in the largest supported set (double-9).
inline constexpr int kMaxTiles = (kMaxPip + 1) * (kMaxPip + 2) / 2;

/// A tile index in [0, kMaxTiles).
using Tile = std::uint8_t;

/// Returns the number of tiles in a double-`max_pip` set: (N+1)(N+2)/2 (28 for double-six).
constexpr int tile_count(int max_pip) {
  return (max_pip + 1) * (max_pip + 2) / 2;
}

/// Returns the index of the tile carrying values a and b, given in either order (0..kMaxPip).
constexpr Tile make_tile(int a, int b) {
  const int low = a < b ? a : b;
  const int high = a < b ? b : a;
  return static_cast<Tile>(high * (high + 1) / 2 + low);
}

namespace detail {
struct TileValues {
  std::array<std::uint8_t, kMaxTiles> low{};
  std::array<std::uint8_t, kMaxTiles> high{};
};
constexpr TileValues make_tile_values() {
  TileValues v{};
  for (int high = 0; high <= kMaxPip; ++high)
    for (int low = 0; low <= high; ++low) {
      v.low[make_tile(low, high)] = static_cast<std::uint8_t>(low);
      v.high[make_tile(low, high)] = static_cast<std::uint8_t>(high);
    }
  return v;
}
inline constexpr TileValues kTileValues = make_tile_values();
}  // namespace detail

/// Returns the smaller value of the tile (pips on its lighter half).
constexpr int tile_low(Tile t) {
  return detail::kTileValues.low[t];
}
/// Returns the larger value of the tile.
constexpr int tile_high(Tile t) {
  return detail::kTileValues.high[t];
}
/// Returns the tile's pips: the sum of its two values.
constexpr int tile_pips(Tile t) {
  return tile_low(t) + tile_high(t);
}
/// Returns true when both halves of the tile carry the same value.
constexpr bool is_double(Tile t) {
  return tile_low(t) == tile_high(t);
}
/// Returns true when the tile carries `value` on either half.
constexpr bool tile_has(Tile t, int value) {
  return tile_low(t) == value || tile_high(t) == value;
}
/// Returns the value on the half opposite the one carrying `value`; requires tile_has(t, value).
constexpr int other_value(Tile t, int value) {
  return tile_low(t) == value ? tile_high(t) : tile_low(t);
}

}  // namespace dominoes
