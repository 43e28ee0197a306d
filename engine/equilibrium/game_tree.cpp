#include "engine/equilibrium/game_tree.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/scoring.h"
#include "engine/dominoes/state.h"

namespace equilibrium {

using dominoes::Move;
using dominoes::State;
using dominoes::TileSet;

namespace {

class Builder {
 public:
  Builder(GameTree& tree, std::int64_t max_nodes, std::atomic<std::int64_t>* built)
      : tree_(tree), max_nodes_(max_nodes), built_(built) {}

  // Fills node `index` (already allocated) for state `s`, reached by the public history whose
  // node in the public tree is `public_node`.
  void expand(std::int32_t index, const State& s, std::int32_t public_node) {
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) {
      tree_.nodes[static_cast<std::size_t>(index)].payoff = dominoes::net_points(s, tree_.rules, 0);
      return;
    }
    const dominoes::MoveList moves = dominoes::moves_or_pass(s);
    const int seat = s.to_move;
    const std::int32_t set = infoset_of(seat, public_node, moves, index);
    const auto first = static_cast<std::int32_t>(tree_.nodes.size());
    if (static_cast<std::int64_t>(tree_.nodes.size()) + moves.size() > max_nodes_)
      throw std::invalid_argument("the game tree of double-" + std::to_string(tree_.rules.max_pip) +
                                  " with " + std::to_string(tree_.rules.hand_size) +
                                  " tiles each (" + std::to_string(tree_.deals.size()) +
                                  " deals) has more than " + std::to_string(max_nodes_) +
                                  " nodes: choose a smaller variant");
    tree_.nodes.resize(tree_.nodes.size() + static_cast<std::size_t>(moves.size()));
    tree_.parents.resize(tree_.nodes.size(), index);
    if (built_)
      built_->store(static_cast<std::int64_t>(tree_.nodes.size()), std::memory_order_relaxed);
    TreeNode& node = tree_.nodes[static_cast<std::size_t>(index)];
    node.infoset = set;
    node.first_child = first;
    node.children = static_cast<std::uint8_t>(moves.size());
    node.seat = static_cast<std::uint8_t>(seat);
    for (int k = 0; k < moves.size(); ++k) {
      State next = s;
      dominoes::apply(next, moves[k]);
      expand(first + k, next, public_child(public_node, moves[k]));
    }
  }

  void set_dealt(const dominoes::Deal& deal) { dealt_ = {deal.hands[0], deal.hands[1]}; }

 private:
  // An information set is a public history and the mover's hand as dealt (infoset_key.h): with
  // the leader fixed the history also fixes the mover. Public histories are numbered as a trie
  // (0 is the empty one), so a set's name is two numbers, not a string built per node; sets are
  // numbered in the order the depth-first walk meets them.
  std::int32_t public_child(std::int32_t parent, Move move) {
    const std::uint64_t key = static_cast<std::uint64_t>(parent) << 16 | move.bits();
    return public_ids_.emplace(key, static_cast<std::int32_t>(public_ids_.size() + 1))
        .first->second;
  }

  struct SetName {
    std::int32_t public_node;
    std::uint64_t hand;
    bool operator==(const SetName&) const = default;
  };
  struct SetNameHash {
    std::size_t operator()(const SetName& n) const {
      return std::hash<std::uint64_t>()(n.hand * 0x9e3779b97f4a7c15ULL ^
                                        static_cast<std::uint64_t>(n.public_node));
    }
  };

  std::int32_t infoset_of(int seat, std::int32_t public_node, const dominoes::MoveList& moves,
                          std::int32_t node) {
    const TileSet hand = dealt_[static_cast<std::size_t>(seat)];
    const auto [it, inserted] = ids_.emplace(SetName{public_node, hand.bits()},
                                             static_cast<std::int32_t>(tree_.infosets.size()));
    if (!inserted && tree_.infosets[static_cast<std::size_t>(it->second)].actions != moves.size())
      throw std::logic_error(
          "an information set with two different move counts: the key misses "
          "something the seat knows");
    if (inserted) {
      Infoset set;
      set.seat = static_cast<std::uint8_t>(seat);
      set.actions = static_cast<std::uint8_t>(moves.size());
      set.dealt_hand = hand;
      set.first_node = node;
      set.first_move = static_cast<std::int64_t>(tree_.infoset_moves.size());
      tree_.infoset_moves.insert(tree_.infoset_moves.end(), moves.begin(), moves.end());
      tree_.infosets.push_back(set);
    }
    return it->second;
  }

  GameTree& tree_;
  std::int64_t max_nodes_;
  std::atomic<std::int64_t>* built_;  // the nodes so far, for a progress line; may be null
  std::array<TileSet, 2> dealt_{};
  std::unordered_map<std::uint64_t, std::int32_t> public_ids_;  // (parent << 16 | move) -> child
  std::unordered_map<SetName, std::int32_t, SetNameHash> ids_;
};

// Fills tree.nodes_by_depth and tree.depth_starts (a counting sort by depth).
void order_by_depth(GameTree& tree) {
  std::vector<std::int32_t> depth(tree.nodes.size(), 0);
  for (std::size_t n = 0; n < tree.nodes.size(); ++n)  // parents come before children
    if (tree.parents[n] >= 0) depth[n] = depth[static_cast<std::size_t>(tree.parents[n])] + 1;
  const std::int32_t deepest = depth.empty() ? 0 : *std::max_element(depth.begin(), depth.end());
  tree.depth_starts.assign(static_cast<std::size_t>(deepest) + 2, 0);
  for (std::int32_t d : depth) ++tree.depth_starts[static_cast<std::size_t>(d) + 1];
  for (std::size_t d = 1; d < tree.depth_starts.size(); ++d)
    tree.depth_starts[d] += tree.depth_starts[d - 1];
  tree.nodes_by_depth.resize(tree.nodes.size());
  std::vector<std::int32_t> next(tree.depth_starts.begin(), tree.depth_starts.end() - 1);
  for (std::size_t n = 0; n < tree.nodes.size(); ++n)
    tree.nodes_by_depth[static_cast<std::size_t>(next[static_cast<std::size_t>(depth[n])]++)] =
        static_cast<std::int32_t>(n);
}

// Returns the binomial coefficient C(n, k) as a real number (it may exceed 64 bits).
double binomial(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

}  // namespace

std::vector<Move> GameTree::history_to(std::int32_t node) const {
  std::vector<Move> moves;
  for (std::int32_t child = node, parent = parents[static_cast<std::size_t>(node)]; parent >= 0;
       child = parent, parent = parents[static_cast<std::size_t>(parent)]) {
    const TreeNode& p = nodes[static_cast<std::size_t>(parent)];
    moves.push_back(moves_of(p.infoset)[static_cast<std::size_t>(child - p.first_child)]);
  }
  return {moves.rbegin(), moves.rend()};
}

GameTree build_game_tree(const dominoes::Rules& rules, dominoes::Seat leader,
                         std::int64_t max_nodes, std::atomic<std::int64_t>* nodes_built) {
  GameTree tree;
  tree.rules = rules;
  tree.leader = leader;
  // Every ordered pair of disjoint hands: seat 0's hand as a k-subset, then seat 1's from the rest.
  const TileSet all = TileSet::full(rules.max_pip);
  const int k = rules.hand_size;
  max_nodes = std::min<std::int64_t>(max_nodes, std::numeric_limits<std::int32_t>::max());
  const double deals = binomial(all.size(), k) * binomial(all.size() - k, k);
  if (deals > static_cast<double>(max_nodes))  // every deal is at least one node
    throw std::invalid_argument(
        "the game tree of double-" + std::to_string(rules.max_pip) + " with " + std::to_string(k) +
        " tiles each has " + std::to_string(static_cast<long long>(deals)) + " deals, more than " +
        std::to_string(max_nodes) + " nodes: choose a smaller variant");
  dominoes::for_each_subset(all, k, [&](TileSet h0) {
    dominoes::for_each_subset(all - h0, k, [&](TileSet h1) {
      tree.deals.push_back({{h0, h1}, leader});
    });
  });

  Builder builder(tree, max_nodes, nodes_built);
  for (const dominoes::Deal& deal : tree.deals) {
    const auto root = static_cast<std::int32_t>(tree.nodes.size());
    tree.nodes.emplace_back();
    tree.parents.push_back(-1);
    tree.roots.push_back(root);
    builder.set_dealt(deal);
    builder.expand(root, dominoes::start_state(deal), 0);
  }
  order_by_depth(tree);
  return tree;
}

}  // namespace equilibrium
