// One depth-first walk over the public tree (public_tree_cfr.h explains the method): the
// traversal every walk shares, with what a walk does at a node left to its WalkMode
// (public_tree_walks.h: the layout, the CFR update, the evaluation, the best response and the
// export of the average strategy).
//
// A walk carries, down the tree, each seat's consistent hands with their reach, and up, the
// walking seat's value of each of its hands. Every walk visits the nodes in the same order and
// takes each node's table slots from a running cursor, so a slot's place needs no index. A node's
// work is split in three so that the root can play its first moves on several threads: prepare()
// lists the mover's moves per hand (and asks the mode for its strategy), play() walks one move's
// subtree, and finish() turns the children's values into the node's (the mode's rule).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/equilibrium/public_tree_node.h"
#include "engine/equilibrium/showdown.h"

namespace equilibrium::public_tree {

/// What prepare() found at one node: the mover's hands, moves and strategy. An entry is one
/// (public move, mover hand that can make it) pair, grouped by move.
struct NodeWork {
  std::vector<dominoes::TileSet> remaining;  ///< per mover hand: its tiles not yet played
  std::vector<std::uint8_t> moves;           ///< per mover hand: its number of legal moves
  std::vector<dominoes::Move> actions;       ///< the public moves some hand can make
  std::vector<std::int32_t> entry_start;     ///< per action: its first entry; one more at the end
  std::vector<std::int32_t> entry_hand;      ///< per entry: the hand's index in the mover's list
  std::vector<std::int64_t> entry_slot;      ///< per entry: its table slot, -1 for a lone move
  std::vector<double> sigma;                 ///< per entry: the probability of the move
  std::vector<double> value;                 ///< per entry: the walking seat's value after it
  std::vector<double> norm;                  ///< per hand: scratch
  std::vector<std::int32_t> fill;            ///< per action: scratch
  std::vector<double> partners;  ///< per mover hand: the other seat's hands that a deal pairs
                                 ///< with it (find_partners; layout and export walks only)
};

class Walker;

/// What a walk does at each node. The walker calls at_node() once per node after the node's slots
/// are taken, and finish() where the walking seat moves once its children's values are in. One
/// mode object may serve several walkers on several threads (the root's first moves): at_node and
/// finish then touch only their own node's slots.
class WalkMode {
 public:
  virtual ~WalkMode() = default;
  /// Returns whether the walk computes values (CFR update, evaluation, best response); the layout
  /// and export walks only visit the nodes.
  virtual bool computes_values() const = 0;
  /// Returns whether a child's reach of the mover's hands is its parent's times the probability of
  /// the move (`seat` is the walking seat): everywhere but where a best responder moves.
  virtual bool weighs_moves(int mover, int seat) const = 0;
  /// Called on entering a node that is not the root, `history` its public moves, before its slots
  /// are taken from `cursor`.
  virtual void enter(std::span<const dominoes::Move> history, std::int64_t cursor) {
    (void)history, (void)cursor;
  }
  /// Called at each node once its entries and slots are in `work`: fills work.sigma (the walks
  /// with values) and does the mode's own work.
  virtual void at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) = 0;
  /// Writes to `value` (one per hand of `walking`, the walking seat's side) the node's value where
  /// the walking seat moves, from work.value (per entry); the update walk also updates the
  /// node's regrets. Called only by walks with values.
  virtual void finish(const Side& walking, NodeWork& work, double* value) const = 0;
};

/// Fills work.sigma (and zeroes work.value) from `table`: regret matching of its entries' slots,
/// uniform where every entry is <= 0, 1 for a lone move (no slot). Used by the modes.
void fill_strategy(const float* table, NodeWork& work, int hands);

/// One walk over the public tree for one walking seat, on one thread (see the header comment).
class Walker {
 public:
  /// A walker of `game` for `seat` (0 or 1; unused by the layout and export walks) doing `mode`
  /// at each node. Both must outlive it.
  Walker(const Game& game, int seat, WalkMode& mode);

  /// Walks `node` (not terminal) at `depth` (0 at the root) and writes the walking seat's value of
  /// each of its hands there (side[seat].n entries) to `value`.
  void walk(const Node& node, int depth, const Side side[2], double* value);
  /// Lists the mover's moves and entries at `node` into `work`, takes the node's slots from the
  /// cursor and calls the mode's at_node.
  void prepare(const Node& node, const Side side[2], NodeWork& work);
  /// Builds the child of action k (into `child`) and writes the walking seat's values of the
  /// child's hands (in `child`'s order) to `child_value`.
  void play(const Node& node, int depth, const Side side[2], const NodeWork& work, int k,
            ChildSides& child, std::vector<double>& child_value);
  /// Adds action k's child values to the node: per entry when the walking seat moves here, else
  /// into its hands' values.
  void gather(const Node& node, NodeWork& work, int k, const ChildSides& child,
              const std::vector<double>& child_value, double* value) const;
  /// The root's hands with no tile to play (a subgame's root may have some; the whole game's has
  /// none): their passes and blocked games, the subtree's slots from the cursor. `value` may be
  /// null when the walk computes none.
  void root_pass(const Node& node, const Side side[2], const NodeWork& work, double* value);
  /// Where the walking seat moves, the node's value by the mode's rule (finish of WalkMode).
  void finish(const Node& node, const Side side[2], NodeWork& work, double* value);

  /// Fills work.partners: for each mover hand, how many of the other seat's hands a deal pairs
  /// with it (disjoint; for a hand with no tile to play, also one that can move). For the modes.
  void find_partners(const Node& node, const Side side[2], NodeWork& work);

  /// Returns the next free slot, in the tree's depth-first order.
  std::int64_t cursor() const { return cursor_; }
  /// Makes the walk take slots from `slot` on (a subtree's first slot).
  void set_cursor(std::int64_t slot) { cursor_ = slot; }
  /// Returns the public moves from the root to the node being walked.
  std::span<const dominoes::Move> history() const { return history_; }
  /// Returns the game walked.
  const Game& game() const { return game_; }

 private:
  struct Level {
    NodeWork work;
    ChildSides child, blocked;
    std::vector<double> child_value;
  };

  // Returns the scratch of the node at `depth`. levels_ never grows during a walk (the references
  // up the stack stay valid): a game has at most 2 x hand-size tiles played and a pass before
  // each.
  Level& level(int depth) { return levels_[static_cast<std::size_t>(depth)]; }
  // The mover's hands with no tile to play: against the other seat's hands with none either the
  // game is blocked (a showdown); against the rest the mover passes and the other seat moves.
  void pass_or_block(const Node& node, int depth, const Side side[2], const NodeWork& work,
                     double* value);
  // Writes the walking seat's points against the other seat's hands (weighted by their reach) at
  // a finished game: each hand keeps its tiles less the ones its seat played.
  void showdown(const Node& node, const Side side[2], double* value);

  const Game& game_;
  int seat_;
  WalkMode& mode_;
  bool values_;  // mode_.computes_values()
  std::int64_t cursor_ = 0;
  std::vector<Level> levels_;
  std::vector<dominoes::Move> history_;
  std::vector<ShowdownHand> showdown_hands_[2];
  std::vector<double> ones_, passers_;
  ShowdownEvaluator evaluator_;
};

}  // namespace equilibrium::public_tree
