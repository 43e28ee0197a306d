// adapt at three and four seats (strategies/adapt/adapt_strategy.h): one online model per other
// seat, learnt from that seat's moves alone. Before it has learnt anything it decides as the
// weighted-PIMC search of inference with the prior mixture over the same worlds; shown games in
// which chosen players sit at chosen seats, each seat's model names its own player; and a team of
// two adapt seats in the runner learns the same on one thread as on two, as a plain loop over the
// deals in order does. The truth here is known: we chose who played where.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/play/play_deal.h"
#include "arena/tournament/run/run_tasks.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/state.h"
#include "strategies/adapt/adapt_strategy.h"
#include "strategies/belief/online_model.h"
#include "strategies/belief/weighted_pimc.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

// A named namespace: the unity build puts several test files into one translation unit.
namespace adapt_table_test {

using dominoes::Move;
using strategies::OnlineModel;

std::size_t member(const char* name) {
  const auto& names = OnlineModel::member_names();
  return static_cast<std::size_t>(
      std::find_if(names.begin(), names.end(),
                   [&](const char* n) { return std::string(n) == name; }) -
      names.begin());
}

dominoes::Rules single_games(int seats) {
  dominoes::Rules rules = dominoes::table_rules(seats);
  rules.match_target = 0;
  return rules;
}

// Plays one game of `rules` (deal `index` of seed 41), each seat by its spec, the follower (when
// not null) told of it as the runner tells it (begin_game, see_move, end_game) at seat `seat`.
// Returns the record and leaves the final state in `end`.
dominoes::History play_game(const dominoes::Rules& rules, std::uint64_t index,
                            const std::vector<std::string>& specs, strategies::Strategy* follower,
                            dominoes::Seat seat, dominoes::State& end) {
  std::vector<strategies::Player> players;
  for (const std::string& spec : specs)
    players.push_back(strategies::Registry::builtin().make(spec));
  const dominoes::Deal deal = dominoes::make_deal(rules, 41, index);
  dominoes::State s = dominoes::start_state(deal);
  dominoes::History history(deal.leader, rules.seats);
  dominoes::Rng rng(index);
  if (follower) follower->begin_game({index, seat, &rules, deal.hands[seat], index});
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    const dominoes::MoveList legal = dominoes::legal_moves(s);
    Move m = legal.empty() ? Move::pass() : legal[0];
    if (legal.size() >= 2) m = players[s.to_move].choose(s, history, rules, legal, rng);
    if (follower) follower->see_move(s.to_move, m);
    dominoes::apply(s, m);
    history.push_back(m);
  }
  strategies::GameEnd game_end;
  for (int k = 0; k < rules.seats; ++k) game_end.hands[static_cast<std::size_t>(k)] = s.hands[k];
  if (follower) follower->end_game(game_end);
  end = s;
  return history;
}

// With nothing learnt (the first decision of a series) every seat's model is the prior mixture, so
// adapt's decision is the weighted-PIMC search's (inference's at three and four seats) with one
// fresh OnlineModel for every other seat, over the same worlds: the same move from the same stream,
// at three seats and at four, and the same worlds.
// With table-depth=3 both search 3 tiles past the move.
TEST(AdaptTable, FirstDecisionIsInferenceWithThePriorMixture) {
  for (const int seats : {3, 4, -4}) {  // -4: four seats with table-depth=3
    const dominoes::Rules rules = single_games(seats < 0 ? -seats : seats);
    strategies::AdaptParams params;
    params.table_sampling = {.scenarios = 6, .enumerate = 0, .samples = 24};
    params.table_depth = seats < 0 ? 3 : 0;
    strategies::WeightedPimcParams inference;
    inference.sampling = params.table_sampling;
    inference.depth = params.table_depth;
    inference.model = std::make_shared<OnlineModel>();
    int decisions = 0, differ = 0;
    for (std::uint64_t index = 0; index < 12; ++index) {
      const dominoes::Deal deal = dominoes::make_deal(rules, 23, index);
      dominoes::State s = dominoes::start_state(deal);
      dominoes::History history(deal.leader, rules.seats);
      dominoes::Rng walk(index);
      while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
        const dominoes::MoveList legal = dominoes::legal_moves(s);
        if (legal.size() >= 2) {
          const dominoes::Observation obs = dominoes::observe(s, history, rules, s.to_move);
          strategies::AdaptStrategy adapt(params);
          strategies::WeightedPimc search(inference);
          dominoes::Rng r1(index * 100 + history.size()), r2 = r1;
          const Move chosen = adapt.choose(obs, legal, r1);
          EXPECT_EQ(chosen, search.choose(obs, legal, r2)) << seats << " seats, deal " << index;
          EXPECT_EQ(r1.next(), r2.next());  // the same draws: the same worlds
          // A search without the model (equal weights) would not always agree: the test can fail.
          strategies::WeightedPimcParams none = inference;
          none.model = nullptr;
          strategies::WeightedPimc plain(none);
          dominoes::Rng r3(index * 100 + history.size());
          differ += plain.choose(obs, legal, r3) != chosen;
          ++decisions;
        }
        const Move m =
            legal.empty()
                ? Move::pass()
                : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
        dominoes::apply(s, m);
        history.push_back(m);
      }
    }
    EXPECT_GT(decisions, 40) << seats << " seats";
    EXPECT_GT(differ, 0) << seats << " seats";
  }
}

// At two seats a game learnt by learn_table_game teaches what learn_game teaches.
TEST(AdaptTable, TableLearningAtTwoSeatsIsTwoSeatLearning) {
  const dominoes::Rules rules;
  OnlineModel two, table;
  for (std::uint64_t g = 0; g < 8; ++g) {
    dominoes::State end;
    const dominoes::History h = play_game(rules, g, {"random", "heuristic"}, nullptr, 0, end);
    two.learn_game(h.moves(), h.leader(), 1, end.hands[1]);
    table.learn_table_game(h.moves(), h.leader(), 2, 1, end.hands[1], false);
  }
  EXPECT_EQ(two.posterior(), table.posterior());
  EXPECT_EQ(two.fitted_weights(), table.fitted_weights());
  EXPECT_EQ(two.choices_seen(), table.choices_seen());
}

// Each seat's model learns the player at that seat, by its place after adapt's: adapt sits at seat
// 1 (its moves by `lowest`), the heuristic at the places 1 and 3 of four seats (seats 2 and 0, the
// opponents) and a random player at place 2 (seat 3, the partner); at three seats the heuristic at
// place 1 and the random player at place 2. After 15 games each model names its own player, and
// the models answer for the seat to move by its place.
TEST(AdaptTable, EachSeatsModelLearnsThePlayerAtThatSeat) {
  struct Table {
    int seats;
    std::vector<std::string> specs;  // by seat
    std::vector<bool> heuristic;     // by place after adapt's seat 1 (index 0 unused)
  };
  const std::vector<Table> tables = {
      {4, {"heuristic", "lowest", "heuristic", "random"}, {false, true, false, true}},
      {3, {"random", "lowest", "heuristic"}, {false, true, false}},
  };
  for (const Table& t : tables) {
    const dominoes::Rules rules = single_games(t.seats);
    strategies::AdaptParams params;
    params.table_sampling = {.scenarios = 2, .enumerate = 0, .samples = 4};
    strategies::AdaptStrategy adapt(params);
    for (std::uint64_t g = 0; g < 15; ++g) {
      dominoes::State end;
      play_game(rules, g, t.specs, &adapt, 1, end);
    }
    for (int place = 1; place < t.seats; ++place) {
      SCOPED_TRACE(std::to_string(t.seats) + " seats, place " + std::to_string(place));
      const OnlineModel& model = adapt.seat_models().at(place);
      const auto p = model.posterior();
      EXPECT_GT(model.choices_seen(), 15);
      if (t.heuristic[static_cast<std::size_t>(place)]) {
        EXPECT_LT(p[member("uniform")], 1e-3);
        EXPECT_GT(p[member("heuristic-0.3")] + p[member("fitted")], 0.95);
      } else {
        EXPECT_GT(p[member("uniform")] + p[member("fitted")], 0.95);
        EXPECT_LT(p[member("heuristic-0.3")], 1e-3);
      }
    }
    // The models answer for the seat to move by its place after the observer's.
    strategies::OnlineSeatModels models = adapt.seat_models();
    models.set_observer(1);
    dominoes::State s = dominoes::start_state(dominoes::make_deal(rules, 3, 0));
    for (int place = 1; place < t.seats; ++place) {
      s.to_move = static_cast<std::uint8_t>((1 + place) % t.seats);
      const dominoes::MoveList legal = dominoes::legal_moves(s.hands[s.to_move], -1, -1);
      double got[dominoes::MoveList::kCapacity], want[dominoes::MoveList::kCapacity];
      models.policy(s, legal, got);
      models.at(place).policy(s, legal, want);
      EXPECT_TRUE(std::equal(got, got + legal.size(), want)) << "place " << place;
    }
    // forget() forgets every seat.
    strategies::Strategy& player = adapt;
    player.new_opponent();
    for (int place = 1; place < t.seats; ++place)
      EXPECT_EQ(adapt.seat_models().at(place).choices_seen(), 0);
  }
}

tournament::ExperimentConfig config(const std::string& out, const std::string& games,
                                    std::int64_t chunk, int threads) {
  tournament::ExperimentConfig c;
  c.name = "adapt_table_test";
  c.rules = single_games(4);
  c.players = {"adapt(series=3,table-scenarios=3,table-samples=8)", "heuristic"};
  c.format = tournament::Format::kHeadToHead;
  c.deals = 7;  // two whole series and one deal
  c.seed = 5;
  c.threads = threads;
  c.chunk = chunk;
  c.out_dir = out;
  c.games_out = games;
  c.quiet = true;
  return c;
}

// A team of two adapt seats (four seats with partners): each seat's player learns on its own, and
// the runner's series make its totals and games those of a plain loop over the deals in order with
// both adapt players reset every series, on one thread and on two, in whole series or in chunks
// that start inside one.
TEST(AdaptTable, TwoAdaptSeatsInOneTeamLearnReproducibly) {
  const strategies::Registry& registry = strategies::Registry::builtin();
  test_files::TempDir tmp;
  tournament::ExperimentConfig plain = config(tmp.sub("plain"), "", 1000, 1);
  tournament::validate(plain, registry);
  strategies::Player a = registry.make(plain.players[0]), a2 = registry.make(plain.players[0]);
  strategies::Player b = registry.make(plain.players[1]), b2 = registry.make(plain.players[1]);
  const std::array<std::string, 2> specs = {plain.players[0], plain.players[1]};
  tournament::PairingTotals expected;
  std::string records;
  for (std::int64_t i = 0; i < plain.deals; ++i) {
    if (i % 3 == 0) a.new_opponent(), a2.new_opponent();
    expected.add(tournament::play_deal({.config = plain,
                                        .deal_index = i,
                                        .players = {&a, &b},
                                        .specs = specs,
                                        .partners = {&a2, &b2},
                                        .records = &records}));
  }
  // Both adapt seats learnt, each its own: the partner's model of its partner saw the other one.
  const auto* first = dynamic_cast<const strategies::AdaptStrategy*>(a.strategy());
  const auto* second = dynamic_cast<const strategies::AdaptStrategy*>(a2.strategy());
  ASSERT_TRUE(first && second);
  EXPECT_GT(first->seat_models().at(1).choices_seen(), 0);
  EXPECT_GT(second->seat_models().at(2).choices_seen(), 0);
  int runs = 0;
  for (const std::int64_t chunk : {1000, 2})
    for (const int threads : {1, 2}) {
      SCOPED_TRACE("chunk " + std::to_string(chunk) + ", " + std::to_string(threads) + " threads");
      tournament::ExperimentConfig c =
          config(tmp.sub("run" + std::to_string(runs)), tmp.sub("games" + std::to_string(runs)),
                 chunk, threads);
      tournament::validate(c, registry);
      const tournament::RunResult run =
          tournament::run_tasks(registry, c, tmp.sub("journal" + std::to_string(runs++)));
      ASSERT_TRUE(run.complete);
      const tournament::PairingTotals& got = run.tasks.at(0).totals;
      EXPECT_EQ(got.games, expected.games);
      EXPECT_EQ(got.a_wins, expected.a_wins);
      EXPECT_EQ(got.a_net.sum, expected.a_net.sum);
      EXPECT_EQ(got.a_net.sum_sq, expected.a_net.sum_sq);
      EXPECT_EQ(test_files::read_text(c.games_out), records);
    }
}

}  // namespace adapt_table_test
