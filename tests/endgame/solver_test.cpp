// The open-hands solver (engine/endgame/block_dominoes_solver.h) against an independent brute
// force written here: plain vectors of (low, high) pairs, its own reading of docs/rules.md,
// full minimax with no pruning and no table, and none of the engine's rules code (legal_moves,
// apply, status, net_points). Plus hand-worked positions whose values are derived in comments, and
// consistency checks on full 7+7 deals, which are too large for the brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/block_dominoes_solver.h"

namespace endgame {
namespace {

using dominoes::Placement;
using dominoes::Rules;
using dominoes::ScoringRule;
using dominoes::TileSet;

// ---- the independent brute force -------------------------------------------------------------
using BTile = std::pair<int, int>;  // (low, high)
using BHand = std::vector<BTile>;

struct BPos {
  BHand hands[2];
  int left = -1, right = -1;  // -1, -1: the line is empty
  int turn = 0;               // the side to move
};

// A move: kind 'D' leads, 'L' / 'R' put the tile on that end, 'P' passes.
struct BMove {
  int low = 0, high = 0;
  char kind = 'P';
  bool operator==(const BMove&) const = default;
  bool operator<(const BMove& o) const {
    return std::tie(kind, low, high) < std::tie(o.kind, o.low, o.high);
  }
};

enum class BRule { kOpponentPips, kPipDifference, kAllPips };

bool fits(const BTile& t, int v) {
  return t.first == v || t.second == v;
}
int other_end(const BTile& t, int v) {
  return t.first == v ? t.second : t.first;
}

int hand_pips(const BHand& h) {
  int total = 0;
  for (const BTile& t : h) total += t.first + t.second;
  return total;
}

bool can_move(const BHand& h, int left, int right) {
  if (left < 0) return !h.empty();
  for (const BTile& t : h)
    if (fits(t, left) || fits(t, right)) return true;
  return false;
}

bool game_over(const BPos& p) {
  if (p.hands[0].empty() || p.hands[1].empty()) return true;
  return !can_move(p.hands[0], p.left, p.right) && !can_move(p.hands[1], p.left, p.right);
}

// The side to move's points minus the opponent's if the game ended now: fewer pips wins.
int final_score(const BPos& p, BRule rule) {
  const int mine = hand_pips(p.hands[p.turn]);
  const int theirs = hand_pips(p.hands[1 - p.turn]);
  if (mine == theirs) return 0;
  const int winner = std::min(mine, theirs), loser = std::max(mine, theirs);
  int points = loser;
  if (rule == BRule::kPipDifference) points = loser - winner;
  if (rule == BRule::kAllPips) points = loser + winner;
  return mine < theirs ? points : -points;
}

// Every tile move of the side to move with the position it leads to. A tile fitting two different
// ends gives two moves; on equal ends it is one move (called 'L').
std::vector<std::pair<BMove, BPos>> tile_moves(const BPos& p) {
  std::vector<std::pair<BMove, BPos>> out;
  const BHand& h = p.hands[p.turn];
  for (std::size_t i = 0; i < h.size(); ++i) {
    const BTile t = h[i];
    BPos base = p;
    base.hands[p.turn].erase(base.hands[p.turn].begin() + static_cast<long>(i));
    base.turn = 1 - p.turn;
    if (p.left < 0) {
      BPos q = base;
      q.left = t.first, q.right = t.second;
      out.push_back({{t.first, t.second, 'D'}, q});
      continue;
    }
    if (fits(t, p.left)) {
      BPos q = base;
      q.left = other_end(t, p.left);
      out.push_back({{t.first, t.second, 'L'}, q});
    }
    if (p.right != p.left && fits(t, p.right)) {
      BPos q = base;
      q.right = other_end(t, p.right);
      out.push_back({{t.first, t.second, 'R'}, q});
    }
  }
  return out;
}

// Minimax value for the side to move. depth < 0: to the end of the game; otherwise the number of
// tiles still to be played before the position is scored as if the game ended (passes are free).
int bf_value(const BPos& p, int depth, BRule rule) {
  if (game_over(p) || depth == 0) return final_score(p, rule);
  const auto moves = tile_moves(p);
  if (moves.empty()) {  // a forced pass
    BPos q = p;
    q.turn = 1 - p.turn;
    return -bf_value(q, depth, rule);
  }
  int best = INT_MIN;
  for (const auto& [m, q] : moves)
    best = std::max(best, -bf_value(q, depth < 0 ? -1 : depth - 1, rule));
  return best;
}

// The value of every legal move at the root (children searched one tile shallower); empty when
// the game is over, a lone pass when the side to move cannot play.
std::vector<std::pair<BMove, int>> bf_move_values(const BPos& p, int depth, BRule rule) {
  std::vector<std::pair<BMove, int>> out;
  if (game_over(p)) return out;
  const auto moves = tile_moves(p);
  if (moves.empty()) {
    BPos q = p;
    q.turn = 1 - p.turn;
    out.push_back({BMove{}, -bf_value(q, depth, rule)});
    return out;
  }
  for (const auto& [m, q] : moves)
    out.push_back({m, -bf_value(q, depth < 0 ? -1 : depth - 1, rule)});
  return out;
}

// ---- conversions between the brute force's data and the engine's -----------------------------
TileSet to_set(const BHand& h) {
  TileSet s;
  for (const BTile& t : h) s.insert(dominoes::make_tile(t.first, t.second));
  return s;
}

BHand to_hand(TileSet s) {
  BHand h;
  for (dominoes::Tile t : s) h.push_back({dominoes::tile_low(t), dominoes::tile_high(t)});
  return h;
}

BMove to_bmove(Move m) {
  if (m.is_pass()) return BMove{};
  const char kind = m.placement() == Placement::kLead   ? 'D'
                    : m.placement() == Placement::kLeft ? 'L'
                                                        : 'R';
  return {dominoes::tile_low(m.tile()), dominoes::tile_high(m.tile()), kind};
}

State to_state(const BPos& p, const BHand& line) {
  State s;
  s.hands = {to_set(p.hands[0]), to_set(p.hands[1])};
  s.line = to_set(line);
  s.left = static_cast<std::int8_t>(p.left);
  s.right = static_cast<std::int8_t>(p.right);
  s.to_move = static_cast<std::uint8_t>(p.turn);
  s.leader = 0;
  return s;
}

BPos to_bpos(const State& s) {
  BPos p;
  p.hands[0] = to_hand(s.hands[0]);
  p.hands[1] = to_hand(s.hands[1]);
  p.left = s.left, p.right = s.right;
  p.turn = s.to_move;
  return p;
}

ScoringRule to_engine(BRule r) {
  switch (r) {
    case BRule::kOpponentPips:
      return ScoringRule::kOpponentPips;
    case BRule::kPipDifference:
      return ScoringRule::kPipDifference;
    case BRule::kAllPips:
      return ScoringRule::kAllPips;
  }
  return ScoringRule::kOpponentPips;
}

Rules rules_for(BRule r) {
  Rules rules;
  rules.scoring = to_engine(r);
  return rules;
}

std::string describe(const BPos& p, const BHand& line) {
  std::string out;
  for (int seat = 0; seat < 2; ++seat) {
    out += "hand" + std::to_string(seat) + "=";
    for (const BTile& t : p.hands[seat])
      out += std::to_string(t.first) + "-" + std::to_string(t.second) + " ";
  }
  out += "line=";
  for (const BTile& t : line) out += std::to_string(t.first) + "-" + std::to_string(t.second) + " ";
  out += "ends=" + std::to_string(p.left) + "," + std::to_string(p.right) +
         " turn=" + std::to_string(p.turn);
  return out;
}

// ---- random positions -------------------------------------------------------------------------
struct Generated {
  BPos pos;
  BHand line;
};

// A random double-six position: 3..5 tiles per hand (sizes drawn independently), either an empty
// line (a lead) or a line of 1..3 tiles outside both hands whose open ends are values carried by
// line tiles. The ends are biased toward values the hands hold, so most positions have play.
Generated random_position(std::mt19937_64& rng, bool lead, bool blocked = false) {
  for (;;) {
    BHand all;
    for (int b = 0; b <= 6; ++b)
      for (int a = 0; a <= b; ++a) all.push_back({a, b});
    std::shuffle(all.begin(), all.end(), rng);
    auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    Generated g;
    const int n0 = uniform(3, 5), n1 = uniform(3, 5);
    g.pos.hands[0].assign(all.begin(), all.begin() + n0);
    g.pos.hands[1].assign(all.begin() + n0, all.begin() + n0 + n1);
    g.pos.turn = uniform(0, 1);
    if (lead) return g;
    BHand rest(all.begin() + n0 + n1, all.end());
    auto pick_end = [&]() {
      if (uniform(0, 3) == 0) return uniform(0, 6);
      const BHand& h = g.pos.hands[uniform(0, 1)];
      const BTile t = h[uniform(0, static_cast<int>(h.size()) - 1)];
      return uniform(0, 1) ? t.first : t.second;
    };
    // The left end's tile, then the right end's (the same tile when it carries both values and a
    // coin says so), then 0 or 1 extra tile lying between them.
    int left = pick_end(), right = pick_end();
    if (blocked) {  // ends no hand can match, when such values exist: a finished game
      std::vector<int> absent;
      for (int v = 0; v <= 6; ++v)
        if (!can_move(g.pos.hands[0], v, v) && !can_move(g.pos.hands[1], v, v)) absent.push_back(v);
      if (!absent.empty()) {
        left = absent[uniform(0, static_cast<int>(absent.size()) - 1)];
        right = absent[uniform(0, static_cast<int>(absent.size()) - 1)];
      }
    }
    auto take = [&](int v) -> bool {
      for (std::size_t i = 0; i < rest.size(); ++i)
        if (fits(rest[i], v)) {
          g.line.push_back(rest[i]);
          rest.erase(rest.begin() + static_cast<long>(i));
          return true;
        }
      return false;
    };
    if (!take(left)) continue;
    const BTile first = g.line.back();
    const bool single = fits(first, right) && other_end(first, left) == right && uniform(0, 1);
    if (!single && !take(right)) continue;
    if (!single && uniform(0, 1) && !rest.empty()) g.line.push_back(rest.back());
    g.pos.left = left, g.pos.right = right;
    return g;
  }
}

std::vector<Generated> random_positions(std::uint64_t seed, int count) {
  std::mt19937_64 rng(seed);
  std::vector<Generated> out;
  // 1 in 5 leads, 1 in 25 blocked from the start.
  for (int i = 0; i < count; ++i) out.push_back(random_position(rng, i % 5 == 0, i % 25 == 1));
  return out;
}

// Checks value(s, depth) and move_values(s, depth) of `solver` against the brute force.
// `depth` is the solver's: 0 = unlimited.
void expect_matches_brute_force(BlockDominoesSolver& solver, const Generated& g, int depth,
                                BRule rule, const char* which) {
  SCOPED_TRACE(std::string(which) + " depth=" + std::to_string(depth) + " " +
               describe(g.pos, g.line));
  const State s = to_state(g.pos, g.line);
  ASSERT_TRUE(dominoes::is_consistent(s));
  const int bf_depth = depth == 0 ? -1 : depth;
  EXPECT_EQ(solver.value(s, depth), bf_value(g.pos, bf_depth, rule));

  auto expected = bf_move_values(g.pos, bf_depth, rule);
  std::vector<std::pair<BMove, int>> actual;
  for (const MoveValue& mv : solver.move_values(s, depth))
    actual.push_back({to_bmove(mv.move), mv.value});
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  EXPECT_EQ(actual.size(), expected.size());
  EXPECT_TRUE(actual == expected);
}

// ---- exact values ----------------------------------------------------------------------------
TEST(SolverBruteForce, ExactValuesAndMoveValuesMatchOnSmallPositions) {
  const auto positions = random_positions(20240601, 1500);
  BlockDominoesSolver shared(Rules{});    // one solver and its table for every position
  BlockDominoesSolver tiny(Rules{}, 64);  // a two-entry table: constant replacement
  int leads = 0, passes = 0, over = 0, decided = 0;
  for (const Generated& g : positions) {
    expect_matches_brute_force(shared, g, 0, BRule::kOpponentPips, "shared");
    expect_matches_brute_force(tiny, g, 0, BRule::kOpponentPips, "tiny");
    leads += g.pos.left < 0;
    over += game_over(g.pos);
    passes += !game_over(g.pos) && tile_moves(g.pos).empty();
    decided += bf_value(g.pos, -1, BRule::kOpponentPips) != 0;
    if (HasFailure()) return;
  }
  // The sample covers leads, forced passes, finished games and non-zero values.
  EXPECT_GE(leads, 250);
  EXPECT_GE(passes, 20);
  EXPECT_GE(over, 20);
  EXPECT_GE(decided, 1000);
}

TEST(SolverBruteForce, OtherScoringRulesMatch) {
  const auto positions = random_positions(77, 200);
  for (BRule rule : {BRule::kPipDifference, BRule::kAllPips}) {
    BlockDominoesSolver shared(rules_for(rule));
    BlockDominoesSolver tiny(rules_for(rule), 64);
    for (const Generated& g : positions) {
      expect_matches_brute_force(shared, g, 0, rule, "shared");
      expect_matches_brute_force(tiny, g, 0, rule, "tiny");
      if (HasFailure()) return;
    }
  }
}

TEST(SolverBruteForce, DepthLimitedValuesMatch) {
  const auto positions = random_positions(4242, 500);
  BlockDominoesSolver shared(Rules{});  // depths interleaved on one table, unlimited included
  BlockDominoesSolver tiny(Rules{}, 64);
  for (const Generated& g : positions) {
    for (int depth : {1, 2, 3, 4, 0}) {
      expect_matches_brute_force(shared, g, depth, BRule::kOpponentPips, "shared");
      expect_matches_brute_force(tiny, g, depth, BRule::kOpponentPips, "tiny");
    }
    if (HasFailure()) return;
  }
  // Depth-limited search under another scoring rule too: the horizon uses the same rule.
  BlockDominoesSolver diff(rules_for(BRule::kPipDifference));
  for (std::size_t i = 0; i < 100; ++i)
    for (int depth : {1, 2, 3})
      expect_matches_brute_force(diff, positions[i], depth, BRule::kPipDifference, "diff");
}

// Mid-game positions reached by random play from real 7+7 deals, once at most 9 tiles remain.
TEST(SolverBruteForce, PositionsFromRealGamesMatch) {
  const Rules rules;
  BlockDominoesSolver shared(rules);
  std::mt19937_64 rng(99);
  for (std::uint64_t deal = 0; deal < 60; ++deal) {
    State s = dominoes::start_state(dominoes::make_deal(rules, 5150, deal));
    BHand line;
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing &&
           s.hands[0].size() + s.hands[1].size() > 9) {
      const dominoes::MoveList legal = dominoes::legal_moves(s);
      const Move m =
          legal.empty() ? Move::pass()
                        : legal[static_cast<int>(rng() % static_cast<std::uint64_t>(legal.size()))];
      dominoes::apply(s, m);
    }
    const Generated g{to_bpos(s), to_hand(s.line)};
    expect_matches_brute_force(shared, g, 0, BRule::kOpponentPips, "real");
    expect_matches_brute_force(shared, g, 2, BRule::kOpponentPips, "real");
    if (HasFailure()) return;
  }
}

// ---- principal variation ---------------------------------------------------------------------
// Replays `pv` from `p` with the brute force's own rules. Returns false (with a failure) on an
// illegal move. `tiles` counts the tiles played.
bool replay(BPos& p, const std::vector<Move>& pv, int& tiles) {
  tiles = 0;
  for (const Move m : pv) {
    const BMove b = to_bmove(m);
    if (game_over(p)) {
      ADD_FAILURE() << "the variation goes on after the end of the game";
      return false;
    }
    BHand& h = p.hands[p.turn];
    if (b.kind == 'P') {
      if (can_move(h, p.left, p.right)) {
        ADD_FAILURE() << "the variation passes with a legal tile move";
        return false;
      }
      p.turn = 1 - p.turn;
      continue;
    }
    const auto it = std::find(h.begin(), h.end(), BTile{b.low, b.high});
    if (it == h.end()) {
      ADD_FAILURE() << "the variation plays " << b.low << "-" << b.high << " not in hand";
      return false;
    }
    const BTile t = *it;
    if (b.kind == 'D') {
      if (p.left >= 0) {
        ADD_FAILURE() << "the variation leads on a non-empty line";
        return false;
      }
      p.left = t.first, p.right = t.second;
    } else if (b.kind == 'L') {
      if (p.left < 0 || !fits(t, p.left)) {
        ADD_FAILURE() << "the variation's tile does not fit the left end";
        return false;
      }
      p.left = other_end(t, p.left);
    } else {
      if (p.right < 0 || !fits(t, p.right)) {
        ADD_FAILURE() << "the variation's tile does not fit the right end";
        return false;
      }
      p.right = other_end(t, p.right);
    }
    h.erase(it);
    p.turn = 1 - p.turn;
    ++tiles;
  }
  return true;
}

TEST(SolverPrincipalVariation, ReplayReachesTheEndWithTheRootValue) {
  const auto positions = random_positions(31337, 300);
  BlockDominoesSolver solver(Rules{});
  for (const Generated& g : positions) {
    SCOPED_TRACE(describe(g.pos, g.line));
    const State s = to_state(g.pos, g.line);
    const int root = solver.value(s, 0);
    BPos p = g.pos;
    int tiles = 0;
    ASSERT_TRUE(replay(p, solver.principal_variation(s, 0), tiles));
    ASSERT_TRUE(game_over(p));
    const int score = final_score(p, BRule::kOpponentPips);
    EXPECT_EQ(p.turn == g.pos.turn ? score : -score, root);
    EXPECT_EQ(root, bf_value(g.pos, -1, BRule::kOpponentPips));
  }
}

TEST(SolverPrincipalVariation, DepthLimitedReplayStopsAtTheHorizonWithTheRootValue) {
  const auto positions = random_positions(8086, 200);
  BlockDominoesSolver solver(Rules{});
  for (const Generated& g : positions)
    for (int depth : {1, 2, 3}) {
      SCOPED_TRACE("depth=" + std::to_string(depth) + " " + describe(g.pos, g.line));
      const State s = to_state(g.pos, g.line);
      const int root = solver.value(s, depth);
      BPos p = g.pos;
      int tiles = 0;
      ASSERT_TRUE(replay(p, solver.principal_variation(s, depth), tiles));
      EXPECT_TRUE(tiles == depth || (tiles < depth && game_over(p)));
      const int score = final_score(p, BRule::kOpponentPips);
      EXPECT_EQ(p.turn == g.pos.turn ? score : -score, root);
      EXPECT_EQ(root, bf_value(g.pos, depth, BRule::kOpponentPips));
    }
}

// ---- hand-worked positions -------------------------------------------------------------------
TileSet tiles(std::initializer_list<BTile> list) {
  return to_set(BHand(list));
}

State position(TileSet mover, TileSet opponent, int left, int right, TileSet line) {
  State s;
  s.hands = {mover, opponent};  // seat 0 to move
  s.line = line;
  s.left = static_cast<std::int8_t>(left);
  s.right = static_cast<std::int8_t>(right);
  s.to_move = 0;
  return s;
}

int value_of(const std::vector<MoveValue>& values, Move m) {
  for (const MoveValue& mv : values)
    if (mv.move == m) return mv.value;
  ADD_FAILURE() << "move not listed";
  return INT_MIN;
}

TEST(SolverHandWorked, DominoWinsTheOpponentsPips) {
  // Mover holds 0-1; the line 1-3,3-5 shows ends 1 and 5; the opponent holds 6-6. The mover's only
  // move is 0-1 on the 1 end, emptying its hand: a domino worth the opponent's 6+6 = 12. With
  // pip-difference the winner has 0 pips: 12 - 0 = 12; with all-pips 12 + 0 = 12.
  const State s = position(tiles({{0, 1}}), tiles({{6, 6}}), 1, 5, tiles({{1, 3}, {3, 5}}));
  for (ScoringRule rule :
       {ScoringRule::kOpponentPips, ScoringRule::kPipDifference, ScoringRule::kAllPips}) {
    Rules rules;
    rules.scoring = rule;
    BlockDominoesSolver solver(rules);
    EXPECT_EQ(solver.value(s), 12);
    const auto mv = solver.move_values(s);
    ASSERT_EQ(mv.size(), 1u);
    EXPECT_EQ(mv[0].move, Move(dominoes::make_tile(0, 1), Placement::kLeft));
    EXPECT_EQ(mv[0].value, 12);
  }
}

TEST(SolverHandWorked, HeavyTileFirstBlocksTheGame) {
  // Mover holds 1-2 and 1-6; ends 1 (left) and 3 (right), line 1-4,3-4; opponent holds 2-2, 5-5.
  // a) 1-2 on the left: ends 2,3. Opponent plays 2-2 (ends 2,3). Mover holds 1-6: no 2 or 3, pass.
  //    Opponent holds 5-5: blocked. Pips 7 against 10: the mover wins 10.
  // b) 1-6 on the left: ends 6,3. Opponent (2-2, 5-5) passes; mover's 1-2 fits neither: blocked.
  //    Pips 3 against 14: the mover wins 14.
  // Value 14 by b). Pip-difference: a) 10-7 = 3, b) 14-3 = 11. All-pips: a) 17, b) 17.
  // Depth 1: a) hands 1-6 (7) against 14 -> 14; b) 3 against 14 -> 14. Depth 2: a) 10, b) 14.
  const State s =
      position(tiles({{1, 2}, {1, 6}}), tiles({{2, 2}, {5, 5}}), 1, 3, tiles({{1, 4}, {3, 4}}));
  const Move a(dominoes::make_tile(1, 2), Placement::kLeft);
  const Move b(dominoes::make_tile(1, 6), Placement::kLeft);
  BlockDominoesSolver solver(Rules{});
  EXPECT_EQ(solver.value(s), 14);
  auto mv = solver.move_values(s);
  ASSERT_EQ(mv.size(), 2u);
  EXPECT_EQ(value_of(mv, a), 10);
  EXPECT_EQ(value_of(mv, b), 14);
  EXPECT_EQ(solver.principal_variation(s).front(), b);
  EXPECT_EQ(solver.value(s, 1), 14);
  EXPECT_EQ(solver.value(s, 2), 14);
  mv = solver.move_values(s, 2);
  EXPECT_EQ(value_of(mv, a), 10);
  EXPECT_EQ(value_of(mv, b), 14);

  BlockDominoesSolver difference(rules_for(BRule::kPipDifference));
  mv = difference.move_values(s);
  EXPECT_EQ(value_of(mv, a), 3);
  EXPECT_EQ(value_of(mv, b), 11);
  EXPECT_EQ(difference.value(s), 11);
  BlockDominoesSolver all(rules_for(BRule::kAllPips));
  mv = all.move_values(s);
  EXPECT_EQ(value_of(mv, a), 17);
  EXPECT_EQ(value_of(mv, b), 17);
  EXPECT_EQ(all.value(s), 17);
}

TEST(SolverHandWorked, ForcedPassAndTheOpponentsBestReply) {
  // Mover holds 4-4; ends 1 and 2 (line 1-5,2-5); opponent holds 1-3 and 2-4. The mover must pass.
  // Opponent's options: 1-3 on the 1 (ends 3,2): the mover's 4-4 still cannot move, pass, then
  // 2-4 on the 2 empties the opponent's hand: it wins the mover's 8. Or 2-4 on the 2 (ends 1,4):
  // the mover plays 4-4 and is out, winning the opponent's 1-3 = 4. The opponent takes the 8.
  // So the mover's value is -8, and its only move is a pass worth -8.
  const State s = position(tiles({{4, 4}}), tiles({{1, 3}, {2, 4}}), 1, 2, tiles({{1, 5}, {2, 5}}));
  BlockDominoesSolver solver(Rules{});
  EXPECT_EQ(solver.value(s), -8);
  const auto mv = solver.move_values(s);
  ASSERT_EQ(mv.size(), 1u);
  EXPECT_TRUE(mv[0].move.is_pass());
  EXPECT_EQ(mv[0].value, -8);
  // Depth 1: passes are free, the opponent plays one tile and the hands are scored: after 1-3 the
  // mover holds 8 against 6 (loses 8); after 2-4 it holds 8 against 4 (loses 8). Value -8.
  EXPECT_EQ(solver.value(s, 1), -8);
  // The principal variation: pass, 1-3 on the left, pass, 2-4 on the right (the domino).
  const std::vector<Move> pv = solver.principal_variation(s);
  ASSERT_EQ(pv.size(), 4u);
  EXPECT_TRUE(pv[0].is_pass());
  EXPECT_EQ(pv[1], Move(dominoes::make_tile(1, 3), Placement::kLeft));
  EXPECT_TRUE(pv[2].is_pass());
  EXPECT_EQ(pv[3], Move(dominoes::make_tile(2, 4), Placement::kRight));
}

TEST(SolverHandWorked, LeadWithEqualPipsAndBlockedEnds) {
  // Lead: mover holds 0-0 and 6-6, opponent holds 0-6. Leading 0-0 (ends 0,0) lets the opponent
  // play 0-6 and go out: the mover loses its 12. Leading 6-6 (ends 6,6): the opponent plays 0-6 and
  // goes out, but the mover's 0-0 has 0 pips, equal to the opponent's 0: nobody scores. Value 0.
  State s;
  s.hands = {tiles({{0, 0}, {6, 6}}), tiles({{0, 6}})};
  BlockDominoesSolver solver(Rules{});
  EXPECT_EQ(solver.value(s), 0);
  const auto mv = solver.move_values(s);
  ASSERT_EQ(mv.size(), 2u);
  EXPECT_EQ(value_of(mv, Move(dominoes::make_tile(0, 0), Placement::kLead)), -12);
  EXPECT_EQ(value_of(mv, Move(dominoes::make_tile(6, 6), Placement::kLead)), 0);

  // Already blocked: mover 3-3 (6 pips), opponent 1-2 (3 pips), ends 0 and 0 (line 0-0): nobody
  // can move; the opponent wins the mover's 6: value -6, no moves. Pip-difference -3, all-pips -9.
  const State blocked = position(tiles({{3, 3}}), tiles({{1, 2}}), 0, 0, tiles({{0, 0}}));
  EXPECT_EQ(solver.value(blocked), -6);
  EXPECT_TRUE(solver.move_values(blocked).empty());
  EXPECT_TRUE(solver.principal_variation(blocked).empty());
  EXPECT_EQ(BlockDominoesSolver(rules_for(BRule::kPipDifference)).value(blocked), -3);
  EXPECT_EQ(BlockDominoesSolver(rules_for(BRule::kAllPips)).value(blocked), -9);
  // Blocked with equal pips (1-2 against 0-3, ends 5 and 6): 0.
  const State equal = position(tiles({{1, 2}}), tiles({{0, 3}}), 5, 6, tiles({{5, 6}}));
  EXPECT_EQ(solver.value(equal), 0);
}

// ---- full deals ------------------------------------------------------------------------------
TEST(SolverFullDeals, SevenAndSevenConsistentAcrossTablesAndBounded) {
  const Rules rules;
  BlockDominoesSolver a(rules);                        // 256 KiB, reused across deals
  BlockDominoesSolver b(rules, std::size_t{4} << 10);  // 4 KiB: heavy replacement
  const int all_pips = pips(TileSet::full(6));
  ASSERT_EQ(all_pips, 168);  // each value 0..6 appears 8 times: 8 * 21
  for (std::uint64_t deal = 0; deal < 20; ++deal) {
    SCOPED_TRACE("deal " + std::to_string(deal));
    const State s = dominoes::start_state(dominoes::make_deal(rules, 2024, deal));
    const int v = a.value(s);
    EXPECT_EQ(v, b.value(s));
    EXPECT_EQ(v, BlockDominoesSolver(rules, 1 << 20).value(s));
    EXPECT_LE(std::abs(v), all_pips);
    // A fresh deal's value is at most what the leader could win (the opponent's 7 tiles) and at
    // least minus its own pips.
    EXPECT_LE(v, pips(s.hands[1 - s.to_move]));
    EXPECT_GE(v, -pips(s.hands[s.to_move]));
    // The root value is the best move value.
    int best = INT_MIN;
    for (const MoveValue& mv : a.move_values(s)) best = std::max(best, mv.value);
    EXPECT_EQ(best, v);
  }
}

}  // namespace
}  // namespace endgame
