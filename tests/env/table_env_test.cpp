// TableEnv (arena/env/table_env.h): its rewards against the scoring rule applied by hand to the
// final hands, its matches against the match rule, and its errors.
#include "arena/env/table_env.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "engine/dominoes/actions.h"
#include "engine/dominoes/rng.h"

namespace {

using arena::TableEnv;

// Plays random legal actions until the episode is over; returns the rewards of every step.
std::vector<std::array<double, dominoes::kMaxSeats>> play_out(TableEnv& env, std::uint64_t key) {
  dominoes::Rng rng(key);
  std::vector<std::array<double, dominoes::kMaxSeats>> rewards;
  while (!env.over()) {
    const std::vector<int> legal = env.legal_actions();
    env.step(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    rewards.push_back(env.rewards());
  }
  return rewards;
}

TEST(TableEnvTest, AHandPaysTheWinnerTheLosersPipsAndTheLoserMinusThem) {
  const dominoes::Rules rules;  // two seats, opponent-pips, single hands
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    TableEnv env(rules);
    env.reset(seed, 3);
    const auto rewards = play_out(env, seed);
    const int p0 = dominoes::pips(env.state().hands[0]), p1 = dominoes::pips(env.state().hands[1]);
    const double want0 = p0 < p1 ? p1 : p0 > p1 ? -p0 : 0;
    EXPECT_EQ(rewards.back()[0], want0) << "seed " << seed;
    EXPECT_EQ(rewards.back()[1], -want0) << "seed " << seed;
    for (std::size_t k = 0; k + 1 < rewards.size(); ++k) EXPECT_EQ(rewards[k][0], 0);
  }
}

TEST(TableEnvTest, CutThroatPaysTheWinnerAndChargesEveryOtherSeat) {
  dominoes::Rules rules = dominoes::table_rules(3);
  rules.match_target = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    TableEnv env(rules);
    env.reset(seed, 0);
    const auto last = play_out(env, seed).back();
    int winners = 0;
    for (int s = 0; s < 3; ++s) winners += last[static_cast<std::size_t>(s)] > 0;
    if (winners == 0) continue;  // a tie: nobody scores
    ASSERT_EQ(winners, 1);
    const double won = std::max({last[0], last[1], last[2]});
    for (const double reward : {last[0], last[1], last[2]}) {
      if (reward < won) {
        EXPECT_EQ(reward, -won);
      }
    }
  }
}

TEST(TableEnvTest, AMatchEndsAtTheFirstHandAfterWhichATotalPassesTheTarget) {
  dominoes::Rules rules;
  rules.match_target = 30;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    TableEnv env(rules);
    env.reset(seed, 0);
    std::array<double, 2> totals{};
    dominoes::Rng rng(seed);
    while (!env.over()) {
      ASSERT_TRUE(totals[0] <= 30 && totals[1] <= 30) << "the match went on past the target";
      const std::vector<int> legal = env.legal_actions();
      env.step(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      if (env.last_step().hand_ended)
        for (int s = 0; s < 2; ++s) totals[s] += std::max(0.0, env.rewards()[s]);
    }
    EXPECT_TRUE(totals[0] > 30 || totals[1] > 30);
    EXPECT_EQ(env.match().totals[0], totals[0]);
    EXPECT_EQ(env.match().totals[1], totals[1]);
  }
}

TEST(TableEnvTest, ABadActionIsRefusedAndChangesNothing) {
  TableEnv env((dominoes::Rules()));
  EXPECT_THROW(env.step(0), std::invalid_argument);  // before reset
  env.reset(1, 0);
  const dominoes::State before = env.state();
  std::vector<std::uint8_t> mask(85);
  env.write_mask(mask.data());
  int illegal = 0;
  while (mask[static_cast<std::size_t>(illegal)]) ++illegal;
  EXPECT_THROW(env.step(85), std::invalid_argument);
  EXPECT_THROW(env.step(-1), std::invalid_argument);
  EXPECT_THROW(env.step(illegal), std::invalid_argument);
  EXPECT_EQ(env.state(), before);
  EXPECT_FALSE(env.over());
}

TEST(TableEnvTest, UnderAPenaltyAnIllegalActionEndsTheEpisodeChargingOnlyItsSeat) {
  TableEnv env(dominoes::Rules(), arena::penalty_rule(40));
  env.reset(2, 0);
  std::vector<std::uint8_t> mask(85);
  env.write_mask(mask.data());
  int illegal = 0;
  while (mask[static_cast<std::size_t>(illegal)]) ++illegal;
  const dominoes::Seat mover = env.to_move();
  EXPECT_TRUE(env.step(illegal).illegal);
  EXPECT_TRUE(env.over());
  EXPECT_EQ(env.rewards()[static_cast<std::size_t>(mover)], -40);
  EXPECT_EQ(env.rewards()[static_cast<std::size_t>(1 - mover)], 0);
  EXPECT_THROW(env.step(84), std::invalid_argument);  // over
}

}  // namespace
