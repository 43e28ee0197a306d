// Expected move values (engine/endgame/expected_move_values.h) against a brute force written here:
// the consistent opponent hands listed by this test's own loops over the tiles, each world solved
// by this test's own plain recursive minimax of Block Dominoes (no pruning, no table), and the
// mean taken here. Late-game positions keep the brute force to a few milliseconds.
//
// Four seats in partnerships: positions of random play, the worlds listed by this test's own
// loops (each other seat's hand chosen among the unseen tiles avoiding the values this test saw
// it pass on), each move played in each world and the position after it valued by the open-hands
// solver's value() (not move_values(), which the code under test calls), and the means taken here.
// (tests/cli/advise_table_test.py checks the same at the command line against a solver of its own,
// cut-throat's paranoid values included.)
#include "engine/endgame/expected_move_values.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace {

using dominoes::Tile;
using dominoes::TileSet;

int pip_sum(TileSet hand) {
  int sum = 0;
  for (Tile t : hand) sum += dominoes::tile_low(t) + dominoes::tile_high(t);
  return sum;
}

// Seed 002's scoring for the player to move: fewer pips wins the opponent's pips.
int final_score(TileSet mover, TileSet other) {
  const int a = pip_sum(mover), b = pip_sum(other);
  return a < b ? b : a > b ? -a : 0;
}

bool can_play(TileSet hand, int left, int right) {
  for (Tile t : hand)
    if (dominoes::tile_has(t, left) || dominoes::tile_has(t, right)) return true;
  return false;
}

// The exact value for the player to move holding `mover`, by plain minimax over every move.
int brute_value(TileSet mover, TileSet other, int left, int right) {
  if (mover.empty() || other.empty()) return final_score(mover, other);
  if (!can_play(mover, left, right)) {
    if (!can_play(other, left, right)) return final_score(mover, other);
    return -brute_value(other, mover, left, right);
  }
  int best = -1000;
  for (Tile t : mover) {
    TileSet rest = mover;
    rest.erase(t);
    if (dominoes::tile_has(t, left))
      best = std::max(best, -brute_value(other, rest, dominoes::other_value(t, left), right));
    if (right != left && dominoes::tile_has(t, right))
      best = std::max(best, -brute_value(other, rest, left, dominoes::other_value(t, right)));
  }
  return best;
}

// The value of `move` for the player to move, by the brute force.
int brute_move_value(TileSet mover, TileSet other, int left, int right, dominoes::Move move) {
  if (move.is_pass()) return -brute_value(other, mover, left, right);
  TileSet rest = mover;
  rest.erase(move.tile());
  const bool on_left = move.placement() == dominoes::Placement::kLeft;
  const int l = on_left ? dominoes::other_value(move.tile(), left) : left;
  const int r = on_left ? right : dominoes::other_value(move.tile(), right);
  return -brute_value(other, rest, l, r);
}

struct Position {
  TileSet mine, opponent, line;
  int left, right;
  dominoes::ValueSet lacks;
};

// Every k-subset of `pool`, by this test's own recursion.
void subsets(const std::vector<Tile>& pool, int k, std::size_t from, TileSet chosen,
             std::vector<TileSet>& out) {
  if (k == 0) return out.push_back(chosen);
  for (std::size_t i = from; i < pool.size(); ++i) {
    TileSet next = chosen;
    next.insert(pool[i]);
    subsets(pool, k - 1, i + 1, next, out);
  }
}

// The opponent hands a seat holding `p.mine` would think possible, blocked games left out.
std::vector<TileSet> worlds(const Position& p) {
  std::vector<Tile> pool;
  for (int t = 0; t < dominoes::tile_count(6); ++t) {
    const Tile tile = static_cast<Tile>(t);
    const bool lacked =
        p.lacks.contains(dominoes::tile_low(tile)) || p.lacks.contains(dominoes::tile_high(tile));
    if (!p.mine.contains(tile) && !p.line.contains(tile) && !lacked) pool.push_back(tile);
  }
  std::vector<TileSet> all, live;
  subsets(pool, p.opponent.size(), 0, TileSet(), all);
  for (TileSet h : all)
    if (can_play(p.mine, p.left, p.right) || can_play(h, p.left, p.right)) live.push_back(h);
  return live;
}

endgame::MoveEvaluation evaluate(const Position& p, const endgame::WorldLimits& limits) {
  static const dominoes::Rules rules;
  static const dominoes::History history(0);
  dominoes::State s = dominoes::start_state(p.mine, p.opponent, 0);
  s.line = p.line;
  s.left = static_cast<std::int8_t>(p.left);
  s.right = static_cast<std::int8_t>(p.right);
  s.lacks[1] = p.lacks;
  dominoes::Rng rng(7);
  return endgame::expected_move_values(dominoes::observe(s, history, rules, 0), limits, rng);
}

// Returns the brute-force mean of `move` over `hands`.
double brute_mean(const Position& p, const std::vector<TileSet>& hands, dominoes::Move move) {
  double total = 0;
  for (TileSet h : hands) total += brute_move_value(p.mine, h, p.left, p.right, move);
  return total / static_cast<double>(hands.size());
}

TileSet tiles(const char* text) {
  return dominoes::parse_tiles(text, 6);
}

// Ends 2 and 4, the opponent has shown it lacks 5 and 6: 6 candidates, 3 tiles, 20 hands.
Position three_moves() {
  return {tiles("1-2,2-4,0-3"),
          tiles("2-2,3-4,1-4"),
          tiles("0-0,0-1,1-1,1-3,3-3,0-4,5-6,2-6,2-5"),
          2,
          4,
          dominoes::ValueSet(0b1100000)};
}

TEST(ExpectedMoveValues, EnumeratedMeansEqualBruteForce) {
  const Position p = three_moves();
  const std::vector<TileSet> hands = worlds(p);
  ASSERT_EQ(hands.size(), 20u);
  const endgame::MoveEvaluation e = evaluate(p, {});
  EXPECT_TRUE(e.exhaustive);
  EXPECT_EQ(e.consistent_hands, 20u);
  EXPECT_EQ(e.worlds, 20u);
  ASSERT_EQ(e.moves.size(), 3u);  // 1-2L, 2-4L, 2-4R
  for (const auto& m : e.moves) {
    EXPECT_NEAR(m.mean, brute_mean(p, hands, m.move), 1e-9) << dominoes::to_string(m.move);
    EXPECT_EQ(m.ci95, 0.0);
  }
  int best = 0;
  for (int k = 1; k < 3; ++k)
    if (brute_mean(p, hands, e.moves[k].move) > brute_mean(p, hands, e.moves[best].move)) best = k;
  EXPECT_EQ(e.best(), best);
}

TEST(ExpectedMoveValues, SampledMeansCoverTheExactMeans) {
  const Position p = three_moves();
  const std::vector<TileSet> hands = worlds(p);
  const endgame::MoveEvaluation e = evaluate(p, {0, 4000});
  EXPECT_FALSE(e.exhaustive);
  EXPECT_EQ(e.worlds, 4000u);
  for (const auto& m : e.moves) {
    const double exact = brute_mean(p, hands, m.move);
    EXPECT_GT(m.ci95, 0.0);
    EXPECT_LE(std::abs(m.mean - exact), 3 * m.ci95) << dominoes::to_string(m.move);
  }
}

// The seat to move holds no 2 and must pass; 6 of the 36 two-tile hands hold no 2 either, and
// those worlds would be blocked games, so they are left out.
TEST(ExpectedMoveValues, ForcedPassLeavesBlockedWorldsOut) {
  const Position p{tiles("0-3,4-4"),
                   tiles("2-2,0-4"),
                   tiles("0-0,0-1,1-1,1-3,2-6,2-5"),
                   2,
                   2,
                   dominoes::ValueSet(0b1100000)};
  const std::vector<TileSet> hands = worlds(p);
  ASSERT_EQ(hands.size(), 30u);
  const endgame::MoveEvaluation e = evaluate(p, {});
  EXPECT_EQ(e.consistent_hands, 36u);
  EXPECT_EQ(e.worlds, 30u);
  ASSERT_EQ(e.moves.size(), 1u);
  EXPECT_TRUE(e.moves[0].move.is_pass());
  EXPECT_NEAR(e.moves[0].mean, brute_mean(p, hands, dominoes::Move::pass()), 1e-9);
}

// ---- four seats --------------------------------------------------------------------------------

// A position of random play at a table, with the values each seat passed on as this test saw it.
struct TablePosition {
  dominoes::Rules rules;
  dominoes::State state;
  dominoes::History history{0, 4};
  std::array<dominoes::ValueSet, dominoes::kStateSeats> passed_on{};
};

// Plays `moves` random moves of deal `deal` (stopping at the end of the hand).
TablePosition play_some(const dominoes::Rules& rules, std::uint64_t deal, int moves) {
  TablePosition p;
  p.rules = rules;
  const dominoes::Deal d = dominoes::make_deal(rules, 23, deal, 0);
  p.state = dominoes::start_state(d);
  p.history = dominoes::History(d.leader, d.seats);
  dominoes::Rng rng(deal * 104729 + 11);
  for (int k = 0; k < moves && dominoes::status(p.state) == dominoes::GameStatus::kOngoing; ++k) {
    const dominoes::MoveList legal = dominoes::legal_moves(p.state);
    dominoes::Move m = dominoes::Move::pass();
    if (legal.empty()) {
      p.passed_on[p.state.to_move].insert(p.state.left);
      p.passed_on[p.state.to_move].insert(p.state.right);
    } else {
      m = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
    }
    dominoes::apply(p.state, m);
    p.history.push_back(m);
  }
  return p;
}

// Every deal of the other seats' hands the seat to move thinks possible, by this test's loops.
std::vector<dominoes::TableHands> table_worlds(const TablePosition& p) {
  const int seats = p.rules.seats;
  const dominoes::Seat me = p.state.to_move;
  TileSet unseen;
  for (int t = 0; t < dominoes::tile_count(p.rules.max_pip); ++t) {
    const Tile tile = static_cast<Tile>(t);
    if (!p.state.hands[me].contains(tile) && !p.state.line.contains(tile)) unseen.insert(tile);
  }
  std::vector<dominoes::TableHands> out;
  dominoes::TableHands hands{};
  hands[me] = p.state.hands[me];
  // Deals seat me + k (k = 1 .. seats - 1) from `left`, then the next.
  const auto deal = [&](const auto& self, int k, TileSet left) -> void {
    if (k == seats) return out.push_back(hands);
    const dominoes::Seat seat = static_cast<dominoes::Seat>((me + k) % seats);
    std::vector<Tile> pool;
    for (Tile t : left)
      if (!p.passed_on[seat].contains(dominoes::tile_low(t)) &&
          !p.passed_on[seat].contains(dominoes::tile_high(t)))
        pool.push_back(t);
    std::vector<TileSet> choices;
    subsets(pool, p.state.hands[seat].size(), 0, TileSet(), choices);
    for (TileSet h : choices) {
      hands[seat] = h;
      self(self, k + 1, left - h);
    }
  };
  deal(deal, 1, unseen);
  return out;
}

// The brute force's mean of every move of `legal` for the seat to move, over the live worlds;
// `live` receives their number.
std::vector<double> table_means(const TablePosition& p, const dominoes::MoveList& legal,
                                std::uint64_t& live) {
  endgame::BlockDominoesSolver solver(p.rules);
  const dominoes::Seat me = p.state.to_move;
  std::vector<double> total(static_cast<std::size_t>(legal.size()), 0.0);
  live = 0;
  for (const dominoes::TableHands& hands : table_worlds(p)) {
    dominoes::State world = p.state;
    for (int seat = 0; seat < p.rules.seats; ++seat) world.hands[seat] = hands[seat];
    // Blocked: the seat to move must pass and so must every other seat.
    bool anyone = false;
    for (int seat = 0; seat < p.rules.seats; ++seat)
      for (Tile t : hands[seat])
        anyone |= dominoes::tile_has(t, world.left) || dominoes::tile_has(t, world.right);
    if (!anyone) continue;
    ++live;
    for (int k = 0; k < legal.size(); ++k) {
      dominoes::State after = world;
      dominoes::apply(after, legal[k]);
      const int v = solver.value(after);  // for the seat to move after the move
      const bool same_team =
          dominoes::team_of(p.rules, after.to_move) == dominoes::team_of(p.rules, me);
      total[static_cast<std::size_t>(k)] += same_team ? v : -v;
    }
  }
  for (double& t : total) t /= static_cast<double>(live ? live : 1);
  return total;
}

// Positions of four-seat partnership play on a double-four set, 3 tiles each (3 undrawn), with a
// choice of two or more moves and at most 2000 worlds (all of them used: WorldLimits' 5000).
std::vector<TablePosition> table_positions() {
  dominoes::Rules rules = dominoes::table_rules(4);
  rules.max_pip = 4;
  rules.hand_size = 3;
  rules.leader = dominoes::LeaderRule::kRandom;
  std::vector<TablePosition> out;
  for (std::uint64_t deal = 0; deal < 200 && out.size() < 8; ++deal)
    for (int moves = 2; moves < 12; ++moves) {
      TablePosition p = play_some(rules, deal, moves);
      if (dominoes::status(p.state) != dominoes::GameStatus::kOngoing) break;
      if (dominoes::legal_moves(p.state).size() < 2 || table_worlds(p).size() > 2000) continue;
      out.push_back(p);
      break;
    }
  return out;
}

TEST(ExpectedMoveValues, FourSeatMeansEqualTheSolversValueAveragedHere) {
  const std::vector<TablePosition> positions = table_positions();
  ASSERT_EQ(positions.size(), 8u);
  int with_passes = 0;
  for (const TablePosition& p : positions) {
    const auto obs = dominoes::observe(p.state, p.history, p.rules, p.state.to_move);
    dominoes::Rng rng(5);
    const endgame::MoveEvaluation e = endgame::expected_move_values(obs, {}, rng);
    const dominoes::MoveList legal = dominoes::legal_moves(p.state);
    std::uint64_t live = 0;
    const std::vector<double> means = table_means(p, legal, live);
    EXPECT_TRUE(e.exhaustive);
    EXPECT_EQ(e.consistent_hands, table_worlds(p).size());
    EXPECT_EQ(e.worlds, live);
    ASSERT_EQ(static_cast<int>(e.moves.size()), legal.size());
    for (int k = 0; k < legal.size(); ++k) {
      EXPECT_EQ(e.moves[static_cast<std::size_t>(k)].move, legal[k]);
      EXPECT_NEAR(e.moves[static_cast<std::size_t>(k)].mean, means[static_cast<std::size_t>(k)],
                  1e-9)
          << dominoes::to_string(legal[k]);
    }
    for (const auto& lacks : p.passed_on) with_passes += !lacks.empty();
  }
  EXPECT_GT(with_passes, 0) << "no position has a pass: the lacks go untested";
}

TEST(ExpectedMoveValues, FourSeatSampledMeansCoverTheExactMeans) {
  const TablePosition p = table_positions().front();
  const auto obs = dominoes::observe(p.state, p.history, p.rules, p.state.to_move);
  dominoes::Rng rng(9);
  const endgame::MoveEvaluation e = endgame::expected_move_values(obs, {0, 3000}, rng);
  const dominoes::MoveList legal = dominoes::legal_moves(p.state);
  std::uint64_t live = 0;
  const std::vector<double> means = table_means(p, legal, live);
  EXPECT_FALSE(e.exhaustive);
  EXPECT_EQ(e.worlds, 3000u);
  for (int k = 0; k < legal.size(); ++k) {
    const auto& m = e.moves[static_cast<std::size_t>(k)];
    EXPECT_GT(m.ci95, 0.0);
    EXPECT_LE(std::abs(m.mean - means[static_cast<std::size_t>(k)]), 3 * m.ci95)
        << dominoes::to_string(m.move);
  }
}

}  // namespace
