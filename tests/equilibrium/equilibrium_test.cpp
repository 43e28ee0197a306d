// Small variants as trees with information sets, CFR+ and exact best responses
// (engine/equilibrium, issue 13). Independent facts: a variant without choices whose value is
// computed by hand; the game's own replay of each information set's history; the sandwich
// BR_1 <= value <= BR_0 that any strategy pair obeys; best responses never below the value of the
// strategy they answer.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "engine/dominoes/state.h"
#include "engine/equilibrium/cfr.h"
#include "engine/equilibrium/game_tree.h"
#include "engine/equilibrium/infoset_key.h"
#include "tests/equilibrium/small_variant.h"

namespace equilibrium {
namespace {

using test_variants::variant;

// One tile each: the leader's only move empties its hand, so it wins the other seat's pips. Over
// the 30 ordered deals of double-2 every tile is the other seat's 5 times: (0+1+2+2+3+4)/6 = 2.
TEST(GameTree, OneTileEachIsWorthTheOtherHandsMeanPips) {
  const GameTree tree = build_game_tree(variant(2, 1), 0);
  EXPECT_EQ(tree.deals.size(), 30u);
  const BehaviourStrategy uniform = BehaviourStrategy::uniform(tree);
  EXPECT_DOUBLE_EQ(expected_value(tree, uniform), 2.0);
  EXPECT_DOUBLE_EQ(exploitability(tree, uniform), 0.0);
}

// Each information set's moves are the legal moves of the position its history leads to, at every
// node of the set, replayed with the rules engine; and every deal has C(n,k) C(n-k,k) partners.
TEST(GameTree, InformationSetsHoldWhatTheSeatKnows) {
  const GameTree tree = build_game_tree(variant(3, 2), 0);
  EXPECT_EQ(tree.deals.size(), 45u * 28u);  // C(10,2) x C(8,2)
  for (std::size_t n = 0; n < tree.nodes.size(); n += 7) {
    const TreeNode& node = tree.nodes[n];
    if (node.terminal()) continue;
    std::size_t root = n;
    while (tree.parents[root] >= 0) root = static_cast<std::size_t>(tree.parents[root]);
    const std::size_t deal = static_cast<std::size_t>(
        std::find(tree.roots.begin(), tree.roots.end(), static_cast<std::int32_t>(root)) -
        tree.roots.begin());
    dominoes::State s = dominoes::start_state(tree.deals[deal]);
    for (dominoes::Move m : tree.history_to(static_cast<std::int32_t>(n))) dominoes::apply(s, m);
    dominoes::MoveList legal = dominoes::legal_moves(s);
    if (legal.empty()) legal.push_back(dominoes::Move::pass());
    const Infoset& set = tree.infosets[static_cast<std::size_t>(node.infoset)];
    ASSERT_EQ(set.seat, s.to_move);
    EXPECT_EQ(set.dealt_hand, tree.deals[deal].hands[s.to_move]);
    const auto moves = tree.moves_of(node.infoset);
    ASSERT_EQ(static_cast<int>(moves.size()), legal.size());
    for (int k = 0; k < legal.size(); ++k) EXPECT_EQ(moves[static_cast<std::size_t>(k)], legal[k]);
  }
}

// Two decision nodes share an information set exactly when the seat to move knows the same: its
// role, its hand as dealt and the public history, named by infoset_key (the name the strategy
// files and the `equilibrium` strategy use), computed here from each node's replayed history.
TEST(GameTree, NodesShareASetExactlyWhenTheirKeysAreEqual) {
  const GameTree tree = build_game_tree(variant(3, 2), 1);
  std::map<std::string, std::int32_t> set_of_key;
  std::map<std::int32_t, std::string> key_of_set;
  std::size_t decisions = 0;
  for (std::size_t root_index = 0; root_index < tree.roots.size(); ++root_index) {
    const dominoes::Deal& deal = tree.deals[root_index];
    // Every node of this deal's subtree: from the root to the next root (children follow parents).
    const std::size_t end = root_index + 1 < tree.roots.size()
                                ? static_cast<std::size_t>(tree.roots[root_index + 1])
                                : tree.nodes.size();
    for (std::size_t n = static_cast<std::size_t>(tree.roots[root_index]); n < end; ++n) {
      const TreeNode& node = tree.nodes[n];
      if (node.terminal()) continue;
      ++decisions;
      const auto history = tree.history_to(static_cast<std::int32_t>(n));
      const std::string key = infoset_key(node.seat ^ tree.leader, deal.hands[node.seat], history);
      const auto [it, inserted] = set_of_key.emplace(key, node.infoset);
      EXPECT_EQ(it->second, node.infoset) << "one key, two sets, at node " << n;
      const auto [back, fresh] = key_of_set.emplace(node.infoset, key);
      EXPECT_EQ(back->second, key) << "one set, two keys, at node " << n;
    }
  }
  EXPECT_GT(decisions, tree.infosets.size()) << "some sets hold several nodes";
  EXPECT_EQ(set_of_key.size(), tree.infosets.size());
}

// CFR+ drives the exploitability down, and its average strategy sits between the two best
// responses: -BR_1 <= value <= BR_0.
TEST(CfrPlus, ConvergesOnSmallVariants) {
  for (const auto& [max_pip, hand] : {std::pair{2, 2}, std::pair{3, 2}, std::pair{3, 3}}) {
    SCOPED_TRACE("double-" + std::to_string(max_pip) + " hand " + std::to_string(hand));
    const GameTree tree = build_game_tree(variant(max_pip, hand), 0);
    const double start = exploitability(tree, BehaviourStrategy::uniform(tree));
    CfrPlus cfr(tree);
    cfr.iterate(300);
    const BehaviourStrategy avg = cfr.average();
    const double value = expected_value(tree, avg);
    const double br0 = best_response_value(tree, avg, 0), br1 = best_response_value(tree, avg, 1);
    EXPECT_GE(br0, value - 1e-9);
    EXPECT_GE(br1, -value - 1e-9);
    EXPECT_LT(exploitability(tree, avg), 0.02);
    EXPECT_LT(exploitability(tree, avg), start);
  }
}

// A deterministic strategy (the first legal move everywhere) is answered by a best response worth
// at least what each seat gets by playing the same strategy.
TEST(BestResponse, NeverBelowTheStrategysOwnValue) {
  const GameTree tree = build_game_tree(variant(3, 3), 0);
  BehaviourStrategy first = BehaviourStrategy::uniform(tree);
  for (std::size_t i = 0; i < tree.infosets.size(); ++i)
    for (int a = 0; a < tree.infosets[i].actions; ++a)
      first.probabilities[static_cast<std::size_t>(first.offsets[i] + a)] = a == 0 ? 1.0 : 0.0;
  const double value = expected_value(tree, first);
  EXPECT_GE(best_response_value(tree, first, 0), value - 1e-9);
  EXPECT_GE(best_response_value(tree, first, 1), -value - 1e-9);
  EXPECT_GT(exploitability(tree, first), 0.1);
}

// Counterfactual values: at the roots (the leader's first move, one per deal) they add up, weighted
// by the strategy, to the game's value; and at a near-equilibrium no set offers a one-set deviation
// worth more than a best response gains in all (own reach x (best value - the strategy's value)
// <= 2 x exploitability, the equilibrium condition checked one set at a time), while the sets the
// seat plays to reach are near indifference between the moves it mixes.
TEST(CounterfactualValues, SumToTheValueAndAreEqualAtAnEquilibrium) {
  const GameTree tree = build_game_tree(variant(3, 3), 0);
  CfrPlus cfr(tree);
  cfr.iterate(400);
  const BehaviourStrategy avg = cfr.average();
  const double epsilon = exploitability(tree, avg);
  ASSERT_LT(epsilon, 2e-4);
  const CounterfactualValues cfv = counterfactual_values(tree, avg);
  double root_sum = 0;
  for (std::size_t i = 0; i < tree.infosets.size(); ++i) {
    const Infoset& set = tree.infosets[i];
    const auto begin = static_cast<std::size_t>(avg.offsets[i]);
    if (tree.history_to(set.first_node).empty())
      for (int a = 0; a < set.actions; ++a)
        root_sum += avg.at(static_cast<std::int32_t>(i), a) * cfv.action[begin + a];
    double best = -1e300, mixed = 0;
    for (int a = 0; a < set.actions; ++a) {
      best = std::max(best, cfv.action[begin + a]);
      mixed += avg.at(static_cast<std::int32_t>(i), a) * cfv.action[begin + a];
    }
    EXPECT_LE(cfv.own_reach[i] * (best - mixed), 2 * epsilon + 1e-12) << "set " << i;
    if (cfv.reach[i] < 1e-3 || cfv.own_reach[i] < 0.5) continue;
    for (int a = 0; a < set.actions; ++a) {
      if (avg.at(static_cast<std::int32_t>(i), a) > 0.1) {
        EXPECT_LT(best - cfv.action[begin + a], 1e-3) << "set " << i << " move " << a;
      }
    }
  }
  EXPECT_NEAR(root_sum, expected_value(tree, avg), 1e-9);
}

}  // namespace
}  // namespace equilibrium
