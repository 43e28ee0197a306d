#include "engine/endgame/block_dominoes_position.h"

#include <vector>

#include "engine/common/text.h"
#include "engine/dominoes/notation.h"

namespace endgame {
namespace {

using dominoes::Tile;
using dominoes::TileSet;

// Values reachable from `from` along tiles of `tiles` (doubles change nothing).
std::uint32_t reachable(TileSet tiles, int from) {
  std::uint32_t seen = 1u << from, frontier = seen;
  while (frontier) {
    std::uint32_t next = 0;
    for (Tile t : tiles) {
      const int a = dominoes::tile_low(t), b = dominoes::tile_high(t);
      if (frontier >> a & 1) next |= 1u << b;
      if (frontier >> b & 1) next |= 1u << a;
    }
    frontier = next & ~seen;
    seen |= next;
  }
  return seen;
}

void add_hand(const std::string& text, int seat, int max_pip, TileSet& seen, dominoes::State& s) {
  const TileSet hand = dominoes::parse_tiles(text, max_pip);
  if (!(hand & seen).empty())
    throw PositionError("tile " + dominoes::to_string((hand & seen).first()) +
                        " is given twice: every tile may appear once in the hands and the line");
  s.hands[seat] = hand;
  seen |= hand;
}

// Lays the line's tiles left to right: the first as written, each next on the right end.
void lay_line(const std::string& text, int max_pip, TileSet& seen, dominoes::State& s) {
  const std::vector<std::string> tiles = common::split_list(text);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Tile t = dominoes::parse_tile(tiles[i], max_pip);
    if (seen.contains(t))
      throw PositionError("tile " + dominoes::to_string(t) +
                          " is given twice: every tile may appear once in the hands and the line");
    seen.insert(t);
    s.line.insert(t);
    if (i == 0) {
      const std::string first = tiles[0].substr(tiles[0].find_first_not_of(" \t"));
      s.left = static_cast<std::int8_t>(first[0] - '0');
      s.right = static_cast<std::int8_t>(first[2] - '0');
    } else if (!dominoes::tile_has(t, s.right)) {
      throw PositionError("line tile " + dominoes::to_string(t) + " does not join the right end " +
                          std::to_string(s.right) + ": list the line's tiles left to right");
    } else {
      s.right = static_cast<std::int8_t>(dominoes::other_value(t, s.right));
    }
  }
}

void set_ends(const std::string& text, int max_pip, TileSet seen, dominoes::State& s) {
  const std::vector<std::string> parts = common::split_list(text);
  const auto value = [&](const std::string& v) {
    if (v.size() != 1 || v[0] < '0' || v[0] - '0' > max_pip)
      throw PositionError("bad ends " + common::quoted(text) + ": expected L,R with values 0.." +
                          std::to_string(max_pip));
    return v[0] - '0';
  };
  if (parts.size() != 2)
    throw PositionError("bad ends " + common::quoted(text) + ": expected L,R, e.g. 3,5");
  const int left = value(parts[0]), right = value(parts[1]);
  if (!line_possible(TileSet::full(max_pip) - seen, left, right))
    throw PositionError("no line built from the tiles outside the hands has ends " +
                        std::to_string(left) + "," + std::to_string(right));
  s.left = static_cast<std::int8_t>(left);
  s.right = static_cast<std::int8_t>(right);
}

}  // namespace

bool line_possible(TileSet available, int left, int right) {
  if (left != right) return reachable(available, left) >> right & 1;
  if (available.contains(dominoes::make_tile(left, left))) return true;
  // Equal ends without their double: the line is a closed trail through `left`, so some tile
  // {left, x} must lie on a cycle: x still reaches `left` without it.
  for (Tile t : available& dominoes::tiles_with(left)) {
    const TileSet rest = available - TileSet::of(t);
    if (reachable(rest, dominoes::other_value(t, left)) >> left & 1) return true;
  }
  return false;
}

// The hands' form for `seats` seats, for messages: "H0/H1", "H0/H1/H2", "H0/H1/H2/H3".
std::string hands_form(int seats) {
  std::string form = "H0";
  for (int seat = 1; seat < seats; ++seat) form += "/H" + std::to_string(seat);
  return form;
}

dominoes::State parse_position(const PositionText& text, const dominoes::Rules& rules) {
  const int seats = rules.seats;
  if (text.to_move < 0 || text.to_move >= seats)
    throw PositionError("to-move " + std::to_string(text.to_move) + " is not valid: valid " +
                        (seats == 2 ? std::string("0 or 1") : "0.." + std::to_string(seats - 1)));
  const std::vector<std::string> hands = common::split_list(text.hands, '/');
  if (static_cast<int>(hands.size()) != seats)
    throw PositionError("bad hands " + common::quoted(text.hands) + ": expected " +
                        hands_form(seats) + ", one hand per seat, e.g. " +
                        (seats == 2   ? "0-1,2-3/4-4,5-6"
                         : seats == 3 ? "0-1/2-3/4-4"
                                      : "0-1/2-3/4-4/5-6"));
  if (!text.line.empty() && !text.ends.empty())
    throw PositionError("give the line or its ends, not both");
  dominoes::State s;
  s.seats = static_cast<std::uint8_t>(seats);
  TileSet seen;
  try {
    for (int seat = 0; seat < seats; ++seat) add_hand(hands[seat], seat, rules.max_pip, seen, s);
    if (!text.line.empty()) lay_line(text.line, rules.max_pip, seen, s);
  } catch (const dominoes::NotationError& e) {
    throw PositionError(e.what());
  }
  if (!text.ends.empty()) set_ends(text.ends, rules.max_pip, seen, s);
  s.to_move = static_cast<std::uint8_t>(text.to_move);
  s.leader = static_cast<std::uint8_t>(text.to_move);
  return s;
}

}  // namespace endgame
