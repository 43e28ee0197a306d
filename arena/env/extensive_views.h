// What one seat sees of an ExtensiveState (extensive_state.h), as one line of text and as a float
// tensor made of named pieces: the information state and observation of the OpenSpiel game
// (python/dominoes/openspiel.py, its observer), written in one call each.
//
// A view is chosen by three switches (OpenSpiel's IIGObservationType): perfect recall (every move
// in order) or not (the position now), whose hands it shows (none, the seat's own, every seat's)
// and whether it shows the public part. The tensor's pieces, in order (S seats, T tiles, V = max
// pip + 1 values, A actions, L = ExtensiveState::max_game_length):
//
//   piece    shape       when                       entry set to 1 (counts: the number)
//   player   S           always                     the viewing seat
//   hand     T           own hand                   each tile it holds (while dealing: dealt)
//   hands    S x T       every hand                 seat s holds tile t
//   leader   S           public                     the leading seat (0 until the play starts)
//   history  L x (S+A)   public, perfect recall     row k: move k's seat, then its action
//   line     T           public, no recall          each tile on the line
//   ends     2 x V       public, no recall          the left end's value, the right end's value
//   counts   S           public, no recall          the number of tiles each seat holds
//   lacks    S x V       public, no recall          seat s has shown it lacks value v (a pass)
//   to_move  S           public, no recall          the seat to move (none at the end)
//
// While the hands are being dealt only player, hand and hands are set. The text says the same:
// "seat 1 hand 0-1,2-3 leader 0 history 3-3 pass" (recall) or "... line 3-3 ends 3,3 counts
// 2,2 lacks -/3 to_move 0" (no recall), "seat 1 hand 0-1 dealing" during the deal.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "arena/env/extensive_state.h"

namespace arena {

/// Which view a seat gets: see the file's comment.
struct ViewKind {
  enum class Hands : std::uint8_t { kNone, kOwn, kAll };
  bool perfect_recall = false;  ///< every move in order (an information state), else the position
  Hands hands = Hands::kOwn;    ///< the hands shown
  bool public_info = true;      ///< the leader, moves, line, ends, counts, lacks, seat to move
};

/// One piece of the view tensor: its name and shape (row-major, in floats).
struct ViewPiece {
  std::string name;
  std::vector<int> shape;
};

/// Returns the pieces of the view tensor under `rules`, in the order they are written.
std::vector<ViewPiece> view_pieces(const Rules& rules, ViewKind kind);

/// Returns the view tensor's length in floats (the pieces' sizes summed).
int view_size(const Rules& rules, ViewKind kind);

/// Writes `seat`'s view of `node` into `out`, which must hold view_size floats: every entry 0,
/// then the pieces' ones and counts. Throws std::invalid_argument for a seat outside the table
/// or an `out` of another length.
void write_view(const ExtensiveState& node, Seat seat, ViewKind kind, std::span<float> out);

/// Returns `seat`'s view of `node` as one line of text. Throws std::invalid_argument for a seat
/// outside the table.
std::string view_text(const ExtensiveState& node, Seat seat, ViewKind kind);

}  // namespace arena
