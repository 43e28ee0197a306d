// The text of DBP 1 messages (docs/protocol.md): how the runner writes the rules, tiles, the line
// and a decision request, and keeps the line in the order it was laid. Tiles and moves use the
// notation of docs/rules.md; an empty list is written "-".
#pragma once

#include <deque>
#include <string>
#include <utility>

#include "engine/dominoes/move.h"
#include "engine/dominoes/move_list.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/tile_set.h"

namespace bots {

/// Returns the `rules` field of `newgame`: "double=6,hand=7,scoring=opponent-pips" for two seats;
/// with more "double=6,hand=7,seats=4,partners=true,block=team,scoring=losers-pips".
std::string rules_text(const dominoes::Rules& rules);

/// Returns the fields `newgame` adds after `seat=` with more than two seats, "seats=4
/// teams=0,1,0,1 " (trailing space included), or "" for two seats.
std::string table_fields(const dominoes::Rules& rules);

/// Returns the `gameover` line: "gameover points=P0,...,PS-1 hands=H0/.../HS-1", one entry per
/// seat of the table.
std::string gameover_message(int seats, const int* points, const dominoes::TileSet* hands);

/// Returns the tiles low-high in reading order, comma-separated, or "-" for none.
std::string tiles_text(dominoes::TileSet tiles);

/// Returns the moves as `go` lists them, comma-separated: "0-4L,0-1R".
std::string moves_text(const dominoes::MoveList& moves);

/// The line of play in the order it was laid: each tile as it lies, left value first, so "5-1"
/// is the tile 1-5 with 5 on the left (the `line` field of `go`).
class LaidLine {
 public:
  /// Adds a move to the line (a pass changes nothing). Requires a legal move for the line.
  void play(dominoes::Move move);
  /// Returns the line as `go` writes it, e.g. "4-4,4-1", or "-" when empty.
  std::string text() const;
  /// Returns the open ends as `go` writes them, e.g. "4,1", or "-" when empty.
  std::string ends_text() const;
  /// Returns the number of tiles on the line.
  std::size_t size() const { return tiles_.size(); }

 private:
  std::deque<std::pair<int, int>> tiles_;
};

/// Returns the `go` line for a decision of the seat that observes `obs`, with its `legal` moves
/// (at least two) and `time_ms` for the move; `line` is the line laid so far. Two seats: `opp=`
/// and the opponent's `lacks=`; more: `counts=` every seat's tile count and `lacks=` every seat's,
/// separated by '/' (docs/protocol.md).
std::string go_message(const dominoes::Observation& obs, const LaidLine& line,
                       const dominoes::MoveList& legal, int time_ms);

/// Returns true for a line a bot may print that the runner ignores: empty, starting with '#',
/// or an `info` line (docs/protocol.md, "Lines").
bool ignorable_line(const std::string& line);

}  // namespace bots
