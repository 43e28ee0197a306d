#include "engine/equilibrium/cfr.h"

#include <algorithm>
#include <array>
#include <span>

namespace equilibrium {

namespace {

// Writes the regret-matching strategy of `regrets` (positive parts normalised, uniform when none
// is positive) into `out`, with the same layout.
void regret_matching(const BehaviourStrategy& layout, const std::vector<double>& regrets,
                     const GameTree& tree, std::vector<double>& out) {
  out.resize(regrets.size());
  for (std::size_t i = 0; i < tree.infosets.size(); ++i) {
    const auto begin = static_cast<std::size_t>(layout.offsets[i]);
    const int n = tree.infosets[i].actions;
    double total = 0;
    for (int a = 0; a < n; ++a) total += std::max(regrets[begin + a], 0.0);
    for (int a = 0; a < n; ++a)
      out[begin + a] = total > 0 ? std::max(regrets[begin + a], 0.0) / total : 1.0 / n;
  }
}

// Returns node's value when its seat follows `strategy`: the mean of its children's values.
double mean_over_children(const TreeNode& node, const BehaviourStrategy& strategy,
                          const std::vector<double>& value) {
  double v = 0;
  for (int a = 0; a < node.children; ++a)
    v += strategy.at(node.infoset, a) * value[static_cast<std::size_t>(node.first_child + a)];
  return v;
}

// Returns the mean of the deals' root values: every deal is equally likely.
double mean_over_deals(const GameTree& tree, const std::vector<double>& value) {
  double total = 0;
  for (std::int32_t root : tree.roots) total += value[static_cast<std::size_t>(root)];
  return total / static_cast<double>(tree.roots.size());
}

// Returns seat 0's points at every node when both seats follow `strategy`: bottom-up in reverse
// index order, since children always come after their parent.
std::vector<double> node_values(const GameTree& tree, const BehaviourStrategy& strategy) {
  std::vector<double> value(tree.nodes.size(), 0.0);
  for (std::size_t n = tree.nodes.size(); n-- > 0;) {
    const TreeNode& node = tree.nodes[n];
    value[n] = node.terminal() ? node.payoff : mean_over_children(node, strategy, value);
  }
  return value;
}

// Returns every node's reach through `seat`'s own moves under `strategy` (1 at the roots; the
// other seat's moves and chance do not enter it): top-down, parents before children.
std::vector<double> own_reach(const GameTree& tree, const BehaviourStrategy& strategy, int seat) {
  std::vector<double> reach(tree.nodes.size(), 1.0);
  for (std::size_t n = 0; n < tree.nodes.size(); ++n) {
    const std::int32_t parent = tree.parents[n];
    if (parent < 0) continue;
    const TreeNode& p = tree.nodes[static_cast<std::size_t>(parent)];
    const int a = static_cast<int>(static_cast<std::int32_t>(n) - p.first_child);
    reach[n] = reach[static_cast<std::size_t>(parent)] *
               (p.seat == seat ? strategy.at(p.infoset, a) : 1.0);
  }
  return reach;
}

}  // namespace

BehaviourStrategy BehaviourStrategy::uniform(const GameTree& tree) {
  BehaviourStrategy s;
  std::int64_t offset = 0;
  for (const Infoset& set : tree.infosets) {
    s.offsets.push_back(offset);
    for (int a = 0; a < set.actions; ++a) s.probabilities.push_back(1.0 / set.actions);
    offset += set.actions;
  }
  return s;
}

double expected_value(const GameTree& tree, const BehaviourStrategy& strategy) {
  return mean_over_deals(tree, node_values(tree, strategy));
}

double best_response_value(const GameTree& tree, const BehaviourStrategy& strategy, int responder) {
  const std::size_t count = tree.nodes.size();
  const double sign = responder == 0 ? 1.0 : -1.0;
  // Each node's weight is chance x the other seat's reach (the responder's own choices do not
  // enter it).
  std::vector<double> weight = own_reach(tree, strategy, 1 - responder);
  const double chance = 1.0 / static_cast<double>(tree.roots.size());
  for (double& w : weight) w *= chance;
  // Bottom-up by depth: all nodes of an information set share a depth, so when a depth is reached
  // every child value below it is known and each of the responder's sets there can be decided.
  std::vector<double> value(count, 0.0), action_values(strategy.probabilities.size(), 0.0);
  std::vector<int> decision(tree.infosets.size(), -1);
  for (std::size_t d = tree.depth_starts.size() - 1; d-- > 0;) {
    const std::span<const std::int32_t> level(
        tree.nodes_by_depth.data() + tree.depth_starts[d],
        tree.nodes_by_depth.data() + tree.depth_starts[d + 1]);
    for (std::int32_t n : level) {  // the responder's sets at this depth: sum the action values
      const TreeNode& node = tree.nodes[static_cast<std::size_t>(n)];
      if (node.terminal() || node.seat != responder) continue;
      const auto begin =
          static_cast<std::size_t>(strategy.offsets[static_cast<std::size_t>(node.infoset)]);
      for (int a = 0; a < node.children; ++a)
        action_values[begin + a] += weight[static_cast<std::size_t>(n)] *
                                    value[static_cast<std::size_t>(node.first_child + a)];
    }
    for (std::int32_t n : level) {
      const TreeNode& node = tree.nodes[static_cast<std::size_t>(n)];
      const auto at = static_cast<std::size_t>(n);
      if (node.terminal()) {
        value[at] = sign * node.payoff;
      } else if (node.seat == responder) {
        int& best = decision[static_cast<std::size_t>(node.infoset)];
        if (best < 0) {
          const auto begin =
              static_cast<std::size_t>(strategy.offsets[static_cast<std::size_t>(node.infoset)]);
          best = 0;
          for (int a = 1; a < node.children; ++a)
            if (action_values[begin + a] > action_values[begin + static_cast<std::size_t>(best)])
              best = a;
        }
        value[at] = value[static_cast<std::size_t>(node.first_child + best)];
      } else {
        value[at] = mean_over_children(node, strategy, value);
      }
    }
  }
  return mean_over_deals(tree, value);
}

double exploitability(const GameTree& tree, const BehaviourStrategy& strategy) {
  return 0.5 * (best_response_value(tree, strategy, 0) + best_response_value(tree, strategy, 1));
}

BehaviourStrategy combine(const GameTree& tree, const BehaviourStrategy& seat0,
                          const BehaviourStrategy& seat1) {
  BehaviourStrategy mixed = seat0;
  for (std::size_t i = 0; i < tree.infosets.size(); ++i) {
    if (tree.infosets[i].seat != 1) continue;
    const auto begin = static_cast<std::size_t>(mixed.offsets[i]);
    for (int a = 0; a < tree.infosets[i].actions; ++a)
      mixed.probabilities[begin + a] = seat1.probabilities[begin + a];
  }
  return mixed;
}

double points_against(const GameTree& tree, const BehaviourStrategy& player,
                      const BehaviourStrategy& opponent) {
  const double leading = expected_value(tree, combine(tree, player, opponent));
  const double following = -expected_value(tree, combine(tree, opponent, player));
  return 0.5 * (leading + following);
}

CounterfactualValues counterfactual_values(const GameTree& tree,
                                           const BehaviourStrategy& strategy) {
  const std::vector<double> value = node_values(tree, strategy);
  const std::array<std::vector<double>, 2> reach{own_reach(tree, strategy, 0),
                                                 own_reach(tree, strategy, 1)};
  CounterfactualValues cfv;
  cfv.action.assign(strategy.probabilities.size(), 0.0);
  cfv.reach.assign(tree.infosets.size(), 0.0);
  cfv.own_reach.assign(tree.infosets.size(), 0.0);
  const double chance = 1.0 / static_cast<double>(tree.roots.size());  // goes with the other seat
  for (std::size_t n = 0; n < tree.nodes.size(); ++n) {
    const TreeNode& node = tree.nodes[n];
    if (node.terminal()) continue;
    const double other = chance * reach[1 - node.seat][n], sign = node.seat == 0 ? 1.0 : -1.0;
    const auto begin =
        static_cast<std::size_t>(strategy.offsets[static_cast<std::size_t>(node.infoset)]);
    cfv.reach[static_cast<std::size_t>(node.infoset)] += other;
    cfv.own_reach[static_cast<std::size_t>(node.infoset)] = reach[node.seat][n];
    for (int a = 0; a < node.children; ++a)
      cfv.action[begin + a] += other * sign * value[static_cast<std::size_t>(node.first_child + a)];
  }
  return cfv;
}

CfrPlus::CfrPlus(const GameTree& tree)
    : tree_(tree),
      layout_(BehaviourStrategy::uniform(tree)),
      regrets_(layout_.probabilities.size(), 0.0),
      strategy_sums_(layout_.probabilities.size(), 0.0) {}

void CfrPlus::iterate(int iterations) {
  std::vector<double> instant(regrets_.size());
  for (int it = 0; it < iterations; ++it) {
    ++iterations_;
    for (int updating = 0; updating < 2; ++updating) {
      // The current strategy stays fixed for the whole pass; regrets change after it.
      regret_matching(layout_, regrets_, tree_, layout_.probabilities);
      std::fill(instant.begin(), instant.end(), 0.0);
      instant_ = &instant;
      const double chance = 1.0 / static_cast<double>(tree_.roots.size());
      for (std::int32_t root : tree_.roots) traverse(root, updating, 1.0, chance);
      for (std::size_t i = 0; i < regrets_.size(); ++i)
        regrets_[i] = std::max(regrets_[i] + instant[i], 0.0);  // regret matching+
    }
  }
}

double CfrPlus::traverse(std::int32_t index, int updating, double reach_self, double reach_other) {
  const TreeNode& node = tree_.nodes[static_cast<std::size_t>(index)];
  if (node.terminal()) return updating == 0 ? node.payoff : -node.payoff;
  const auto begin =
      static_cast<std::size_t>(layout_.offsets[static_cast<std::size_t>(node.infoset)]);
  double values[dominoes::MoveList::kCapacity];
  double v = 0;
  for (int a = 0; a < node.children; ++a) {
    const double p = layout_.probabilities[begin + a];
    values[a] = node.seat == updating
                    ? traverse(node.first_child + a, updating, reach_self * p, reach_other)
                    : traverse(node.first_child + a, updating, reach_self, reach_other * p);
    v += p * values[a];
  }
  if (node.seat == updating) {
    for (int a = 0; a < node.children; ++a) {
      (*instant_)[begin + a] += reach_other * (values[a] - v);
      // Linear averaging (CFR+): iteration t weighs t.
      strategy_sums_[begin + a] += iterations_ * reach_self * layout_.probabilities[begin + a];
    }
  }
  return v;
}

BehaviourStrategy CfrPlus::average() const {
  BehaviourStrategy avg = layout_;
  for (std::size_t i = 0; i < tree_.infosets.size(); ++i) {
    const auto begin = static_cast<std::size_t>(layout_.offsets[i]);
    const int n = tree_.infosets[i].actions;
    double total = 0;
    for (int a = 0; a < n; ++a) total += strategy_sums_[begin + a];
    for (int a = 0; a < n; ++a)
      avg.probabilities[begin + a] = total > 0 ? strategy_sums_[begin + a] / total : 1.0 / n;
  }
  return avg;
}

}  // namespace equilibrium
