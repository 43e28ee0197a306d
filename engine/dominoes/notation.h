// Text notation for tiles, moves and tile lists (docs/rules.md, "Notation").
//
//   tile       a-b        either order on input, printed low-high: "3-5"
//   move       3-5L 3-5R  a tile on the left or right open end; a bare tile "3-5" is the lead;
//              pass       no tile
//   tile list  0-1,2-3    comma-separated tiles, no repeats; "" or "-" is the empty list
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/dominoes/tile_set.h"

namespace dominoes {

/// Raised by the parsers below; what() is one line naming the bad text and what would be valid.
class NotationError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Returns the tiles of `set` in reading order: by low value, then by high value.
std::vector<Tile> reading_order(TileSet set);

/// Returns "a-b" with a <= b.
std::string to_string(Tile t);
/// Returns "a-b" for a lead, "a-bL"/"a-bR" for an end, "pass" for a pass.
std::string to_string(Move m);
/// Returns the tiles as "a-b,c-d,..." sorted by low value then high value; "" for the empty set.
std::string to_string(TileSet set);

/// Returns the tile written `text` ("a-b", values 0..max_pip, either order).
/// Throws NotationError on anything else.
Tile parse_tile(std::string_view text, int max_pip);
/// Returns the move written `text` ("a-b", "a-bL", "a-bR" or "pass"; values 0..max_pip).
/// Throws NotationError on anything else.
Move parse_move(std::string_view text, int max_pip);
/// Returns the set written `text` ("a-b,c-d,..."; "" or "-" for none). Throws NotationError on a
/// malformed tile or a tile listed twice.
TileSet parse_tiles(std::string_view text, int max_pip);

}  // namespace dominoes
