// The double-six specialised solver (engine/endgame/double_six_solver.h) against the generic path
// (search::Negamax over endgame::DominoesGame, engine/endgame/block_dominoes_solver.h), which
// tests/endgame/solver_test.cpp checks against an independent brute force: the two must agree on
// every position and every move's value, for every hand size, scoring rule and table size (a table
// of one bucket replaces constantly). The positions come from random play on random deals, stopped
// at a random point, so they include leads, forced passes and finished games.
#include "engine/endgame/double_six_solver.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "engine/search/negamax.h"

namespace endgame {
namespace {

using dominoes::Rules;
using dominoes::ScoringRule;
using dominoes::State;

// The generic path's exact value of `s`, with a fresh table of `bytes`.
class Generic {
 public:
  Generic(const Rules& rules, std::size_t bytes)
      : game_(rules), table_(bytes), search_(game_, table_) {}
  int value(const State& s) {
    return search_.search(s, search::kUnlimitedDepth, -(1 << 20), 1 << 20);
  }

 private:
  DominoesGame game_;
  search::TranspositionTable<DominoesKey> table_;
  search::Negamax<DominoesGame> search_;
};

// A position after `plies` random legal moves (passes included) from a random deal; stops early
// at the end of the game.
State random_position(const Rules& rules, std::mt19937_64& rng, int plies) {
  State s = dominoes::start_state(dominoes::make_deal(rules, rng(), 0));
  for (int i = 0; i < plies && dominoes::status(s) == dominoes::GameStatus::kOngoing; ++i) {
    const dominoes::MoveList moves = dominoes::legal_moves(s);
    if (moves.empty()) {
      dominoes::apply(s, dominoes::Move::pass());
      continue;
    }
    dominoes::apply(s, moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
  }
  return s;
}

// Checks value() and move_values() of `fast` against the generic path on `count` positions of
// `rules`, each from a deal played `min_plies`..`max_plies` random moves in.
void expect_agreement(const Rules& rules, std::size_t fast_bytes, int count, int min_plies,
                      int max_plies, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  DoubleSixSolver fast(rules, fast_bytes);
  Generic generic(rules, std::size_t{1} << 20);
  int leads = 0, passes = 0, over = 0, nonzero = 0;
  for (int i = 0; i < count; ++i) {
    const State s =
        random_position(rules, rng, std::uniform_int_distribution<int>(min_plies, max_plies)(rng));
    SCOPED_TRACE("position " + std::to_string(i) + " hand-size " + std::to_string(rules.hand_size));
    const int expected = generic.value(s);
    ASSERT_EQ(fast.value(s), expected);
    leads += s.line_empty();
    over += dominoes::status(s) != dominoes::GameStatus::kOngoing;
    nonzero += expected != 0;
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) continue;
    dominoes::MoveList moves = dominoes::legal_moves(s);
    if (moves.empty()) moves.push_back(dominoes::Move::pass()), ++passes;
    int values[dominoes::MoveList::kCapacity];
    fast.move_values(s, moves, values);
    int best = -(1 << 20);
    for (int k = 0; k < moves.size(); ++k) {
      State child = s;
      dominoes::apply(child, moves[k]);
      ASSERT_EQ(values[k], -generic.value(child)) << "move " << k;
      best = std::max(best, values[k]);
    }
    EXPECT_EQ(best, expected);  // the root's value is its best move's
  }
  if (count >= 1000 && min_plies == 0) {  // the sample covers the special cases
    EXPECT_GE(leads, 20);
    EXPECT_GE(passes, 20);
    EXPECT_GE(over, 20);
    EXPECT_GE(nonzero, count / 2);
  }
}

TEST(DoubleSixSolver, AgreesWithTheGenericPathOnSevenAndSevenPositions) {
  // Mostly mid-game and endgame positions (full deals take ~1 ms each on the generic path).
  expect_agreement(Rules{}, std::size_t{256} << 10, 3000, 0, 14, 1);
}

TEST(DoubleSixSolver, AgreesUnderConstantReplacement) {
  expect_agreement(Rules{}, 64, 1500, 0, 14, 2);  // 64 bytes: two buckets of two entries
}

TEST(DoubleSixSolver, AgreesUnderEveryScoringRuleAndHandSize) {
  for (ScoringRule scoring :
       {ScoringRule::kOpponentPips, ScoringRule::kPipDifference, ScoringRule::kAllPips}) {
    for (int hand_size : {1, 2, 3, 5, 8, 10, 14}) {
      Rules rules;
      rules.scoring = scoring;
      rules.hand_size = hand_size;
      // Big hands are searched from further in: the generic path takes long on a full 14+14.
      const int min_plies = hand_size >= 8 ? 2 * hand_size - 8 : 0;
      expect_agreement(rules, std::size_t{16} << 10, 300, min_plies, 2 * hand_size - 1,
                       100 + hand_size);
      if (HasFailure()) return;
    }
  }
}

TEST(DoubleSixSolver, IsTheFullDepthPathOfBlockDominoesSolverForDoubleSix) {
  // The same node count as the specialised solver with the same table shows the dispatch.
  const Rules rules;
  BlockDominoesSolver dispatching(rules);
  DoubleSixSolver direct(rules, BlockDominoesSolver::kDefaultTableBytes);
  for (std::uint64_t deal = 0; deal < 20; ++deal) {
    const State s = dominoes::start_state(dominoes::make_deal(rules, 7, deal));
    EXPECT_EQ(dispatching.value(s), direct.value(s));
  }
  EXPECT_EQ(dispatching.nodes(), direct.nodes());
  EXPECT_EQ(dispatching.table_bytes(), direct.table_bytes());
}

}  // namespace
}  // namespace endgame
