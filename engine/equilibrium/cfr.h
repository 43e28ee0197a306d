// Equilibrium strategies for a small variant's game tree (game_tree.h) by CFR+ (Tammelin, "Solving
// Large Imperfect Information Games Using CFR+", 2014; Bowling, Burch, Johanson & Tammelin,
// Science 347, 2015): counterfactual regret minimisation with regrets floored at zero (regret
// matching+), alternating updates, and the average strategy weighted by iteration number. And the
// exact best response to any behaviour strategy, from which exploitability follows.
//
// Units: values are points per game for seat 0 (the tree's payoffs are seat 0's net points; the
// game is zero-sum). A behaviour strategy is one probability per (information set, action), stored
// flat: infoset i's actions at offsets[i] .. offsets[i] + actions - 1.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/dominoes/move_list.h"
#include "engine/equilibrium/game_tree.h"

namespace equilibrium {

/// A behaviour strategy for both seats over one tree's information sets.
struct BehaviourStrategy {
  std::vector<std::int64_t> offsets;  ///< per infoset: index of its first action's probability
  std::vector<double> probabilities;  ///< per (infoset, action); each infoset's sum to 1

  /// Returns the uniform strategy (every legal move equally likely) of `tree`.
  static BehaviourStrategy uniform(const GameTree& tree);
  /// Returns the probability of action `a` at infoset `i`.
  double at(std::int32_t i, int a) const {
    return probabilities[static_cast<std::size_t>(offsets[static_cast<std::size_t>(i)] + a)];
  }
};

/// Returns seat 0's expected points per game when both seats follow `strategy`.
double expected_value(const GameTree& tree, const BehaviourStrategy& strategy);

/// Returns the value seat `responder` gets by best-responding to the other seat's part of
/// `strategy` (points per game for the responder: seat 0's value, or minus it for seat 1),
/// computed exactly: at each of the responder's information sets, deepest first, the action with
/// the highest sum over the set's nodes of (chance x other seat's reach) x value.
double best_response_value(const GameTree& tree, const BehaviourStrategy& strategy, int responder);

/// Returns the exploitability of `strategy` in points per game: the mean of the two best
/// responses' gains, (BR_0 + BR_1) / 2 (each seat's best response against the other's part; 0 for
/// an equilibrium, as the game value cancels).
double exploitability(const GameTree& tree, const BehaviourStrategy& strategy);

/// Returns the strategy whose seat-0 information sets follow `seat0` and whose seat-1 sets follow
/// `seat1` (both over `tree`'s layout).
BehaviourStrategy combine(const GameTree& tree, const BehaviourStrategy& seat0,
                          const BehaviourStrategy& seat1);

/// Returns `player`'s points per game against `opponent`, the mean over its two roles: (its value
/// leading against `opponent` following, plus its value following against `opponent` leading) / 2.
/// 0 when both are the same strategy; at most the opponent's exploitability.
double points_against(const GameTree& tree, const BehaviourStrategy& player,
                      const BehaviourStrategy& opponent);

/// Every action's counterfactual value under a strategy (Zinkevich, Johanson, Bowling & Piccione,
/// "Regret Minimization in Games with Incomplete Information", NIPS 2007): what the seat to move
/// at a set gets by taking the action there and following `strategy` afterwards, both seats.
struct CounterfactualValues {
  /// Per (infoset, action), strategy's layout: the sum over the set's nodes of chance x the other
  /// seat's reach x the set's seat's points after the action (points per game, reach-weighted).
  std::vector<double> action;
  /// Per infoset: the sum over its nodes of chance x the other seat's reach; dividing an action's
  /// value by it gives the seat's points per game given that the set is reached.
  std::vector<double> reach;
  /// Per infoset: the probability that the set's seat, following `strategy`, makes the moves that
  /// lead to it (the same at every node of the set: perfect recall). A move's real share of the
  /// game's points is own_reach x its counterfactual value; CFR's values leave it out.
  std::vector<double> own_reach;
};

/// Returns the counterfactual values of every action of `tree` when both seats follow `strategy`.
CounterfactualValues counterfactual_values(const GameTree& tree, const BehaviourStrategy& strategy);

/// The CFR+ solver's state for one tree.
class CfrPlus {
 public:
  explicit CfrPlus(const GameTree& tree);
  /// Runs `iterations` more iterations (each updates seat 0, then seat 1).
  void iterate(int iterations);
  /// Returns the iterations run so far.
  int iterations() const { return iterations_; }
  /// Returns the average strategy (iteration-weighted), the one that converges to equilibrium.
  BehaviourStrategy average() const;

 private:
  double traverse(std::int32_t node, int updating, double reach_self, double reach_other);
  const GameTree& tree_;
  BehaviourStrategy layout_;
  std::vector<double> regrets_, strategy_sums_;
  std::vector<double>* instant_ = nullptr;  // this pass's instantaneous regrets
  int iterations_ = 0;
};

}  // namespace equilibrium
