// The generic retrograde analysis (engine/search/retrograde.h) on its own: small hand-built graphs
// whose values are worked out in comments (chains, fastest wins, slowest losses, cycles that draw,
// terminal draws, duplicate moves, bad graphs), and random graphs against an independent
// value-iteration fixpoint written here (Jacobi rounds: a position is won within k plies if some
// move reaches a position lost within k - 1, lost within k if every move reaches one won within
// k - 1), which shares no code and no queue order with the breadth-first analysis.
#include "engine/search/retrograde.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

namespace search {
namespace {

using Lists = std::vector<std::vector<std::uint32_t>>;
using Terminals = std::vector<std::optional<Outcome>>;

constexpr RetrogradeValue kDrawValue{Outcome::kDraw, kNoDistance};
RetrogradeValue win(int d) {
  return {Outcome::kWin, d};
}
RetrogradeValue loss(int d) {
  return {Outcome::kLoss, d};
}

TEST(Retrograde, ChainAlternatesFromTheTerminal) {
  // 3 -> 2 -> 1 -> 0, and 0 is over, lost by its mover: 1 wins at once, 2 must move to 1.
  const auto v = retrograde(Lists{{}, {0}, {1}, {2}}, Terminals{Outcome::kLoss, {}, {}, {}});
  EXPECT_EQ(v, (std::vector<RetrogradeValue>{loss(0), win(1), loss(2), win(3)}));
}

TEST(Retrograde, WinTakesTheFastestLosingSuccessor) {
  // 0 lost (terminal), 1 -> 0 won in 1, 2 -> 1 lost in 2; 3 may go to 2 (lost in 2) or 0 (lost at
  // once) or 1 (won): it wins in 1.
  const auto v = retrograde(Lists{{}, {0}, {1}, {2, 0, 1}}, Terminals{Outcome::kLoss, {}, {}, {}});
  EXPECT_EQ(v[3], win(1));
}

TEST(Retrograde, LossTakesTheSlowestWinningSuccessor) {
  // 1 wins in 1, 3 wins in 3 (the chain above); 4's moves reach both, so it loses in 3 + 1.
  const auto v =
      retrograde(Lists{{}, {0}, {1}, {2}, {1, 3}}, Terminals{Outcome::kLoss, {}, {}, {}, {}});
  EXPECT_EQ(v[4], loss(4));
}

TEST(Retrograde, PureCycleDraws) {
  const auto v = retrograde(Lists{{1}, {0}}, Terminals{{}, {}});
  EXPECT_EQ(v, (std::vector<RetrogradeValue>{kDrawValue, kDrawValue}));
}

TEST(Retrograde, CycleWithAnExitIsDecided) {
  // 0 -> 1, 1 -> 0 or 2, 2 lost (terminal): 1 wins in 1, so 0 (only move: to 1) loses in 2.
  const auto v = retrograde(Lists{{1}, {0, 2}, {}}, Terminals{{}, {}, Outcome::kLoss});
  EXPECT_EQ(v, (std::vector<RetrogradeValue>{loss(2), win(1), loss(0)}));
}

TEST(Retrograde, EscapingIntoACycleDraws) {
  // 2 -> 3 and 3 -> 2 cycle; 1 wins at once (terminal); 0 may go to 1 (a win for the opponent)
  // or into the cycle: it draws rather than lose.
  const auto v = retrograde(Lists{{1, 2}, {}, {3}, {2}}, Terminals{{}, Outcome::kWin, {}, {}});
  EXPECT_EQ(v[0], kDrawValue);
  EXPECT_EQ(v[1], win(0));
}

TEST(Retrograde, TerminalDrawsStopPropagation) {
  // 0 is over and drawn; 1 can only reach it; 2 can reach it or a won position 3 (terminal).
  const auto v =
      retrograde(Lists{{}, {0}, {0, 3}, {}}, Terminals{Outcome::kDraw, {}, {}, Outcome::kWin});
  EXPECT_EQ(v[0], (RetrogradeValue{Outcome::kDraw, 0}));
  EXPECT_EQ(v[1], kDrawValue);
  EXPECT_EQ(v[2], kDrawValue);
}

TEST(Retrograde, NoMovesIsALossUnderNormalPlay) {
  const auto v = retrograde(Lists{{}, {0}}, Terminals{{}, {}});
  EXPECT_EQ(v, (std::vector<RetrogradeValue>{loss(0), win(1)}));
}

TEST(Retrograde, DuplicateMovesAreEachCounted) {
  // Two moves of 0 both reach 1, which is won: 0 loses only when both are explored.
  const auto v = retrograde(Lists{{1, 1}, {}}, Terminals{{}, Outcome::kWin});
  EXPECT_EQ(v[0], loss(1));
}

TEST(Retrograde, TerminalsIgnoreTheirSuccessors) {
  const auto v = retrograde(Lists{{1}, {}}, Terminals{Outcome::kWin, Outcome::kWin});
  EXPECT_EQ(v[0], win(0));
}

TEST(Retrograde, RejectsBadGraphs) {
  EXPECT_THROW(retrograde(Lists{{2}, {}}, Terminals{{}, {}}), std::invalid_argument);
  EXPECT_THROW(retrograde(Lists{{}}, Terminals{{}, {}}), std::invalid_argument);
  GameGraph g = graph_from_lists(Lists{{1}, {}}, Terminals{{}, Outcome::kLoss});
  g.first.pop_back();
  EXPECT_THROW(retrograde(g), std::invalid_argument);
}

TEST(Retrograde, BuildGraphMatchesLists) {
  const Lists lists{{1, 2}, {2}, {}};
  const Terminals terminals{{}, {}, Outcome::kLoss};
  const GameGraph g = build_graph(
      3, [&](std::size_t p) { return terminals[p]; },
      [&](std::size_t p, std::vector<std::uint32_t>& out) {
        out.insert(out.end(), lists[p].begin(), lists[p].end());
      });
  EXPECT_EQ(g.first, (std::vector<std::uint32_t>{0, 2, 3, 3}));
  EXPECT_EQ(g.targets, (std::vector<std::uint32_t>{1, 2, 2}));
  EXPECT_EQ(retrograde(g), retrograde(lists, terminals));
}

TEST(Retrograde, IsBestMove) {
  EXPECT_TRUE(is_best_move(win(3), loss(2)));
  EXPECT_FALSE(is_best_move(win(3), loss(4)));
  EXPECT_TRUE(is_best_move(loss(4), win(3)));
  EXPECT_FALSE(is_best_move(loss(4), win(1)));
  EXPECT_TRUE(is_best_move(kDrawValue, kDrawValue));
  EXPECT_FALSE(is_best_move(kDrawValue, win(1)));
}

// ---- the independent fixpoint ----------------------------------------------------------------
std::vector<RetrogradeValue> value_iteration(const Lists& succ, const Terminals& terminal) {
  const std::size_t n = succ.size();
  std::vector<RetrogradeValue> v(n, kDrawValue);
  for (std::size_t p = 0; p < n; ++p)
    if (terminal[p])
      v[p] = {*terminal[p], 0};
    else if (succ[p].empty())
      v[p] = loss(0);
  for (int k = 1;; ++k) {
    const std::vector<RetrogradeValue> before = v;  // Jacobi: round k sees only round k - 1
    for (std::size_t p = 0; p < n; ++p) {
      if (terminal[p] || before[p] != kDrawValue) continue;
      bool some_lost = false, all_won = true;
      for (const auto s : succ[p]) {
        some_lost |= before[s].outcome == Outcome::kLoss;
        all_won &= before[s].outcome == Outcome::kWin;
      }
      if (some_lost)
        v[p] = win(k);
      else if (all_won)
        v[p] = loss(k);
    }
    if (v == before) return v;
  }
}

TEST(Retrograde, MatchesValueIterationOnRandomGraphs) {
  std::mt19937 rng(20240521);
  for (int trial = 0; trial < 500; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 60);
    Lists succ(n);
    Terminals terminal(n);
    for (int p = 0; p < n; ++p) {
      if (rng() % 5 == 0) terminal[p] = static_cast<Outcome>(rng() % 3);
      const int degree = static_cast<int>(rng() % 4);
      for (int e = 0; e < degree; ++e) succ[p].push_back(static_cast<std::uint32_t>(rng() % n));
    }
    ASSERT_EQ(retrograde(succ, terminal), value_iteration(succ, terminal)) << "trial " << trial;
  }
}

}  // namespace
}  // namespace search
