// Equilibria of two-seat Block Dominoes on the public tree (issue 23): CFR+ (or discounted CFR) in
// vector form, without storing the game tree.
//
// In Block Dominoes every move is public; the only private information is each seat's dealt hand.
// So the game is a tree of public states (the public move sequence, passes included), and at each
// one every seat has a set of hands still consistent with it: the hands that hold every tile the
// seat played, none the other seat played, and no tile it could have played where it passed. An
// information set is a (public node, hand) pair. CFR walks the public tree once per iteration and
// carries, for each seat, a vector over its consistent hands: the seats' reach probabilities go
// down, counterfactual values come up (Johanson, Bard, Lanctot, Gibson & Bowling, "Efficient Nash
// Equilibrium Approximation through Monte Carlo Counterfactual Regret Minimization", AAMAS 2012,
// "vector form"; Burch, "Time and Space: Why Imperfect Information Games are Hard", 2017, public
// trees). At a terminal public node each hand's pips follow from the hand (the played tiles are
// public), so the showdown is evaluated by showdown.h without pairing every hand with every hand.
//
// The game is the history tree's (game_tree.h): chance deals every ordered pair of disjoint hands
// of rules.hand_size tiles from the double-rules.max_pip set with equal probability, seat 0 leads
// any tile, the rules engine's moves, passes and scoring (engine/dominoes/state.h, scoring.h). A
// pass is forced (no tile fits); when neither seat can move the game is blocked, which depends on
// both hands, so a public node where the mover has no tile is split: deals where the other seat
// has none either end there (blocked), the others continue with the public move "pass".
//
// Memory: the tree is never stored. Its nodes are visited in one fixed depth-first order every
// iteration (the node's consistent hands depend only on the public moves), so each node's regrets
// and average-strategy sums sit at the next free place of two flat float arrays, and only the
// offsets of the root's subtrees are kept (for the threads: one oneTBB task per first move). A
// slot exists for each (node, hand, move) whose hand has at least two legal moves: about 8 bytes
// per slot in all.
//
// Updates (one iteration = seat 0's update, then seat 1's: alternating updates):
//   CFR+ (Tammelin 2014; Bowling, Burch, Johanson & Tammelin, Science 2015): regrets floored at 0
//     after each update, the average strategy weighted by the iteration number.
//   Discounted CFR (Brown & Sandholm, "Solving Imperfect-Information Games via Discounted Regret
//     Minimization", AAAI 2019, alpha = 1.5, beta = 0, gamma = 2): before iteration t's update,
//     positive regrets are scaled by (t-1)^1.5 / ((t-1)^1.5 + 1), negative ones by 1/2, and the
//     average's sums by ((t-1)/t)^2.
//
// Units: points per game for the leader (seat 0), as game_tree.h and cfr.h.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/tile_set.h"
#include "engine/equilibrium/public_tree_types.h"

namespace equilibrium {

namespace public_tree {
struct Game;     // public_tree_node.h
class WalkMode;  // public_tree_walker.h
}  // namespace public_tree

/// The public-tree solver of one variant (see the header comment).
class PublicTreeCfr {
 public:
  /// Prepares the solver of `rules` (two seats; rules.max_pip and hand_size give the variant, the
  /// scoring rule the payoffs): one walk to lay out the tables, then zeroed regrets and sums.
  /// Throws std::invalid_argument (one line) when the rules have other than two seats or hands of
  /// more than 4 tiles, or when the
  /// tables would exceed `max_bytes` (8 bytes a slot; the layout walk stops as soon as they would,
  /// and a tree with more public nodes than the tables' slots allowed is refused the same way, so a
  /// variant far too large fails fast).
  explicit PublicTreeCfr(const dominoes::Rules& rules, RegretUpdate update = RegretUpdate::kCfrPlus,
                         std::int64_t max_bytes = std::int64_t{1} << 40);
  /// Prepares the solver of the subgame at `root` (PublicSubgame) of a two-seat game under `rules`
  /// (its set and scoring; hand_size is not used): as the first constructor, from the subgame's
  /// root. Its information sets name the hand a seat holds at the root as `dealt_hand` and the
  /// public moves since the root as `history`; values are points per unit of the ranges' chance.
  /// Throws std::invalid_argument (one line) when the rules have other than two seats, a seat has
  /// no hand or hands of different sizes, a hand holds no tile or a tile outside the set, the
  /// weights are not one per hand or negative, no two hands of positive weight are disjoint, or
  /// the tables would exceed `max_bytes` (use fits() to ask without an exception).
  PublicTreeCfr(const dominoes::Rules& rules, const PublicSubgame& root,
                RegretUpdate update = RegretUpdate::kCfrPlus,
                std::int64_t max_bytes = std::int64_t{1} << 40);
  /// Returns a solver of the subgame at `root` when its tables fit in `max_bytes`, else nullptr
  /// (the layout walk stops as soon as they would not: a size limit for decision-time solving).
  /// Throws std::invalid_argument on a malformed root, as the constructor does.
  static std::unique_ptr<PublicTreeCfr> fits(const dominoes::Rules& rules,
                                             const PublicSubgame& root, RegretUpdate update,
                                             std::int64_t max_bytes);
  ~PublicTreeCfr();
  PublicTreeCfr(const PublicTreeCfr&) = delete;
  PublicTreeCfr& operator=(const PublicTreeCfr&) = delete;

  /// Runs `iterations` more iterations (each updates seat 0, then seat 1), on every core unless
  /// set_single_threaded(true).
  void iterate(int iterations);
  /// With `on`, every walk runs on the calling thread only (a strategy solving at decision time
  /// inside the runner, whose CPU time per decision is measured on its thread). The results do not
  /// depend on it.
  void set_single_threaded(bool on) { single_threaded_ = on; }
  /// Returns the iterations run so far.
  int iterations() const { return iterations_; }

  /// Returns the leader's (seat 0's) expected points per game when both seats follow the average
  /// strategy.
  double expected_value() const;
  /// Returns the points per game seat `responder` (0 or 1) gets by a best response to the other
  /// seat's average strategy, computed exactly (the responder picks the best move per information
  /// set, deepest first; with perfect recall that is the best response).
  double best_response_value(int responder) const;
  /// Returns the average strategy's exploitability in points per game: the mean of the two best
  /// responses' values (cfr.h's definition; 0 at an equilibrium).
  double exploitability() const;

  /// Writes the average strategy at the root for the root's mover holding its hand number `hand`
  /// (an index into its root hands): its legal moves (dominoes::legal_moves order) and their
  /// probabilities (uniform where the set's sums are all 0; one move with probability 1 when it
  /// has only one; none when it must pass). Throws std::out_of_range for a hand that is not one.
  void root_average(int hand, std::vector<dominoes::Move>& moves,
                    std::vector<double>& probabilities) const;

  /// Writes the average strategy of seat `seat` holding its root hand number `hand` (an index into
  /// its root hands) at the public node the moves `history` (from the root, passes included) lead
  /// to, as root_average does, and returns true; returns false (and writes nothing) when no public
  /// node of the tree has that history with `seat` to move or the hand cannot be there. Follows the
  /// moves down the subgame's index of nodes (a few vector passes). Throws std::out_of_range for a
  /// seat or hand that is not one, std::logic_error on the whole game's solver (first constructor:
  /// no index; for_each_average reads its sets).
  bool average_at(int seat, int hand, std::span<const dominoes::Move> history,
                  std::vector<dominoes::Move>& moves, std::vector<double>& probabilities) const;

  /// Calls `visit` for every information set with at least two legal moves (those some deal
  /// reaches: PublicTreeSize), with the average strategy there (uniform where the set's sums are
  /// all 0), in the tree's depth-first order.
  void for_each_average(const std::function<void(const PublicInformationSet&)>& visit) const;
  /// Replaces the average strategy with another behaviour strategy: visits the same sets in the
  /// same order as for_each_average, and `fill` overwrites the probabilities it is given (the
  /// average's there, one per move, summing to 1). The sets not visited (no deal reaches them)
  /// keep theirs. After it, expected_value, best_response_value and exploitability measure the
  /// new strategy (stored as 32-bit floats); so would further iterations average on from it. For
  /// measuring any strategy on the public tree (arena/exploitability/public_tree_queries.h).
  void replace_average(
      const std::function<void(const PublicInformationSet&, std::span<double>)>& fill);

  /// Returns the chance weight of the root: the number of ordered deals in the whole game, the sum
  /// over disjoint pairs of hands of the product of their weights in a subgame. The values above
  /// are per unit of it; a subgame's value times its weight adds up, over the subgames that
  /// partition a game, to the game's value times the game's weight.
  double chance_weight() const;

  /// Returns the size of the public tree (from the layout walk).
  const PublicTreeSize& size() const { return size_; }
  /// Returns the bytes of the regret and average tables.
  std::int64_t table_bytes() const;
  /// Returns the rules solved.
  const dominoes::Rules& rules() const { return rules_; }

 private:
  struct NotLaidOut {};
  // Only the members: set_root and prepare_tables follow (the subgame constructor and fits()).
  PublicTreeCfr(const dominoes::Rules& rules, RegretUpdate update, NotLaidOut);
  // Checks `root` (throwing as the subgame constructor says) and takes it as the game.
  void set_root(const PublicSubgame& root);
  // Lays out the tables (a size limit of max_bytes); returns false when they would not fit.
  bool prepare_tables(std::int64_t max_bytes);
  // Walks the tree once to count it and to find where each first move's slots start; returns
  // false (at once) when it has more than `slot_limit` slots or public nodes.
  bool lay_out(std::int64_t slot_limit);
  // Walks the whole tree once for `seat` doing `mode` (public_tree_walks.h; the root's first moves
  // on several threads unless single-threaded) and returns the seat's value in points per game.
  double walk_root(public_tree::WalkMode& mode, int seat) const;
  // Walks the whole tree once doing `mode` (a layout or export walk), on this thread, in the
  // tree's order.
  void walk_in_order(public_tree::WalkMode& mode) const;

  dominoes::Rules rules_;
  RegretUpdate update_;
  std::unique_ptr<public_tree::Game> game_;
  PublicTreeSize size_;
  std::vector<std::int64_t> subtree_start_;  // per first move: where its subtree's slots start
  std::int64_t pass_start_ = 0;              // where the root's pass subtree's slots start
  // Subgames only (set_root): each non-root public node's first slot, by a key of its moves, so
  // that average_at reads a set without walking the tree (8 + 8 bytes and a hash entry per node).
  bool indexed_ = false;
  std::unordered_map<std::uint64_t, std::int64_t> node_start_;
  // average_at through node_start_.
  bool indexed_average_at(int seat, int hand, std::span<const dominoes::Move> history,
                          std::vector<dominoes::Move>& moves,
                          std::vector<double>& probabilities) const;
  std::vector<float> regrets_, sums_;
  int iterations_ = 0;
  bool single_threaded_ = false;
};

}  // namespace equilibrium
