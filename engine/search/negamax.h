// Negamax with alpha-beta pruning, a transposition table and move ordering, for any two-player
// zero-sum game with perfect information, given as a traits class (below). Values are for the
// side to move. Depth counts only the moves the game says consume depth (a pass may not); at the
// horizon the game's static evaluation is used.
//
// Source: Knuth and Moore, "An analysis of alpha-beta pruning", Artificial Intelligence 6 (1975);
// transposition tables as in transposition_table.h. Fail-soft variant.
//
// The Game traits class provides:
//   using Position; using Move; using Key;           Key: operator==, hash()
//   static constexpr int kMaxMoves;
//   bool terminal(const Position&, int& value) const;  value for the side to move
//   int evaluate(const Position&) const;               horizon value for the side to move
//   int generate(const Position&, Move* out) const;    legal moves, returns the count (>= 1 when
//                                                      not terminal; a pass is a move)
//   Position play(const Position&, Move) const;
//   bool consumes_depth(Move) const;
//   Key key(const Position&, int depth) const;
//   std::uint16_t encode(Move) const;                  for the table's best-move hint
//   int order_score(const Position&, Move) const;      higher is tried earlier
//   int remaining_moves(const Position&) const;        an upper bound on moves left in the game
//   static constexpr int kTableMinMoves;               below this, search without the table
// and optionally
//   void bounds(const Position&, int& lo, int& hi) const;  every terminal and horizon value below
//                                                      the position lies in [lo, hi]: a node
//                                                      whose range misses the window is cut at once
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/search/search_limit.h"
#include "engine/search/transposition_table.h"

namespace search {

/// Remaining-depth value meaning "search to the end of the game".
inline constexpr int kUnlimitedDepth = 255;

template <typename Game>
class Negamax {
 public:
  using Position = typename Game::Position;
  using Move = typename Game::Move;
  using Table = TranspositionTable<typename Game::Key>;

  /// Positions with fewer remaining moves than this are searched without the table: for the
  /// last few plies a probe costs more than the search it saves.
  static constexpr int kTableMinMoves = Game::kTableMinMoves;

  Negamax(const Game& game, Table& table) : game_(game), table_(table) {}

  /// Returns the value of `p` for the side to move, searched `depth` depth-consuming moves deep
  /// (kUnlimitedDepth: to the end), within the window (alpha, beta): exact inside the window, a
  /// bound outside it (fail-soft).
  int search(const Position& p, int depth, int alpha, int beta) {
    if ((++nodes_ & (kCheckInterval - 1)) == 0) check_search(limit_, nodes_);
    int value = 0;
    if (game_.terminal(p, value)) return value;
    if (depth == 0) return game_.evaluate(p);
    if constexpr (requires(int& lo, int& hi) { game_.bounds(p, lo, hi); }) {
      int lo = 0, hi = 0;
      game_.bounds(p, lo, hi);
      if (hi <= alpha) return hi;  // fail low: the value is at most hi
      if (lo >= beta) return lo;   // fail high: at least lo
    }
    if (game_.remaining_moves(p) < kTableMinMoves)
      return expand(p, depth, alpha, beta, 0xFFFF, nullptr);
    std::uint16_t hint = 0xFFFF;
    const auto key = game_.key(p, depth);
    if (const auto* e = table_.probe(key)) {
      if (e->bound == Bound::kExact) return e->value;
      if (e->bound == Bound::kLower && e->value >= beta) return e->value;
      if (e->bound == Bound::kUpper && e->value <= alpha) return e->value;
      hint = e->move;
    }
    return expand(p, depth, alpha, beta, hint, &key);
  }

  /// Returns the number of positions visited since construction.
  std::uint64_t nodes() const { return nodes_; }

  /// Bounds every later search by `limit` (null: only the process's stop request), which must
  /// outlive them; a search over it throws SearchStopped (search_limit.h).
  void set_limit(const SearchLimit* limit) { limit_ = limit; }

 private:
  int expand(const Position& p, int depth, int alpha, int beta, std::uint16_t hint,
             const typename Game::Key* key) {
    // 1. Generate and order: the table's best move first, then by the game's ordering score.
    Move moves[Game::kMaxMoves];
    int scores[Game::kMaxMoves];
    const int n = game_.generate(p, moves);
    for (int i = 0; i < n; ++i)
      scores[i] = game_.encode(moves[i]) == hint ? 1 << 30 : game_.order_score(p, moves[i]);
    for (int i = 1; i < n; ++i)  // insertion sort: lists are short
      for (int j = i; j > 0 && scores[j] > scores[j - 1]; --j) {
        std::swap(scores[j], scores[j - 1]);
        std::swap(moves[j], moves[j - 1]);
      }
    // 2. Search the children, cutting off once the value reaches beta.
    const int alpha0 = alpha;
    int best = -(1 << 30);
    std::uint16_t best_move = game_.encode(moves[0]);
    for (int i = 0; i < n; ++i) {
      const int child_depth =
          game_.consumes_depth(moves[i]) && depth != kUnlimitedDepth ? depth - 1 : depth;
      const int v = -search(game_.play(p, moves[i]), child_depth, -beta, -alpha);
      if (v > best) best = v, best_move = game_.encode(moves[i]);
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    // 3. Store what was learnt, with the kind of bound the window allows.
    if (key) {
      const Bound bound = best <= alpha0 ? Bound::kUpper
                          : best >= beta ? Bound::kLower
                                         : Bound::kExact;
      table_.store(*key, best, bound, depth, best_move);
    }
    return best;
  }

  const Game& game_;
  Table& table_;
  std::uint64_t nodes_ = 0;
  const SearchLimit* limit_ = nullptr;
};

}  // namespace search
