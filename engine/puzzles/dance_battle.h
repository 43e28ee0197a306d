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
// Representation: the free tiles as an adjacency matrix of 32-bit rows plus a mask of free
// doubles, so N = 1..32 (528 tiles) is supported.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/search/negamax.h"

namespace puzzles {

/// Largest N (number of dance moves) the solver supports.
inline constexpr int kDanceBattleMaxN = 32;

/// A set of Dance Battle tiles over values 0..31: row v holds the values w != v such that {v, w}
/// is in the set, and `doubles` the values v such that {v, v} is.
struct DanceTiles {
  std::array<std::uint32_t, kDanceBattleMaxN> adjacent{};
  std::uint32_t doubles = 0;

  /// Returns true when {a, b} is in the set.
  bool contains(int a, int b) const {
    return a == b ? (doubles >> a & 1u) : (adjacent[a] >> b & 1u);
  }
  /// Adds {a, b}.
  void insert(int a, int b);
  /// Removes {a, b}.
  void erase(int a, int b);
  /// Returns how many tiles at value v are in the set (a double counts once).
  int count_at(int v) const {
    return std::popcount(adjacent[v]) + static_cast<int>(doubles >> v & 1u);
  }
  /// Returns the number of tiles in the set.
  int size() const;
  /// Returns every tile over values 0..n-1.
  static DanceTiles all(int n);
  bool operator==(const DanceTiles&) const = default;
};

/// A Dance Battle position: the tiles danced so far and the tail.
struct DanceBattlePosition {
  int n = 0;        ///< values 0..n-1
  DanceTiles used;  ///< tiles danced
  int tail = -1;    ///< the last turn's second value; -1 before the first turn
};

/// A turn: dance `from` then `to`.
struct DanceTurn {
  int from = 0;
  int to = 0;
  bool operator==(const DanceTurn&) const = default;
};

/// Returns the number of tiles with values 0..n-1: n(n+1)/2.
constexpr int tile_count_for(int n) {
  return n * (n + 1) / 2;
}

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

/// The canonical transposition-table key: the free tiles relabelled with the tail as 0, as a
/// bit string (tile {i, j}, i < j, at bit j(j-1)/2 + i; doubles after all pairs).
struct DanceKey {
  static constexpr int kWords = (kDanceBattleMaxN * (kDanceBattleMaxN + 1) / 2 + 1 + 63) / 64;
  std::array<std::uint64_t, kWords> bits{};
  bool operator==(const DanceKey&) const = default;
  std::uint64_t hash() const;
};

/// Dance Battle as a traits class for search::Negamax (see negamax.h).
class DanceBattleGame {
 public:
  struct Position {
    DanceTiles free;  ///< tiles not yet danced
    int tail;         ///< -1 before the first turn
  };
  struct Move {
    std::int8_t from;
    std::int8_t to;  ///< the new tail
  };
  using Key = DanceKey;
  // After the first turn at most n moves (n - 1 pairs and a double) start at the tail; the first
  // turn itself is handled outside the search (DanceBattleSolver::openings).
  static constexpr int kMaxMoves = kDanceBattleMaxN;
  static constexpr int kTableMinMoves = 4;

  explicit DanceBattleGame(int n) : n_(n) {}

  bool terminal(const Position& p, int& value) const;
  int evaluate(const Position&) const { return 0; }
  /// Writes the moves from the tail (requires tail >= 0) and returns how many.
  int generate(const Position& p, Move* out) const;
  Position play(const Position& p, Move m) const {
    Position next = p;
    next.free.erase(m.from, m.to);
    next.tail = m.to;
    return next;
  }
  bool consumes_depth(Move) const { return true; }
  Key key(const Position& p, int depth) const;
  std::uint16_t encode(Move m) const { return static_cast<std::uint16_t>(m.from << 8 | m.to); }
  int order_score(const Position& p, Move m) const;
  int remaining_moves(const Position& p) const { return p.free.size(); }

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
  // The legal turns of `p`: any free tile in either order for the first turn, else from the tail.
  std::vector<DanceBattleGame::Move> turns(const DanceBattleGame::Position& p) const;
  DanceBattleGame game_;
  search::TranspositionTable<DanceKey> table_;
  search::Negamax<DanceBattleGame> search_;
};

}  // namespace puzzles
