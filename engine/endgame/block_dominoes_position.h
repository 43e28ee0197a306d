// Reading a Block Dominoes position for the open-hands solver from text (docs/rules.md,
// "Notation"): every seat's hand (two to four seats), and the line as its tiles or just its open
// ends. Every impossible
// position is rejected with one line naming what is wrong.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace endgame {

/// Raised for an impossible or malformed position; what() is one line saying what is wrong and
/// what would be valid.
class PositionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The text of a position, as given on the command line.
struct PositionText {
  std::string hands;  ///< "H0/H1" (one hand per seat, "/" between), each a tile list, e.g.
                      ///< "0-1,2-3/4-4"; a hand may be empty
  std::string line;   ///< the line's tiles left to right, e.g. "3-5,5-1"; empty for none
  std::string ends;   ///< instead of the line: its open ends "L,R"; empty for none
  int to_move = 0;    ///< 0 to seats - 1
};

/// Returns the position described by `text` under `rules`, with rules.seats hands (State::seats
/// set so). With neither a line nor ends the line is empty and the side to move leads any tile. The
/// line's first tile lies as written (3-5: 3 on the left); each next tile joins the right end, in
/// either orientation. Throws PositionError for: a malformed tile or list, a tile outside the set,
/// a tile given twice (in a hand, across hands or on the line), a line whose tiles do not join,
/// both a line and ends, ends outside the set, ends that no line built from the tiles in no hand
/// could have, a number of hands other than rules.seats, or to_move outside 0..seats - 1.
dominoes::State parse_position(const PositionText& text, const dominoes::Rules& rules);

/// Returns true when some line of at least one tile, built from `available` tiles (each used at
/// most once), has open ends `left` and `right`.
bool line_possible(dominoes::TileSet available, int left, int right);

}  // namespace endgame
