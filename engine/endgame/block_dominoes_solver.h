// The open-hands Block Dominoes solver: both hands visible, negamax alpha-beta on the game's own
// points (docs/rules.md), exact at full depth (issue 3).
//
// Value: the points of the side to move minus the opponent's, positive when the side to move
// wins: at the end of the game the player with fewer pips scores per the rules' scoring rule. With
// a depth limit, the position at the horizon is scored as if the game ended there (the study's
// minimax/6, seed 002, calls eval_score at depth 0); depth counts tiles played, passes are free, as
// in the study. The undrawn tiles take no part.
//
// Search: search::Negamax (engine/search/negamax.h) with a transposition table keyed on the hand
// of the side to move, the other hand, the open ends (unordered: a line and its mirror image are
// the same position), whether the last turn was a pass, and the remaining depth; the side to move
// is implicit, since values are for the side to move. Move ordering: the table's best move, then
// the move leaving the opponent the fewest fitting tiles, then the heavier tile (shedding pips).
// The table has a fixed memory bound set at construction.
//
// Two paths: full-depth solves of double-six rules go to DoubleSixSolver
// (engine/endgame/double_six_solver.h: 64-bit keys, 16-byte entries, incremental pips; about
// half the time per solve); depth-limited solves and larger sets go to the generic
// search::Negamax over DominoesGame below, whose table is made on first use. Both give the same
// values (tests/endgame/double_six_solver_test.cpp).
//
// Three and four seats: every position goes to MultiSeatSolver (engine/endgame/
// multi_seat_solver.h: partnerships as two teams, cut-throat as paranoid), whose value is for the
// seat to move as here; the two-seat paths above never see them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/double_six_solver.h"
#include "engine/endgame/multi_seat_solver.h"
#include "engine/search/negamax.h"

namespace endgame {

using dominoes::Move;
using dominoes::State;

/// The transposition-table key of a Block Dominoes position (see the header comment).
struct DominoesKey {
  std::uint64_t mover = 0;  ///< hand of the side to move
  std::uint64_t other = 0;  ///< the other hand
  std::uint32_t meta = 0;   ///< low end, high end, last-was-pass, remaining depth

  bool operator==(const DominoesKey&) const = default;
  /// Returns a well-mixed 64-bit hash of the key.
  std::uint64_t hash() const;
};

/// Block Dominoes as a traits class for search::Negamax.
class DominoesGame {
 public:
  using Position = State;
  using Move = dominoes::Move;
  using Key = DominoesKey;
  static constexpr int kMaxMoves = dominoes::MoveList::kCapacity;
  static constexpr int kTableMinMoves = 4;

  explicit DominoesGame(const dominoes::Rules& rules) : rules_(rules) {}

  /// Returns true at the end of the game, with the final value for the side to move.
  bool terminal(const State& s, int& value) const;
  /// Returns the value for the side to move if the game ended now (the seed's eval_score).
  int evaluate(const State& s) const;
  /// Writes the legal moves (a lone pass when the side to move cannot play) and returns how many.
  int generate(const State& s, Move* out) const;
  State play(const State& s, Move m) const {
    State next = s;
    dominoes::apply(next, m);
    return next;
  }
  bool consumes_depth(Move m) const { return !m.is_pass(); }
  Key key(const State& s, int depth) const;
  std::uint16_t encode(Move m) const { return m.bits(); }
  /// Move ordering: fewest opponent tiles fitting the new ends first (none: the opponent must
  /// pass), then the heavier tile; pips <= 18 < 32, so the order is lexicographic. Measured on
  /// fresh 7+7 deals (bench_solver): 500 -> 293 nodes per depth-10 solve against the previous
  /// 4 x pips - 2 x fitting (+1000 for none), which had 25% fewer nodes than pips alone.
  int order_score(const State& s, Move m) const {
    if (m.is_pass()) return 0;
    const dominoes::LineEnds ends = dominoes::ends_after(m, s.left, s.right);
    const int fitting = (s.hands[1 - s.to_move] &
                         (dominoes::tiles_with(ends.left) | dominoes::tiles_with(ends.right)))
                            .size();
    return dominoes::tile_pips(m.tile()) - 32 * fitting;
  }
  /// The range of every value below `s` for the side to move (negamax.h's optional bounds): pips
  /// only go down, and a game pays the winner at most the loser's pips (opponent-pips,
  /// pip-difference) or both hands' (all-pips), both for the end of the game and for the seed's
  /// horizon evaluation. So the value lies in [-own pips, +opponent pips], or +-(both) for
  /// all-pips.
  void bounds(const State& s, int& lo, int& hi) const {
    const int own = dominoes::pips(s.hands[s.to_move]);
    const int opponent = dominoes::pips(s.hands[1 - s.to_move]);
    const bool all = rules_.scoring == dominoes::ScoringRule::kAllPips;
    hi = all ? own + opponent : opponent;
    lo = all ? -(own + opponent) : -own;
  }
  int remaining_moves(const State& s) const { return s.hands[0].size() + s.hands[1].size(); }

 private:
  dominoes::Rules rules_;
};

/// A legal move and its value for the side to move.
struct MoveValue {
  Move move = Move::pass();
  int value = 0;
};

/// Solves Block Dominoes positions with both hands visible. Not thread-safe: one per thread.
class BlockDominoesSolver {
 public:
  /// Default transposition-table memory: 256 KiB (16384 entries of 16 bytes on the double-six
  /// path, 8192 of 32 bytes on the generic one). A fresh 7+7 solve stores well under that, and a
  /// table that stays in the L2 cache is faster than a larger one (bench/bench_solver.cpp: on the
  /// double-six path 10-12 us per solve from 4 KiB to 256 KiB, 17 us at 2 MiB, 37 us at 64 MiB).
  /// For minimax(scenarios=200,depth=0), whose table serves many solves per decision, 64 KiB to
  /// 512 KiB measured within the noise of each other and 1 MiB about 20% slower.
  static constexpr std::size_t kDefaultTableBytes = std::size_t{256} << 10;

  /// Returns a solver for `rules` whose table uses at most `table_bytes` bytes (per path: the
  /// double-six path's table is made here, the generic path's on its first use; with more than
  /// two seats MultiSeatSolver's, made here, takes at least its own default, 1 MiB).
  explicit BlockDominoesSolver(const dominoes::Rules& rules,
                               std::size_t table_bytes = kDefaultTableBytes);

  /// Returns the value of `s` for the side to move (points; positive when it wins), searching
  /// `depth` tiles deep, 0 = to the end of the game (exact). With more than two seats: its team's
  /// net points, paranoid in cut-throat (multi_seat_solver.h). Requires s.seats == the rules'.
  int value(const State& s, int depth = 0);
  /// Returns every legal move of the side to move (a lone pass when it must pass; none when the
  /// game is over) with its exact value for the side to move at the given depth.
  std::vector<MoveValue> move_values(const State& s, int depth = 0);
  /// Returns the values of the moves `moves` (legal in `s`) into `values`, allocation-free.
  void move_values(const State& s, const dominoes::MoveList& moves, int depth, int* values);
  /// Returns a bound on the value (as move_values()) of playing `move` (legal in `s`): a result
  /// below `threshold` is an upper bound, one at or above it a lower bound. With more than two
  /// seats one null-window search (MultiSeatSolver::move_bound); with two, the exact value, which
  /// is both. Requires |threshold| < 2^20 (every value is far inside).
  int move_bound(const State& s, Move move, int depth, int threshold);
  /// Returns a best move's line of play to the end (or the horizon): the principal variation.
  std::vector<Move> principal_variation(const State& s, int depth = 0);

  /// Returns the positions visited since construction, both paths together.
  std::uint64_t nodes() const;
  /// Bounds every later search, on every path, by `limit` (null: only the process's stop
  /// request), which must outlive them; a search over it throws search::SearchStopped and leaves
  /// the solver usable (search_limit.h).
  void set_limit(const search::SearchLimit* limit);
  /// Returns the memory of the tables made so far, in bytes.
  std::size_t table_bytes() const;

 private:
  // The generic path: its table and search, made on first use.
  struct Generic {
    Generic(const DominoesGame& game, std::size_t table_bytes)
        : table(table_bytes), search(game, table) {}
    search::TranspositionTable<DominoesKey> table;
    search::Negamax<DominoesGame> search;
  };
  static int remaining_depth(int depth) { return depth <= 0 ? search::kUnlimitedDepth : depth; }
  search::Negamax<DominoesGame>& generic();

  DominoesGame game_;
  std::size_t table_request_;
  std::optional<DoubleSixSolver> double_six_;  // set when the rules use a double-six set
  std::unique_ptr<Generic> generic_;
  std::unique_ptr<MultiSeatSolver> multi_seat_;  // set when the rules have more than two seats
  const search::SearchLimit* limit_ =
      nullptr;  // given to each path, also the generic one made later
};

}  // namespace endgame
