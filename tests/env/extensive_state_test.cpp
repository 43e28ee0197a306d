// One hand as an extensive-form game (arena/env/extensive_state.h): the chance tree deals
// every pair of hands exactly once with the uniform deal's probability (enumerated here), refuses
// any outcome it does not list, plays the engine's legal moves, returns what the tournament's
// GameOutcome::net says (and a hand-scored cut-throat example), and replays its own record.
#include "arena/env/extensive_state.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "arena/tournament/play/game_loop.h"
#include "engine/dominoes/actions.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/sorted_deal.h"
#include "engine/dominoes/tile.h"

namespace arena {
namespace {

using namespace dominoes;

Rules small_rules(int seats, int max_pip, int hand_size) {
  Rules r = table_rules(seats);
  r.max_pip = max_pip;
  r.hand_size = hand_size;
  r.match_target = 0;
  r.leader = LeaderRule::kAlternate;
  return r;
}

// Walks every chance history of the deal, adding each deal's probability by its hands.
void walk_deal(const ExtensiveState& node, double probability,
               std::map<std::pair<std::uint64_t, std::uint64_t>, double>& deals) {
  if (!node.is_chance()) {
    deals[{node.state().hands[0].bits(), node.state().hands[1].bits()}] += probability;
    return;
  }
  for (const auto& [outcome, p] : node.chance_outcomes()) {
    ExtensiveState child = node;
    child.apply(outcome);
    walk_deal(child, probability * p, deals);
  }
}

TEST(ExtensiveState, DealsEveryPairOfHandsOnceUniformly) {
  const Rules rules = small_rules(2, 3, 3);  // 10 tiles: C(10,3) x C(7,3) = 120 x 35 deals
  std::map<std::pair<std::uint64_t, std::uint64_t>, double> deals;
  walk_deal(ExtensiveState(rules), 1.0, deals);
  ASSERT_EQ(deals.size(), 120u * 35u);
  for (const auto& [hands, probability] : deals) {
    EXPECT_EQ(TileSet(hands.first).size(), 3);
    EXPECT_EQ(TileSet(hands.first & hands.second).size(), 0);
    EXPECT_NEAR(probability, 1.0 / (120 * 35), 1e-15);
  }
}

TEST(ExtensiveState, RefusesOutcomesItDoesNotList) {
  ExtensiveState node(small_rules(2, 9, 10));  // double-9: 55 tiles
  node.apply(0);
  node.apply(5);
  const std::vector<int> before = node.actions();
  // below zero, past the set, already dealt, below the hand's last tile, leaving no room
  for (int bad : {-5, 55, 1000, 0, 5, 3, 54}) {
    EXPECT_THROW(node.apply(bad), std::invalid_argument) << bad;
    EXPECT_EQ(node.actions(), before) << bad;
  }
  try {
    node.apply(-5);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("chance outcome -5 is not valid"), std::string::npos);
  }
  for (int t = 6; t < 14; ++t) node.apply(t);  // seat 0 holds 10 tiles; seat 1 is dealt next
  EXPECT_EQ(node.dealing_seat(), 1);
  EXPECT_THROW(node.apply(5), std::invalid_argument);  // seat 0's tile, to seat 1
  node.apply(1);
  EXPECT_EQ(node.dealt(1).size(), 1);
}

TEST(ExtensiveState, LeaderNodeAndMovesRefuseWhatIsNotValid) {
  Rules rules = small_rules(3, 3, 2);
  rules.leader = LeaderRule::kRandom;
  ExtensiveState node(rules);
  for (int t : {0, 1, 2, 8, 5, 9}) node.apply(t);
  ASSERT_TRUE(node.is_chance());
  const auto outcomes = node.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_DOUBLE_EQ(outcomes[2].second, 1.0 / 3);
  EXPECT_THROW(node.apply(3), std::invalid_argument);
  EXPECT_THROW(node.apply(-1), std::invalid_argument);
  node.apply(1);
  EXPECT_EQ(node.current_player(), 1);
  EXPECT_EQ(node.legal_actions(), (std::vector<int>{2 * 3, 8 * 3}));         // lead 1-1 or 2-3
  EXPECT_THROW(node.apply(0), std::invalid_argument);                        // 0-0 is seat 0's
  EXPECT_THROW(node.apply(action_count(rules) - 1), std::invalid_argument);  // no pass
}

TEST(ExtensiveState, CutThroatReturnsAreNetPointsByHand) {
  // seat 0: 0-0 0-1, seat 1: 1-1 2-3, seat 2: 2-2 3-3 (tile indices high*(high+1)/2 + low)
  Rules rules = small_rules(3, 3, 2);
  rules.partners = false;
  rules.scoring = ScoringRule::kOpponentPips;
  ExtensiveState node(rules);
  for (int t : {0, 1, 2, 8, 5, 9}) node.apply(t);
  EXPECT_EQ(node.current_player(), 0);  // alternate: seat 0 leads
  const int pass = action_count(rules) - 1;
  for (int a : {0 * 3 + 0, pass, pass}) node.apply(a);  // 0-0 led; seats 1 and 2 lack 0
  EXPECT_FALSE(node.is_terminal());
  EXPECT_EQ(node.returns(), (std::array<int, kStateSeats>{0, 0, 0, 0}));
  node.apply(1 * 3 + 1);  // 0-1 on the left: seat 0 goes out
  ASSERT_TRUE(node.is_terminal());
  EXPECT_EQ(node.current_player(), ExtensiveState::kTerminal);
  // the losers hold 1+1+2+3 and 2+2+3+3 pips: seat 0 scores 17, each other seat loses 17
  EXPECT_EQ(node.returns(), (std::array<int, kStateSeats>{17, -17, -17, 0}));
  EXPECT_TRUE(node.legal_actions().empty());
  EXPECT_THROW(node.apply(pass), std::invalid_argument);
}

// Plays random hands at every table; returns must be the tournament's net points, legal actions
// ascending, and the record must replay to the same node.
TEST(ExtensiveState, RandomHandsMatchTheTournamentsNetPoints) {
  std::vector<Rules> tables = {table_rules(2), table_rules(3), table_rules(4)};
  tables.push_back(table_rules(4));
  tables.back().partners = false;
  Rng rng(7);
  for (Rules rules : tables) {
    rules.match_target = 0;
    for (int game = 0; game < 200; ++game) {
      ExtensiveState node(rules);
      while (!node.is_terminal()) {
        if (node.is_chance()) {
          const auto outcomes = node.chance_outcomes();
          node.apply(outcomes[rng.below(static_cast<std::uint32_t>(outcomes.size()))].first);
          continue;
        }
        const std::vector<int> legal = node.legal_actions();
        ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
        node.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      const tournament::GameOutcome outcome = tournament::score_game(node.state(), rules);
      for (Seat s = 0; s < rules.seats; ++s) EXPECT_EQ(node.returns()[s], outcome.net(s));
      const ExtensiveState again = ExtensiveState::replay(rules, node.actions());
      EXPECT_EQ(again.to_string(), node.to_string());
      EXPECT_EQ(again.actions(), node.actions());
    }
  }
}

TEST(ExtensiveState, RefusesRulesItCannotPlay) {
  EXPECT_THROW(ExtensiveState{table_rules(4)}, std::invalid_argument);  // a match to 100
  Rules bad = small_rules(2, 2, 4);  // 6 tiles cannot deal two hands of 4
  EXPECT_THROW(ExtensiveState{bad}, std::invalid_argument);
  EXPECT_THROW(ExtensiveState::replay(small_rules(2, 3, 2), {0, 0}), std::invalid_argument);
}

}  // namespace
}  // namespace arena
