// The public tree's pieces that every walk over it shares (public_tree_walker.h): the variant's
// hands, a public node, one seat's consistent hands at a node and a child's two lists of them.
// Internal to the public-tree solver (public_tree_cfr.h explains the method).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/common/hash.h"
#include "engine/dominoes/move.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/tile_set.h"

namespace equilibrium::public_tree {

/// The game a solver walks: the rules, each seat's possible hands at the root with their weights,
/// and the root's public state.
struct Game {
  dominoes::Rules rules;
  std::vector<dominoes::TileSet> hands[2];  ///< each seat's hands at the root, by id
  std::vector<double> reach[2];             ///< each hand's weight at the root: 1 in the whole game
  int held[2] = {0, 0};                     ///< the tiles each seat holds at the root
  int to_move = 0;                          ///< the root's seat to move
  int left = -1, right = -1;                ///< the root's open ends (-1 before the lead)
  double total_weight = 0;  ///< the chance outcomes' weight: ordered pairs of disjoint hands
                            ///< (whole game), or the sum of r0 x r1 over them (a subgame)
};

/// A public state: the line's open ends (-1 before the lead), the seat to move and each seat's
/// played tiles. Passes leave no mark here: they are in the hands' lists (a seat's consistent
/// hands after its pass are those without a playable tile).
struct Node {
  std::int8_t left = -1, right = -1;
  std::uint8_t to_move = 0;
  dominoes::TileSet played[2];
};

/// One seat's consistent hands at a node: hand ids (increasing, indices into Game::hands) and
/// their reach probabilities, `n` of each.
struct Side {
  const std::int32_t* ids = nullptr;
  const double* reach = nullptr;
  int n = 0;
};

/// Returns the tiles a hand could play at `node`: those with an open end's value, or `all` before
/// the lead.
inline dominoes::TileSet open_tiles(const Node& node, dominoes::TileSet all) {
  if (node.left < 0) return all;
  return dominoes::tiles_with(node.left) | dominoes::tiles_with(node.right);
}

/// Returns the node after the mover plays `m` (a pass only hands the turn over).
inline Node after(const Node& node, dominoes::Move m) {
  Node next = node;
  const int seat = node.to_move;
  next.to_move = static_cast<std::uint8_t>(1 - seat);
  if (m.is_pass()) return next;
  next.played[seat].insert(m.tile());
  const dominoes::LineEnds ends = dominoes::ends_after(m, node.left, node.right);
  next.left = static_cast<std::int8_t>(ends.left);
  next.right = static_cast<std::int8_t>(ends.right);
  return next;
}

/// A child's two sides, with each hand's index in the parent's list. Filled by reserve(seat, most)
/// then add(...) at most that many times: plain stores, no growth checks.
struct ChildSides {
  std::vector<std::int32_t> ids[2];
  std::vector<double> reach[2];
  std::vector<std::int32_t> parent_index[2];
  int size[2] = {0, 0};

  /// Empties `seat`'s list, with room for `most` hands.
  void reserve(int seat, int most) {
    const auto n = static_cast<std::size_t>(most);
    if (ids[seat].size() < n)
      ids[seat].resize(n), reach[seat].resize(n), parent_index[seat].resize(n);
    size[seat] = 0;
  }
  /// Appends hand `id` with reach `r`, the parent's hand at `index`, to `seat`'s list.
  void add(int seat, std::int32_t id, double r, std::int32_t index) {
    const auto at = static_cast<std::size_t>(size[seat]++);
    ids[seat][at] = id;
    reach[seat][at] = r;
    parent_index[seat][at] = index;
  }
  /// Returns `seat`'s list as a Side (valid until the next reserve).
  Side side(int seat) const { return {ids[seat].data(), reach[seat].data(), size[seat]}; }
};

/// Returns a 64-bit key of a public move sequence (FNV-1a over the moves' bits): the index of a
/// subgame's nodes. Two of a subgame's at most millions of nodes share a key with probability
/// about n^2 / 2^65.
inline std::uint64_t history_key(std::span<const dominoes::Move> moves) {
  std::uint64_t key = common::kFnvOffset;
  for (const dominoes::Move m : moves) key = (key ^ m.bits()) * common::kFnvPrime;
  return key;
}

}  // namespace equilibrium::public_tree
