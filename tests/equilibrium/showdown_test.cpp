// The showdown of the public-tree solver (engine/equilibrium/showdown.h). Independent facts: values
// worked out by hand; the rules engine's own scoring (dominoes::net_points on a two-seat State
// holding the two hands) for every pair, against the pairwise version; dominoes::winner_points for
// every pair of small pips, against the scoring lines; and the pairwise version as the brute force
// the sweep must match on random lists (every scoring rule, weights with zeros, hands of 0 to 5
// tiles, the two seats' sizes different) and on every hand of a set.
#include "engine/equilibrium/showdown.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/dominoes/rules.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/state.h"

namespace equilibrium {
namespace showdown_testing {

using dominoes::TileSet;

std::vector<dominoes::Rules> every_scoring_rule(int max_pip) {
  std::vector<dominoes::Rules> all;
  for (const std::string& name : dominoes::scoring_rule_names()) {
    dominoes::Rules rules;
    rules.max_pip = max_pip;
    EXPECT_TRUE(dominoes::parse_scoring_rule(name, rules.scoring)) << name;
    all.push_back(rules);
  }
  return all;
}

ShowdownHand hand_of(TileSet tiles) {
  return {tiles, dominoes::pips(tiles)};
}

ShowdownHand hand_of(std::initializer_list<std::pair<int, int>> tiles) {
  TileSet set;
  for (auto [a, b] : tiles) set.insert(dominoes::make_tile(a, b));
  return hand_of(set);
}

// `count` hands of `tiles` tiles each, drawn uniformly from the tiles of `from` (repeats allowed).
std::vector<ShowdownHand> random_hands(TileSet from, int tiles, int count, std::mt19937_64& rng) {
  std::vector<dominoes::Tile> pool(from.begin(), from.end());
  std::vector<ShowdownHand> hands;
  for (int n = 0; n < count; ++n) {
    std::shuffle(pool.begin(), pool.end(), rng);
    TileSet set;
    for (int k = 0; k < tiles; ++k) set.insert(pool[static_cast<std::size_t>(k)]);
    hands.push_back(hand_of(set));
  }
  return hands;
}

// Every hand of `tiles` tiles from `from`, in no particular order.
std::vector<ShowdownHand> every_hand(TileSet from, int tiles) {
  std::vector<ShowdownHand> hands;
  const std::vector<dominoes::Tile> pool(from.begin(), from.end());
  std::vector<bool> pick(pool.size(), false);
  std::fill(pick.begin(), pick.begin() + tiles, true);
  do {
    TileSet set;
    for (std::size_t k = 0; k < pool.size(); ++k)
      if (pick[k]) set.insert(pool[k]);
    hands.push_back(hand_of(set));
  } while (std::prev_permutation(pick.begin(), pick.end()));
  return hands;
}

// Weights in [0, 1), about a quarter of them exactly 0 (hands the opponent never reaches).
std::vector<double> random_weights(std::size_t count, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<double> weights(count);
  for (double& w : weights) w = unit(rng) < 0.25 ? 0 : unit(rng);
  return weights;
}

// The sums by the rules engine itself: a two-seat State with my hand in seat 0 and theirs in
// seat 1, scored by dominoes::net_points for seat 0.
std::vector<double> values_by_rules_engine(const std::vector<ShowdownHand>& mine,
                                           const std::vector<ShowdownHand>& theirs,
                                           const std::vector<double>& weights,
                                           const dominoes::Rules& rules) {
  std::vector<double> out(mine.size(), 0);
  for (std::size_t i = 0; i < mine.size(); ++i)
    for (std::size_t j = 0; j < theirs.size(); ++j) {
      if (!(mine[i].tiles & theirs[j].tiles).empty()) continue;
      const dominoes::State s = dominoes::start_state(mine[i].tiles, theirs[j].tiles, 0);
      out[i] += weights[j] * dominoes::net_points(s, rules, 0);
    }
  return out;
}

// The scale of the sums, for a relative tolerance: every weight times the largest points at stake.
double scale_of(const std::vector<ShowdownHand>& mine, const std::vector<ShowdownHand>& theirs,
                const std::vector<double>& weights) {
  int most = 0;
  for (const auto* hands : {&mine, &theirs})
    for (const ShowdownHand& h : *hands) most = std::max(most, h.pips);
  double total = 0;
  for (double w : weights) total += std::abs(w);
  return 1 + total * 2 * most;
}

void expect_close(const std::vector<double>& expected, const std::vector<double>& actual,
                  double scale, const std::string& what) {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  for (std::size_t i = 0; i < expected.size(); ++i)
    ASSERT_NEAR(expected[i], actual[i], 1e-9 * scale) << what << ", hand " << i;
}

// Checks the sweep (forced), the evaluator's own choice and compatible_weight against the pairwise
// version for one pair of lists under every scoring rule.
void expect_sweep_matches_pairwise(ShowdownEvaluator& evaluator,
                                   const std::vector<ShowdownHand>& mine,
                                   const std::vector<ShowdownHand>& theirs,
                                   const std::vector<double>& weights, int max_pip,
                                   const std::string& what) {
  const double scale = scale_of(mine, theirs, weights);
  std::vector<double> expected(mine.size()), actual(mine.size());
  for (const dominoes::Rules& rules : every_scoring_rule(max_pip)) {
    const std::string where = what + ", scoring " + std::string(dominoes::to_string(rules.scoring));
    showdown_values_pairwise(mine, theirs, weights, rules, expected);
    evaluator.values_by_sweep(mine, theirs, weights, rules, actual);
    expect_close(expected, actual, scale, where + ", sweep");
    evaluator.values(mine, theirs, weights, rules, actual);
    expect_close(expected, actual, scale, where + ", values()");
  }
  compatible_weight_pairwise(mine, theirs, weights, expected);
  evaluator.compatible_weight_by_sweep(mine, theirs, weights, actual);
  expect_close(expected, actual, scale, what + ", compatible weight");
  evaluator.compatible_weight(mine, theirs, weights, actual);
  expect_close(expected, actual, scale, what + ", compatible_weight()");
}

}  // namespace showdown_testing

using namespace showdown_testing;

// winner_points is alpha x winner + beta x loser for every rule, so the sweep's sums suffice.
TEST(Showdown, ScoringLinesAreTheRulesOwnPoints) {
  for (const dominoes::Rules& rules : every_scoring_rule(6)) {
    const ScoringLine line = scoring_line(rules.scoring);
    for (int winner = 0; winner <= 150; ++winner)
      for (int loser = winner + 1; loser <= 150; ++loser)
        ASSERT_EQ(dominoes::winner_points(rules, winner, loser),
                  line.alpha * winner + line.beta * loser)
            << dominoes::to_string(rules.scoring) << " " << winner << " " << loser;
  }
}

// Double-2. Mine: [1|2] (3 pips) and [0|0] (0). Theirs: [0|1] (1 pip, weight 1), [2|2] (4,
// weight 2), [1|2] (3, weight 3); [1|2] cannot meet [1|2].
//   opponent-pips:  [1|2]: -3 x 1 + 4 x 2 = 5;      [0|0]: 1 x 1 + 4 x 2 + 3 x 3 = 18
//   pip-difference: [1|2]: -2 x 1 + 1 x 2 = 0;      [0|0]: 18 (as above, my pips are 0)
//   all-pips:       [1|2]: -4 x 1 + 7 x 2 = 10;     [0|0]: 18
// An empty hand (went out, 0 pips) meets all three: 18 under every rule; an empty opponent hand
// (weight 5) beats [1|2]: -3 x 5, -3 x 5, -3 x 5 more, and ties [0|0].
TEST(Showdown, HandComputedDoubleTwo) {
  const std::vector<ShowdownHand> mine = {hand_of({{1, 2}}), hand_of({{0, 0}}), hand_of(TileSet())};
  const std::vector<ShowdownHand> theirs = {hand_of({{0, 1}}), hand_of({{2, 2}}),
                                            hand_of({{1, 2}})};
  const std::vector<double> weights = {1, 2, 3};
  const std::vector<std::vector<double>> expected = {{5, 18, 18}, {0, 18, 18}, {10, 18, 18}};
  const std::vector<double> expected_with_empty_opponent_delta = {-15, 0, 0};
  ShowdownEvaluator evaluator;
  const auto rules = every_scoring_rule(2);
  // scoring_rule_names() lists losers-pips last, the same rule as opponent-pips.
  for (std::size_t r = 0; r < rules.size(); ++r) {
    const std::size_t e = static_cast<std::size_t>(rules[r].scoring);
    std::vector<double> pairwise(3), sweep(3);
    showdown_values_pairwise(mine, theirs, weights, rules[r], pairwise);
    evaluator.values_by_sweep(mine, theirs, weights, rules[r], sweep);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_DOUBLE_EQ(pairwise[i], expected[e][i]) << r << " " << i;
      EXPECT_DOUBLE_EQ(sweep[i], expected[e][i]) << r << " " << i;
    }
    std::vector<ShowdownHand> with_empty = theirs;
    with_empty.push_back(hand_of(TileSet()));
    const std::vector<double> weights_with_empty = {1, 2, 3, 5};
    evaluator.values_by_sweep(mine, with_empty, weights_with_empty, rules[r], sweep);
    for (std::size_t i = 0; i < 3; ++i)
      EXPECT_DOUBLE_EQ(sweep[i], expected[e][i] + expected_with_empty_opponent_delta[i]) << r;
  }
  std::vector<double> compatible(3);
  evaluator.compatible_weight_by_sweep(mine, theirs, std::vector<double>{1, 1, 1}, compatible);
  EXPECT_EQ(compatible, (std::vector<double>{2, 3, 3}));
  evaluator.compatible_weight_by_sweep(mine, theirs, weights, compatible);
  EXPECT_EQ(compatible, (std::vector<double>{3, 6, 6}));
}

// Equal pips score nothing. Mine: [1|1] and [0|2] (2 pips each); theirs: [0|2] (2), [1|1] (2) and
// [0|0] (0), weight 1 each. Each of mine ties the other 2-pip tile, cannot meet its own, and loses
// its 2 pips to [0|0] under every rule (0 + 2, 2 - 0, 2 + 0): -2.
TEST(Showdown, HandComputedTiesScoreNothing) {
  const std::vector<ShowdownHand> mine = {hand_of({{1, 1}}), hand_of({{0, 2}})};
  const std::vector<ShowdownHand> theirs = {hand_of({{0, 2}}), hand_of({{1, 1}}),
                                            hand_of({{0, 0}})};
  const std::vector<double> weights = {1, 1, 1};
  ShowdownEvaluator evaluator;
  for (const dominoes::Rules& rules : every_scoring_rule(2)) {
    std::vector<double> pairwise(2), sweep(2);
    showdown_values_pairwise(mine, theirs, weights, rules, pairwise);
    evaluator.values_by_sweep(mine, theirs, weights, rules, sweep);
    EXPECT_EQ(pairwise, (std::vector<double>{-2, -2}));
    EXPECT_EQ(sweep, (std::vector<double>{-2, -2}));
  }
}

// The pairwise version scores as the rules engine does, pair by pair.
TEST(Showdown, PairwiseScoresAsTheRulesEngine) {
  std::mt19937_64 rng(23);
  for (int max_pip = 2; max_pip <= 6; ++max_pip)
    for (int my_tiles = 0; my_tiles <= 4; ++my_tiles)
      for (int their_tiles = 0; their_tiles <= 4; ++their_tiles) {
        const TileSet set = TileSet::full(max_pip);
        const auto mine = random_hands(set, my_tiles, 12, rng);
        const auto theirs = random_hands(set, their_tiles, 15, rng);
        const auto weights = random_weights(theirs.size(), rng);
        for (const dominoes::Rules& rules : every_scoring_rule(max_pip)) {
          std::vector<double> pairwise(mine.size());
          showdown_values_pairwise(mine, theirs, weights, rules, pairwise);
          expect_close(values_by_rules_engine(mine, theirs, weights, rules), pairwise,
                       scale_of(mine, theirs, weights),
                       "double-" + std::to_string(max_pip) + " " + std::to_string(my_tiles) +
                           " vs " + std::to_string(their_tiles) + " tiles");
        }
      }
}

// Random lists from double-2 to double-6, hands of 0 to 5 tiles, the seats' sizes different; one
// evaluator reused throughout, so stale scratch from an earlier call would show.
TEST(Showdown, SweepMatchesPairwiseOnRandomLists) {
  std::mt19937_64 rng(2011);
  ShowdownEvaluator evaluator;
  std::uniform_int_distribution<int> list_length(0, 80);
  for (int max_pip = 2; max_pip <= 6; ++max_pip)
    for (int my_tiles = 0; my_tiles <= 5; ++my_tiles)
      for (int their_tiles = 0; their_tiles <= 5; ++their_tiles) {
        if (my_tiles + their_tiles > dominoes::tile_count(max_pip)) continue;
        // Some tiles already played: the hands come from what is left.
        TileSet left = TileSet::full(max_pip);
        const auto played = random_hands(
            left, std::min(3, dominoes::tile_count(max_pip) - my_tiles - their_tiles), 1, rng);
        left = left - played[0].tiles;
        for (int round = 0; round < 3; ++round) {
          const auto mine = random_hands(left, my_tiles, list_length(rng), rng);
          const auto theirs = random_hands(left, their_tiles, list_length(rng), rng);
          expect_sweep_matches_pairwise(
              evaluator, mine, theirs, random_weights(theirs.size(), rng), max_pip,
              "double-" + std::to_string(max_pip) + " " + std::to_string(my_tiles) + " vs " +
                  std::to_string(their_tiles) + " tiles");
        }
      }
}

// Every hand of a set against every hand: the root-like lists the solver meets.
TEST(Showdown, SweepMatchesPairwiseOnEveryHand) {
  std::mt19937_64 rng(2012);
  ShowdownEvaluator evaluator;
  struct Case {
    int max_pip, my_tiles, their_tiles;
  };
  for (const Case c : {Case{4, 2, 2}, Case{5, 3, 2}, Case{6, 3, 3}, Case{4, 4, 4}, Case{3, 1, 4}}) {
    const TileSet set = TileSet::full(c.max_pip);
    const auto mine = every_hand(set, c.my_tiles);
    const auto theirs = every_hand(set, c.their_tiles);
    expect_sweep_matches_pairwise(
        evaluator, mine, theirs, random_weights(theirs.size(), rng), c.max_pip,
        "every hand of double-" + std::to_string(c.max_pip) + ", " + std::to_string(c.my_tiles) +
            " vs " + std::to_string(c.their_tiles) + " tiles");
  }
}

// Larger hands (double-9, 7 to 10 tiles, from its 20 heaviest tiles so that the subsets fit)
// still give the same sums by the sweep; hands too large for it are paired instead, correctly.
TEST(Showdown, SweepMatchesPairwiseOnLargeHands) {
  std::mt19937_64 rng(2013);
  ShowdownEvaluator evaluator;
  TileSet heaviest;
  for (int t = dominoes::tile_count(9) - 20; t < dominoes::tile_count(9); ++t)
    heaviest.insert(static_cast<dominoes::Tile>(t));
  for (int my_tiles : {7, 10})
    for (int their_tiles : {6, 10}) {
      const auto mine = random_hands(heaviest, my_tiles, 40, rng);
      const auto theirs = random_hands(heaviest, their_tiles, 40, rng);
      EXPECT_TRUE(ShowdownEvaluator::sweep_fits(mine, theirs));
      expect_sweep_matches_pairwise(
          evaluator, mine, theirs, random_weights(theirs.size(), rng), 9,
          "double-9 " + std::to_string(my_tiles) + " vs " + std::to_string(their_tiles) + " tiles");
    }
  const auto mine = random_hands(TileSet::full(9), 14, 30, rng);
  const auto theirs = random_hands(TileSet::full(9), 13, 30, rng);
  EXPECT_FALSE(ShowdownEvaluator::sweep_fits(mine, theirs));
  expect_sweep_matches_pairwise(evaluator, mine, theirs, random_weights(theirs.size(), rng), 9,
                                "double-9 14 vs 13 tiles");
}

// Large lists take the sweep, tiny ones the pairing, by the cost model.
TEST(Showdown, CostModelPicksTheSweepForLongLists) {
  const TileSet set = TileSet::full(6);
  const auto root = every_hand(set, 3);
  EXPECT_TRUE(ShowdownEvaluator::sweep_is_faster(root, root));
  const std::vector<ShowdownHand> few(root.begin(), root.begin() + 3);
  EXPECT_FALSE(ShowdownEvaluator::sweep_is_faster(few, few));
}

TEST(Showdown, RefusesMismatchedLengthsAndNegativePips) {
  ShowdownEvaluator evaluator;
  const dominoes::Rules rules;
  const std::vector<ShowdownHand> two = {hand_of({{0, 1}}), hand_of({{2, 3}})};
  std::vector<double> out(2), short_out(1);
  const std::vector<double> one_weight = {1}, two_weights = {1, 1};
  EXPECT_THROW(evaluator.values(two, two, one_weight, rules, out), std::invalid_argument);
  EXPECT_THROW(evaluator.values_by_sweep(two, two, two_weights, rules, short_out),
               std::invalid_argument);
  EXPECT_THROW(showdown_values_pairwise(two, two, one_weight, rules, out), std::invalid_argument);
  EXPECT_THROW(compatible_weight_pairwise(two, two, two_weights, short_out), std::invalid_argument);
  std::vector<ShowdownHand> negative = two;
  negative[1].pips = -1;
  EXPECT_THROW(evaluator.values_by_sweep(negative, two, two_weights, rules, out),
               std::invalid_argument);
  EXPECT_THROW(evaluator.values(two, negative, two_weights, rules, out), std::invalid_argument);
  try {
    evaluator.values(two, two, one_weight, rules, out);
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "showdown: 1 weights for 2 opponent hands; give one weight per opponent hand");
  }
}

}  // namespace equilibrium
