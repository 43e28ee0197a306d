// The seed's heuristic (decide_heuristic) and its decide_random (our `lowest`) on hand-made
// positions, one for each rule and each tie-break, worked out by hand from the seed's Prolog.
#include <gtest/gtest.h>

#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "strategies/heuristic/heuristic_strategy.h"
#include "strategies/lowest/lowest_strategy.h"

namespace strategies {
namespace {

using dominoes::History;
using dominoes::Rules;
using dominoes::State;

// A position where seat 0 is to move with `hand` on a line of `line` tiles with the given ends.
State position(const char* hand, const char* line, int left, int right) {
  State s = dominoes::start_state(dominoes::parse_tiles(hand, 6), dominoes::TileSet(), 0);
  s.line = dominoes::parse_tiles(line, 6);
  s.left = static_cast<std::int8_t>(left);
  s.right = static_cast<std::int8_t>(right);
  return s;
}

std::string choose(Strategy& strategy, const State& s) {
  const History history(0);
  const Rules rules;
  const auto obs = dominoes::observe(s, history, rules, 0);
  Rng rng(5);
  return dominoes::to_string(strategy.choose(obs, obs.legal_moves(), rng));
}

TEST(Heuristic, Rule1PlaysTheSmallestLegalDouble) {
  // Line 1-4,4-3 (ends 1 and 3); legal: 1-1L, 1-5L, 3-3R. Two doubles: the seed's sorted list has
  // [1,1] before [3,3].
  HeuristicStrategy h;
  EXPECT_EQ(choose(h, position("1-1,1-5,3-3", "1-4,3-4", 1, 3)), "1-1L");
  EXPECT_EQ(choose(h, position("1-5,3-3", "1-4,3-4", 1, 3)), "3-3R");
}

TEST(Heuristic, Rule3PicksTheNewEndsMostVisibleTilesCarry) {
  // Ends 5 and 3, hand 5-6, 3-6, 1-5, line 2-5, 2-3. Visible tiles: all five.
  //   5-6L leaves ends 6,3: carried by 5-6, 3-6, 2-3             -> 3
  //   1-5L leaves ends 1,3: carried by 3-6, 1-5, 2-3             -> 3
  //   3-6R leaves ends 5,6: carried by 5-6, 3-6, 1-5, 2-5        -> 4
  HeuristicStrategy h;
  EXPECT_EQ(choose(h, position("5-6,3-6,1-5", "2-5,2-3", 5, 3)), "3-6R");
}

TEST(Heuristic, Rule2PlaysATileWhoseValuesTheOpponentLacks) {
  // Same position, but the opponent has passed on 5 and 6: 5-6 carries only values it lacks, so
  // rule 2 plays it although rule 3 prefers 3-6R.
  HeuristicStrategy h;
  State s = position("5-6,3-6,1-5", "2-5,2-3", 5, 3);
  s.lacks[1].insert(5);
  s.lacks[1].insert(6);
  EXPECT_EQ(choose(h, s), "5-6L");
  // Lacking only one of a tile's values is not enough.
  State one = position("5-6,3-6,1-5", "2-5,2-3", 5, 3);
  one.lacks[1].insert(6);
  EXPECT_EQ(choose(h, one), "3-6R");
}

TEST(Heuristic, Rule3TiesGoToTheHighestMoveInSeedOrder) {
  // Leads from 0-1, 1-2, 3-4: 0-1 leaves ends 0,1 (0-1, 1-2 carry them: 2); 1-2 leaves 1,2 (2);
  // 3-4 leaves 3,4 (1). Tie between [0,1] and [1,2]: max_member takes [1,2].
  HeuristicStrategy h;
  EXPECT_EQ(choose(h, position("0-1,1-2,3-4", "", -1, -1)), "1-2");
  // 0-1 and 2-3 each carry only themselves: [2,3] is the higher.
  EXPECT_EQ(choose(h, position("0-1,2-3", "", -1, -1)), "2-3");
}

TEST(Heuristic, VisibleCarriersCountsEachTileOnce) {
  // A tile carrying both new ends counts once: lead 2-3 with 2-3 and 3-3 in view, new ends 2,3.
  const auto visible = dominoes::parse_tiles("2-3,3-3,0-0", 6);
  EXPECT_EQ(visible_carriers(Move(dominoes::make_tile(2, 3), dominoes::Placement::kLead), -1, -1,
                             visible),
            2);
}

TEST(Lowest, LeadsTheSmallestTile) {
  LowestStrategy l;
  EXPECT_EQ(choose(l, position("4-5,1-6,1-2", "", -1, -1)), "1-2");
}

TEST(Lowest, FollowsTheSeedsSetofOrderNotTheSmallestTile) {
  // Ends 0 and 6; hand 0-4 and 3-6. The seed lists [4,0] (0-4 on the left end, exposing 4) and
  // [3,6] (3-6 on the right, exposing 3) and takes [3,6], although 0-4 is the smaller tile.
  LowestStrategy l;
  EXPECT_EQ(choose(l, position("0-4,3-6", "0-6", 0, 6)), "3-6R");
}

TEST(Lowest, TileOnBothEndsTakesTheSideExposingTheLowerValue) {
  // Ends 2 and 5, hand 2-5: [5,2] on the left or [2,5] on the right; [2,5] sorts first.
  LowestStrategy l;
  EXPECT_EQ(choose(l, position("2-5,6-6", "2-4,4-5", 2, 5)), "2-5R");
}

}  // namespace
}  // namespace strategies
