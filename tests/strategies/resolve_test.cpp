// The resolve strategy (decision-time endgame solving) against independent facts: its ranges
// against inference's world weights, its earlier views against the game replayed, and its play on
// double-3 with 3 tiles (a subgame that holds the whole game) against exact best responses.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "arena/exploitability/public_tree_queries.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/state.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/registry.h"
#include "strategies/resolve/resolve_strategy.h"
#include "strategies/subgame/decision_subgame.h"
#include "tests/equilibrium/small_variant.h"

namespace {

using dominoes::Move;
using dominoes::Observation;
using dominoes::State;
using dominoes::TileSet;

// A game of the seed's rules played `plies` random moves from a seeded deal.
struct Game {
  dominoes::Rules rules;
  State state;
  dominoes::History history;

  Game(std::uint64_t seed, int plies) {
    state = dominoes::start_state(dominoes::make_deal(rules, seed, 0));
    history.reset(state.leader, 2);
    std::mt19937_64 rng(seed);
    for (int i = 0; i < plies && dominoes::status(state) == dominoes::GameStatus::kOngoing; ++i) {
      const dominoes::MoveList legal = dominoes::legal_moves(state);
      const Move m = legal.empty()
                         ? Move::pass()
                         : legal[static_cast<int>(rng() % static_cast<unsigned>(legal.size()))];
      dominoes::apply(state, m);
      history.push_back(m);
    }
  }
  Observation view(dominoes::Seat seat) const {
    return dominoes::observe(state, history, rules, seat);
  }
};

// The opponent's range in the subgame is inference's world weights (weighted_worlds.h), mixed
// with the uniform range by the floor; the observer's own hand is in its own range.
TEST(ResolveRanges, TheOpponentsRangeIsInferencesWorldWeights) {
  const strategies::HeuristicModel model(1.0);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Game game(seed, 8);
    if (dominoes::status(game.state) != dominoes::GameStatus::kOngoing) continue;
    const Observation obs = game.view(game.state.to_move);
    const double floor = 0.05;
    const auto sub = strategies::decision_subgame(obs, &model, nullptr, floor);
    const int other = 1 - obs.seat();
    // Only the hands consistent with the observer's view (disjoint from its hand) are worlds.
    std::vector<TileSet> worlds;
    std::vector<double> range;
    for (std::size_t j = 0; j < sub.root.hands[other].size(); ++j)
      if ((sub.root.hands[other][j] & obs.hand()).empty()) {
        worlds.push_back(sub.root.hands[other][j]);
        range.push_back(sub.root.weights[other][j]);
      }
    std::vector<TileSet> expected_worlds;
    dominoes::for_each_consistent_hand(obs, [&](TileSet h) { expected_worlds.push_back(h); });
    const auto by_bits = [](TileSet a, TileSet b) { return a.bits() < b.bits(); };
    std::sort(worlds.begin(), worlds.end(), by_bits);
    std::sort(expected_worlds.begin(), expected_worlds.end(), by_bits);
    EXPECT_EQ(worlds, expected_worlds);
    ASSERT_EQ(worlds.size(), expected_worlds.size()) << "seed " << seed;
    // Unmix the floor and compare shapes (both up to a factor): w = (range - floor) / (1 - floor)
    // is relative to the likeliest hand of the whole range, inference's to its worlds' sum.
    std::vector<TileSet> again;
    for (std::size_t j = 0; j < sub.root.hands[other].size(); ++j)
      if ((sub.root.hands[other][j] & obs.hand()).empty())
        again.push_back(sub.root.hands[other][j]);
    std::vector<double> weights;
    strategies::world_weights(obs, again, model, weights);
    double ratio = 0;
    for (std::size_t j = 0; j < again.size(); ++j) {
      const double unmixed = (range[j] - floor) / (1 - floor);
      if (weights[j] <= 0) {
        EXPECT_NEAR(unmixed, 0, 1e-12);
        continue;
      }
      if (ratio == 0) ratio = unmixed / weights[j];
      EXPECT_NEAR(unmixed, ratio * weights[j], 1e-9 * ratio) << "seed " << seed;
    }
    // The own range (no model) is uniform and holds the observer's hand at own_hand.
    for (double w : sub.root.weights[obs.seat()]) EXPECT_EQ(w, 1.0);
    EXPECT_EQ(sub.root.hands[obs.seat()][static_cast<std::size_t>(sub.own_hand)], obs.hand());
  }
}

// An earlier view replays the record: after every move it is the observation itself, and after
// none the observer holds its dealt hand.
TEST(ResolveRanges, EarlierViewsReplayTheRecord) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Game game(seed, 9);
    for (dominoes::Seat seat = 0; seat < 2; ++seat) {
      const Observation obs = game.view(seat);
      const int n = static_cast<int>(obs.history().size());
      const strategies::EarlierView now(obs, n);
      const Observation& same = now.observation();
      EXPECT_EQ(same.hand(), obs.hand());
      EXPECT_EQ(same.line(), obs.line());
      EXPECT_EQ(same.left_end(), obs.left_end());
      EXPECT_EQ(same.right_end(), obs.right_end());
      for (dominoes::Seat s = 0; s < 2; ++s) {
        EXPECT_EQ(same.tile_count(s), obs.tile_count(s));
        EXPECT_EQ(same.lacks(s), obs.lacks(s));
      }
      const strategies::EarlierView start(obs, 0);
      const State dealt = dominoes::start_state(dominoes::make_deal(game.rules, seed, 0));
      EXPECT_EQ(start.observation().hand(), dealt.hands[seat]);
      EXPECT_EQ(start.observation().tile_count(1 - seat), dealt.hands[1 - seat].size());
      EXPECT_THROW(strategies::EarlierView(obs, n + 1), std::invalid_argument);
    }
  }
}

// On double-3 with 3 tiles the whole game is one small subgame: solved from the first state
// (root=first) the strategy is nearly an equilibrium, far less exploitable than inference, which
// plays there when no subgame fits (hands=1). Measured by exact best responses.
TEST(ResolveStrategy, SolvedFromTheFirstStateItIsNearlyAnEquilibrium) {
  const dominoes::Rules rules = test_variants::variant(3, 3);
  equilibrium::PublicTreeCfr solver(rules);
  const auto sets = equilibrium::choice_sets(solver);
  const auto exploitability = [&](const char* spec) {
    const auto player = strategies::Registry::builtin().make(spec);
    const auto strategy = equilibrium::query_strategy(sets, rules, player, 4, 1);
    return equilibrium::estimate_exploitability(solver, strategy, 0, 1).exploitability;
  };
  const double solved = exploitability("resolve(iterations=60)");
  const double inference = exploitability("resolve(hands=1,scenarios=20)");
  EXPECT_LT(solved, 0.002);
  EXPECT_GT(inference, 0.05);
  // adapt solves the same endgame (at its prior: a measured strategy plays a series' first game).
  EXPECT_LT(exploitability("adapt"), 0.002);
  EXPECT_GT(exploitability("adapt(endgame=0,scenarios=20)"), 0.05);
}

// time-ms bounds a solve: a decision asked for 10^6 CFR iterations (over 20 s here) with a budget
// of a few milliseconds ends after the budget and plays a legal move. Without the budget this test
// would not end (its CTest timeout then fails it).
TEST(ResolveStrategy, ATimeBudgetEndsTheSolve) {
  const dominoes::Rules rules = test_variants::variant(3, 3);
  auto player = strategies::Registry::builtin().make("resolve(iterations=1000000,time-ms=20)");
  const dominoes::Deal deal = dominoes::make_deal(rules, 5, 0, 0);
  dominoes::State state = dominoes::start_state(deal);
  dominoes::History history(deal.leader, 2);
  const dominoes::MoveList legal = dominoes::legal_moves(state);
  ASSERT_GE(legal.size(), 2);
  dominoes::Rng rng(7);
  const dominoes::Move move = player.choose(state, history, rules, legal, rng);
  EXPECT_TRUE(legal.contains(move));
}

}  // namespace
