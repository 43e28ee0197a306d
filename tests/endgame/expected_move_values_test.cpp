// Expected move values (engine/endgame/expected_move_values.h) against a brute force written here:
// the consistent opponent hands listed by this test's own loops over the tiles, each world solved
// by this test's own plain recursive minimax of Block Dominoes (no pruning, no table), and the
// mean taken here. Late-game positions keep the brute force to a few milliseconds.
#include "engine/endgame/expected_move_values.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/dominoes/history.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

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

}  // namespace
