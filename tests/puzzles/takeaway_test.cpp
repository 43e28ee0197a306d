// Takeaway (engine/puzzles/takeaway.h) against facts that do not come from the solver: the seed's
// win/lose facts (seed 004), values and periods worked by hand below or taken from textbooks, a
// memoized win/lose recursion written here (the seed's can_win, for any move set), and Grundy
// values from a direct mex written here. Periods the solver reports are checked against their
// definition on the direct values, and answers for huge piles against the direct values of the
// pile they reduce to.
#include "engine/puzzles/takeaway.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <vector>

namespace puzzles {
namespace {

using Moves = std::vector<std::uint64_t>;
constexpr std::uint64_t kMax = Takeaway::kMaxStones;

// ---- independent references ------------------------------------------------------------------

// The seed's can_win with the moves as a parameter and a memo (-1 unknown, 0 lose, 1 win).
bool can_win(std::uint64_t n, const Moves& moves, std::vector<int>& memo) {
  if (memo[n] >= 0) return memo[n] == 1;
  bool win = false;
  for (const std::uint64_t m : moves)
    if (m <= n && !can_win(n - m, moves, memo)) win = true;
  memo[n] = win ? 1 : 0;
  return win;
}

// g(0) .. g(count - 1) by the definition: the least value not among the options' values.
std::vector<std::uint32_t> direct_grundy(const Moves& moves, std::uint64_t count) {
  std::vector<std::uint32_t> g;
  for (std::uint64_t n = 0; n < count; ++n) {
    std::set<std::uint32_t> options;
    for (const std::uint64_t m : moves)
      if (m <= n) options.insert(g[n - m]);
    std::uint32_t mex = 0;
    while (options.count(mex)) ++mex;
    g.push_back(mex);
  }
  return g;
}

Moves random_moves(std::mt19937_64& rng, int max_count, std::uint64_t max_move) {
  std::uniform_int_distribution<int> count(1, max_count);
  std::uniform_int_distribution<std::uint64_t> move(1, max_move);
  Moves moves(count(rng));
  for (auto& m : moves) m = move(rng);
  return moves;  // duplicates left in on purpose: the solver must accept them
}

std::uint64_t max_move(const Moves& moves) {
  return *std::max_element(moves.begin(), moves.end());
}

std::vector<std::uint32_t> solver_values(const Takeaway& game, std::uint64_t count) {
  std::vector<std::uint32_t> g;
  for (std::uint64_t n = 0; n < count; ++n) g.push_back(game.grundy(n).value());
  return g;
}

void expect_period(const Moves& moves, std::uint64_t period, std::uint64_t preperiod) {
  const Takeaway game(moves);
  ASSERT_TRUE(game.period().found);
  EXPECT_EQ(game.period().period, period);
  EXPECT_EQ(game.period().preperiod, preperiod);
}

// ---- the seed and hand-worked games ----------------------------------------------------------

// Seed 004: with moves 2, 3, 5 the player to move has no win at 0, 1, 7 and 8, and wins at 2..6,
// 9 and 100.
TEST(Takeaway, SeedFacts) {
  const Takeaway game({2, 3, 5});
  for (const std::uint64_t n : {0, 1, 7, 8}) EXPECT_EQ(game.wins(n), false) << n;
  for (const std::uint64_t n : {2, 3, 4, 5, 6, 9, 100}) EXPECT_EQ(game.wins(n), true) << n;
}

// By hand, g(n) = mex{g(n-2), g(n-3), g(n-5)}: g(0..6) = 0 0 1 1 2 2 3, then g(7) = mex{2,2,1}
// = 0 and g(8) = mex{3,2,1} = 0 start the same 0 0 1 1 2 2 3 again; a window of 5 values
// repeating proves period 7 from 0.
TEST(Takeaway, Moves235HavePeriod7) {
  const Takeaway game({2, 3, 5});
  EXPECT_EQ(solver_values(game, 14),
            (std::vector<std::uint32_t>{0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 1, 2, 2, 3}));
  expect_period({2, 3, 5}, 7, 0);
}

// By hand: 10^18 = 1 (mod 7), since 10 = 3 and 3^6 = 1 (mod 7), so g(10^18) = g(1) = 0;
// 2^63 - 1 = 0 (mod 7), since 2^3 = 1 (mod 7), so g = g(0) = 0. At 100 = 2 (mod 7) the only
// winning move is 2 (to 98 = 0 mod 7; 3 and 5 leave 97 = 6 and 95 = 4, values 3 and 2).
TEST(Takeaway, Moves235HugePiles) {
  const Takeaway game({2, 3, 5});
  EXPECT_EQ(game.grundy(1'000'000'000'000'000'000), 0u);
  EXPECT_EQ(game.grundy(kMax), 0u);
  EXPECT_EQ(game.grundy(kMax - 1), 3u);  // 2^63 - 2 = 6 (mod 7)
  EXPECT_EQ(game.winning_moves(100), Moves{2});
  EXPECT_EQ(game.winning_moves(9), Moves{2});  // g(7) = 0; g(6) = 3, g(4) = 2
  EXPECT_EQ(game.winning_moves(7), Moves{});
}

// One move k: the pile is a chain of floor(n/k) forced moves, so g(n) = floor(n/k) mod 2: the
// pattern k zeros then k ones, period 2k, preperiod 0 (S = {1}: 0 1; S = {2}: 0 0 1 1).
TEST(Takeaway, OneMove) {
  for (std::uint64_t k = 1; k <= 9; ++k) {
    const Takeaway game({k});
    for (const std::uint64_t n : {std::uint64_t{0}, k - 1, k, 2 * k, 5 * k + 1, kMax, kMax / 3})
      EXPECT_EQ(game.grundy(n), (n / k) % 2) << "k " << k << " n " << n;
    expect_period({k}, 2 * k, 0);
  }
  EXPECT_EQ(solver_values(Takeaway({2}), 8), (std::vector<std::uint32_t>{0, 0, 1, 1, 0, 0, 1, 1}));
}

// S = {1..k}: g(n) = n mod (k + 1) (Winning Ways vol. 1 ch. 4; by induction, the options of n are
// the k values below n mod (k + 1), cyclically), so period k + 1, preperiod 0. k = 70 and 100
// take the large-set mex (more than 63 moves).
TEST(Takeaway, OneToK) {
  for (const std::uint64_t k : {1, 2, 3, 4, 7, 20, 70, 100}) {
    Moves moves;
    for (std::uint64_t m = 1; m <= k; ++m) moves.push_back(m);
    const Takeaway game(moves);
    for (const std::uint64_t n : {std::uint64_t{0}, k, k + 1, 3 * k + 2, kMax, kMax - 17})
      EXPECT_EQ(game.grundy(n), n % (k + 1)) << "k " << k << " n " << n;
    expect_period(moves, k + 1, 0);
  }
}

// S = {1, 3, 4}: g = 0 1 0 1 2 3 2 repeating, period 7 (T. S. Ferguson, Game Theory, Part I,
// section 3.3, worked example).
TEST(Takeaway, OneThreeFour) {
  EXPECT_EQ(solver_values(Takeaway({1, 3, 4}), 14),
            (std::vector<std::uint32_t>{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}));
  expect_period({1, 3, 4}, 7, 0);
}

// S = {2, 4, 7}, by hand: g(0..7) = 0 0 1 1 2 2 0 3, then g(8..17) = 1 0 2 1 0 2 1 0 2 1.
// The windows g(8..14) and g(11..17) are equal, so the period 3 holds from 8; it does not from 7
// (g(7) = 3, g(10) = 2): preperiod 8.
TEST(Takeaway, TwoFourSevenHasPreperiod8) {
  EXPECT_EQ(solver_values(Takeaway({2, 4, 7}), 18),
            (std::vector<std::uint32_t>{0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1}));
  expect_period({2, 4, 7}, 3, 8);
  EXPECT_EQ(Takeaway({2, 4, 7}).grundy(kMax), 2u);  // 2^63 - 1 - 8 = 2 (mod 3): g(10) = 2
}

// ---- random move sets against the references -------------------------------------------------

TEST(Takeaway, WinLoseAndWinningMovesMatchBruteForce) {
  std::mt19937_64 rng(4);
  constexpr std::uint64_t kPiles = 300;
  for (int trial = 0; trial < 300; ++trial) {
    const Moves moves = random_moves(rng, 6, 25);
    const Takeaway game(moves);
    std::vector<int> memo(kPiles + 1, -1);
    for (std::uint64_t n = 0; n <= kPiles; ++n) {
      ASSERT_EQ(game.wins(n), can_win(n, moves, memo)) << "trial " << trial << " n " << n;
      std::set<std::uint64_t> winning;  // moves leaving the opponent no win
      for (const std::uint64_t m : moves)
        if (m <= n && !can_win(n - m, moves, memo)) winning.insert(m);
      ASSERT_EQ(game.winning_moves(n), Moves(winning.begin(), winning.end())) << "n " << n;
    }
  }
}

TEST(Takeaway, GrundyMatchesDirectMex) {
  std::mt19937_64 rng(40);
  for (int trial = 0; trial < 200; ++trial) {
    // Large sets (the general mex) can have very long periods: bound the search at the 400
    // values compared.
    const bool large = trial >= 150;
    const Moves moves = large ? random_moves(rng, 90, 150) : random_moves(rng, 8, 30);
    const Takeaway game(moves, large ? 400 : Takeaway::kDefaultBound);
    EXPECT_EQ(solver_values(game, 400), direct_grundy(moves, 400)) << trial;
  }
}

// The reported (preperiod q, period p) against the definition on direct values: g(n + p) = g(n)
// on a full window n = q .. q + max(S) - 1 (which proves it for all n >= q, see takeaway.h); no
// shorter period d < p from q (a witness n in q .. q + p - 1 with g(n) != g(n + d)); and not
// from q - 1.
TEST(Takeaway, PeriodsMeetTheDefinition) {
  std::mt19937_64 rng(400);
  for (int trial = 0; trial < 200; ++trial) {
    const Moves moves = random_moves(rng, 6, 24);
    const TakeawayPeriod found = Takeaway(moves).period();
    ASSERT_TRUE(found.found) << trial;
    const std::uint64_t q = found.preperiod, p = found.period, w = max_move(moves);
    const std::vector<std::uint32_t> g = direct_grundy(moves, q + 2 * p + w);
    for (std::uint64_t n = q; n < q + w; ++n) ASSERT_EQ(g[n], g[n + p]) << trial << " n " << n;
    for (std::uint64_t d = 1; d < p; ++d) {
      bool witness = false;
      for (std::uint64_t n = q; n < q + p && !witness; ++n) witness = g[n] != g[n + d];
      EXPECT_TRUE(witness) << "trial " << trial << ": " << d << " is a shorter period than " << p;
    }
    if (q > 0) {
      EXPECT_NE(g[q - 1], g[q - 1 + p]) << "trial " << trial << ": preperiod not least";
    }
  }
}

// N = q + k p + r with k huge has the value of q + r; the winning moves follow from the direct
// values the same way.
TEST(Takeaway, HugePilesReduceThroughThePeriod) {
  std::mt19937_64 rng(4000);
  for (int trial = 0; trial < 100; ++trial) {
    const Moves moves = random_moves(rng, 6, 24);
    const Takeaway game(moves);
    const std::uint64_t q = game.period().preperiod, p = game.period().period;
    const std::vector<std::uint32_t> g = direct_grundy(moves, q + p);
    const auto reduced = [&](std::uint64_t n) { return g[n < q ? n : q + (n - q) % p]; };
    for (std::uint64_t r = 0; r < p; ++r) {
      for (const std::uint64_t k : {std::uint64_t{1'000'000'000'000'000} / p, (kMax - q - r) / p}) {
        const std::uint64_t n = q + k * p + r;
        ASSERT_EQ(game.grundy(n), g[q + r]) << "trial " << trial << " n " << n;
        Moves winning;
        for (const std::uint64_t m : game.moves())
          if (reduced(n - m) == 0) winning.push_back(m);
        ASSERT_EQ(game.winning_moves(n), g[q + r] == 0 ? Moves{} : winning) << "n " << n;
      }
    }
  }
}

// ---- the bound, and bad input ----------------------------------------------------------------

// With too small a bound nothing is guessed: the computed values are answered, the rest unknown.
TEST(Takeaway, NoPeriodWithinTheBound) {
  const Takeaway game({2, 3, 5}, 5);
  EXPECT_FALSE(game.period().found);
  EXPECT_EQ(game.period().computed, 5u);
  EXPECT_EQ(game.grundy(4), 2u);
  EXPECT_EQ(game.winning_moves(4), Moves{3});  // g(2) = 1, g(1) = 0: 3 wins
  EXPECT_FALSE(game.known(5));
  EXPECT_EQ(game.grundy(5), std::nullopt);
  EXPECT_EQ(game.wins(kMax), std::nullopt);
  EXPECT_EQ(game.winning_moves(5), std::nullopt);

  const Takeaway far({1000}, 100);  // no pile below 1000 has a move: all 0, and no window yet
  EXPECT_FALSE(far.period().found);
  EXPECT_EQ(far.grundy(99), 0u);
  EXPECT_EQ(far.grundy(100), std::nullopt);
}

TEST(Takeaway, HugeMoveIsFine) {
  const Takeaway game({kMax}, 1000);  // one move, g(n) = floor(n / kMax) mod 2
  EXPECT_FALSE(game.period().found);
  EXPECT_EQ(game.grundy(0), 0u);
  EXPECT_EQ(game.grundy(kMax), std::nullopt);
}

TEST(Takeaway, DuplicatesCountOnce) {
  const Takeaway game({5, 3, 2, 3, 5});
  EXPECT_EQ(game.moves(), (Moves{2, 3, 5}));
  EXPECT_EQ(game.period().period, 7u);
}

TEST(Takeaway, RejectsBadInput) {
  EXPECT_THROW(Takeaway(Moves{}), TakeawayError);
  EXPECT_THROW(Takeaway({0, 2}), TakeawayError);
  EXPECT_THROW(Takeaway({2, kMax + 1}), TakeawayError);
  EXPECT_THROW(Takeaway({2, 3}, 0), TakeawayError);
}

}  // namespace
}  // namespace puzzles
