// The softmax player against the seed heuristic it softens: at temperature 0 it is the heuristic
// move for move; at temperature 1 its policy puts the most weight on the heuristic's move and its
// draws follow its policy.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/state.h"
#include "strategies/registry.h"
#include "strategies/softmax/softmax_strategy.h"

namespace {

using dominoes::Move;

TEST(SoftmaxStrategy, SoftensTheHeuristic) {
  const dominoes::Rules rules;
  auto sharp = strategies::Registry::builtin().make("softmax(temperature=0)");
  auto soft = strategies::Registry::builtin().make("softmax");
  auto heuristic = strategies::Registry::builtin().make("heuristic");
  int decisions = 0;
  for (std::uint64_t deal = 0; deal < 40; ++deal) {
    dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 3, deal));
    dominoes::History history(s.leader, 2);
    dominoes::Rng rng(deal);
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const auto legal = dominoes::legal_moves(s);
      Move m = legal.empty() ? Move::pass() : legal[0];
      if (legal.size() >= 2) {
        ++decisions;
        const Move expected = heuristic.choose(s, history, rules, legal, rng);
        EXPECT_EQ(sharp.choose(s, history, rules, legal, rng), expected);
        const auto obs = dominoes::observe(s, history, rules, s.to_move);
        double p[dominoes::MoveList::kCapacity];
        ASSERT_TRUE(
            soft.strategy()->policy(obs, legal, {p, static_cast<std::size_t>(legal.size())}));
        double total = 0;
        int top = 0;
        for (int k = 0; k < legal.size(); ++k) {
          total += p[k];
          if (p[k] > p[top]) top = k;
        }
        EXPECT_NEAR(total, 1.0, 1e-12);
        EXPECT_EQ(legal[top], expected);
        // 400 draws: each move's share within 5 standard errors of its probability.
        int counts[dominoes::MoveList::kCapacity] = {};
        for (int d = 0; d < 400; ++d) {
          const Move drawn = soft.choose(s, history, rules, legal, rng);
          for (int k = 0; k < legal.size(); ++k) counts[k] += legal[k] == drawn;
        }
        for (int k = 0; k < legal.size(); ++k)
          EXPECT_NEAR(counts[k] / 400.0, p[k], 5 * std::sqrt(p[k] * (1 - p[k]) / 400) + 1e-9);
        m = expected;
      }
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  EXPECT_GT(decisions, 100);
  EXPECT_THROW(strategies::Registry::builtin().make("softmax(model=none)"), strategies::SpecError);
}

}  // namespace
