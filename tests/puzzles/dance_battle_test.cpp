// Dance Battle (seed 000): the solver against a plain minimax brute force written here, on the
// seed's example, every empty start it can afford, and random positions; and the input reader's
// rejections with their line numbers.
#include "engine/puzzles/dance_battle.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <sstream>

namespace puzzles {
namespace {

// ---- the brute force: the seed's minimax over an edge list, no table, no symmetry -------------
struct Edge {
  int a, b;
};

struct Brute {
  int n;
  std::vector<Edge> edges;  // every tile {a, b}, a <= b
  explicit Brute(int n_) : n(n_) {
    for (int a = 0; a < n; ++a)
      for (int b = a; b < n; ++b) edges.push_back({a, b});
  }
  // The dancer at `tail` with `used` tiles wins iff some free tile at the tail leaves the
  // opponent losing.
  bool wins(std::vector<bool>& used, int tail) const {
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (used[i] || (edges[i].a != tail && edges[i].b != tail)) continue;
      used[i] = true;
      const bool opponent_wins = wins(used, edges[i].a == tail ? edges[i].b : edges[i].a);
      used[i] = false;
      if (!opponent_wins) return true;
    }
    return false;
  }
  std::set<std::pair<int, int>> winning_turns(std::vector<bool>& used, int tail) const {
    std::set<std::pair<int, int>> out;
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (used[i]) continue;
      for (auto [from, to] :
           {std::pair{edges[i].a, edges[i].b}, std::pair{edges[i].b, edges[i].a}}) {
        if (tail >= 0 && from != tail) continue;
        used[i] = true;
        if (!wins(used, to)) out.insert({from, to});
        used[i] = false;
      }
    }
    return out;
  }
  std::size_t index(int a, int b) const {
    for (std::size_t i = 0; i < edges.size(); ++i)
      if ((edges[i].a == a && edges[i].b == b) || (edges[i].a == b && edges[i].b == a)) return i;
    return edges.size();
  }
};

DanceBattlePosition read(const std::string& text) {
  std::istringstream in(text);
  return read_dance_battle(in);
}

std::set<std::pair<int, int>> as_set(const std::vector<DanceTurn>& turns) {
  std::set<std::pair<int, int>> out;
  for (const auto& t : turns) out.insert({t.from, t.to});
  return out;
}

TEST(DanceBattle, SeedExampleAfterZeroOneThenOneThree) {
  // Seed 000: n = 5, line of play (0,1), (1,3). Worked by the brute force below and by hand for
  // the one winning reply: dancing the double 3-3.
  const DanceBattlePosition p = read("5\n2\n0 1\n1 3\n");
  DanceBattleSolver solver(5, 1 << 20);
  Brute brute(5);
  std::vector<bool> used(brute.edges.size(), false);
  used[brute.index(0, 1)] = used[brute.index(1, 3)] = true;
  EXPECT_EQ(solver.wins(p), brute.wins(used, 3));
  EXPECT_EQ(as_set(solver.winning_turns(p)), brute.winning_turns(used, 3));
  EXPECT_TRUE(solver.wins(p));
}

TEST(DanceBattle, EmptyStartsMatchTheBruteForce) {
  for (int n = 1; n <= 5; ++n) {
    DanceBattleSolver solver(n, 1 << 20);
    Brute brute(n);
    std::vector<bool> used(brute.edges.size(), false);
    const auto expected = brute.winning_turns(used, -1);
    EXPECT_EQ(as_set(solver.winning_turns({n, {}, -1})), expected) << "n " << n;
    EXPECT_EQ(solver.wins({n, {}, -1}), !expected.empty());
  }
}

TEST(DanceBattle, RandomPositionsMatchTheBruteForce) {
  std::mt19937_64 rng(2026);
  DanceBattleSolver shared(7, 1 << 20);  // one table across positions of the same n
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 3 + static_cast<int>(rng() % 5);  // 3..7
    Brute brute(n);
    std::vector<bool> used(brute.edges.size(), false);
    DanceBattlePosition p{n, {}, -1};
    // A random legal line of play long enough for the brute force to finish quickly.
    const int keep_free = n <= 5 ? 15 : 16;
    int tail = static_cast<int>(rng() % n);
    p.tail = tail;
    while (static_cast<int>(brute.edges.size()) - static_cast<int>(p.used.size()) > keep_free) {
      std::vector<std::size_t> options;
      for (std::size_t i = 0; i < brute.edges.size(); ++i)
        if (!used[i] && (brute.edges[i].a == tail || brute.edges[i].b == tail))
          options.push_back(i);
      if (options.empty()) break;
      const std::size_t i = options[rng() % options.size()];
      used[i] = true;
      p.used.insert(brute.edges[i].a, brute.edges[i].b);
      tail = brute.edges[i].a == tail ? brute.edges[i].b : brute.edges[i].a;
      p.tail = tail;
    }
    DanceBattleSolver fresh(n, 4096);  // a tiny table must not change answers
    const auto expected = brute.winning_turns(used, tail);
    EXPECT_EQ(as_set(fresh.winning_turns(p)), expected) << "trial " << trial;
    EXPECT_EQ(fresh.wins(p), !expected.empty()) << "trial " << trial;
    if (n == 7) {
      EXPECT_EQ(shared.wins(p), !expected.empty()) << "trial " << trial;
    }
  }
}

void expect_rejected(const std::string& text, const std::string& must_mention) {
  try {
    read(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const DanceBattleError& e) {
    EXPECT_NE(std::string(e.what()).find(must_mention), std::string::npos) << e.what();
  }
}

TEST(DanceBattle, ReadsTheInputAndRejectsBadLinesByNumber) {
  const DanceBattlePosition p = read("4\n3\n0 1\n1 1\n1 3\n");
  EXPECT_EQ(p.n, 4);
  EXPECT_EQ(p.tail, 3);
  EXPECT_EQ(p.used.size(), 3);
  EXPECT_EQ(read("6\n0\n").tail, -1);
  expect_rejected("", "line 1: missing N");
  expect_rejected("x\n0\n", "line 1: expected N");
  expect_rejected("0\n0\n", "valid 1..32");
  expect_rejected("33\n0\n", "valid 1..32");
  expect_rejected("5\n", "line 2: missing M");
  expect_rejected("5\n2\n0 1\n", "line 4: missing a turn");
  expect_rejected("5\n2\n0 1\n2 3\n", "line 4: the turn starts at 2");
  expect_rejected("5\n2\n0 1\n1 0\n", "line 4: the tile 1 0 was already danced");
  expect_rejected("5\n1\n0 5\n", "line 3: dance move out of range");
  expect_rejected("5\n1\n0 1 2\n", "line 3: expected a turn");
  expect_rejected("5\n1\n0 1\n1 2\n", "line 4: more turns than M = 1");
  expect_rejected("3\n7\n", "line 2: M 7 is not valid: valid 0..6");
}

}  // namespace
}  // namespace puzzles
