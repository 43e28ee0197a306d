// Weighted worlds at four seats (strategies/belief/weighted_worlds.h) and the partnership
// convention as a model (strategies/belief/partner_model.h), on a game worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "strategies/belief/partner_model.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/partnership/partnership_strategy.h"

namespace strategies {
namespace {

using dominoes::TileSet;

TileSet tw_tiles(const char* text) {
  return dominoes::parse_tiles(text, 6);
}

// The game of partnership_test.cpp: 0 leads 5-5, 1 plays 4-5L, 2 4-4L, 3 1-4L, 0 2-5R, 1 passes,
// 2 plays 2-3R, 3 plays 3-6R; the hands as dealt below.
const std::vector<const char*> kTableDealt = {
    "5-5,2-5,0-1,5-6,0-0,0-2,0-3", "4-5,0-4,0-5,0-6,3-3,3-4,6-6", "4-4,2-3,1-1,1-2,1-3,1-5,2-2",
    "1-4,3-6,1-6,2-4,2-6,3-5,4-6"};
const std::vector<const char*> kTableMoves = {"5-5",  "4-5L", "4-4L", "1-4L",
                                              "2-5R", "pass", "2-3R", "3-6R"};

struct TableGame {
  dominoes::State state;
  dominoes::History history{0, 4};
  dominoes::Rules rules = dominoes::table_rules(4);
  std::vector<dominoes::State> before;  // the state before each move

  explicit TableGame(std::size_t moves = kTableMoves.size()) {
    state.seats = 4;
    for (int s = 0; s < 4; ++s) state.hands[s] = tw_tiles(kTableDealt[static_cast<std::size_t>(s)]);
    for (std::size_t k = 0; k < moves; ++k) {
      before.push_back(state);
      const dominoes::Move m = dominoes::parse_move(kTableMoves[k], 6);
      dominoes::apply(state, m);
      history.push_back(m);
    }
  }
  dominoes::Observation observation(int seat) const {
    return dominoes::observe(state, history, rules, seat);
  }
};

TEST(TableWorlds, OtherSeatDecisionsAreTheirTileMovesWithWhatTheyPlayedSince) {
  const TableGame g;
  const auto decisions = other_seat_decisions(g.observation(0));
  // Seat 0's own moves (0 and 4) and seat 1's pass (5) are not decisions of another seat.
  ASSERT_EQ(decisions.size(), 5u);
  const int index[] = {1, 2, 3, 6, 7};
  const int seat[] = {1, 2, 3, 2, 3};
  const char* since[] = {"4-5", "4-4,2-3", "1-4,3-6", "2-3", "3-6"};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(decisions[i].index, index[i]);
    EXPECT_EQ(decisions[i].before.to_move, seat[i]);
    EXPECT_EQ(decisions[i].before.hands[seat[i]], tw_tiles(since[i])) << i;
    EXPECT_EQ(decisions[i].before.left, g.before[static_cast<std::size_t>(index[i])].left);
    EXPECT_EQ(decisions[i].before.right, g.before[static_cast<std::size_t>(index[i])].right);
    EXPECT_EQ(dominoes::to_string(decisions[i].played),
              kTableMoves[static_cast<std::size_t>(index[i])]);
  }
  EXPECT_EQ(decisions[3].before.lacks[1], dominoes::ValueSet(0b110));  // seat 1 passed on 1, 2
}

// The hands the seats hold after the eight moves, as a world.
dominoes::TableHands table_true_world(const TableGame& g) {
  dominoes::TableHands world{};
  for (int s = 0; s < 4; ++s) world[static_cast<std::size_t>(s)] = g.state.hands[s];
  return world;
}

TEST(TableWorlds, UniformModelsWeighByTheLegalMovesOfEachDecision) {
  // In the true world the five decisions had 2 (4-5, 0-5 on the 5s), 2 (4-4L, 1-5R), 4 (1-4L,
  // 2-4L, 4-6L, 3-5R), 7 (1-1L, 1-2L, 1-3L, 1-5L, 1-2R, 2-3R, 2-2R) and 3 (1-6L, 3-6R, 3-5R)
  // legal moves: a uniformly random player chose them with probability 1/336.
  const TableGame g;
  const auto obs = g.observation(0);
  const UniformModel uniform;
  const SeatModels models{&uniform, nullptr};
  EXPECT_NEAR(table_log_likelihood(obs, other_seat_decisions(obs), table_true_world(g), models),
              -std::log(336.0), 1e-12);
  // With no model for anyone every world weighs the same.
  EXPECT_EQ(table_log_likelihood(obs, other_seat_decisions(obs), table_true_world(g), {}), 0.0);
}

TEST(TableWorlds, TheConventionReadsThePartnerOnly) {
  // Seat 2, seat 0's partner, played 2-3R at move 6, where the convention plays a double (2-2R,
  // below), so with partner=convention the true world is ruled out, whatever the opponents'
  // model.
  const TableGame g;
  const auto obs = g.observation(0);
  const UniformModel uniform;
  const PartnerConventionModel convention;
  const auto decisions = other_seat_decisions(obs);
  EXPECT_EQ(table_log_likelihood(obs, decisions, table_true_world(g), {&uniform, &convention}),
            -std::numeric_limits<double>::infinity());
  // The partner's model reads seat 2 only; without partners nobody is a partner.
  SeatModels only_partner{nullptr, &convention};
  EXPECT_EQ(only_partner.of(obs, 2), &convention);
  EXPECT_EQ(only_partner.of(obs, 1), nullptr);
  dominoes::Rules cut_throat = g.rules;
  cut_throat.partners = false;
  EXPECT_EQ(only_partner.of(dominoes::observe(g.state, g.history, cut_throat, 0), 2), nullptr);
}

TEST(TableWorlds, TheConventionModelIsThePartnerStrategysPolicy) {
  // Before move 6, seat 2 to move on ends 1, 2 holding 2-3, 1-1, 1-2, 1-3, 1-5, 2-2; its partner
  // (seat 0) led 5-5. By hand: rule 0 keeps the doubles 1-1L and 2-2R; both leave ends 1, 2, so
  // rules 1 to 5 tie (no 5 at the ends; two ends seat 1, the seat before, lacks; 8 visible
  // carriers; 5 followers); rule 6: 2-2 is the heavier: 2-2R.
  const TableGame g(6);
  const auto obs = g.observation(2);
  const auto legal = obs.legal_moves();
  PartnershipStrategy strategy;
  std::vector<double> expected(static_cast<std::size_t>(legal.size()));
  ASSERT_TRUE(strategy.policy(obs, legal, expected));
  const TableGame whole;  // seat 2's move 6 is a decision in the record of the whole game
  const auto decisions = other_seat_decisions(whole.observation(0));
  ASSERT_EQ(decisions.size(), 5u);
  const SeatDecision& d = decisions[3];
  ASSERT_EQ(d.index, 6);
  dominoes::State s = d.before;
  s.hands[2] |= g.state.hands[2];
  const MoveContext context{g.history.moves().first(6), 0, 6, true};
  std::vector<double> probs(static_cast<std::size_t>(legal.size()));
  PartnerConventionModel().policy_in_game(s, legal, context, probs.data());
  for (int k = 0; k < legal.size(); ++k) {
    const auto i = static_cast<std::size_t>(k);
    EXPECT_EQ(probs[i], dominoes::to_string(legal[k]) == "2-2R" ? 1.0 : 0.0)
        << dominoes::to_string(legal[k]);
    EXPECT_EQ(probs[i], expected[i]);
  }
}

TEST(TableWorlds, DrawnWorldsAreConsistentAndResampledToTheScenarios) {
  const TableGame g;
  const auto obs = g.observation(0);
  const UniformModel uniform;
  WeightedWorlds worlds;
  Rng rng(9);
  draw_table_worlds(obs, {.scenarios = 20, .enumerate = 0, .samples = 300}, {&uniform, nullptr},
                    rng, worlds);
  ASSERT_EQ(worlds.tables.size(), 300u);
  double total = 0;
  for (std::size_t i = 0; i < worlds.tables.size(); ++i) {
    const auto& w = worlds.tables[i];
    total += worlds.weights[i];
    EXPECT_EQ(w[0], obs.hand());
    for (int s = 1; s < 4; ++s) {
      EXPECT_EQ(w[static_cast<std::size_t>(s)].size(), obs.tile_count(s));
      EXPECT_TRUE((w[static_cast<std::size_t>(s)] & obs.lacks(s).tiles_touching()).empty());
    }
  }
  EXPECT_EQ(total, 20);  // resampled: counts that add up to the scenarios
  EXPECT_FALSE(worlds.fell_back);
}

}  // namespace
}  // namespace strategies
