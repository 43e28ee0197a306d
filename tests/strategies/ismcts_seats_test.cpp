// ISMCTS at four seats (strategies/ismcts): an endgame whose hidden hands the passes fix, worked
// out by hand, with partners (team rewards) and cut-throat (each seat its own).
#include <gtest/gtest.h>

#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "strategies/ismcts/ismcts_strategy.h"

namespace strategies {
namespace {

using dominoes::TileSet;

// Seat 0 to move on ends 1 and 2 holding 1-6 and 2-5; seats 1, 2 and 3 hold one tile each. The
// passes leave one world: seat 1 lacks 4 and 5, seat 2 lacks 4 and 6, seat 3 lacks 5 and 6, so of
// the unseen 6-6, 5-5 and 4-4 seat 1 holds 6-6, seat 2 5-5 and seat 3 4-4.
//   1-6L (ends 6, 2): seat 1 plays 6-6 and is out.
//   2-5R (ends 1, 5): seat 1 cannot play and passes; seat 2 plays 5-5 and is out.
dominoes::State endgame() {
  dominoes::State s;
  s.seats = 4;
  s.hands[0] = dominoes::parse_tiles("1-6,2-5", 6);
  s.hands[1] = dominoes::parse_tiles("6-6", 6);
  s.hands[2] = dominoes::parse_tiles("5-5", 6);
  s.hands[3] = dominoes::parse_tiles("4-4", 6);
  TileSet held;
  for (TileSet h : s.hands) held |= h;
  s.line = TileSet::full(6) - held;
  s.left = 1, s.right = 2;
  for (int v : {4, 5}) s.lacks[1].insert(v);
  for (int v : {4, 6}) s.lacks[2].insert(v);
  for (int v : {5, 6}) s.lacks[3].insert(v);
  return s;
}

double mean_of(const IsmctsStrategy& ismcts, const char* move) {
  for (const auto& child : ismcts.children({}))
    if (dominoes::to_string(child.move) == move) return child.mean_points;
  return 1e9;
}

TEST(IsmctsSeats, WithPartnersPlaysForTheTeam) {
  // 2-5R lets the partner (seat 2) go out: team 0 scores seat 1's 12 and seat 3's 8 = +20.
  // 1-6L lets seat 1 go out: team 1 scores seat 0's 2-5 (7) and seat 2's 5-5 (10) = -17.
  const dominoes::State s = endgame();
  const dominoes::Rules rules = dominoes::table_rules(4);
  const dominoes::History history(0, 4);
  const auto obs = dominoes::observe(s, history, rules, 0);
  IsmctsStrategy ismcts({.iterations = 200});
  Rng rng(4);
  EXPECT_EQ(dominoes::to_string(ismcts.choose(obs, obs.legal_moves(), rng)), "2-5R");
  EXPECT_NEAR(mean_of(ismcts, "2-5R"), 20, 1e-9);
  EXPECT_NEAR(mean_of(ismcts, "1-6L"), -17, 1e-9);
  // R: own 14 pips plus the three heaviest unseen tiles (6-6, 5-5, 4-4: 30).
  EXPECT_EQ(ismcts.reward_scale(), 44);
}

TEST(IsmctsSeats, CutThroatPlaysForItself) {
  // Without partners whoever goes out scores every other hand. 1-6L: seat 1 out, seat 0 loses
  // 7 + 10 + 8 = 25; 2-5R: seat 2 out, seat 0 loses 7 + 12 + 8 = 27. The lesser loss: 1-6L.
  const dominoes::State s = endgame();
  dominoes::Rules rules = dominoes::table_rules(4);
  rules.partners = false;
  const dominoes::History history(0, 4);
  const auto obs = dominoes::observe(s, history, rules, 0);
  IsmctsStrategy ismcts({.iterations = 200});
  Rng rng(4);
  EXPECT_EQ(dominoes::to_string(ismcts.choose(obs, obs.legal_moves(), rng)), "1-6L");
  EXPECT_NEAR(mean_of(ismcts, "1-6L"), -25, 1e-9);
  EXPECT_NEAR(mean_of(ismcts, "2-5R"), -27, 1e-9);
}

TEST(IsmctsSeats, ExactLeavesAreRefusedAboveTwoSeats) {
  const dominoes::State s = endgame();
  const dominoes::Rules rules = dominoes::table_rules(4);
  const dominoes::History history(0, 4);
  const auto obs = dominoes::observe(s, history, rules, 0);
  IsmctsStrategy ismcts({.iterations = 10, .exact_tiles = 5});
  Rng rng(4);
  EXPECT_THROW(ismcts.choose(obs, obs.legal_moves(), rng), std::invalid_argument);
}

}  // namespace
}  // namespace strategies
