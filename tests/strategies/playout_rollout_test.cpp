// The playout strategy's rollout policies beyond the seed's (issue 24's learned policy prior):
// a heuristic rollout is the seed heuristic playing every seat, checked against the `heuristic`
// strategy itself playing the position out move by move; a fitted model whose only weight is a
// large one on "the heuristic plays this move" rolls out exactly as the heuristic does; bad
// rollout values are refused in one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/state.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/playout/rollout.h"
#include "strategies/registry.h"
#include "tests/strategies/spec_refusal.h"

namespace {

using dominoes::Move;
using strategies::RolloutPolicy;

// Plays `s` to its end by the `heuristic` strategy for every seat, each choosing from its own
// observation (the history carries the passes), and returns seat `seat`'s net points.
int heuristic_played_out(dominoes::State s, dominoes::History history, const dominoes::Rules& rules,
                         dominoes::Seat seat) {
  auto heuristic = strategies::Registry::builtin().make("heuristic");
  dominoes::Rng unused(0);
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    const auto legal = dominoes::legal_moves(s);
    Move m = legal.empty() ? Move::pass() : legal[0];
    if (legal.size() >= 2) m = heuristic.choose(s, history, rules, legal, unused);
    dominoes::apply(s, m);
    history.push_back(m);
  }
  return dominoes::net_points(s, rules, seat);
}

TEST(PlayoutRollout, TheHeuristicRolloutIsTheHeuristicPlayingEverySeat) {
  const dominoes::Rules rules;
  const RolloutPolicy policy{RolloutPolicy::Kind::kModel,
                             std::make_shared<strategies::HeuristicModel>(0.0)};
  int positions = 0;
  for (std::uint64_t deal = 0; deal < 30; ++deal) {
    dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 8, deal));
    dominoes::History history(s.leader, 2);
    dominoes::Rng walk(deal);
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      dominoes::Rng rng(deal * 100 + static_cast<std::uint64_t>(history.size()));
      EXPECT_EQ(strategies::rollout(s, policy, rules, s.to_move, rng),
                heuristic_played_out(s, history, rules, s.to_move))
          << "deal " << deal << " after " << history.size() << " moves";
      ++positions;
      const auto legal = dominoes::legal_moves(s);
      const Move m =
          legal.empty()
              ? Move::pass()
              : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  EXPECT_GT(positions, 300);
}

TEST(PlayoutRollout, AFittedModelFileDrivesTheRollouts) {
  // Weight 60 on the heuristic's move: every other move has probability below 1e-25, so each
  // draw picks the heuristic's move, and the player must choose as rollout=heuristic does.
  const std::string path =
      (std::filesystem::temp_directory_path() / "playout_rollout_test.model").string();
  std::array<double, strategies::kMoveFeatures> weights{};
  weights[0] = 60;
  std::ofstream(path) << strategies::softmax_model_text(weights);
  auto fitted =
      strategies::Registry::builtin().make("playout(playouts=30,rollout=fitted:" + path + ")");
  auto heuristic = strategies::Registry::builtin().make("playout(playouts=30,rollout=heuristic)");
  auto uniform = strategies::Registry::builtin().make("playout(playouts=30)");
  const dominoes::Rules rules;
  int decisions = 0, differ_from_uniform = 0;
  for (std::uint64_t deal = 0; deal < 20; ++deal) {
    dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 9, deal));
    dominoes::History history(s.leader, 2);
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const auto legal = dominoes::legal_moves(s);
      Move m = legal.empty() ? Move::pass() : legal[0];
      if (legal.size() >= 2) {
        dominoes::Rng a(deal), b(deal), c(deal);
        m = fitted.choose(s, history, rules, legal, a);
        EXPECT_EQ(m, heuristic.choose(s, history, rules, legal, b));
        differ_from_uniform += m != uniform.choose(s, history, rules, legal, c);
        ++decisions;
      }
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  EXPECT_GT(decisions, 50);
  EXPECT_GT(differ_from_uniform, 0);  // the rollout policy is not ignored
  std::filesystem::remove(path);
}

TEST(PlayoutRollout, RefusesABadRolloutInOneLine) {
  for (const char* spec : {"playout(rollout=best)", "playout(rollout=fitted:)",
                           "playout(rollout=self)", "playout(rollout=Heuristic)"})
    EXPECT_NE(strategies_test::spec_refusal(spec).find(
                  "valid is random, lowest, heuristic or fitted:FILE"),
              std::string::npos)
        << spec;
  const std::string missing =
      strategies_test::spec_refusal("playout(rollout=fitted:/no/such.model)");
  EXPECT_NE(missing.find("cannot read model file \"/no/such.model\""), std::string::npos)
      << missing;
  // The seed's players keep their names.
  EXPECT_EQ(strategies::Registry::builtin().canonical("playout"),
            "playout(playouts=1000,rollout=random,crn=true)");
}

}  // namespace
