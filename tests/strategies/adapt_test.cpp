// The adapt strategy's online model (strategies/belief/online_model.h) learns whom it plays from
// the games alone: shown a heuristic player's games, its posterior leaves uniform play for the
// heuristic members and its fitted softmax puts its largest weight on the heuristic's own
// move; shown a random player's, it keeps uniform play. The truth here is known: we chose who
// played.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "strategies/adapt/adapt_strategy.h"
#include "strategies/belief/online_model.h"
#include "strategies/belief/weighted_pimc.h"
#include "strategies/registry.h"
#include "strategies/spec.h"
#include "tests/strategies/spec_refusal.h"

namespace {

using dominoes::Move;
using strategies::OnlineModel;

// Plays `games` games of `modelled` (seat 1) against random (seat 0) and teaches `model` each.
void teach(OnlineModel& model, const std::string& modelled, int games) {
  const dominoes::Rules rules;
  auto opponent = strategies::Registry::builtin().make(modelled);
  auto other = strategies::Registry::builtin().make("random");
  for (int g = 0; g < games; ++g) {
    const dominoes::Deal deal = dominoes::make_deal(rules, 77, static_cast<std::uint64_t>(g));
    dominoes::State s = dominoes::start_state(deal);
    dominoes::History history(deal.leader, 2);
    dominoes::Rng rng(static_cast<std::uint64_t>(g));
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const dominoes::MoveList legal = dominoes::legal_moves(s);
      Move m = Move::pass();
      if (legal.size() == 1) m = legal[0];
      if (legal.size() >= 2)
        m = (s.to_move == 1 ? opponent : other).choose(s, history, rules, legal, rng);
      dominoes::apply(s, m);
      history.push_back(m);
    }
    model.learn_game(history.moves(), deal.leader, 1, s.hands[1]);
  }
}

std::size_t member(const char* name) {
  const auto& names = OnlineModel::member_names();
  return static_cast<std::size_t>(
      std::find_if(names.begin(), names.end(),
                   [&](const char* n) { return std::string(n) == name; }) -
      names.begin());
}

TEST(OnlineModel, StartsAtItsPriorAndForgetsBackToIt) {
  OnlineModel model;
  for (double p : model.posterior()) EXPECT_DOUBLE_EQ(p, 1.0 / OnlineModel::kMembers);
  teach(model, "heuristic", 5);
  EXPECT_GT(model.choices_seen(), 5);
  model.forget();
  EXPECT_EQ(model.choices_seen(), 0);
  for (double p : model.posterior()) EXPECT_DOUBLE_EQ(p, 1.0 / OnlineModel::kMembers);
  for (double w : model.fitted_weights()) EXPECT_EQ(w, 0.0);
}

// A policy prior (adapt's prior=fitted:FILE) is where the fitted member starts and where
// forget() returns it; a prior leaning on the heuristic's move keeps that lean against a random
// player's first games, which the zero prior does not have.
TEST(OnlineModel, APolicyPriorIsWhereTheFittedMemberStartsAndReturns) {
  std::array<double, strategies::kMoveFeatures> prior{};
  prior[0] = 4;  // "the heuristic plays this move"
  OnlineModel leaning(prior), plain;
  EXPECT_EQ(leaning.fitted_weights(), prior);
  teach(leaning, "random", 3);
  teach(plain, "random", 3);
  EXPECT_GT(leaning.fitted_weights()[0], plain.fitted_weights()[0] + 1.0);
  leaning.forget();
  EXPECT_EQ(leaning.fitted_weights(), prior);
}

// adapt's prior=fitted:FILE reaches its model; bad values are refused in one line naming what
// is valid; without the parameter the player's name is unchanged.
TEST(AdaptPrior, TheParameterReachesTheModel) {
  std::array<double, strategies::kMoveFeatures> prior{};
  prior[2] = 1.5;   // pips
  prior[8] = -0.5;  // closed
  const std::string path =
      (std::filesystem::temp_directory_path() / "adapt_prior_test.model").string();
  std::ofstream(path) << strategies::softmax_model_text(prior);
  auto player = strategies::Registry::builtin().make("adapt(prior=fitted:" + path + ")");
  const auto* adapt = dynamic_cast<const strategies::AdaptStrategy*>(player.strategy());
  ASSERT_NE(adapt, nullptr);
  EXPECT_EQ(adapt->model().fitted_weights(), prior);
  std::filesystem::remove(path);
  EXPECT_EQ(strategies::Registry::builtin().canonical("adapt"),
            "adapt(series=25,reply=model,safety=0.5,endgame=100000,scenarios=200,"
            "enumerate=2000,samples=1000)");
  for (const char* bad :
       {"adapt(prior=heuristic)", "adapt(prior=fitted:)", "adapt(prior=fitted:/no/such.model)"}) {
    const std::string what = strategies_test::spec_refusal(bad);
    EXPECT_TRUE(what.find("valid is none or fitted:FILE") != std::string::npos ||
                what.find("cannot read model file") != std::string::npos)
        << what;
  }
}

TEST(OnlineModel, LearnsAHeuristicPlayer) {
  OnlineModel model;
  teach(model, "heuristic", 30);
  const auto p = model.posterior();
  EXPECT_LT(p[member("uniform")], 1e-6);
  EXPECT_GT(p[member("heuristic-0.3")] + p[member("fitted")], 0.99);
  // The fitted softmax's largest weight is on the feature "the heuristic plays this move".
  const auto& w = model.fitted_weights();
  EXPECT_EQ(std::max_element(w.begin(), w.end()) - w.begin(), 0);
  EXPECT_GT(w[0], 2.0);
}

TEST(OnlineModel, LearnsARandomPlayer) {
  OnlineModel model;
  teach(model, "random", 30);
  const auto p = model.posterior();
  EXPECT_GT(p[member("uniform")] + p[member("fitted")], 0.99);
  EXPECT_LT(p[member("heuristic-0.3")], 1e-6);
  // No pull towards the heuristic's move (the weights of features with little spread, such as
  // follow-ups / 4, wander further by chance in 30 games).
  EXPECT_LT(std::abs(model.fitted_weights()[0]), 0.75);
}

}  // namespace

namespace {

// The modelled reply's values: with safety 1 they are the minimax values the open-hands solver
// gives each move (the worst reply is the minimax reply); with a uniform model and safety 0 they
// are the mean over the replies; never below the minimax value.
TEST(ModelledReplies, SafetyOneIsMinimaxAndTheModelAveragesTheReplies) {
  const dominoes::Rules rules;
  endgame::BlockDominoesSolver solver(rules);
  const strategies::UniformModel uniform;
  int checked = 0;
  for (std::uint64_t deal = 0; checked < 40; ++deal) {
    const dominoes::Deal d = dominoes::make_deal(rules, 5, deal);
    dominoes::State s = dominoes::start_state(d);
    dominoes::History history(d.leader, 2);
    dominoes::Rng rng(deal);
    for (int ply = 0; ply < 6 && dominoes::status(s) == dominoes::GameStatus::kOngoing; ++ply) {
      const auto legal = dominoes::legal_moves(s);
      const Move m =
          legal.empty() ? Move::pass() : legal[static_cast<int>(rng.below(legal.size()))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
    const auto legal = dominoes::legal_moves(s);
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing || legal.size() < 2) continue;
    int minimax[dominoes::MoveList::kCapacity];
    solver.move_values(s, legal, 0, minimax);
    double safe[dominoes::MoveList::kCapacity], trusting[dominoes::MoveList::kCapacity];
    const dominoes::Observation obs = dominoes::observe(s, history, rules, s.to_move);
    strategies::modelled_reply_values(solver, s, legal, uniform, 1.0, obs, safe);
    strategies::modelled_reply_values(solver, s, legal, uniform, 0.0, obs, trusting);
    for (int k = 0; k < legal.size(); ++k) {
      EXPECT_EQ(safe[k], minimax[k]);
      EXPECT_GE(trusting[k], minimax[k]);
      dominoes::State after = s;
      dominoes::apply(after, legal[k]);
      const auto replies = dominoes::legal_moves(after);
      if (dominoes::status(after) != dominoes::GameStatus::kOngoing || replies.size() < 2) {
        EXPECT_EQ(trusting[k], minimax[k]);
        continue;
      }
      double mean = 0;
      for (int r = 0; r < replies.size(); ++r) {
        dominoes::State next = after;
        dominoes::apply(next, replies[r]);
        mean += solver.value(next) / static_cast<double>(replies.size());
      }
      EXPECT_NEAR(trusting[k], mean, 1e-9);
    }
    ++checked;
  }
}

}  // namespace
