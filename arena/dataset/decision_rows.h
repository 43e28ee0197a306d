// The training rows of finished games: one row per turn of a seat (every decision of every seat,
// forced moves and pass-only turns included), column by column as docs/formats.md, "Training
// data", lists them: what the deciding seat saw (the observation tensor), which actions were
// legal, the one it took, who it was, where each tile it could not see really was, the hand's
// final points and, optionally, every legal action's exact open-hands value.
//
// A row is made by replaying a game record (arena/tournament/play/games_reader.h) through the
// rules engine, so every row comes from a position the engine reached, and the record's
// moves are checked legal on the way.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arena/tournament/play/games_reader.h"
#include "engine/dominoes/rules.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace dataset {

/// The widths of a row's columns under one variant.
struct RowShape {
  int observation = 0;       ///< D: the observation tensor's length (tensor_layout(rules).size)
  int actions = 0;           ///< A: action_count(rules), the pass last
  int tiles = 0;             ///< T: the tiles of the set
  int seats = 2;             ///< S
  bool move_values = false;  ///< whether rows carry move values
};

/// Returns the row widths of `rules`, with move values when `move_values`.
RowShape row_shape(const dominoes::Rules& rules, bool move_values);

/// Rows, column by column; row r of a column of width W is elements [r W, (r + 1) W).
struct DecisionRows {
  /// No rows, of columns as wide as `widths` says.
  explicit DecisionRows(const RowShape& widths = {}) : shape(widths) {}

  RowShape shape;
  std::vector<std::uint8_t> obs;     ///< D a row: the observation tensor (all small integers)
  std::vector<std::uint8_t> legal;   ///< A a row: 1 for each legal action
  std::vector<std::int16_t> action;  ///< the action taken
  std::vector<std::uint8_t> seat;    ///< the deciding seat (absolute)
  std::vector<std::uint8_t> player;  ///< the deciding player's index in the dataset's players
  /// T a row: -1 where the decider knows the tile's place (its own hand, or played); else the
  /// place: p = 0..S-2 for the seat p + 1 places after the decider in turn order, S - 1 for a
  /// tile never dealt.
  std::vector<std::int8_t> owner;
  std::vector<float> points;       ///< the hand's final net points of the deciding seat
  std::vector<std::int64_t> deal;  ///< the deal's number
  std::vector<std::int16_t> game;  ///< the game's seating index within its deal
  std::vector<float> move_value;   ///< A a row, with move values: points, NaN if illegal

  /// Returns the number of rows.
  std::int64_t rows() const { return static_cast<std::int64_t>(action.size()); }
  /// Appends `more`'s rows (of the same shape) after these.
  void append(const DecisionRows& more);
  /// Makes room for `rows` rows in every column, so that appending up to that many allocates
  /// nothing.
  void reserve(std::int64_t rows);
};

/// Each seat's player, as an index into the dataset's players.
using SeatPlayers = std::array<int, dominoes::kMaxSeats>;

/// Returns seat `seat`'s net points for the hand from what each seat scored (GameRecord::points:
/// every seat of the winning team its team's score, the others 0): + the score when its team
/// won, - the winners' score otherwise, 0 when nobody scored. The same as the game's
/// GameOutcome::net (arena/tournament/play/game_loop.h).
int net_points(const std::array<int, dominoes::kMaxSeats>& points, int seats, int seat);

/// Appends one row per move of `record`, a game under `rules` (its seat count), to `rows` (of
/// row_shape(rules, ...)): seat s's rows name players[s]. With `solver` (for `rules`; needed when
/// rows.shape.move_values) each row's move values are the solver's exact open-hands values of
/// the legal moves for the seat to move (block_dominoes_solver.h: points for its side, paranoid
/// in cut-throat); illegal actions get NaN. Throws std::invalid_argument naming the move when a
/// move is not legal where the record makes it.
void add_game_rows(const tournament::GameRecord& record, const dominoes::Rules& rules,
                   const SeatPlayers& players, endgame::BlockDominoesSolver* solver,
                   DecisionRows& rows);

}  // namespace dataset
