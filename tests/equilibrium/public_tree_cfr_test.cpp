// The public-tree solver against the history-tree solver (game_tree.h, cfr.h), which stores every
// node of the game and is the independent oracle: both define the same game, so every value must
// agree.
#include "engine/equilibrium/public_tree_cfr.h"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <map>
#include <string>
#include <vector>

#include "engine/equilibrium/cfr.h"
#include "engine/equilibrium/game_tree.h"
#include "engine/equilibrium/infoset_key.h"
#include "tests/equilibrium/small_variant.h"

namespace {

using equilibrium::PublicTreeCfr;
using test_variants::variant;

struct Variant {
  int max_pip, hand;
  dominoes::ScoringRule scoring;
};

constexpr Variant kVariants[] = {
    {2, 1, dominoes::ScoringRule::kOpponentPips},  {2, 2, dominoes::ScoringRule::kOpponentPips},
    {3, 2, dominoes::ScoringRule::kPipDifference}, {3, 3, dominoes::ScoringRule::kOpponentPips},
    {3, 3, dominoes::ScoringRule::kAllPips},       {4, 2, dominoes::ScoringRule::kOpponentPips}};

dominoes::Rules rules_of(const Variant& v) {
  dominoes::Rules r = variant(v.max_pip, v.hand);
  r.scoring = v.scoring;
  return r;
}

// Before any iteration the average strategy is uniform: its value and both best responses must
// equal the history tree's for the uniform strategy (exact sums in both, so to rounding).
TEST(PublicTreeCfr, UniformStrategyValuesEqualTheHistoryTrees) {
  for (const Variant& v : kVariants) {
    const dominoes::Rules rules = rules_of(v);
    const equilibrium::GameTree tree = equilibrium::build_game_tree(rules, 0);
    const auto uniform = equilibrium::BehaviourStrategy::uniform(tree);
    const PublicTreeCfr solver(rules);
    SCOPED_TRACE("double-" + std::to_string(v.max_pip) + " hand " + std::to_string(v.hand));
    EXPECT_NEAR(solver.expected_value(), equilibrium::expected_value(tree, uniform), 1e-9);
    for (int seat = 0; seat < 2; ++seat)
      EXPECT_NEAR(solver.best_response_value(seat),
                  equilibrium::best_response_value(tree, uniform, seat), 1e-9);
  }
}

// Returns the public-tree solver's average strategy in the history tree's layout, matched by
// information-set name (infoset_key.h); counts the history tree's sets it does not name.
equilibrium::BehaviourStrategy exported(const PublicTreeCfr& solver,
                                        const equilibrium::GameTree& tree, int* missing,
                                        std::size_t* named) {
  std::map<std::string, std::vector<double>> by_key;
  solver.for_each_average([&](const equilibrium::PublicInformationSet& set) {
    by_key[equilibrium::infoset_key(set.seat, set.dealt_hand, set.history)] =
        std::vector<double>(set.probabilities.begin(), set.probabilities.end());
  });
  *named = by_key.size();
  auto strategy = equilibrium::BehaviourStrategy::uniform(tree);
  *missing = 0;
  for (std::size_t i = 0; i < tree.infosets.size(); ++i) {
    const auto& set = tree.infosets[i];
    if (set.actions < 2) continue;
    const auto it = by_key.find(
        equilibrium::infoset_key(set.seat, set.dealt_hand, tree.history_to(set.first_node)));
    if (it == by_key.end() || it->second.size() != set.actions) {
      ++*missing;
      continue;
    }
    for (int a = 0; a < set.actions; ++a)
      strategy.probabilities[static_cast<std::size_t>(strategy.offsets[i] + a)] =
          it->second[static_cast<std::size_t>(a)];
  }
  return strategy;
}

// After some iterations the average strategy is far from uniform: carried into the history tree
// by name, its value and both best responses computed there must equal the public tree's own.
// And every information set of the history tree with a choice is named by the public tree.
TEST(PublicTreeCfr, ValuesOfTheAverageStrategyEqualTheHistoryTrees) {
  for (const Variant& v : kVariants) {
    const dominoes::Rules rules = rules_of(v);
    const equilibrium::GameTree tree = equilibrium::build_game_tree(rules, 0);
    PublicTreeCfr solver(rules);
    SCOPED_TRACE("double-" + std::to_string(v.max_pip) + " hand " + std::to_string(v.hand));
    for (int step : {1, 6}) {
      solver.iterate(step);
      int missing = 0;
      std::size_t named = 0;
      const auto strategy = exported(solver, tree, &missing, &named);
      EXPECT_EQ(missing, 0);
      // ... and names no other: the same information sets with a choice.
      std::size_t choices = 0;
      for (const auto& set : tree.infosets) choices += set.actions >= 2;
      EXPECT_EQ(named, choices);
      EXPECT_EQ(solver.size().choice_sets, static_cast<std::int64_t>(choices));
      EXPECT_EQ(solver.size().information_sets, static_cast<std::int64_t>(tree.infosets.size()));
      EXPECT_NEAR(solver.expected_value(), equilibrium::expected_value(tree, strategy), 1e-9);
      for (int seat = 0; seat < 2; ++seat)
        EXPECT_NEAR(solver.best_response_value(seat),
                    equilibrium::best_response_value(tree, strategy, seat), 1e-9);
    }
  }
}

// Both solve the same game: the game values at exploitability 0.0005 agree to 0.001 (the issue's
// agreement target), with CFR+ or discounted CFR, whatever rounding decides between tied moves
// on the way (regret matching is discontinuous at 0, so the two implementations' iterates part).
TEST(PublicTreeCfr, ConvergesToTheHistoryTreesGameValue) {
  for (const Variant& v : kVariants) {
    const dominoes::Rules rules = rules_of(v);
    const equilibrium::GameTree tree = equilibrium::build_game_tree(rules, 0);
    equilibrium::CfrPlus history(tree);
    SCOPED_TRACE("double-" + std::to_string(v.max_pip) + " hand " + std::to_string(v.hand));
    while (equilibrium::exploitability(tree, history.average()) > 0.0005) history.iterate(10);
    for (auto update :
         {equilibrium::RegretUpdate::kCfrPlus, equilibrium::RegretUpdate::kDiscounted}) {
      PublicTreeCfr solver(rules, update);
      while (solver.exploitability() > 0.0005) solver.iterate(10);
      EXPECT_NEAR(solver.expected_value(), equilibrium::expected_value(tree, history.average()),
                  1e-3);
    }
  }
}

// The root's subtrees run on oneTBB tasks, but each writes only its own slots and the root adds
// their values in move order: one thread or several give bit-identical strategies and values.
TEST(PublicTreeCfr, ThreadCountChangesNothing) {
  const dominoes::Rules rules = variant(4, 3);
  const auto solve = [&](int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                              static_cast<std::size_t>(threads));
    PublicTreeCfr solver(rules, equilibrium::RegretUpdate::kDiscounted);
    solver.iterate(7);
    std::vector<double> probabilities;
    solver.for_each_average([&](const equilibrium::PublicInformationSet& set) {
      probabilities.insert(probabilities.end(), set.probabilities.begin(), set.probabilities.end());
    });
    probabilities.push_back(solver.exploitability());
    probabilities.push_back(solver.expected_value());
    return probabilities;
  };
  EXPECT_EQ(solve(1), solve(4));
}

TEST(PublicTreeCfr, RefusesOtherSeatCounts) {
  dominoes::Rules rules = variant(3, 2);
  rules.seats = 3;
  EXPECT_THROW(PublicTreeCfr{rules}, std::invalid_argument);
  EXPECT_THROW(PublicTreeCfr{variant(6, 5)}, std::invalid_argument);  // hands over 4 tiles
  dominoes::Rules d4h4 = variant(4, 4);
  EXPECT_THROW(PublicTreeCfr(d4h4, equilibrium::RegretUpdate::kCfrPlus, 1 << 20),
               std::invalid_argument);  // 20 MiB of tables, 1 MiB allowed
}

}  // namespace
