// The exact (to the end of the game) open-hands solver specialised for double-six sets: the path
// BlockDominoesSolver (block_dominoes_solver.h) takes for full-depth solves when the rules use a
// double-six set (any hand size, any scoring rule). Depth-limited solves and larger sets use the
// generic search::Negamax path; both give the same values
// (tests/endgame/double_six_solver_test.cpp).
//
// Why a second path: the generic negamax spends much of a solve on the table (a 32-byte entry
// with a 20-byte key and a depth) and on re-deriving things per node (pips by popcounts, a State
// copy per child, a move list then a score per move). A double-six hand fits in 28 bits, so here:
//
// - Position: the mover's and the opponent's hands as 28-bit masks, the two open ends (-1, -1 for
//   an empty line) and both hands' pips, kept incrementally (a move subtracts its tile's pips);
//   12 bytes, passed in two registers. The side to move is implicit: values are for the side to
//   move (negamax). Whether the last turn was a pass is not part of it: no value depends on it
//   (the game ends on a domino or when neither hand fits the ends, state.h's status()).
// - Key, one 64-bit word: bits 0-27 the mover's hand, 28-55 the opponent's, 56-61 the open ends
//   unordered (low * 8 + high; 63 for an empty line: a line and its mirror image are the same
//   position). No depth field: this path only solves to the end. The mover's hand is never empty
//   at a stored node (that is a finished game), so key 0 marks an empty entry.
// - Table: 16-byte entries (key; value int16; bound; best move as tile | right-end << 5; the
//   tiles left in both hands), in two-entry buckets of 32 bytes (aligned, so a probe touches one
//   cache line). Replacement: the entry with the same key, else an empty one, else the one with
//   the smaller subtree (fewer tiles left), so the costly results near the root survive. The
//   stored move only orders the search: on the mirror image of the stored position it names the
//   other end, which at worst orders a different move first.
// - Bounds: pips only go down and the winner scores at most the loser's pips (opponent-pips,
//   pip-difference) or both hands' (all-pips), so every value below a node lies in
//   [-own pips, +opponent pips] (+-both for all-pips); a node whose range misses the window is
//   cut at once (the same cutoff as DominoesGame::bounds).
// - Cheap cases, decided in the parent's loop without a call (most nodes end there): a finished
//   game; a pass (the same position, other side to move); a mover whose last tile fits (its only
//   moves go out: the value is known); the bounds cutoff; a forced move (one legal move: the
//   node's value is its child's, so it needs no entry of its own).
// - Move ordering: the table's best move, then fewest opponent tiles fitting the new ends, then
//   the heavier tile (see order_score in the .cpp). The first move of a game (an empty line) is
//   searched apart, without the table, since it is one node per deal.
// - Below kTableMinTiles tiles left in both hands the table is skipped (a probe costs more than
//   the search it saves), as in the generic path.
//
// Measured (bench/bench_solver.cpp; callgrind on 1000 fresh 7+7 solves): fresh 7+7 exact solve
// 38.5 us before (generic path, old ordering), 22 us on the generic path with the new ordering,
// 11 us here. Tried and not kept, each measured in instructions on the same 1000 solves against
// the version of the moment: enhanced transposition cutoffs (probing every child first: +5% to
// +15% for 1-2% fewer nodes); MTD(f) null-window roots (equal on fresh deals, +14% on minimax
// decisions); 4-entry 64-byte buckets (+4%: a solve does not fill the table); the table's move
// searched before generating the others, and ends kept ordered low/high (+2 to +5%); selection
// instead of insertion sort (+3%); kTableMinTiles 3, 5 or 6 instead of 4 (within 3%).
//
// Source of the method: Knuth and Moore 1975 (alpha-beta, fail-soft); transposition tables as in
// engine/search/transposition_table.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "engine/search/search_limit.h"

namespace endgame {

/// Exact open-hands values of double-six Block Dominoes positions. Not thread-safe: one per thread.
class DoubleSixSolver {
 public:
  /// Returns true when `rules` use a double-six set, the only sets this solver handles.
  static bool supports(const dominoes::Rules& rules) { return rules.max_pip == 6; }

  /// Returns a solver for `rules` (requires supports(rules)) whose table uses at most
  /// `table_bytes` bytes (at least two buckets of two entries, 64 bytes).
  DoubleSixSolver(const dominoes::Rules& rules, std::size_t table_bytes);

  /// Returns the exact value of `s` for the side to move: its points minus the opponent's at the
  /// end of the game under best play by both, positive when it wins.
  int value(const dominoes::State& s);
  /// Writes into `values[i]` the exact value for the side to move of playing `moves[i]` (legal
  /// in `s`) and then playing on best; allocation-free.
  void move_values(const dominoes::State& s, const dominoes::MoveList& moves, int* values);

  /// Returns the positions visited since construction (a pass visits its position twice, once
  /// per side to move).
  std::uint64_t nodes() const { return nodes_; }
  /// Returns the table's memory in bytes.
  std::size_t table_bytes() const { return buckets_.size() * sizeof(Bucket); }
  /// Bounds every later search by `limit` (null: only the process's stop request), which must
  /// outlive them; a search over it throws search::SearchStopped (search_limit.h).
  void set_limit(const search::SearchLimit* limit) { limit_ = limit; }

  /// Tiles left in both hands below which a node is searched without the table.
  static constexpr int kTableMinTiles = 4;

 private:
  struct Entry {
    std::uint64_t key = 0;  // 0: empty
    std::int16_t value = 0;
    std::uint8_t bound = 0;  // kExact, kLower or kUpper (below)
    std::uint8_t move = 0;   // best move: tile | (right end ? 32 : 0)
    std::uint8_t tiles = 0;  // tiles left in both hands: the replacement priority
  };
  struct alignas(32) Bucket {
    Entry entry[2];
  };
  // The position below a node, in the search's own form (see the header comment); 12 bytes, so
  // it is passed in two registers.
  struct Node {
    std::uint32_t mover, other;
    std::int8_t left, right;
    std::uint8_t mover_pips, other_pips;  // at most 168 (all 28 tiles)
  };

  // search: a node's value, fail-soft in (alpha, beta); visit: its cheap cases (game over, pass,
  // last tile, bounds, forced move), inlined into the caller's loop since most nodes end there;
  // expand: the rest (table, moves, children).
  template <dominoes::ScoringRule kRule>
  int search(Node n, int alpha, int beta);
  template <dominoes::ScoringRule kRule>
  int visit(Node n, int alpha, int beta);
  template <dominoes::ScoringRule kRule>
  int expand(Node n, int alpha, int beta, std::uint32_t at_left, std::uint32_t at_right);
  template <dominoes::ScoringRule kRule>
  int search_lead(Node n, int alpha, int beta);
  int search_root(const Node& n, int alpha, int beta);
  static Node node_of(const dominoes::State& s);
  // The node after the mover plays `tile`, leaving the ends `left` and `right`.
  static Node child_of(const Node& n, int tile, int left, int right);

  dominoes::ScoringRule scoring_;
  std::vector<Bucket> buckets_;
  int shift_ = 0;  // index = (key * multiplier) >> shift_
  std::uint64_t nodes_ = 0;
  const search::SearchLimit* limit_ = nullptr;
};

}  // namespace endgame
