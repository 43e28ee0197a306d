// The whole imperfect-information game of a small Block Dominoes variant as an explicit tree with
// information sets (issue 13): chance deals the hands, then the seats move with the simulator's own
// rules (engine/dominoes/state.h: legal moves, passes, the end of the game, net points), so there
// is no second implementation of the rules.
//
// Chance: every ordered deal (seat 0's hand, seat 1's hand) of rules.hand_size tiles each from the
// double-rules.max_pip set is equally likely; the rest of the set stays undrawn. The leader is
// fixed (the game value is the leader's points minus the other seat's with the leader
// fixed). An information set is what the seat to move knows, exactly the simulator's Observation:
// its hand as dealt and the public move sequence (the line, the ends, the opponent's tile count and
// every value a seat has shown it lacks all follow from those two).
//
// Layout: nodes in one array; a decision node's children are contiguous (one per legal move, in
// dominoes::legal_moves order, a lone pass when none), so an infoset's action k is child k at each
// of its nodes. Terminal nodes hold seat 0's net points.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/move.h"
#include "engine/dominoes/rules.h"

namespace equilibrium {

/// One node of the game tree.
struct TreeNode {
  std::int32_t infoset = -1;     ///< decision nodes: the information set; -1 at a terminal
  std::int32_t first_child = 0;  ///< decision nodes: index of the first child in GameTree::nodes
  std::int32_t payoff = 0;       ///< terminal nodes: seat 0's net points (dominoes::net_points)
  std::uint8_t children = 0;     ///< decision nodes: number of legal moves (1 for a lone pass)
  std::uint8_t seat = 0;         ///< decision nodes: the seat to move
  bool terminal() const { return infoset < 0; }
};

/// One information set: the seat, its dealt hand, a node of it, where its moves are.
struct Infoset {
  std::uint8_t seat = 0;
  std::uint8_t actions = 0;      ///< the legal moves at every node of the set
  dominoes::TileSet dealt_hand;  ///< the seat's hand as dealt
  std::int32_t first_node = 0;   ///< a node of the set (for replaying its history)
  /// Its actions are GameTree::infoset_moves[first_move .. first_move + actions - 1], in child
  /// order (GameTree::moves_of): one array for every set, no allocation per set.
  std::int64_t first_move = 0;
};

/// The game of one small variant (see the header comment).
struct GameTree {
  dominoes::Rules rules;
  dominoes::Seat leader = 0;
  std::vector<dominoes::Deal> deals;  ///< chance outcomes, each of probability 1 / deals.size()
  std::vector<std::int32_t> roots;    ///< the root node of each deal
  std::vector<TreeNode> nodes;
  std::vector<std::int32_t> parents;  ///< each node's parent, -1 at a root
  std::vector<Infoset> infosets;
  std::vector<dominoes::Move> infoset_moves;  ///< every set's actions, set after set (Infoset)
  /// Every node, ordered by depth (moves from its deal's root): the nodes of depth d are
  /// nodes_by_depth[depth_starts[d] .. depth_starts[d + 1] - 1]; depth_starts has one entry more
  /// than there are depths. All nodes of an information set share a depth, so a best response can
  /// decide a whole set once every deeper node is known.
  std::vector<std::int32_t> nodes_by_depth;
  std::vector<std::int32_t> depth_starts;

  /// Returns the actions of information set `set`, in child order.
  std::span<const dominoes::Move> moves_of(std::int32_t set) const {
    const Infoset& i = infosets[static_cast<std::size_t>(set)];
    return {infoset_moves.data() + i.first_move, i.actions};
  }

  /// Returns the public move sequence that leads from the root of node's deal to `node`.
  std::vector<dominoes::Move> history_to(std::int32_t node) const;
};

/// Returns the tree of `rules` (validated) with `leader` leading every deal. Throws
/// std::invalid_argument when the tree would exceed `max_nodes` nodes, or 2^31 - 1 (node indices
/// are 32-bit), naming the variant and its deals, so a too-large variant fails fast instead of
/// exhausting memory; std::logic_error if one information set showed two move counts (a key that
/// misses something the seat knows: a bug, never the input). When `nodes_built` is not null it
/// holds the number of nodes built so far as the build goes (for a progress line on another
/// thread).
GameTree build_game_tree(const dominoes::Rules& rules, dominoes::Seat leader,
                         std::int64_t max_nodes = 200'000'000,
                         std::atomic<std::int64_t>* nodes_built = nullptr);

}  // namespace equilibrium
