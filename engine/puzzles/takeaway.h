// Takeaway (seed 004, the Hackbright "Takeaway" challenge) for any finite set of moves, solved
// exactly for piles up to 2^63 - 1 stones.
//
// Rules: a pile of n stones; a move removes m stones for some m in the move set S (m <= n). The
// player who cannot move loses (normal play). The seed's game is S = {2, 3, 5}.
//
// Method: Sprague-Grundy theory (R. Sprague 1935, P. M. Grundy 1939). The Grundy value of a pile
// is g(n) = mex { g(n - m) : m in S, m <= n }, the least non-negative integer not among its
// options' values; the player to move wins exactly when g(n) != 0, and the winning moves are the
// m with g(n - m) = 0. Since g(n) <= |S|, values fit 32 bits.
//
// Periodicity: for n >= max(S) every move is available, so g(n) is a function of the window of
// the last max(S) values. There are finitely many windows, so the sequence is ultimately periodic
// (Berlekamp, Conway and Guy, "Winning Ways for your Mathematical Plays", vol. 1, ch. 4, on
// subtraction games). Two equal windows at positions t < j (both >= max(S)) prove the period
// j - t from t - max(S) on. We follow the windows with Brent's cycle-finding algorithm (Brent
// 1980), comparing rolling hashes and verifying every hash match value by value, so a collision
// never yields a wrong period. Brent finds the least period p; the least preperiod q is then found
// by stepping back while g(q - 1) = g(q - 1 + p). Brent needs at most about
// max(S) + 2 * max(q, p) + p values to see a period, not q + p + max(S), but uses no memory
// beyond the values themselves (4 bytes each).
//
// Bound: the search computes at most `bound` values (default 10,000,000, 40 MB; time about
// bound * |S| steps). When no period shows within the bound, g(n) is still known for the n
// computed; beyond them the answer is unknown, and the API says so rather than guess.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

namespace puzzles {

/// Raised for bad Takeaway input (no moves, a move of 0 stones, a bound of 0); what() is one
/// line naming the bad input and what would be valid.
class TakeawayError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// What the period search found.
struct TakeawayPeriod {
  std::uint64_t computed = 0;   ///< Grundy values computed: g(0) .. g(computed - 1)
  std::uint64_t preperiod = 0;  ///< least q with g(n + period) = g(n) for all n >= q
  std::uint64_t period = 0;     ///< least such period; 0 when not found
  bool found = false;           ///< false: no period within the bound
};

/// A Takeaway game (a subtraction game) with its Grundy sequence, searched for its period once at
/// construction. Queries are then O(1) (O(|S|) for winning_moves). Immutable, so thread-safe.
class Takeaway {
 public:
  /// The largest pile size the queries accept: 2^63 - 1 stones.
  static constexpr std::uint64_t kMaxStones = std::numeric_limits<std::int64_t>::max();
  /// Default bound on Grundy values computed while searching for the period (40 MB of values).
  static constexpr std::uint64_t kDefaultBound = 10'000'000;

  /// Returns the game with moves `moves` (stones removed per move; any order, duplicates are
  /// ignored), its Grundy sequence searched for a period over at most `bound` values. Throws
  /// TakeawayError if `moves` is empty, a move is 0 or above kMaxStones, or `bound` is 0.
  explicit Takeaway(std::vector<std::uint64_t> moves, std::uint64_t bound = kDefaultBound);

  /// Returns the moves, ascending, without duplicates.
  const std::vector<std::uint64_t>& moves() const { return moves_; }
  /// Returns what the period search found (values computed, preperiod, period).
  const TakeawayPeriod& period() const { return period_; }

  /// Returns true when g(n) is known: n was computed, or the period was found.
  bool known(std::uint64_t n) const { return period_.found || n < period_.computed; }
  /// Returns the Grundy value g(n) of a pile of `n` stones (0..|S|), or nullopt when unknown
  /// (see known()).
  std::optional<std::uint32_t> grundy(std::uint64_t n) const;
  /// Returns true when the player to move with `n` stones wins (g(n) != 0), or nullopt when
  /// unknown.
  std::optional<bool> wins(std::uint64_t n) const;
  /// Returns the winning moves with `n` stones, ascending: the moves m <= n with g(n - m) = 0
  /// (empty when the player to move loses), or nullopt when g(n) is unknown.
  std::optional<std::vector<std::uint64_t>> winning_moves(std::uint64_t n) const;

 private:
  void search_period(std::uint64_t bound);
  std::uint32_t mex_at(std::uint64_t n);
  bool same_window(std::uint64_t a, std::uint64_t b) const;
  void finish(std::uint64_t tortoise, std::uint64_t hare);

  std::vector<std::uint64_t> moves_;
  std::vector<std::uint32_t> values_;  // g(0) .. ; after a period is found, g(0) .. g(q + p - 1)
  std::vector<std::uint64_t> seen_;    // mex scratch for large move sets: seen_[v] = n + 1
  TakeawayPeriod period_;
};

}  // namespace puzzles
