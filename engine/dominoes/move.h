// A move of Block Dominoes in 16 bits: the tile and where it goes (the lead, the left or the right
// end of the line), or a pass. Notation (docs/rules.md, "Notation"): `3-5` for the lead,
// `3-5L`/`3-5R` for a tile on an end, `pass`.
#pragma once

#include <cstdint>

#include "engine/dominoes/tile.h"

namespace dominoes {

/// Where a move puts its tile.
enum class Placement : std::uint8_t {
  kLeft = 0,   ///< on the left open end
  kRight = 1,  ///< on the right open end
  kLead = 2,   ///< the first tile of the line; it lies low value left, high value right
  kPass = 3,   ///< no tile: the player cannot move
};

/// A tile and its placement, or a pass. Bits 0-5 hold the tile index, bits 6-7 the placement.
class Move {
 public:
  /// Leaves the bits unset (trivial, so move arrays cost nothing to declare); Move{} is the move
  /// with all bits zero. Use Move::pass() for a pass.
  Move() = default;
  /// Returns the move putting `tile` at `placement` (not kPass).
  constexpr Move(Tile tile, Placement placement)
      : bits_(static_cast<std::uint16_t>(tile | (static_cast<unsigned>(placement) << 6))) {}
  /// Returns the pass.
  static constexpr Move pass() { return Move(0, Placement::kPass); }

  constexpr Tile tile() const { return static_cast<Tile>(bits_ & 63); }
  constexpr Placement placement() const { return static_cast<Placement>((bits_ >> 6) & 3); }
  constexpr bool is_pass() const { return placement() == Placement::kPass; }
  constexpr std::uint16_t bits() const { return bits_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t bits_;
};

/// The open ends of a line: each a value 0..max pip, both -1 before the lead.
struct LineEnds {
  int left = -1;
  int right = -1;
};

/// Returns the open ends after `m` is played on a line whose ends are `left` and `right` (both -1
/// before the lead): a lead opens its low value on the left and its high value on the right, a
/// tile laid on an end shows its other value there, a pass changes nothing. `m` must be legal
/// there (docs/rules.md); no check is made.
constexpr LineEnds ends_after(Move m, int left, int right) {
  switch (m.placement()) {
    case Placement::kLead:
      return {tile_low(m.tile()), tile_high(m.tile())};
    case Placement::kLeft:
      return {other_value(m.tile(), left), right};
    case Placement::kRight:
      return {left, other_value(m.tile(), right)};
    case Placement::kPass:
      break;
  }
  return {left, right};
}

}  // namespace dominoes
