// What the public-tree solver (public_tree_cfr.h) takes and gives besides itself: its update
// rule, the size of a tree, an information set of its strategy and the root of a subgame.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/dominoes/tile_set.h"

namespace equilibrium {

/// How regrets and the average strategy are updated (public_tree_cfr.h gives both rules).
enum class RegretUpdate { kCfrPlus, kDiscounted };

/// What one walk over the public tree counted.
/// Only what some deal reaches is counted: a (node, hand) pair where the other seat's every
/// consistent hand shares a tile with the hand is not an information set of the game (the history
/// tree, game_tree.h, never builds it), though the walk carries it with weight 0.
struct PublicTreeSize {
  std::int64_t public_nodes = 0;      ///< public decision nodes (terminals excluded)
  std::int64_t information_sets = 0;  ///< (decision node, mover's hand) pairs, one legal move too
  std::int64_t choice_sets = 0;       ///< of those, the sets with at least two legal moves
  std::int64_t slots = 0;             ///< the regret table's length: a slot per (node, hand, move)
                                      ///< whose hand has a choice, reached or not
};

/// One information set of a strategy on the public tree, as the history tree and the strategy
/// files name it (infoset_key.h): the seat to move (seat 0 leads), its hand as dealt and the public
/// moves so far, passes included; then its legal moves (dominoes::legal_moves order) and the
/// probability of each. `opponent_hand` is one dealt hand of the other seat with which a deal
/// reaches the set (the first in the tree's hand order): with it the set's history can be replayed
/// by the rules engine, to show a strategy the seat's Observation. The spans are valid during the
/// visit only.
struct PublicInformationSet {
  int seat = 0;
  dominoes::TileSet dealt_hand;
  dominoes::TileSet opponent_hand;
  std::span<const dominoes::Move> history;
  std::span<const dominoes::Move> moves;
  std::span<const double> probabilities;
};

/// The root of a subgame (decision-time solving, strategies/resolve): a public state of a two-seat
/// game and each seat's range there. A seat's hands are the tiles it may hold now (all of one
/// size, at least one tile, none on the line); its weights are its range, the probability of
/// reaching the root with each hand, up to a factor (>= 0). The chance of a pair of hands is
/// proportional to the product of their weights when they share no tile, 0 otherwise: with a
/// uniform deal each pair of disjoint current hands comes from exactly one pair of dealt hands.
/// The whole game is the subgame at the empty line, seat 0 to move, every hand of hand_size tiles
/// with weight 1 (the first constructor).
struct PublicSubgame {
  int to_move = 0;                          ///< the seat to move at the root (0 or 1)
  int left_end = -1, right_end = -1;        ///< the line's open ends; both -1 before the lead
  std::vector<dominoes::TileSet> hands[2];  ///< per seat: its possible hands at the root
  std::vector<double> weights[2];           ///< per seat: one weight per hand
};

}  // namespace equilibrium
