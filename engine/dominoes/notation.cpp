#include "engine/dominoes/notation.h"

#include <algorithm>
#include <vector>

#include "engine/common/text.h"

namespace dominoes {
namespace {

using common::quoted;  // cuts a long input, so a 10 MB hand list is not echoed whole

NotationError bad_tile(std::string_view text, int max_pip) {
  return NotationError("bad tile " + quoted(text) + ": expected a-b with values 0.." +
                       std::to_string(max_pip) + ", e.g. 3-5");
}

// A single decimal digit suffices: values run 0..9 in every supported set.
int parse_value(char c, std::string_view text, int max_pip) {
  if (c < '0' || c > '9' || c - '0' > max_pip) throw bad_tile(text, max_pip);
  return c - '0';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string to_string(Tile t) {
  return std::to_string(tile_low(t)) + "-" + std::to_string(tile_high(t));
}

std::string to_string(Move m) {
  switch (m.placement()) {
    case Placement::kPass:
      return "pass";
    case Placement::kLead:
      return to_string(m.tile());
    case Placement::kLeft:
      return to_string(m.tile()) + "L";
    case Placement::kRight:
      return to_string(m.tile()) + "R";
  }
  return "pass";
}

std::vector<Tile> reading_order(TileSet set) {
  std::vector<Tile> tiles(set.begin(), set.end());
  std::sort(tiles.begin(), tiles.end(), [](Tile a, Tile b) {
    return std::pair(tile_low(a), tile_high(a)) < std::pair(tile_low(b), tile_high(b));
  });
  return tiles;
}

std::string to_string(TileSet set) {
  std::string out;
  for (Tile t : reading_order(set)) {
    if (!out.empty()) out += ',';
    out += to_string(t);
  }
  return out;
}

Tile parse_tile(std::string_view text, int max_pip) {
  const std::string_view t = trim(text);
  if (t.size() != 3 || t[1] != '-') throw bad_tile(text, max_pip);
  return make_tile(parse_value(t[0], text, max_pip), parse_value(t[2], text, max_pip));
}

Move parse_move(std::string_view text, int max_pip) {
  const std::string_view t = trim(text);
  if (t == "pass") return Move::pass();
  if (t.size() == 4 && (t.back() == 'L' || t.back() == 'R')) {
    const Placement side = t.back() == 'L' ? Placement::kLeft : Placement::kRight;
    return Move(parse_tile(t.substr(0, 3), max_pip), side);
  }
  if (t.size() == 3) return Move(parse_tile(t, max_pip), Placement::kLead);
  throw NotationError("bad move " + quoted(text) + ": expected a-b (lead), a-bL, a-bR or pass");
}

TileSet parse_tiles(std::string_view text, int max_pip) {
  TileSet set;
  const std::string_view all = trim(text);
  if (all.empty() || all == "-") return set;
  std::size_t start = 0;
  while (start <= all.size()) {
    const std::size_t comma = std::min(all.find(',', start), all.size());
    const Tile t = parse_tile(all.substr(start, comma - start), max_pip);
    if (set.contains(t))
      throw NotationError("tile " + to_string(t) + " is listed twice in " + quoted(text));
    set.insert(t);
    start = comma + 1;
  }
  return set;
}

}  // namespace dominoes
