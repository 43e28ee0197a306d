// The environment contract's bounds (arena/env/contract.h) against sums worked by hand.
#include "arena/env/contract.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace {

dominoes::Rules rules_of(int seats, bool partners, int target, int max_pip = 6, int hand = 7) {
  dominoes::Rules r;
  r.seats = seats;
  r.partners = partners;
  r.match_target = target;
  r.max_pip = max_pip;
  r.hand_size = hand;
  return r;
}

TEST(ContractTest, TheMostAHandIsWorthIsTheHeaviestDealtTilesPips) {
  // Double-six, 14 tiles dealt: 12 + 11 + 2*10 + 2*9 + 3*8 + 3*7 + 2*6 = 118.
  EXPECT_EQ(arena::max_hand_points(rules_of(2, false, 0)), 118);
  // Four hands of seven deal the whole set: 7 * 8 * 6 / 2 = 168 pips.
  EXPECT_EQ(arena::max_hand_points(rules_of(4, true, 0)), 168);
  // Double-two (0-0 0-1 0-2 1-1 1-2 2-2), two hands of one: 4 + 3 = 7.
  EXPECT_EQ(arena::max_hand_points(rules_of(2, false, 0, 2, 1)), 7);
}

TEST(ContractTest, AnEpisodesLargestLossCoversEveryOtherTeamScoringToTheTarget) {
  EXPECT_EQ(arena::max_episode_loss(rules_of(2, false, 0)), 118);
  // Two seats to 50: the other seat stops above 50, at most 50 + 118 = 168 points.
  EXPECT_EQ(arena::max_episode_loss(rules_of(2, false, 50)), 168);
  // Partners to 100: one other team, at most 99 + 168.
  EXPECT_EQ(arena::max_episode_loss(rules_of(4, true, 100)), 267);
  // Cut-throat, three seats to 100: two other seats, each at most 99 + 153 (168 less the seven
  // lightest tiles' 0 + 1 + 2 + 2 + 3 + 3 + 4 pips).
  EXPECT_EQ(arena::max_episode_loss(rules_of(3, false, 100)), 2 * (99 + 153));
}

TEST(ContractTest, APenaltyMustBeAFiniteNumberOfPointsAtLeastZero) {
  EXPECT_TRUE(arena::penalty_rule(0).ends_episode);
  EXPECT_EQ(arena::penalty_rule(2.5).penalty, 2.5);
  EXPECT_THROW(arena::penalty_rule(-1), std::invalid_argument);
  EXPECT_THROW(arena::penalty_rule(1.0 / 0.0), std::invalid_argument);
}

}  // namespace
