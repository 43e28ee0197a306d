// The open-hands Block Dominoes solver for three and four seats (docs/rules.md, "Three and four
// seats"): every hand visible, alpha-beta on the game's own points, exact at full depth (issue 22).
// BlockDominoesSolver (block_dominoes_solver.h) sends every position with more than two seats
// here; two-seat positions keep their own paths, so no two-seat value or node count changes.
//
// Solution concept. Partnerships (four seats, 0 and 2 against 1 and 3) are a two-team zero-sum
// game: the value of a position is the net points of the team to move (its points minus the
// other team's, dominoes::net_points), the team to move maximizes it and the other team
// minimizes it, and alpha-beta with a transposition table solves it exactly. Cut-throat (three or
// four seats, each seat its own team) is not zero-sum between two sides, and two solution
// concepts are in use (Sturtevant and Korf, "On pruning techniques for multi-player games",
// AAAI 2000): max^n, where every seat maximizes its own score (the true backward induction, but
// only shallow pruning applies and ties between the others' equal outcomes decide the value), and
// paranoid, where one seat assumes every other seat plays against it. We use **paranoid**: the
// value is the net points of the seat to move at the root (the "root seat": +its score when it
// wins, -the winner's score when another seat wins), the root seat maximizes it and all the other
// seats, as one coalition, minimize it. Paranoid keeps a two-sided zero-sum value, so full
// alpha-beta pruning and the transposition table apply (Sturtevant and Korf show max^n cannot
// prune deeply), and the determinized searchers (strategies/minimax, strategies/omniscient) need
// one number per move for the seat deciding, which is what the paranoid value is. Its known
// cost: it is pessimistic, since the other seats do not really cooperate.
//
// Both are one search here: a seat is on the "max side" when its team is the root seat's team
// (partnerships: the root seat and its partner; cut-throat: the root seat alone), and a node's
// value is the max side's net points seen from the side to move (negamax: negated for the min
// side). A child whose mover is on the same side as the parent's (partners never move twice in a
// row, but two coalition seats do) keeps the parent's window unnegated. With partnerships the
// value for the side to move does not depend on the root, so the table serves every root; in
// cut-throat the root seat is part of the key.
//
// Rules as the engine's (state.h, scoring.h): a seat with no legal tile passes (free: depth counts
// tiles played); the hand ends when a seat goes out (its team wins) or when no seat can move
// (blocked: the block rule decides); with a depth limit the position at the horizon is scored as
// if the hand ended there, i.e. by the block rule (as the two-seat solver scores its horizon).
// The first move obeys the state's lead tile when one is fixed (heaviest-double, State::lead_tile).
//
// Search: MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth minimax
// algorithms", Artificial Intelligence 87, 1996): null-window fail-soft alpha-beta searches (Knuth
// and Moore 1975) converging on the exact value, each search's bounds kept in the table for the
// next; measured on fresh four-seat partnership deals (bench_solver, deals 0..999 of seed 42):
// 35.1k -> 21.5k nodes and 0.87 -> 0.55 ms median per solve against one full-window search. The
// first guess is 0 for value() and the previous move's value in move_values(). The node is
// compact (every hand as a 64-bit mask, the open ends, the seat to move, each hand's pips and
// their sums kept incrementally), the table search::TranspositionTable (engine/search/
// transposition_table.h: full keys, two-way buckets) keyed on every hand, the unordered open ends,
// the seat to move, the root seat (cut-throat) and the remaining depth. Cheap cases decided without
// the table: a finished hand, a pass, a mover whose last tile fits (its only moves go out), the
// bounds cutoff (pips only go down, so every value below a node lies within the pips now in the
// hands), a forced move. Move ordering: the table's move, then fewest tiles of the next seat
// fitting the new ends when it plays on the other side (most when it is a partner or a coalition
// seat), then the heavier tile (weighting doubles, the mover's own fitting tiles or its partner's
// changed the node count by 1-3% either way). Why not search::Negamax: it negates at every ply,
// which the cut-throat coalition breaks, and the two-seat measurements (double_six_solver.h) showed
// a State copy and pips by popcount per node cost about half the time of a solve.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "engine/search/negamax.h"
#include "engine/search/search_limit.h"
#include "engine/search/transposition_table.h"

namespace endgame {

/// The transposition-table key of a position with up to four seats (see the header comment).
struct MultiSeatKey {
  std::array<std::uint64_t, dominoes::kStateSeats> hands{};  ///< every seat's hand
  std::uint32_t meta = 0;  ///< low end, high end, seat to move, root seat, remaining depth

  bool operator==(const MultiSeatKey& o) const {  // word by word: a memcmp call costs more
    return meta == o.meta && hands[0] == o.hands[0] && hands[1] == o.hands[1] &&
           hands[2] == o.hands[2] && hands[3] == o.hands[3];
  }
  /// Returns a well-mixed 64-bit hash of the key.
  std::uint64_t hash() const;
};

/// Exact (or depth-limited) open-hands values of Block Dominoes positions with two to four seats.
/// Not thread-safe: one per thread.
class MultiSeatSolver {
 public:
  /// Default transposition-table memory: 1 MiB (16384 entries of 48 bytes, 768 KiB, in two-entry
  /// buckets).
  /// bench_solver's BM_SolveFourSeatDealTableBytes: 0.63 ms per fresh four-seat solve from 256 KiB
  /// to 1 MiB, 0.68 at 4 MiB, 1.0 at 16 MiB, 1.6 at 64 MiB (a table past the L2 cache is slower).
  static constexpr std::size_t kDefaultTableBytes = std::size_t{1} << 20;

  /// Returns a solver for `rules` (any set, 2..4 seats, any block and scoring rule) whose table
  /// uses at most `table_bytes` bytes (at least two entries).
  explicit MultiSeatSolver(const dominoes::Rules& rules,
                           std::size_t table_bytes = kDefaultTableBytes);

  /// Returns the value of `s` for the seat to move, in points: with partnerships (and two seats)
  /// its team's points minus the other team's under best play by both teams; in cut-throat its
  /// points minus the winner's (or plus its own when it wins) when every other seat plays against
  /// it (paranoid). `depth` tiles deep, 0 = to the end of the hand (exact). Requires s.seats ==
  /// the rules' seats and a hand still going on or finished (a finished hand's value is its score).
  int value(const dominoes::State& s, int depth = 0);
  /// Writes into `values[i]` the value for the seat to move in `s` (as value()) of playing
  /// `moves[i]` (legal in `s`, a pass only when it must pass) and then playing on best, the
  /// move's tile counting against `depth` (0 = exact); allocation-free.
  void move_values(const dominoes::State& s, const dominoes::MoveList& moves, int depth,
                   int* values);

  /// Returns a bound on the value (as move_values()) of playing `move` in `s`, from one
  /// null-window search at `threshold` (points): a result below `threshold` is an upper bound on
  /// the value, a result at or above it a lower bound. Much cheaper than the exact value when the
  /// value lies far from `threshold`; the bounds it proves stay in the table for later searches.
  /// Requires what move_values() requires and |threshold| < 2^20 (every value is far inside).
  int move_bound(const dominoes::State& s, dominoes::Move move, int depth, int threshold);

  /// Returns the positions visited since construction.
  std::uint64_t nodes() const { return nodes_; }
  /// Returns the table's memory in bytes.
  std::size_t table_bytes() const { return table_.bytes(); }
  /// Bounds every later search by `limit` (null: only the process's stop request), which must
  /// outlive them; a search over it throws search::SearchStopped (search_limit.h).
  void set_limit(const search::SearchLimit* limit) { limit_ = limit; }

  /// Tiles left in all hands below which a node is searched without the table.
  static constexpr int kTableMinTiles = 5;

 private:
  // A position in the search's own form (see the header comment).
  struct Node {
    std::array<std::uint64_t, dominoes::kStateSeats> hands;
    std::array<std::int16_t, dominoes::kStateSeats> pips;
    std::int16_t total_pips;     // in every hand
    std::int16_t max_side_pips;  // in the hands of the max side's seats
    std::int8_t tiles;           // in every hand
    std::int8_t left, right;
    std::uint8_t mover;
    std::int8_t out;        // the seat that just went out, else -1
    std::int8_t lead_tile;  // the tile the leader must lead on an empty line, else -1
  };

  // The exact value of `n` for its side to move (depth as in search), by MTD(f) from `guess`.
  int exact(const Node& n, int depth, int guess);
  // A node's value for its side to move, fail-soft in (alpha, beta); depth: remaining tiles
  // (search::kUnlimitedDepth for none).
  int search(const Node& n, int depth, int alpha, int beta);
  // The rest of search(): the table, the moves, the children.
  int expand(const Node& n, int depth, int alpha, int beta, std::uint64_t at_left,
             std::uint64_t at_right);
  // The empty line: every allowed lead, no table (one node per deal).
  int search_lead(const Node& n, int depth, int alpha, int beta);
  // The value for `parent`'s side to move of its child `child`, searched in (alpha, beta) seen
  // from the parent: negated when the child's mover is on the other side.
  int child_value(const Node& parent, const Node& child, int depth, int alpha, int beta);
  // The max side's net points if the hand ended in `n` (out: the seat that went out, or -1).
  int max_side_score(const Node& n) const;
  // The same seen from `seat`'s side.
  int score_for(const Node& n, int seat) const {
    return on_max_side(seat) ? max_side_score(n) : -max_side_score(n);
  }
  // The same seen from n's side to move.
  int mover_score(const Node& n) const { return score_for(n, n.mover); }
  bool on_max_side(int seat) const { return (max_side_ >> seat) & 1; }
  int next_seat(int seat) const { return seat + 1 == seats_ ? 0 : seat + 1; }
  // Sets the root seat: the max side and the root's part of the key.
  void set_root(int seat);
  Node node_of(const dominoes::State& s) const;
  // The node after the mover plays `tile`, leaving the ends `left` and `right`.
  Node child_of(const Node& n, int tile, int left, int right) const;
  // The node after the mover plays `move` (a pass: the next seat to move).
  Node after(const Node& n, dominoes::Move move) const;
  // The depth left after `move` from `remaining` (a pass is free; kUnlimitedDepth stays).
  static int child_remaining(int remaining, dominoes::Move move) {
    return remaining == search::kUnlimitedDepth || move.is_pass() ? remaining : remaining - 1;
  }
  MultiSeatKey key_of(const Node& n, int depth) const;

  dominoes::Rules rules_;
  int seats_;
  std::array<int, dominoes::kStateSeats> team_{};  // each seat's team
  std::uint8_t max_side_ = 0;                      // bit s: seat s on the max side
  int max_team_ = 0;
  bool two_teams_ = true;        // two seats or partnerships: a zero-sum game between two teams
  bool all_pips_ = false;        // the all-pips scoring rule
  std::uint32_t root_code_ = 0;  // the root seat in the key (cut-throat only)
  search::TranspositionTable<MultiSeatKey> table_;
  std::uint64_t nodes_ = 0;
  const search::SearchLimit* limit_ = nullptr;
};

}  // namespace endgame
