// The belief study against facts known without it: the uniform opponent model is the random
// player's exact policy (no divergence), a belief of one half everywhere has a log loss of ln 2
// per tile, a belief that puts no tile in the opponent's hand rules out every turn (the opponent
// holds a tile while the game goes on), and the result does not depend on the threads.
#include "arena/posterior/belief_study.h"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "strategies/belief/enumerated_posterior.h"
#include "strategies/registry.h"

namespace {

using posterior::BeliefStudy;
using posterior::NamedBelief;

// A belief that gives every tile the same probabilities: `held` for the opponent's hand.
class ConstantBelief final : public strategies::WorldBelief {
 public:
  explicit ConstantBelief(double held) : held_(held) {}
  void log_marginals(const dominoes::Observation&, std::span<double> log_p) const override {
    for (std::size_t i = 0; i < log_p.size(); i += 2) {
      log_p[i] = std::log(held_);
      log_p[i + 1] = std::log(1 - held_);
    }
  }

 private:
  double held_;
};

BeliefStudy small_study(const char* a, const char* b) {
  BeliefStudy study;
  study.rules.max_pip = 3;
  study.rules.hand_size = 3;
  study.players.push_back(strategies::Registry::builtin().make(a));
  study.players.push_back(strategies::Registry::builtin().make(b));
  study.player_names = {a, b};
  study.games = 200;
  study.seed = 7;
  return study;
}

TEST(BeliefStudy, TheRandomPlayersModelHasNoDivergence) {
  BeliefStudy study = small_study("random", "random");
  study.beliefs.push_back({"uniform", std::make_shared<strategies::EnumeratedPosterior>(
                                          strategies::EnumeratedPosterior::of_model(
                                              std::make_shared<strategies::UniformModel>()))});
  study.beliefs.push_back({"none", std::make_shared<strategies::EnumeratedPosterior>(
                                       strategies::EnumeratedPosterior::of_model(nullptr))});
  const auto r = posterior::run_belief_study(study);
  EXPECT_GT(r.turns, 5 * r.games / 2);  // a game of 3 tiles each has at least 3 turns
  EXPECT_NEAR(r.beliefs[0].total_variation, 0, 1e-12);
  EXPECT_NEAR(r.beliefs[0].kl, 0, 1e-12);
  EXPECT_NEAR(r.beliefs[0].log_loss, r.exact.log_loss, 1e-12);
  // Without a model the random player's moves are not read: some divergence.
  EXPECT_GT(r.beliefs[1].total_variation, 1e-3);
  EXPECT_GT(r.beliefs[1].kl, 1e-4);
  EXPECT_EQ(r.exact.total_variation, 0);
  EXPECT_EQ(r.exact.kl, 0);
}

TEST(BeliefStudy, ConstantBeliefsScoreAsComputedByHand) {
  BeliefStudy study = small_study("softmax", "heuristic");
  study.beliefs.push_back({"half", std::make_shared<ConstantBelief>(0.5)});
  study.beliefs.push_back({"never held", std::make_shared<ConstantBelief>(0.0)});
  const auto r = posterior::run_belief_study(study);
  EXPECT_NEAR(r.beliefs[0].log_loss, std::log(2.0), 1e-12);
  EXPECT_EQ(r.beliefs[0].ruled_out, 0);
  EXPECT_GE(r.beliefs[0].kl, 0);
  // Pinsker's inequality per tile, and so for the means (Jensen): TV <= sqrt(KL / 2).
  EXPECT_LE(r.beliefs[0].total_variation, std::sqrt(r.beliefs[0].kl / 2) + 1e-12);
  EXPECT_EQ(r.beliefs[1].ruled_out, r.turns);
  EXPECT_TRUE(std::isinf(r.beliefs[1].kl));
  EXPECT_TRUE(std::isinf(r.beliefs[1].log_loss));
}

TEST(BeliefStudy, TheSameForAnyThreadCount) {
  BeliefStudy study = small_study("softmax", "random");
  study.beliefs.push_back(
      {"heuristic",
       std::make_shared<strategies::EnumeratedPosterior>(strategies::EnumeratedPosterior::of_model(
           std::make_shared<strategies::HeuristicModel>(1.0)))});
  posterior::BeliefStudyResult one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = posterior::run_belief_study(study);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = posterior::run_belief_study(study);
  }
  EXPECT_EQ(one.turns, two.turns);
  EXPECT_EQ(one.beliefs[0].total_variation, two.beliefs[0].total_variation);
  EXPECT_EQ(one.beliefs[0].kl, two.beliefs[0].kl);
  EXPECT_EQ(one.exact.log_loss, two.exact.log_loss);
}

TEST(BeliefStudy, RefusesWhatItCannotMeasure) {
  BeliefStudy study = small_study("random", "random");
  EXPECT_THROW(posterior::run_belief_study(study), std::invalid_argument);  // no belief
  study.beliefs.push_back({"half", std::make_shared<ConstantBelief>(0.5)});
  study.games = 0;
  EXPECT_THROW(posterior::run_belief_study(study), std::invalid_argument);
  study.games = 5;
  study.rules.seats = 3;
  EXPECT_THROW(posterior::run_belief_study(study), std::invalid_argument);
  BeliefStudy searcher = small_study("random", "minimax(scenarios=5)");
  searcher.beliefs.push_back({"half", std::make_shared<ConstantBelief>(0.5)});
  EXPECT_THROW(posterior::run_belief_study(searcher), std::invalid_argument);
}

}  // namespace
