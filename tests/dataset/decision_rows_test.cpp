// Rows of recorded games checked against facts computed here another way: the seat of each turn
// from the turn order, the action number from its formula, the legal actions from the engine's
// legal moves, each tile's owner from the deal and the moves played so far, the points from the
// game's own outcome, and the move values from a brute-force minimax written here on variants
// small enough to search whole.
#include "arena/dataset/decision_rows.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/play/games_reader.h"
#include "arena/tournament/play/games_writer.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation_tensor.h"
#include "engine/dominoes/scoring.h"

namespace {

using dominoes::Move;
using dominoes::Rules;
using dominoes::State;

// One game played with uniformly random legal moves, as a record and with its outcome.
struct PlayedGame {
  std::string line;
  tournament::GameOutcome outcome;
  dominoes::Deal deal;
  std::vector<Move> moves;
};

PlayedGame random_game(const Rules& rules, std::uint64_t index) {
  PlayedGame g;
  g.deal = dominoes::make_deal(rules, 11, index);
  State s = dominoes::start_state(g.deal);
  dominoes::History history(g.deal.leader, rules.seats);
  dominoes::Rng rng(index * 7 + 3);
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    const dominoes::MoveList moves = dominoes::moves_or_pass(s);
    const Move m = moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
    dominoes::apply(s, m);
    history.push_back(m);
    g.moves.push_back(m);
  }
  g.outcome = tournament::score_game(s, rules);
  const std::vector<std::string> players(static_cast<std::size_t>(rules.seats), "random");
  g.line = tournament::game_record_json({static_cast<std::int64_t>(index), 1, -1}, players, rules,
                                        g.deal, history, g.outcome);
  return g;
}

// The action of `m` by its formula: tile index b(b+1)/2 + a for a <= b, times 3, plus 0 for a
// lead, 1 for the left end, 2 for the right; the pass after every tile's three.
int action_by_formula(Move m, const Rules& rules) {
  const int tiles = (rules.max_pip + 1) * (rules.max_pip + 2) / 2;
  if (m.is_pass()) return 3 * tiles;
  const int a = dominoes::tile_low(m.tile()), b = dominoes::tile_high(m.tile());
  const int side = m.placement() == dominoes::Placement::kLead   ? 0
                   : m.placement() == dominoes::Placement::kLeft ? 1
                                                                 : 2;
  return (b * (b + 1) / 2 + a) * 3 + side;
}

dataset::DecisionRows rows_of(const PlayedGame& g, const Rules& rules,
                              endgame::BlockDominoesSolver* solver = nullptr) {
  dataset::DecisionRows rows(dataset::row_shape(rules, solver != nullptr));
  dataset::add_game_rows(tournament::parse_game_record(g.line), rules, {0, 1, 0, 1}, solver, rows);
  return rows;
}

Rules cut_throat(int seats) {
  Rules r = dominoes::table_rules(seats);
  r.partners = false;
  r.match_target = 0;
  return r;
}

std::vector<Rules> variants() {
  Rules two;
  Rules four = dominoes::table_rules(4);
  four.match_target = 0;
  return {two, cut_throat(3), four, cut_throat(4)};
}

TEST(DecisionRows, EveryTurnIsARowWithTheTurnsFacts) {
  for (const Rules& rules : variants()) {
    for (std::uint64_t index = 0; index < 20; ++index) {
      const PlayedGame g = random_game(rules, index);
      const dataset::DecisionRows rows = rows_of(g, rules);
      ASSERT_EQ(rows.rows(), static_cast<std::int64_t>(g.moves.size()));
      const int a = dataset::row_shape(rules, false).actions;
      State s = dominoes::start_state(g.deal);
      for (std::size_t k = 0; k < g.moves.size(); ++k) {
        const int seat = (g.deal.leader + static_cast<int>(k)) % rules.seats;
        EXPECT_EQ(rows.seat[k], seat);
        EXPECT_EQ(rows.player[k], seat % 2) << "seat s played as {0, 1, 0, 1}[s]";
        EXPECT_EQ(rows.action[k], action_by_formula(g.moves[k], rules));
        EXPECT_EQ(rows.points[k], static_cast<float>(g.outcome.net(seat)));
        EXPECT_EQ(rows.deal[k], static_cast<std::int64_t>(index));
        EXPECT_EQ(rows.game[k], 1);
        // The legal actions: the engine's legal moves, or the pass alone.
        std::set<int> legal;
        for (const Move m : dominoes::legal_moves(s)) legal.insert(action_by_formula(m, rules));
        if (legal.empty()) legal.insert(a - 1);
        for (int action = 0; action < a; ++action)
          EXPECT_EQ(rows.legal[k * a + action], legal.count(action)) << "action " << action;
        dominoes::apply(s, g.moves[k]);
      }
    }
  }
}

// Where tile t is for `seat` after `played` moves: -1 if dealt to `seat` or already on the line,
// the place of its dealt holder otherwise (relative seat - 1), seats - 1 if never dealt.
int owner_by_hand(const PlayedGame& g, const Rules& rules, int seat, std::size_t played, int t) {
  for (std::size_t k = 0; k < played; ++k)
    if (!g.moves[k].is_pass() && g.moves[k].tile() == t) return -1;
  for (int s = 0; s < rules.seats; ++s)
    if (g.deal.hands[s].contains(static_cast<dominoes::Tile>(t)))
      return s == seat ? -1 : (s - seat + rules.seats) % rules.seats - 1;
  return rules.seats - 1;
}

TEST(DecisionRows, OwnersComeFromTheDealAndTheMovesPlayed) {
  for (const Rules& rules : variants()) {
    const int tiles = dataset::row_shape(rules, false).tiles;
    for (std::uint64_t index = 0; index < 10; ++index) {
      const PlayedGame g = random_game(rules, index);
      const dataset::DecisionRows rows = rows_of(g, rules);
      for (std::size_t k = 0; k < g.moves.size(); ++k)
        for (int t = 0; t < tiles; ++t)
          EXPECT_EQ(rows.owner[k * tiles + t], owner_by_hand(g, rules, rows.seat[k], k, t))
              << rules.seats << " seats, game " << index << " turn " << k << " tile " << t;
    }
  }
}

TEST(DecisionRows, ObservationIsTheDecidersTensorAsBytes) {
  const Rules rules = variants()[2];
  const PlayedGame g = random_game(rules, 4);
  const dataset::DecisionRows rows = rows_of(g, rules);
  const int d = dominoes::tensor_layout(rules).size;
  const dominoes::TensorLayout layout = dominoes::tensor_layout(rules);
  State s = dominoes::start_state(g.deal);
  dominoes::History history(g.deal.leader, rules.seats);
  std::vector<float> want(static_cast<std::size_t>(d));
  for (std::size_t k = 0; k < g.moves.size(); ++k) {
    dominoes::write_observation_tensor(s, history, rules, s.to_move, want);
    for (int i = 0; i < d; ++i) ASSERT_EQ(rows.obs[k * d + i], want[i]) << "turn " << k;
    // The hand section is the decider's hand now, by the deal and its own tiles played.
    for (int t = 0; t < layout.tiles; ++t)
      EXPECT_EQ(rows.obs[k * d + layout.hand + t],
                s.hands[s.to_move].contains(static_cast<dominoes::Tile>(t)) ? 1 : 0);
    dominoes::apply(s, g.moves[k]);
    history.push_back(g.moves[k]);
  }
}

TEST(DecisionRows, NetPointsFromRecordedPoints) {
  // Two seats, seat 1 won 14: +14 for it, -14 for seat 0; nobody scored: 0 for both.
  EXPECT_EQ(dataset::net_points({0, 14, 0, 0}, 2, 0), -14);
  EXPECT_EQ(dataset::net_points({0, 14, 0, 0}, 2, 1), 14);
  EXPECT_EQ(dataset::net_points({0, 0, 0, 0}, 2, 0), 0);
  // Partners 1 and 3 won 30.
  EXPECT_EQ(dataset::net_points({0, 30, 0, 30}, 4, 2), -30);
  EXPECT_EQ(dataset::net_points({0, 30, 0, 30}, 4, 3), 30);
}

// The brute-force value of `s` for team `team` under `rules`: every line of play searched to
// the end (team `team` maximises its net points, every other seat minimises them), scored by the
// engine's net_points at the end. No table, no pruning, no move ordering.
int brute_value(const State& s, const Rules& rules, int team) {
  if (dominoes::status(s) != dominoes::GameStatus::kOngoing) {
    const int winner = dominoes::hand_result(s, rules).winner_team;
    if (winner < 0) return 0;
    const int points = dominoes::hand_result(s, rules).points;
    return winner == team ? points : -points;
  }
  const bool ours = dominoes::team_of(rules, s.to_move) == team;
  int best = ours ? -1000000 : 1000000;
  for (const Move m : dominoes::moves_or_pass(s)) {
    State next = s;
    dominoes::apply(next, m);
    const int v = brute_value(next, rules, team);
    best = ours ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(DecisionRows, MoveValuesAreTheBruteForceValues) {
  Rules two;  // double-3, three tiles each: 6 of the 10 tiles dealt
  two.max_pip = 3;
  two.hand_size = 3;
  Rules four = dominoes::table_rules(4);  // double-3 partnerships, two tiles each
  four.max_pip = 3;
  four.hand_size = 2;
  four.match_target = 0;
  Rules three = cut_throat(3);  // double-3 cut-throat (paranoid: the decider against the rest)
  three.max_pip = 3;
  three.hand_size = 3;
  for (const Rules& rules : {two, four, three}) {
    endgame::BlockDominoesSolver solver(rules);
    const int a = dataset::row_shape(rules, true).actions;
    for (std::uint64_t index = 0; index < 30; ++index) {
      const PlayedGame g = random_game(rules, index);
      const dataset::DecisionRows rows = rows_of(g, rules, &solver);
      State s = dominoes::start_state(g.deal);
      for (std::size_t k = 0; k < g.moves.size(); ++k) {
        const int team = dominoes::team_of(rules, s.to_move);
        std::set<int> legal;
        for (const Move m : dominoes::moves_or_pass(s)) {
          State next = s;
          dominoes::apply(next, m);
          const int action = action_by_formula(m, rules);
          legal.insert(action);
          EXPECT_EQ(rows.move_value[k * a + action], brute_value(next, rules, team))
              << rules.seats << " seats, game " << index << " turn " << k << " action " << action;
        }
        for (int action = 0; action < a; ++action)
          if (!legal.count(action)) {
            EXPECT_TRUE(std::isnan(rows.move_value[k * a + action])) << "action " << action;
          }
        dominoes::apply(s, g.moves[k]);
      }
    }
  }
}

TEST(DecisionRows, AnIllegalRecordedMoveIsRefused) {
  const Rules rules;
  PlayedGame g = random_game(rules, 2);
  // The leader leads a tile of the other hand.
  const int other = 1 - g.deal.leader;
  const std::string tile =
      dominoes::to_string(*g.deal.hands[other].begin());  // a tile the leader does not hold
  const auto lead = g.line.find("\"moves\":[{");
  const auto tile_at = g.line.find("\"tile\":\"", lead) + 8;
  g.line.replace(tile_at, g.line.find('"', tile_at) - tile_at, tile);
  dataset::DecisionRows rows(dataset::row_shape(rules, false));
  EXPECT_THROW(dataset::add_game_rows(tournament::parse_game_record(g.line), rules, {0, 1, 0, 1},
                                      nullptr, rows),
               std::invalid_argument);
}

}  // namespace
