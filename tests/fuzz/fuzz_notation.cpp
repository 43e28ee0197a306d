// Fuzz target: tile, move and tile-list notation (engine/dominoes/notation.h) and the open-hands
// position reader (engine/endgame/block_dominoes_position.h).
//
// Input: the first byte picks the set (notation: double-(byte % 10); position: double-6..9), the
// rest is text. The whole text goes to parse_tile, parse_move and parse_tiles, which must succeed
// or raise NotationError, and whatever they accept must print and parse back to the same value.
// The text's lines are then a position (hands, line, ends, side to move: "H0/H1\nLINE\nENDS\nT"),
// which must be accepted or raise PositionError; an accepted position must be consistent (given
// only its ends, the line's tiles are unknown: an empty line with both ends set) and searchable:
// a depth-limited open-hands search from it must run cleanly.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/dominoes/notation.h"
#include "engine/endgame/block_dominoes_position.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

void check_notation(std::string_view text, int max_pip) {
  try {
    const dominoes::Tile t = dominoes::parse_tile(text, max_pip);
    fuzz::require(dominoes::tile_high(t) <= max_pip, "tile outside the set",
                  dominoes::to_string(t));
    fuzz::require(dominoes::parse_tile(dominoes::to_string(t), max_pip) == t, "tile round trip",
                  dominoes::to_string(t));
  } catch (const dominoes::NotationError&) {
  }
  try {
    const dominoes::Move m = dominoes::parse_move(text, max_pip);
    fuzz::require(dominoes::parse_move(dominoes::to_string(m), max_pip) == m, "move round trip",
                  dominoes::to_string(m));
  } catch (const dominoes::NotationError&) {
  }
  try {
    const dominoes::TileSet set = dominoes::parse_tiles(text, max_pip);
    fuzz::require(dominoes::parse_tiles(dominoes::to_string(set), max_pip) == set,
                  "tile list round trip", dominoes::to_string(set));
  } catch (const dominoes::NotationError&) {
  }
}

std::vector<std::string> lines(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    out.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// One small solver per set, kept across inputs: building a transposition table per input would
// dominate the run.
endgame::BlockDominoesSolver& solver_for(const dominoes::Rules& rules) {
  static std::array<std::unique_ptr<endgame::BlockDominoesSolver>, 10> solvers;
  auto& solver = solvers[static_cast<std::size_t>(rules.max_pip)];
  if (!solver) solver = std::make_unique<endgame::BlockDominoesSolver>(rules, std::size_t{1} << 20);
  return *solver;
}

void check_position(std::string_view text, int max_pip) {
  const std::vector<std::string> parts = lines(text);
  endgame::PositionText position;
  position.hands = parts[0];
  if (parts.size() > 1) position.line = parts[1];
  if (parts.size() > 2) position.ends = parts[2];
  if (parts.size() > 3) position.to_move = parts[3].empty() ? 0 : parts[3][0] - '0';
  dominoes::Rules rules;
  rules.max_pip = max_pip;
  dominoes::State s;
  try {
    s = endgame::parse_position(position, rules);
  } catch (const endgame::PositionError&) {
    return;
  }
  const bool consistent = position.ends.empty()
                              ? dominoes::is_consistent(s)
                              : s.line.empty() && (s.hands[0] & s.hands[1]).empty() &&
                                    s.left >= 0 && s.left <= max_pip && s.right >= 0 &&
                                    s.right <= max_pip && s.to_move < 2;
  fuzz::require(consistent, "parsed position is not consistent", std::string(text));
  solver_for(rules).value(s, 3);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  check_notation(text, data[0] % 10);
  check_position(text, 6 + data[0] % 4);
  return 0;
}
