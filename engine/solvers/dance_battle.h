// Dance Battle (seed 000, the Facebook "dancebattle" puzzle), solved exactly.
//
// Rules: N dance moves, values 0..N-1. A turn is a tile {a, b} (doubles allowed) danced a then b;
// each tile may be used once, in either order. The first turn is any tile in either order; every
// later turn starts with the previous turn's second value (the tail). A dancer who cannot dance a
// turn loses. It is edge geography on the complete graph with loops: a turn walks an unused edge
// from the tail.
//
// Method: negamax with alpha-beta on values +1 (win) / -1 (loss), i.e. short-circuiting as soon as
// a winning turn is found (seed 000 minimax_alpha_beta), through search::Negamax with a fixed-size
// transposition table, and two improvements the seed lacks:
//   1. Symmetry. Relabelling the values keeps outcomes, so positions are stored under a canonical
//      relabelling: the tail becomes 0, the other values are ordered by invariants of the unused
//      edges (adjacency to the tail, an unused double, unused degree, refined once by the
//      neighbours' invariants), and ties are broken by trying every order within a class when
//      few are tied (else by label). Any relabelling yields a correct key, because equal keys
//      are relabellings of each other; the better the canonical form, the more hits.
//   2. Move ordering: turns whose new tail has the fewest unused edges left come first, so a turn
//      that leaves the opponent stuck is found at once.
// Supported: N = 1..10 (the tiles of values 0..9 fit one 64-bit set).
#pragma once

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/dominoes/tile_set.h"
#include "engine/search/negamax.h"

namespace solvers {

/// Largest N (number of dance moves) the solver supports.
inline constexpr int kDanceBattleMaxN = 10;

/// A Dance Battle position: the tiles danced so far and the tail.
struct DanceBattlePosition {
  int n = 0;                   ///< values 0..n-1
  dominoes::TileSet used;      ///< tiles danced, as tile indices over values 0..n-1
  int tail = -1;               ///< the last turn's second value; -1 before the first turn
};

/// A turn: dance `from` then `to`.
struct DanceTurn {
  int from = 0;
  int to = 0;
  bool operator==(const DanceTurn&) const = default;
};

/// Returns the number of tiles with values 0..n-1: n(n+1)/2.
constexpr int tile_count_for(int n) { return n * (n + 1) / 2; }

/// Raised for bad puzzle input; what() names the line and what would be valid.
class DanceBattleError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Returns the position after the turns in the puzzle's input format: line 1 N, line 2 M, then M
/// lines "a b". Throws DanceBattleError, naming the line, for: a missing or non-numeric line, N
/// outside 1..kDanceBattleMaxN, a value not below N, a turn not starting at the previous turn's
/// second value, a tile danced twice, or a turn count different from M.
DanceBattlePosition read_dance_battle(std::istream& in);

/// The canonical transposition-table key: the unused tiles relabelled, tail relabelled to 0.
struct DanceKey {
  std::uint64_t unused = 0;
  bool operator==(const DanceKey&) const = default;
  std::uint64_t hash() const {
    const std::uint64_t h = unused * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
  }
};

/// Dance Battle as a traits class for search::Negamax (see negamax.h).
class DanceBattleGame {
 public:
  struct Position {
    std::uint64_t unused;  ///< tiles still free
    int tail;              ///< -1 before the first turn
  };
  struct Move {
    std::uint8_t tile;
    std::int8_t to;  ///< the new tail
  };
  using Key = DanceKey;
  static constexpr int kMaxMoves = 110;  // the first turn: 55 tiles, two orders each
  static constexpr int kTableMinMoves = 4;

  explicit DanceBattleGame(int n) : n_(n) {}

  bool terminal(const Position& p, int& value) const;
  int evaluate(const Position&) const { return 0; }
  int generate(const Position& p, Move* out) const;
  Position play(const Position& p, Move m) const {
    return {p.unused & ~(std::uint64_t{1} << m.tile), m.to};
  }
  bool consumes_depth(Move) const { return true; }
  Key key(const Position& p, int depth) const;
  std::uint16_t encode(Move m) const { return static_cast<std::uint16_t>(m.tile | (m.to << 6)); }
  int order_score(const Position& p, Move m) const;
  int remaining_moves(const Position& p) const { return std::popcount(p.unused); }

 private:
  int n_;
};

/// Solves Dance Battle positions. Not thread-safe.
class DanceBattleSolver {
 public:
  /// Returns a solver for N = n whose transposition table uses at most `table_bytes`.
  DanceBattleSolver(int n, std::size_t table_bytes);

  /// Returns true when the dancer to move in `p` wins with best play by both.
  bool wins(const DanceBattlePosition& p);
  /// Returns every turn that wins for the dancer to move (empty when it loses), in order of
  /// (from, to).
  std::vector<DanceTurn> winning_turns(const DanceBattlePosition& p);
  /// Returns the positions visited so far.
  std::uint64_t nodes() const { return search_.nodes(); }
  /// Returns the table's memory in bytes.
  std::size_t table_bytes() const { return table_.bytes(); }

 private:
  DanceBattleGame::Position to_search(const DanceBattlePosition& p) const;
  DanceBattleGame game_;
  search::TranspositionTable<DanceKey> table_;
  search::Negamax<DanceBattleGame> search_;
};

}  // namespace solvers
