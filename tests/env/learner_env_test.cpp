// LearnerEnv (arena/env/learner_env.h): a hand that ends before the learning seat's first turn
// is paid on one turn whose only legal action is the pass, never skipped.
#include "arena/env/learner_env.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "engine/dominoes/actions.h"
#include "engine/dominoes/deal.h"
#include "strategies/registry.h"

namespace {

// Two seats, hands of one tile of the double-two set, seat 0 leads: seat 0 plays its only tile
// and goes out before seat 1 ever moves.
dominoes::Rules one_tile_rules() {
  dominoes::Rules r;
  r.max_pip = 2;
  r.hand_size = 1;
  r.leader = dominoes::LeaderRule::kAlternate;
  return r;
}

std::vector<strategies::Player> random_opponent() {
  std::vector<strategies::Player> out;
  out.push_back(strategies::Registry::builtin().make("random"));
  return out;
}

TEST(LearnerEnvTest, AHandOverBeforeTheLearnersTurnIsPaidOnAPassOnlyTurn) {
  const dominoes::Rules rules = one_tile_rules();
  const int pass = dominoes::action_count(rules) - 1;
  int before_turn = 0;
  for (std::uint64_t deal = 0; deal < 20; ++deal) {
    arena::LearnerEnv env(rules, 1, random_opponent());
    env.reset(7, deal);
    ASSERT_TRUE(env.awaiting_action());
    const dominoes::State dealt = dominoes::start_state(env.table().deal());
    if (env.table().deal().leader == 1) {  // the learner leads its tile and goes out
      EXPECT_FALSE(env.ended_before_turn());
      const arena::LearnerStep step = env.step(env.legal_actions().front());
      EXPECT_EQ(step.reward, dominoes::pips(dealt.hands[0]));
      continue;
    }
    ++before_turn;
    ASSERT_TRUE(env.ended_before_turn());
    EXPECT_EQ(env.legal_actions(), std::vector<int>{pass});
    // Seat 0 went out: it scores seat 1's pips (opponent-pips); seat 1's reward is minus them.
    EXPECT_THROW(env.step(0), std::invalid_argument);  // only the pass
    const arena::LearnerStep step = env.step(pass);
    EXPECT_EQ(step.reward, -dominoes::pips(dealt.hands[1]));
    EXPECT_TRUE(step.terminated);
    EXPECT_FALSE(env.awaiting_action());
    EXPECT_THROW(env.step(pass), std::invalid_argument);  // the episode is over
  }
  EXPECT_GT(before_turn, 5);  // seat 0 leads every other deal
}

TEST(LearnerEnvTest, AnIllegalActionOnThatTurnCostsThePenaltyOnTopOfTheHand) {
  const dominoes::Rules rules = one_tile_rules();
  arena::LearnerEnv env(rules, 1, random_opponent(), arena::penalty_rule(10));
  env.reset(7, 0);
  ASSERT_TRUE(env.ended_before_turn());  // deal 0: seat 0 leads
  const int lost = dominoes::pips(env.table().state().hands[1]);
  const arena::LearnerStep step = env.step(0);
  EXPECT_TRUE(step.illegal);
  EXPECT_TRUE(step.terminated);
  EXPECT_EQ(step.reward, -lost - 10);
}

TEST(LearnerEnvTest, TheOtherSeatsPlayBetweenTheLearnersTurns) {
  const dominoes::Rules rules;  // two seats, random leader
  arena::LearnerEnv env(rules, 0, random_opponent());
  for (std::uint64_t deal = 0; deal < 50; ++deal) {
    env.reset(3, deal);
    while (env.awaiting_action()) {
      if (!env.ended_before_turn()) {
        EXPECT_EQ(env.table().to_move(), 0);
      }
      env.step(env.legal_actions().front());
    }
    EXPECT_TRUE(env.table().over());
  }
}

TEST(LearnerEnvTest, BadSeatsAndPlayerCountsAreRefused) {
  EXPECT_THROW(arena::LearnerEnv(dominoes::Rules(), 2, random_opponent()), std::invalid_argument);
  EXPECT_THROW(arena::LearnerEnv(dominoes::table_rules(3), 0, random_opponent()),
               std::invalid_argument);
}

}  // namespace
