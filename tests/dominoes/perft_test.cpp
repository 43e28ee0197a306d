// Perft: the number of move sequences from fixed deals, counted by the engine and by an
// independent brute force written here with plain vectors and its own reading of the rules.
// A move sequence ends when the game does (domino or blocked) or at the depth limit; a forced
// pass counts as a move.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/state.h"

namespace {

// ---- the engine's count --------------------------------------------------------------------
std::uint64_t engine_perft(const dominoes::State& s, int depth) {
  if (depth == 0 || dominoes::status(s) != dominoes::GameStatus::kOngoing) return 1;
  const dominoes::MoveList legal = dominoes::legal_moves(s);
  if (legal.empty()) {
    dominoes::State next = s;
    dominoes::apply(next, dominoes::Move::pass());
    return engine_perft(next, depth - 1);
  }
  std::uint64_t total = 0;
  for (dominoes::Move m : legal) {
    dominoes::State next = s;
    dominoes::apply(next, m);
    total += engine_perft(next, depth - 1);
  }
  return total;
}

// ---- the independent brute force -------------------------------------------------------------
using PairTile = std::pair<int, int>;  // not "Tile": unity batches share file-local names
using Hand = std::vector<PairTile>;

struct Position {
  Hand hands[2];
  int left = -1, right = -1;  // -1: empty line
  int turn = 0;
};

bool fits(const PairTile& t, int v) {
  return t.first == v || t.second == v;
}
int other(const PairTile& t, int v) {
  return t.first == v ? t.second : t.first;
}

bool can_move(const Hand& h, int left, int right) {
  if (left < 0) return !h.empty();
  for (const PairTile& t : h)
    if (fits(t, left) || fits(t, right)) return true;
  return false;
}

// Every position reachable in one move: each tile on each end it fits, where two different ends
// give two positions and equal ends one.
std::vector<Position> successors(const Position& p) {
  std::vector<Position> out;
  const Hand& h = p.hands[p.turn];
  for (std::size_t i = 0; i < h.size(); ++i) {
    Position base = p;
    base.hands[p.turn].erase(base.hands[p.turn].begin() + static_cast<long>(i));
    base.turn = 1 - p.turn;
    const PairTile& t = h[i];
    if (p.left < 0) {
      Position q = base;
      q.left = t.first, q.right = t.second;
      out.push_back(q);
      continue;
    }
    if (fits(t, p.left)) {
      Position q = base;
      q.left = other(t, p.left);
      out.push_back(q);
    }
    if (fits(t, p.right) && p.right != p.left) {
      Position q = base;
      q.right = other(t, p.right);
      out.push_back(q);
    }
  }
  return out;
}

std::uint64_t brute_perft(const Position& p, int depth) {
  if (depth == 0 || p.hands[0].empty() || p.hands[1].empty()) return 1;
  if (!can_move(p.hands[0], p.left, p.right) && !can_move(p.hands[1], p.left, p.right)) return 1;
  const std::vector<Position> next = successors(p);
  if (next.empty()) {  // pass
    Position q = p;
    q.turn = 1 - p.turn;
    return brute_perft(q, depth - 1);
  }
  std::uint64_t total = 0;
  for (const Position& q : next) total += brute_perft(q, depth - 1);
  return total;
}

Hand to_hand(dominoes::TileSet set) {
  Hand h;
  for (dominoes::Tile t : set) h.push_back({dominoes::tile_low(t), dominoes::tile_high(t)});
  return h;
}

void expect_same_perft(const dominoes::Rules& rules, std::uint64_t deal_index, int depth) {
  const dominoes::Deal d = dominoes::make_deal(rules, 2026, deal_index);
  Position p;
  p.hands[0] = to_hand(d.hands[0]);
  p.hands[1] = to_hand(d.hands[1]);
  p.turn = d.leader;
  const std::uint64_t expected = brute_perft(p, depth);
  EXPECT_EQ(engine_perft(dominoes::start_state(d), depth), expected)
      << "deal " << deal_index << " depth " << depth;
  EXPECT_GT(expected, 1u);
}

TEST(Perft, SeedGameDealsToDepthNine) {
  for (std::uint64_t i = 0; i < 6; ++i) expect_same_perft(dominoes::Rules{}, i, 9);
}

TEST(Perft, SmallHandsToTheEndOfTheGame) {
  dominoes::Rules r;
  r.hand_size = 4;
  for (std::uint64_t i = 0; i < 20; ++i) expect_same_perft(r, i, 100);
}

TEST(Perft, LargerSetsToDepthSeven) {
  for (int n = 7; n <= 9; ++n) {
    dominoes::Rules r;
    r.max_pip = n;
    r.hand_size = 9;
    for (std::uint64_t i = 0; i < 3; ++i) expect_same_perft(r, i, 7);
  }
}

}  // namespace
