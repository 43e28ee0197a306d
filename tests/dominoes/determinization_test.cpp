// Determinization (engine/dominoes/determinization.h): the opponent hands consistent with one
// seat's observation, counted, sampled and enumerated. Observations come from real games played
// with the engine; what each must satisfy is recomputed here independently: the candidate tiles
// (unseen, carrying no value the opponent showed it lacks, tracked by this test from the passes it
// makes), the count C(n, k) from this test's own Pascal triangle, and uniform sampling by a
// chi-square goodness-of-fit test on small cases whose hands are listed here.
#include "engine/dominoes/determinization.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace dominoes {
namespace {

// Pascal's triangle up to row 62 (C(62, 31) ~ 4.65e17 fits in 64 bits); additions only.
struct Pascal {
  std::array<std::array<std::uint64_t, 63>, 63> c{};
  Pascal() {
    for (int n = 0; n <= 62; ++n) {
      c[n][0] = c[n][n] = 1;
      for (int k = 1; k < n; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
    }
  }
  std::uint64_t operator()(int n, int k) const { return k < 0 || k > n ? 0 : c[n][k]; }
};
const Pascal kPascal;

// The double-six tiles as (low, high) with their engine index.
struct PlainTile {
  int low, high;
  Tile index;
};
std::vector<PlainTile> double_six() {
  std::vector<PlainTile> out;
  for (int high = 0; high <= 6; ++high)
    for (int low = 0; low <= high; ++low) out.push_back({low, high, make_tile(low, high)});
  return out;
}

// The candidates computed here: every double-six tile neither in `mine` nor on `line`, carrying
// neither value of `lacked` (bit v = the opponent lacks v).
std::uint64_t my_candidates(TileSet mine, TileSet line, unsigned lacked) {
  std::uint64_t out = 0;
  for (const PlainTile& t : double_six()) {
    if (mine.contains(t.index) || line.contains(t.index)) continue;
    if ((lacked >> t.low) & 1 || (lacked >> t.high) & 1) continue;
    out |= std::uint64_t{1} << t.index;
  }
  return out;
}

// ---- binomial ---------------------------------------------------------------------------------
TEST(DeterminizationBinomial, HandValuesAndPascalsTriangle) {
  // By hand: C(5,2) = 5*4/2 = 10; C(21,7) = 21*20*19*18*17*16*15/5040 = 116280;
  // C(55,27) = 3824345300380220 (the value quoted for the largest case, double-nine).
  EXPECT_EQ(binomial(5, 2), 10u);
  EXPECT_EQ(binomial(21, 7), 116280u);
  EXPECT_EQ(binomial(55, 27), 3824345300380220ull);
  EXPECT_EQ(binomial(28, 14), 40116600u);  // 28!/(14! 14!)
  EXPECT_EQ(binomial(7, 0), 1u);
  EXPECT_EQ(binomial(0, 0), 1u);
  EXPECT_EQ(binomial(3, 5), 0u);
  EXPECT_EQ(binomial(5, -1), 0u);
  EXPECT_EQ(kPascal(5, 2), 10u);  // the triangle agrees with the hand values
  EXPECT_EQ(kPascal(21, 7), 116280u);
  EXPECT_EQ(kPascal(55, 27), 3824345300380220ull);
  for (int n = 0; n <= 62; ++n)
    for (int k = -1; k <= n + 1; ++k) ASSERT_EQ(binomial(n, k), kPascal(n, k)) << n << " " << k;
}

// ---- observations from real games -------------------------------------------------------------
// Plays random games from make_deal and calls visit(state, history, lacked) before every move and
// at the end, where lacked[seat] (bit v) holds the ends each seat faced when it passed, tracked
// by this test.
template <typename Visit>
void play_random_games(const Rules& rules, int games, std::uint64_t seed, Visit visit) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    const Deal deal = make_deal(rules, seed, static_cast<std::uint64_t>(g));
    State s = start_state(deal);
    History h(deal.leader);
    std::array<unsigned, 2> lacked{0, 0};
    for (;;) {
      visit(s, h, lacked);
      if (status(s) != GameStatus::kOngoing) break;
      const MoveList legal = legal_moves(s);
      Move m = Move::pass();
      if (!legal.empty())
        m = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      else
        lacked[s.to_move] |= (1u << s.left) | (1u << s.right);
      apply(s, m);
      h.push_back(m);
    }
  }
}

TEST(DeterminizationRealGames, SamplesCountAndEnumerationAreConsistent) {
  const Rules rules;
  Rng sampler(12345);
  int observations = 0, with_lacks = 0, enumerated = 0, empty_opponent = 0;
  play_random_games(
      rules, 150, 2718,
      [&](const State& s, const History& h, const std::array<unsigned, 2>& lacked) {
        for (Seat seat = 0; seat < 2; ++seat) {
          const Seat opp = 1 - seat;
          const Observation obs = observe(s, h, rules, seat);
          const TileSet truth = s.hands[opp];
          const int k = truth.size();
          const std::uint64_t candidates = my_candidates(s.hands[seat], s.line, lacked[opp]);
          const int n = std::popcount(candidates);
          ++observations;
          with_lacks += lacked[opp] != 0;
          empty_opponent += k == 0;

          ASSERT_EQ(obs.opponent_tile_count(), k);
          ASSERT_EQ(obs.opponent_lacks().bits(), lacked[opp]);
          // The true hand is consistent: its tiles are candidates.
          ASSERT_EQ(truth.bits() & ~candidates, 0u);
          ASSERT_EQ(opponent_candidates(obs).bits(), candidates);
          // The count is C(n, k) with n counted here.
          ASSERT_EQ(count_consistent_hands(obs), kPascal(n, k)) << "n=" << n << " k=" << k;

          for (int i = 0; i < 8; ++i) {
            const TileSet hand = sample_opponent_hand(obs, sampler);
            ASSERT_EQ(hand.size(), k);
            ASSERT_EQ(hand.bits() & ~candidates, 0u);
            ASSERT_TRUE((hand & s.hands[seat]).empty());
            ASSERT_TRUE((hand & s.line).empty());
            for (Tile t : hand) {
              ASSERT_LT(t, tile_count(6));
              ASSERT_FALSE(lacked[opp] >> tile_low(t) & 1);
              ASSERT_FALSE(lacked[opp] >> tile_high(t) & 1);
            }
          }

          if (kPascal(n, k) <= 6000) {
            ++enumerated;
            std::vector<std::uint64_t> hands;
            for_each_consistent_hand(obs, [&](TileSet hand) { hands.push_back(hand.bits()); });
            ASSERT_EQ(hands.size(), kPascal(n, k));
            for (std::uint64_t bits : hands) {
              ASSERT_EQ(std::popcount(bits), k);
              ASSERT_EQ(bits & ~candidates, 0u);
            }
            std::sort(hands.begin(), hands.end());
            ASSERT_TRUE(std::adjacent_find(hands.begin(), hands.end()) == hands.end())
                << "a hand repeats";
            ASSERT_TRUE(std::binary_search(hands.begin(), hands.end(), truth.bits()));
          }
        }
      });
  EXPECT_GT(observations, 2000);
  EXPECT_GT(with_lacks, 200);
  EXPECT_GT(enumerated, 1000);
  EXPECT_GT(empty_opponent, 20);
}

TEST(DeterminizationRealGames, DeterminizeRebuildsTheObservedState) {
  const Rules rules;
  Rng sampler(777);
  int own_turn = 0;
  play_random_games(rules, 60, 1618,
                    [&](const State& s, const History& h, const std::array<unsigned, 2>&) {
                      for (Seat seat = 0; seat < 2; ++seat) {
                        const Seat opp = 1 - seat;
                        const Observation obs = observe(s, h, rules, seat);
                        for (TileSet hand : {s.hands[opp], sample_opponent_hand(obs, sampler)}) {
                          const State d = determinize(obs, hand);
                          ASSERT_EQ(d.hands[seat], s.hands[seat]);
                          ASSERT_EQ(d.hands[opp], hand);
                          ASSERT_EQ(d.line, s.line);
                          ASSERT_EQ(d.left, s.left);
                          ASSERT_EQ(d.right, s.right);
                          ASSERT_EQ(d.to_move, seat);
                          ASSERT_EQ(d.leader, s.leader);
                          ASSERT_EQ(d.lacks[0], s.lacks[0]);
                          ASSERT_EQ(d.lacks[1], s.lacks[1]);
                          ASSERT_EQ(d.last_was_pass, h.size() > 0 && h[h.size() - 1].is_pass());
                          ASSERT_TRUE(is_consistent(d));
                        }
                        // With the true hand, on the observer's own turn, the determinization is
                        // the real state.
                        if (s.to_move == seat) {
                          ++own_turn;
                          ASSERT_TRUE(determinize(obs, s.hands[opp]) == s);
                        }
                      }
                    });
  EXPECT_GT(own_turn, 500);
}

// ---- uniformity -----------------------------------------------------------------------------
// A hand-made position: seat 0 observes; `mine`, `line`, the opponent's `theirs`, and the values
// the opponent lacks.
State made_state(std::initializer_list<std::pair<int, int>> mine,
                 std::initializer_list<std::pair<int, int>> theirs,
                 std::initializer_list<std::pair<int, int>> line, int left, int right,
                 std::initializer_list<int> opponent_lacks) {
  State s;
  for (auto [a, b] : mine) s.hands[0].insert(make_tile(a, b));
  for (auto [a, b] : theirs) s.hands[1].insert(make_tile(a, b));
  for (auto [a, b] : line) s.line.insert(make_tile(a, b));
  s.left = static_cast<std::int8_t>(left);
  s.right = static_cast<std::int8_t>(right);
  for (int v : opponent_lacks) s.lacks[1].insert(v);
  return s;
}

// Lists the k-subsets of the set bits of `candidates`, by plain recursion.
void subsets(const std::vector<Tile>& pool, std::size_t from, int k, std::uint64_t acc,
             std::vector<std::uint64_t>& out) {
  if (k == 0) {
    out.push_back(acc);
    return;
  }
  for (std::size_t i = from; i < pool.size(); ++i)
    subsets(pool, i + 1, k - 1, acc | std::uint64_t{1} << pool[i], out);
}

// Draws `draws` samples and returns the chi-square statistic against the uniform distribution on
// the `expected_hands` hands listed from `candidates` here.
double chi_square(const Observation& obs, const std::vector<Tile>& candidates, int k,
                  std::size_t expected_hands, int draws, std::uint64_t seed) {
  std::vector<std::uint64_t> hands;
  subsets(candidates, 0, k, 0, hands);
  EXPECT_EQ(hands.size(), expected_hands);
  EXPECT_EQ(count_consistent_hands(obs), expected_hands);
  std::map<std::uint64_t, int> counts;
  for (std::uint64_t h : hands) counts[h] = 0;
  Rng rng(seed);
  for (int i = 0; i < draws; ++i) {
    const auto it = counts.find(sample_opponent_hand(obs, rng).bits());
    if (it == counts.end()) {
      ADD_FAILURE() << "sampled a hand that is not consistent";
      return 1e9;
    }
    ++it->second;
  }
  const double expected = static_cast<double>(draws) / static_cast<double>(hands.size());
  double chi2 = 0;
  for (const auto& [h, c] : counts) chi2 += (c - expected) * (c - expected) / expected;
  // The enumeration lists the same hands.
  std::vector<std::uint64_t> listed;
  for_each_consistent_hand(obs, [&](TileSet hand) { listed.push_back(hand.bits()); });
  std::sort(listed.begin(), listed.end());
  std::sort(hands.begin(), hands.end());
  EXPECT_EQ(listed, hands);
  return chi2;
}

TEST(DeterminizationUniformity, SixCandidatesTwoTilesIsUniform) {
  // Seat 0 holds 7 tiles and 15 lie on the line, so 28 - 22 = 6 tiles are unseen: 4-4, 4-5, 4-6,
  // 5-5, 5-6, 6-6. The opponent holds 2 of them (4-4, 5-6); nothing is lacked: C(6,2) = 15 hands.
  const State s =
      made_state({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}}, {{4, 4}, {5, 6}},
                 {{1, 1},
                  {1, 2},
                  {1, 3},
                  {1, 4},
                  {1, 5},
                  {1, 6},
                  {2, 2},
                  {2, 3},
                  {2, 4},
                  {2, 5},
                  {2, 6},
                  {3, 3},
                  {3, 4},
                  {3, 5},
                  {3, 6}},
                 1, 6, {});
  ASSERT_TRUE(is_consistent(s));
  const Rules rules;
  const History h(0);
  const Observation obs = observe(s, h, rules, 0);
  ASSERT_EQ(obs.unseen().size(), 6);
  const std::vector<Tile> candidates{make_tile(4, 4), make_tile(4, 5), make_tile(4, 6),
                                     make_tile(5, 5), make_tile(5, 6), make_tile(6, 6)};
  const double chi2 = chi_square(obs, candidates, 2, 15, 30000, 4711);
  EXPECT_LT(chi2, 36.12) << "chi-square, 14 degrees of freedom, p = 0.001";
}

TEST(DeterminizationUniformity, LackedValuesLeaveSevenCandidatesThreeTiles) {
  // The opponent has passed on ends 0, 1 and 2, so it holds only tiles made of 3..6: 3-3, 3-4,
  // 3-5, 3-6, 4-4, 4-5, 4-6, 5-5, 5-6, 6-6. Seat 0 holds 3-4, 5-6 and 6-6 of them (and 0-0, 2-2);
  // 0-1 and 1-2 lie on the line. Unseen: 28 - 7 = 21; candidates: 3-3, 3-5, 3-6, 4-4, 4-5, 4-6,
  // 5-5, 7 of them. The opponent holds 3: C(7,3) = 35 hands.
  const State s = made_state({{3, 4}, {5, 6}, {6, 6}, {0, 0}, {2, 2}}, {{3, 3}, {4, 5}, {5, 5}},
                             {{0, 1}, {1, 2}}, 0, 2, {0, 1, 2});
  ASSERT_TRUE(is_consistent(s));
  const Rules rules;
  const History h(0);
  const Observation obs = observe(s, h, rules, 0);
  ASSERT_EQ(obs.unseen().size(), 21);
  const std::vector<Tile> candidates{make_tile(3, 3), make_tile(3, 5), make_tile(3, 6),
                                     make_tile(4, 4), make_tile(4, 5), make_tile(4, 6),
                                     make_tile(5, 5)};
  const double chi2 = chi_square(obs, candidates, 3, 35, 30000, 1729);
  EXPECT_LT(chi2, 65.25) << "chi-square, 34 degrees of freedom, p = 0.001";
}

TEST(DeterminizationEdge, NoTilesOrEveryCandidate) {
  const Rules rules;
  const History h(0);
  Rng rng(3);
  // The opponent has gone out: one consistent hand, the empty one.
  const State out = made_state({{0, 0}}, {}, {{1, 2}}, 1, 2, {});
  const Observation o1 = observe(out, h, rules, 0);
  EXPECT_EQ(count_consistent_hands(o1), 1u);
  EXPECT_TRUE(sample_opponent_hand(o1, rng).empty());
  int visits = 0;
  for_each_consistent_hand(o1, [&](TileSet hand) {
    ++visits;
    EXPECT_TRUE(hand.empty());
  });
  EXPECT_EQ(visits, 1);
  // The opponent lacks 0..5, so only 6-6 can be in its hand, and it holds one tile: that one.
  const State forced = made_state({{0, 1}}, {{6, 6}}, {{2, 3}}, 2, 3, {0, 1, 2, 3, 4, 5});
  const Observation o2 = observe(forced, h, rules, 0);
  EXPECT_EQ(count_consistent_hands(o2), 1u);
  EXPECT_EQ(sample_opponent_hand(o2, rng), TileSet::of(make_tile(6, 6)));
  visits = 0;
  for_each_consistent_hand(o2, [&](TileSet hand) {
    ++visits;
    EXPECT_EQ(hand, TileSet::of(make_tile(6, 6)));
  });
  EXPECT_EQ(visits, 1);
}

}  // namespace
}  // namespace dominoes
