#include "engine/equilibrium/public_tree_cfr.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "engine/common/hash.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/move.h"
#include "engine/dominoes/state.h"
#include "engine/equilibrium/showdown.h"

namespace equilibrium {

using dominoes::Move;
using dominoes::Placement;
using dominoes::Tile;
using dominoes::TileSet;

struct PublicTreeCfr::Game {
  dominoes::Rules rules;
  std::vector<TileSet> hands[2];  // each seat's hands at the root (the tiles it holds), by id
  std::vector<double> reach[2];   // each hand's weight at the root: 1 in the whole game
  int held[2] = {0, 0};           // the tiles each seat holds at the root
  int to_move = 0;                // the root's seat to move and open ends (-1 before the lead)
  int left = -1, right = -1;
  double total_weight = 0;  // the chance outcomes' weight: ordered pairs of disjoint
                            // hands (whole game), or the sum of r0 x r1 over them
};

// The walk's types, in a named namespace: the Walker (a member class, external linkage) holds them,
// and a member whose type is in an anonymous namespace draws GCC's -Wsubobject-linkage.
namespace public_tree_walk {

// A public state: the line's open ends (-1 before the lead), the seat to move and each seat's
// played tiles. Passes leave no mark here: they are in the hands' lists (a seat's consistent hands
// after its pass are those without a playable tile).
struct Node {
  std::int8_t left = -1, right = -1;
  std::uint8_t to_move = 0;
  TileSet played[2];
};

// One seat's consistent hands at a node: hand ids (increasing) and their reach probabilities.
struct Side {
  const std::int32_t* ids = nullptr;
  const double* reach = nullptr;
  int n = 0;
};

// The tiles a hand could play at `node` (all of them before the lead).
TileSet open_tiles(const Node& node, TileSet all) {
  if (node.left < 0) return all;
  return dominoes::tiles_with(node.left) | dominoes::tiles_with(node.right);
}

// Returns the node after the mover plays `m`.
Node after(const Node& node, Move m) {
  Node next = node;
  const int seat = node.to_move;
  next.to_move = static_cast<std::uint8_t>(1 - seat);
  if (m.is_pass()) return next;
  const Tile t = m.tile();
  next.played[seat].insert(t);
  switch (m.placement()) {
    case Placement::kLead:
      next.left = static_cast<std::int8_t>(dominoes::tile_low(t));
      next.right = static_cast<std::int8_t>(dominoes::tile_high(t));
      break;
    case Placement::kLeft:
      next.left = static_cast<std::int8_t>(dominoes::other_value(t, node.left));
      break;
    case Placement::kRight:
      next.right = static_cast<std::int8_t>(dominoes::other_value(t, node.right));
      break;
    case Placement::kPass:
      break;
  }
  return next;
}

// A child's two sides, with each hand's index in the parent's list. Filled by reserve(seat, most)
// then add(...) at most that many times then done(seat): plain stores, no growth checks.
struct ChildSides {
  std::vector<std::int32_t> ids[2];
  std::vector<double> reach[2];
  std::vector<std::int32_t> parent_index[2];
  int size[2] = {0, 0};

  void reserve(int seat, int most) {
    const auto n = static_cast<std::size_t>(most);
    if (ids[seat].size() < n)
      ids[seat].resize(n), reach[seat].resize(n), parent_index[seat].resize(n);
    size[seat] = 0;
  }
  void add(int seat, std::int32_t id, double r, std::int32_t index) {
    const auto at = static_cast<std::size_t>(size[seat]++);
    ids[seat][at] = id;
    reach[seat][at] = r;
    parent_index[seat][at] = index;
  }
  Side side(int seat) const { return {ids[seat].data(), reach[seat].data(), size[seat]}; }
};

// Returns a 64-bit key of a public move sequence (FNV-1a over the moves' bits): the index of a
// subgame's nodes. Two of a subgame's at most millions of nodes share a key with probability
// about n^2 / 2^65.
std::uint64_t history_key(std::span<const Move> moves) {
  std::uint64_t key = common::kFnvOffset;
  for (const Move m : moves) key = (key ^ m.bits()) * common::kFnvPrime;
  return key;
}

}  // namespace public_tree_walk

using namespace public_tree_walk;

// One walk over the public tree for one seat (the class comment of public_tree_cfr.h). A node's
// work is split in three so that the root can play its first moves on several threads: prepare()
// lists the mover's moves per hand and its strategy, play() walks one move's subtree, and
// finish() turns the children's values into the node's (and, when updating, its regrets).
class PublicTreeCfr::Walker {
 public:
  struct Tables {
    const float* regrets = nullptr;
    const float* sums = nullptr;
    float* write_regrets = nullptr;  // kUpdate only
    float* write_sums = nullptr;
  };

  // What prepare() found at one node: the mover's hands, moves and strategy.
  struct NodeWork {
    std::vector<TileSet> remaining;         // per mover hand
    std::vector<std::uint8_t> moves;        // per mover hand: its legal moves
    std::vector<Move> actions;              // the public moves some hand can make
    std::vector<std::int32_t> entry_start;  // per action: its first entry; one more at the end
    std::vector<std::int32_t> entry_hand;   // per entry (action, hand): the hand's index
    std::vector<std::int64_t> entry_slot;   // per entry: its table slot, -1 for a lone move
    std::vector<double> sigma;              // per entry: the probability of the move
    std::vector<double> value;              // per entry: the walking seat's value after it
    std::vector<double> norm;               // per hand: scratch
    std::vector<std::int32_t> fill;         // per action: scratch
    std::vector<double> partners;  // kLayout, kExport: per hand, the other's disjoint hands
  };

  Walker(const Game& game, Pass pass, int seat, Tables tables, int iteration, RegretUpdate update)
      : game_(game),
        pass_(pass),
        seat_(seat),
        tables_(tables),
        levels_(static_cast<std::size_t>(2 * (game.held[0] + game.held[1]) + 4)) {
    const double t = iteration;
    if (update == RegretUpdate::kCfrPlus) {
      average_weight_ = t;
    } else {  // DCFR(1.5, 0, 2): discount what iterations 1..t-1 left
      const double before = std::pow(t - 1, 1.5);
      positive_discount_ = before / (before + 1);
      negative_discount_ = 0.5;
      sum_discount_ = ((t - 1) / t) * ((t - 1) / t);
      floor_regrets_ = false;
    }
  }

  struct TooLarge {};  // thrown by a layout walk past slot_limit slots or public nodes
  std::int64_t slot_limit = 0;
  std::int64_t cursor = 0;  // the next free slot, in the tree's depth-first order
  PublicTreeSize size;      // kLayout: what the walk met
  // kLayout of a subgame: each non-root public node's first slot, by history_key of its moves.
  std::unordered_map<std::uint64_t, std::int64_t>* node_starts = nullptr;
  // kExport: called for each information set with a choice; the walk keeps the public history.
  const std::function<void(const PublicInformationSet&)>* visit = nullptr;
  // kExport by replace_average: called instead of *visit, its probabilities written to the sums.
  const std::function<void(const PublicInformationSet&, std::span<double>)>* replace = nullptr;

  // Walks `node` (not terminal) and writes the walking seat's value of each of its hands there
  // (side[seat].n entries) to `value`.
  void walk(const Node& node, int depth, const Side side[2], double* value) {
    NodeWork& work = level(depth).work;
    if (node_starts) node_starts->emplace(history_key(history_), cursor);
    prepare(node, side, work);
    std::fill(value, value + side[seat_].n, 0.0);
    ChildSides& child = level(depth).child;
    std::vector<double>& child_value = level(depth).child_value;
    for (int k = 0; k < static_cast<int>(work.actions.size()); ++k) {
      play(node, depth, side, work, k, child, child_value);
      gather(node, work, k, child, child_value, value);
    }
    pass_or_block(node, depth, side, work, value);
    finish(node, side, work, value);
  }

  // The root's hands with no tile to play (a subgame's root may have some; the whole game's has
  // none): pass_or_block at depth 0, its subtree's slots from `cursor`. `value` may be null when
  // no values are needed (layout and export walks).
  void root_pass(const Node& node, const Side side[2], const NodeWork& work, double* value) {
    if (!value) {
      std::vector<double> ignored(static_cast<std::size_t>(side[seat_].n), 0.0);
      pass_or_block(node, 0, side, work, ignored.data());
      return;
    }
    pass_or_block(node, 0, side, work, value);
  }

  // Lists the mover's moves and strategy at `node` and takes the node's slots from `cursor`.
  void prepare(const Node& node, const Side side[2], NodeWork& work) {
    const int p = node.to_move;
    const TileSet open = open_tiles(node, TileSet::full(game_.rules.max_pip));
    const Side& mover = side[p];
    work.remaining.resize(static_cast<std::size_t>(mover.n));
    work.moves.resize(static_cast<std::size_t>(mover.n));
    TileSet playable;
    for (int j = 0; j < mover.n; ++j) {
      const TileSet rest = game_.hands[p][static_cast<std::size_t>(mover.ids[j])] - node.played[p];
      work.remaining[static_cast<std::size_t>(j)] = rest;
      work.moves[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(
          node.left < 0
              ? rest.size()
              : (rest & dominoes::tiles_with(node.left)).size() +
                    (node.right == node.left ? 0
                                             : (rest & dominoes::tiles_with(node.right)).size()));
      playable |= rest & open;
    }
    // The public moves, and each (tile, side)'s index among them: side 0 a lead or the left end.
    work.actions.clear();
    std::int8_t action_of[2][dominoes::kMaxTiles];
    dominoes::for_each_legal_move(playable, node.left, node.right, [&](Move m) {
      action_of[m.placement() == Placement::kRight][m.tile()] =
          static_cast<std::int8_t>(work.actions.size());
      work.actions.push_back(m);
    });
    // Entries grouped by move, hands in order within a move (a counting sort: one pass to count,
    // one to place), then a slot for each entry whose hand has a choice, in that order.
    const auto moves = work.actions.size();
    work.entry_start.assign(moves + 1, 0);
    const TileSet left_tiles =
        node.left < 0 ? TileSet::full(game_.rules.max_pip) : dominoes::tiles_with(node.left);
    const TileSet right_tiles =
        node.left < 0 || node.right == node.left ? TileSet() : dominoes::tiles_with(node.right);
    const auto for_each_entry = [&](TileSet rest, auto&& on_action) {
      for (Tile t : rest& left_tiles) on_action(action_of[0][t]);
      for (Tile t : rest& right_tiles) on_action(action_of[1][t]);
    };
    for (int j = 0; j < mover.n; ++j)
      for_each_entry(work.remaining[static_cast<std::size_t>(j)],
                     [&](int a) { ++work.entry_start[static_cast<std::size_t>(a) + 1]; });
    for (std::size_t a = 0; a < moves; ++a) work.entry_start[a + 1] += work.entry_start[a];
    const auto entries = static_cast<std::size_t>(work.entry_start[moves]);
    work.entry_hand.resize(entries);
    work.entry_slot.resize(entries);
    work.fill.assign(work.entry_start.begin(), work.entry_start.end() - 1);
    for (int j = 0; j < mover.n; ++j)
      for_each_entry(work.remaining[static_cast<std::size_t>(j)], [&](int a) {
        work.entry_hand[static_cast<std::size_t>(work.fill[static_cast<std::size_t>(a)]++)] = j;
      });
    for (std::size_t e = 0; e < entries; ++e)
      work.entry_slot[e] =
          work.moves[static_cast<std::size_t>(work.entry_hand[e])] >= 2 ? cursor++ : -1;
    if (pass_ == Pass::kLayout || pass_ == Pass::kExport) find_partners(node, side, work);
    if (pass_ == Pass::kLayout) {
      count(work, mover.n);
      if (cursor > slot_limit || size.public_nodes > slot_limit) throw TooLarge{};
      return;
    }
    strategy(work, mover.n);
    if (pass_ == Pass::kExport) emit(node, side, work);
  }

  // Builds the child of action k (into `child`) and writes the walking seat's values of the
  // child's hands (in `child`'s order) to `child_value`.
  void play(const Node& node, int depth, const Side side[2], const NodeWork& work, int k,
            ChildSides& child, std::vector<double>& child_value) {
    const int p = node.to_move, o = 1 - p;
    const Move m = work.actions[static_cast<std::size_t>(k)];
    const bool weigh = pass_ == Pass::kUpdate || pass_ == Pass::kEvaluate ||
                       (pass_ == Pass::kBestResponse && p != seat_);
    const int first = work.entry_start[static_cast<std::size_t>(k)];
    const int last = work.entry_start[static_cast<std::size_t>(k) + 1];
    child.reserve(p, last - first);
    for (int e = first; e < last; ++e) {
      const int j = work.entry_hand[static_cast<std::size_t>(e)];
      child.add(p, side[p].ids[j],
                side[p].reach[j] * (weigh ? work.sigma[static_cast<std::size_t>(e)] : 1.0), j);
    }
    child.reserve(o, side[o].n);
    for (int j = 0; j < side[o].n; ++j)
      if (!game_.hands[o][static_cast<std::size_t>(side[o].ids[j])].contains(m.tile()))
        child.add(o, side[o].ids[j], side[o].reach[j], j);
    child_value.assign(static_cast<std::size_t>(child.size[seat_]), 0.0);
    if (child.size[o] == 0) return;  // no deal reaches it
    const Node next = after(node, m);
    const Side sides[2] = {child.side(0), child.side(1)};
    if (next.played[p].size() == game_.held[p]) {  // the mover went out
      if (values_needed()) showdown(next, sides, child_value.data());
      return;
    }
    history_.push_back(m);
    walk(next, depth + 1, sides, child_value.data());
    history_.pop_back();
  }

  // Adds action k's child values to the node: per entry when the walking seat moves here, else
  // into its hands' values.
  void gather(const Node& node, NodeWork& work, int k, const ChildSides& child,
              const std::vector<double>& child_value, double* value) const {
    if (!values_needed()) return;
    if (node.to_move == seat_) {
      const int first = work.entry_start[static_cast<std::size_t>(k)];
      for (std::size_t q = 0; q < child_value.size(); ++q)
        work.value[static_cast<std::size_t>(first) + q] = child_value[q];
      return;
    }
    for (std::size_t q = 0; q < child_value.size(); ++q)
      value[child.parent_index[seat_][q]] += child_value[q];
  }

  // The node's value for the walking seat's hands where it moves, and the CFR update there.
  void finish(const Node& node, const Side side[2], NodeWork& work, double* value) {
    if (!values_needed() || node.to_move != seat_) return;
    const std::size_t entries = work.entry_hand.size();
    if (pass_ == Pass::kBestResponse) {
      for (int j = 0; j < side[seat_].n; ++j)
        if (work.moves[static_cast<std::size_t>(j)] > 0) value[j] = -1e300;
      for (std::size_t e = 0; e < entries; ++e)
        value[work.entry_hand[e]] = std::max(value[work.entry_hand[e]], work.value[e]);
      return;
    }
    for (std::size_t e = 0; e < entries; ++e)
      value[work.entry_hand[e]] += work.sigma[e] * work.value[e];
    if (pass_ != Pass::kUpdate) return;
    for (std::size_t e = 0; e < entries; ++e) {
      const std::int64_t slot = work.entry_slot[e];
      if (slot < 0) continue;
      const auto j = static_cast<std::size_t>(work.entry_hand[e]);
      const double regret = tables_.regrets[slot];
      const double kept = regret * (regret > 0 ? positive_discount_ : negative_discount_);
      const double updated = kept + work.value[e] - value[j];
      tables_.write_regrets[slot] =
          static_cast<float>(floor_regrets_ ? std::max(updated, 0.0) : updated);
      tables_.write_sums[slot] =
          static_cast<float>(tables_.sums[slot] * sum_discount_ +
                             average_weight_ * side[seat_].reach[j] * work.sigma[e]);
    }
  }

 private:
  struct Level {
    NodeWork work;
    ChildSides child, blocked;
    std::vector<double> child_value;
  };

  bool values_needed() const { return pass_ != Pass::kLayout && pass_ != Pass::kExport; }

  // Calls *visit (or *replace, then stores its answer) for each mover hand with a choice at the
  // node that some deal reaches, with its moves and strategy.
  void emit(const Node& node, const Side side[2], const NodeWork& work) {
    const Side& mover = side[node.to_move];
    const Side& other = side[1 - node.to_move];
    std::vector<std::vector<std::size_t>> entries_of(static_cast<std::size_t>(mover.n));
    for (std::size_t e = 0; e < work.entry_hand.size(); ++e)
      if (work.entry_slot[e] >= 0)
        entries_of[static_cast<std::size_t>(work.entry_hand[e])].push_back(e);
    std::vector<Move> moves;
    std::vector<double> probabilities;
    for (int j = 0; j < mover.n; ++j) {
      if (entries_of[static_cast<std::size_t>(j)].empty() ||
          work.partners[static_cast<std::size_t>(j)] < 0.5)  // no deal reaches the set
        continue;
      moves.clear();
      probabilities.clear();
      for (std::size_t e : entries_of[static_cast<std::size_t>(j)]) {
        std::size_t k = 0;  // the entry's action: the last start at or before it
        while (work.entry_start[k + 1] <= static_cast<std::int32_t>(e)) ++k;
        moves.push_back(work.actions[k]);
        probabilities.push_back(work.sigma[e]);
      }
      const TileSet hand = game_.hands[node.to_move][static_cast<std::size_t>(mover.ids[j])];
      TileSet partner;
      for (int q = 0; q < other.n; ++q) {
        const TileSet candidate =
            game_.hands[1 - node.to_move][static_cast<std::size_t>(other.ids[q])];
        if ((candidate & hand).empty()) {
          partner = candidate;
          break;
        }
      }
      const PublicInformationSet set{node.to_move, hand, partner, history_, moves, probabilities};
      if (!replace) {
        (*visit)(set);
        continue;
      }
      (*replace)(set, probabilities);
      const auto& entries = entries_of[static_cast<std::size_t>(j)];
      for (std::size_t q = 0; q < entries.size(); ++q)
        tables_.write_sums[work.entry_slot[entries[q]]] = static_cast<float>(probabilities[q]);
    }
  }

  // Returns the scratch of the node at `depth`. levels_ never grows during a walk (the references
  // up the stack stay valid): a game has at most 2 x hand-size tiles played and a pass before each.
  Level& level(int depth) { return levels_[static_cast<std::size_t>(depth)]; }

  // Counts the node's information sets that some deal reaches (a hand of the mover with a partner
  // among the other seat's hands), and the node when it has any.
  void count(const NodeWork& work, int hands) {
    bool reached = false;
    for (int j = 0; j < hands; ++j) {
      if (work.partners[static_cast<std::size_t>(j)] < 0.5) continue;
      reached = true;
      ++size.information_sets;
      if (work.moves[static_cast<std::size_t>(j)] >= 2) ++size.choice_sets;
    }
    if (reached) ++size.public_nodes;
  }

  // Fills work.partners: for each mover hand, how many of the other seat's hands are disjoint
  // from it (the deals that reach the set). Only the remaining tiles can meet: each list already
  // holds no hand with a tile the other seat played.
  void find_partners(const Node& node, const Side side[2], NodeWork& work) {
    const int p = node.to_move;
    for (int s = 0; s < 2; ++s) {
      auto& hands = showdown_hands_[s];
      hands.resize(static_cast<std::size_t>(side[s].n));
      for (int j = 0; j < side[s].n; ++j)
        hands[static_cast<std::size_t>(j)] = {
            game_.hands[s][static_cast<std::size_t>(side[s].ids[j])] - node.played[s], 0};
    }
    ones_.assign(static_cast<std::size_t>(side[1 - p].n), 1.0);
    work.partners.resize(static_cast<std::size_t>(side[p].n));
    evaluator_.compatible_weight(showdown_hands_[p], showdown_hands_[1 - p], ones_, work.partners);
    // A hand with no tile to play has a set (a forced pass) only against hands that can move:
    // against the others the game is blocked, no one moves.
    bool stuck = false;
    for (int j = 0; j < side[p].n; ++j)
      stuck = stuck || work.moves[static_cast<std::size_t>(j)] == 0;
    if (!stuck) return;
    const TileSet open = open_tiles(node, TileSet::full(game_.rules.max_pip));
    for (std::size_t j = 0; j < ones_.size(); ++j)
      ones_[j] = (showdown_hands_[1 - p][j].tiles & open).empty() ? 0.0 : 1.0;
    passers_.resize(work.partners.size());
    evaluator_.compatible_weight(showdown_hands_[p], showdown_hands_[1 - p], ones_, passers_);
    for (std::size_t j = 0; j < passers_.size(); ++j)
      if (work.moves[j] == 0) work.partners[j] = passers_[j];
  }

  // Fills work.sigma: regret matching of the current regrets (kUpdate) or the average strategy's
  // normalised sums (kBestResponse, kEvaluate); uniform where every entry is 0, 1 for a lone move.
  void strategy(NodeWork& work, int hands) {
    const float* table = pass_ == Pass::kUpdate ? tables_.regrets : tables_.sums;
    work.norm.assign(static_cast<std::size_t>(hands), 0.0);
    const std::size_t entries = work.entry_hand.size();
    work.sigma.resize(entries);
    work.value.assign(entries, 0.0);
    for (std::size_t e = 0; e < entries; ++e)
      if (work.entry_slot[e] >= 0)
        work.norm[static_cast<std::size_t>(work.entry_hand[e])] +=
            std::max(0.0f, table[work.entry_slot[e]]);
    for (std::size_t e = 0; e < entries; ++e) {
      const auto j = static_cast<std::size_t>(work.entry_hand[e]);
      if (work.entry_slot[e] < 0)
        work.sigma[e] = 1.0;
      else if (work.norm[j] > 0)
        work.sigma[e] = std::max(0.0f, table[work.entry_slot[e]]) / work.norm[j];
      else
        work.sigma[e] = 1.0 / work.moves[j];
    }
  }

  // The mover's hands with no tile to play: against the other seat's hands with none either the
  // game is blocked (a showdown); against the rest the mover passes and the other seat moves.
  void pass_or_block(const Node& node, int depth, const Side side[2], const NodeWork& work,
                     double* value) {
    const int p = node.to_move, o = 1 - p;
    ChildSides& stuck = level(depth).child;  // the mover's stuck hands and the other's movers
    stuck.reserve(p, side[p].n);
    for (int j = 0; j < side[p].n; ++j)
      if (work.moves[static_cast<std::size_t>(j)] == 0)
        stuck.add(p, side[p].ids[j], side[p].reach[j], j);
    if (stuck.size[p] == 0) return;
    const TileSet open = open_tiles(node, TileSet::full(game_.rules.max_pip));
    ChildSides& blocked = level(depth).blocked;  // the other seat's stuck hands
    stuck.reserve(o, side[o].n);
    blocked.reserve(o, side[o].n);
    for (int j = 0; j < side[o].n; ++j) {
      const auto id = side[o].ids[j];
      const bool can_move =
          !((game_.hands[o][static_cast<std::size_t>(id)] - node.played[o]) & open).empty();
      if (can_move)
        stuck.add(o, id, side[o].reach[j], j);
      else
        blocked.add(o, id, side[o].reach[j], j);
    }
    std::vector<double>& child_value = level(depth).child_value;
    const auto add_back = [&](const std::vector<std::int32_t>& parent_index) {
      for (std::size_t q = 0; q < child_value.size(); ++q) value[parent_index[q]] += child_value[q];
    };
    if (blocked.size[o] > 0 && values_needed()) {
      Side sides[2];
      sides[p] = stuck.side(p);
      sides[o] = blocked.side(o);
      child_value.assign(static_cast<std::size_t>(sides[seat_].n), 0.0);
      showdown(node, sides, child_value.data());
      add_back(seat_ == p ? stuck.parent_index[p] : blocked.parent_index[o]);
    }
    if (stuck.size[o] == 0) return;
    const Side sides[2] = {stuck.side(0), stuck.side(1)};
    child_value.assign(static_cast<std::size_t>(stuck.size[seat_]), 0.0);
    history_.push_back(Move::pass());
    walk(after(node, Move::pass()), depth + 1, sides, child_value.data());
    history_.pop_back();
    if (values_needed()) add_back(stuck.parent_index[seat_]);
  }

  // Writes the walking seat's points against the other seat's hands (weighted by their reach) at
  // a finished game: each hand keeps its tiles less the ones its seat played.
  void showdown(const Node& node, const Side side[2], double* value) {
    for (int s = 0; s < 2; ++s) {
      auto& hands = showdown_hands_[s];
      hands.resize(static_cast<std::size_t>(side[s].n));
      for (int j = 0; j < side[s].n; ++j) {
        const TileSet rest =
            game_.hands[s][static_cast<std::size_t>(side[s].ids[j])] - node.played[s];
        hands[static_cast<std::size_t>(j)] = {rest, dominoes::pips(rest)};
      }
    }
    const int o = 1 - seat_;
    evaluator_.values(showdown_hands_[seat_], showdown_hands_[o],
                      std::span<const double>(side[o].reach, static_cast<std::size_t>(side[o].n)),
                      game_.rules,
                      std::span<double>(value, static_cast<std::size_t>(side[seat_].n)));
  }

  const Game& game_;
  Pass pass_;
  int seat_;
  Tables tables_;
  double average_weight_ = 1, positive_discount_ = 1, negative_discount_ = 1, sum_discount_ = 1;
  bool floor_regrets_ = true;
  std::vector<Level> levels_;
  std::vector<Move> history_;  // the public moves from the root to the node being walked
  std::vector<ShowdownHand> showdown_hands_[2];
  std::vector<double> ones_, passers_;
  ShowdownEvaluator evaluator_;
};

namespace {

// The largest hand the solver takes. Its layout walk stops as soon as the tables outgrow the memory
// allowed, but with 5 or more tiles the walk's top levels alone (vectors of tens of thousands of
// hands at each of thousands of nodes) take long before that: refused at once instead.
constexpr int kMostTiles = 4;

constexpr std::int64_t kBytesPerSlot = 2 * sizeof(float);  // a regret and an average's sum

// Returns the number of k-tile hands from n tiles, C(n, k), as a real number.
double hand_count(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

void check_two_seats(const dominoes::Rules& rules) {
  if (rules.seats != 2)
    throw std::invalid_argument("the public-tree solver plays two seats, not " +
                                std::to_string(rules.seats));
}

// Throws std::invalid_argument (one line) when `root` is not a subgame the solver can take.
void check_subgame(const dominoes::Rules& rules, const PublicSubgame& root) {
  check_two_seats(rules);
  if (root.to_move != 0 && root.to_move != 1)
    throw std::invalid_argument("a subgame's seat to move is 0 or 1, not " +
                                std::to_string(root.to_move));
  if ((root.left_end < 0) != (root.right_end < 0) || root.left_end > rules.max_pip ||
      root.right_end > rules.max_pip)
    throw std::invalid_argument("a subgame's open ends are both -1 or both values 0.." +
                                std::to_string(rules.max_pip));
  const TileSet all = TileSet::full(rules.max_pip);
  for (int s = 0; s < 2; ++s) {
    const auto& hands = root.hands[s];
    if (hands.empty())
      throw std::invalid_argument("a subgame needs at least one hand for seat " +
                                  std::to_string(s));
    if (root.weights[s].size() != hands.size())
      throw std::invalid_argument("a subgame needs one weight per hand of seat " +
                                  std::to_string(s));
    for (std::size_t j = 0; j < hands.size(); ++j) {
      if (hands[j].empty() || hands[j].size() != hands[0].size() || !(hands[j] - all).empty())
        throw std::invalid_argument("seat " + std::to_string(s) +
                                    "'s subgame hands must all hold the same number (>= 1) of "
                                    "tiles of the set");
      if (!(root.weights[s][j] >= 0))
        throw std::invalid_argument("a subgame's range weights must be >= 0");
    }
  }
}

}  // namespace

PublicTreeCfr::PublicTreeCfr(const dominoes::Rules& rules, RegretUpdate update,
                             std::int64_t max_bytes)
    : rules_(rules), update_(update), game_(std::make_unique<Game>()) {
  check_two_seats(rules);
  if (rules.hand_size > kMostTiles)
    throw std::invalid_argument("the public-tree solver takes hands of at most " +
                                std::to_string(kMostTiles) + " tiles, not " +
                                std::to_string(rules.hand_size) +
                                " (double-6 with 4 each is already 452 million information sets): "
                                "choose a smaller variant");
  game_->rules = rules;
  const TileSet all = TileSet::full(rules.max_pip);
  dominoes::for_each_subset(all, rules.hand_size, [&](TileSet h) { game_->hands[0].push_back(h); });
  game_->hands[1] = game_->hands[0];
  for (int s = 0; s < 2; ++s) {
    game_->reach[s].assign(game_->hands[s].size(), 1.0);
    game_->held[s] = rules.hand_size;
  }
  game_->total_weight = hand_count(all.size(), rules.hand_size) *
                        hand_count(all.size() - rules.hand_size, rules.hand_size);
  if (!prepare_tables(max_bytes))
    throw std::invalid_argument(
        "double-" + std::to_string(rules.max_pip) + " with " + std::to_string(rules.hand_size) +
        " tiles each needs more than the " + std::to_string(max_bytes >> 20) +
        " MiB of tables allowed: choose a smaller variant or allow more memory");
}

PublicTreeCfr::PublicTreeCfr(const dominoes::Rules& rules, const PublicSubgame& root,
                             RegretUpdate update, std::int64_t max_bytes)
    : PublicTreeCfr(rules, update, NotLaidOut{}) {
  set_root(root);
  if (!prepare_tables(max_bytes))
    throw std::invalid_argument("the subgame needs more than the " +
                                std::to_string(max_bytes >> 20) + " MiB of tables allowed");
}

PublicTreeCfr::PublicTreeCfr(const dominoes::Rules& rules, RegretUpdate update, NotLaidOut)
    : rules_(rules), update_(update), game_(std::make_unique<Game>()) {}

void PublicTreeCfr::set_root(const PublicSubgame& root) {
  check_subgame(rules_, root);
  indexed_ = true;
  game_->rules = rules_;
  for (int s = 0; s < 2; ++s) {
    game_->hands[s] = root.hands[s];
    game_->reach[s] = root.weights[s];
    game_->held[s] = root.hands[s][0].size();
  }
  game_->to_move = root.to_move;
  game_->left = root.left_end;
  game_->right = root.right_end;
  // The chance weight: sum over disjoint pairs of r0 x r1.
  std::vector<ShowdownHand> mine, theirs;
  for (TileSet h : root.hands[0]) mine.push_back({h, 0});
  for (TileSet h : root.hands[1]) theirs.push_back({h, 0});
  std::vector<double> partners(mine.size());
  ShowdownEvaluator().compatible_weight(mine, theirs, root.weights[1], partners);
  for (std::size_t j = 0; j < mine.size(); ++j)
    game_->total_weight += root.weights[0][j] * partners[j];
  if (!(game_->total_weight > 0))
    throw std::invalid_argument(
        "a subgame needs two disjoint hands of positive weight, one a seat");
}

std::unique_ptr<PublicTreeCfr> PublicTreeCfr::fits(const dominoes::Rules& rules,
                                                   const PublicSubgame& root, RegretUpdate update,
                                                   std::int64_t max_bytes) {
  std::unique_ptr<PublicTreeCfr> solver(new PublicTreeCfr(rules, update, NotLaidOut{}));
  solver->set_root(root);
  if (!solver->prepare_tables(max_bytes)) return nullptr;
  return solver;
}

bool PublicTreeCfr::prepare_tables(std::int64_t max_bytes) {
  if (!lay_out(max_bytes / kBytesPerSlot)) return false;
  regrets_.assign(static_cast<std::size_t>(size_.slots), 0.0f);
  sums_.assign(static_cast<std::size_t>(size_.slots), 0.0f);
  return true;
}

PublicTreeCfr::~PublicTreeCfr() = default;

namespace {

// Both seats' hands at the root of `game` (a PublicTreeCfr::Game), with their root weights.
struct RootSides {
  std::vector<std::int32_t> ids[2];
  Side sides[2];
  Node node;

  template <class Game>
  explicit RootSides(const Game& game) {
    for (int s = 0; s < 2; ++s) {
      const auto n = static_cast<int>(game.hands[s].size());
      ids[s].resize(static_cast<std::size_t>(n));
      for (int j = 0; j < n; ++j) ids[s][static_cast<std::size_t>(j)] = j;
      sides[s] = {ids[s].data(), game.reach[s].data(), n};
    }
    node.to_move = static_cast<std::uint8_t>(game.to_move);
    node.left = static_cast<std::int8_t>(game.left);
    node.right = static_cast<std::int8_t>(game.right);
  }
};

}  // namespace

void PublicTreeCfr::replace_average(
    const std::function<void(const PublicInformationSet&, std::span<double>)>& fill) {
  Walker walker(*game_, Pass::kExport, 0, {regrets_.data(), sums_.data(), nullptr, sums_.data()},
                iterations_, update_);
  walker.replace = &fill;
  walk_in_order(walker);
}

void PublicTreeCfr::for_each_average(
    const std::function<void(const PublicInformationSet&)>& visit) const {
  Walker walker(*game_, Pass::kExport, 0, {regrets_.data(), sums_.data()}, iterations_, update_);
  walker.visit = &visit;
  walk_in_order(walker);
}

void PublicTreeCfr::root_average(int hand, std::vector<Move>& moves,
                                 std::vector<double>& probabilities) const {
  const RootSides root(*game_);
  const int p = game_->to_move;
  if (hand < 0 || hand >= root.sides[p].n)
    throw std::out_of_range("root_average: no hand " + std::to_string(hand) + " of the mover");
  Walker walker(*game_, Pass::kEvaluate, p, {regrets_.data(), sums_.data()}, iterations_, update_);
  Walker::NodeWork work;
  walker.prepare(root.node, root.sides, work);
  moves.clear();
  probabilities.clear();
  for (std::size_t k = 0; k < work.actions.size(); ++k)
    for (int e = work.entry_start[k]; e < work.entry_start[k + 1]; ++e)
      if (work.entry_hand[static_cast<std::size_t>(e)] == hand) {
        moves.push_back(work.actions[k]);
        probabilities.push_back(work.sigma[static_cast<std::size_t>(e)]);
      }
}

bool PublicTreeCfr::average_at(int seat, int hand, std::span<const Move> history,
                               std::vector<Move>& moves, std::vector<double>& probabilities) const {
  if (seat != 0 && seat != 1)
    throw std::out_of_range("average_at: seat " + std::to_string(seat) + " is not 0 or 1");
  if (hand < 0 || hand >= static_cast<int>(game_->hands[seat].size()))
    throw std::out_of_range("average_at: no hand " + std::to_string(hand) + " of seat " +
                            std::to_string(seat));
  if (!indexed_)
    throw std::logic_error("average_at: only a subgame's solver (PublicSubgame) indexes its nodes");
  return indexed_average_at(seat, hand, history, moves, probabilities);
}

bool PublicTreeCfr::indexed_average_at(int seat, int hand, std::span<const Move> history,
                                       std::vector<Move>& moves,
                                       std::vector<double>& probabilities) const {
  moves.clear();
  probabilities.clear();
  // Follow the moves, keeping each seat's hands the tree keeps there (in root order, as the walk
  // keeps them): the mover's that hold the tile played (or, on a pass, have none to play), the
  // other's without it (or, on a pass, with a tile to play: against the rest the game is blocked).
  const RootSides root(*game_);
  Node node = root.node;
  std::vector<std::int32_t> ids[2] = {root.ids[0], root.ids[1]};
  const auto keep = [&](int s, auto&& kept) {
    auto& list = ids[s];
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](std::int32_t id) {
                                return !kept(game_->hands[s][static_cast<std::size_t>(id)] -
                                             node.played[s]);
                              }),
               list.end());
  };
  for (const Move m : history) {
    const int p = node.to_move, o = 1 - p;
    if (m.is_pass()) {
      const TileSet open = open_tiles(node, TileSet::full(game_->rules.max_pip));
      keep(p, [&](TileSet rest) { return (rest & open).empty(); });
      keep(o, [&](TileSet rest) { return !(rest & open).empty(); });
    } else {
      keep(p, [&](TileSet rest) { return rest.contains(m.tile()); });
      keep(o, [&](TileSet rest) { return !rest.contains(m.tile()); });
    }
    if (ids[p].empty() || ids[o].empty()) return false;
    node = after(node, m);
    if (!m.is_pass() && node.played[p].size() == game_->held[p]) return false;  // went out
  }
  if (node.to_move != seat) return false;
  std::int64_t start = 0;
  if (!history.empty()) {
    const auto at = node_start_.find(history_key(history));
    if (at == node_start_.end()) return false;
    start = at->second;
  }
  const auto found = std::find(ids[seat].begin(), ids[seat].end(), hand);
  if (found == ids[seat].end()) return false;
  const auto j = static_cast<std::int32_t>(found - ids[seat].begin());
  const std::vector<double> ones(std::max(ids[0].size(), ids[1].size()), 1.0);
  Side sides[2];
  for (int s = 0; s < 2; ++s)
    sides[s] = {ids[s].data(), ones.data(), static_cast<int>(ids[s].size())};
  Walker walker(*game_, Pass::kEvaluate, seat, {regrets_.data(), sums_.data()}, iterations_,
                update_);
  walker.cursor = start;
  Walker::NodeWork work;
  walker.prepare(node, sides, work);
  for (std::size_t k = 0; k < work.actions.size(); ++k)
    for (auto e = work.entry_start[k]; e < work.entry_start[k + 1]; ++e)
      if (work.entry_hand[static_cast<std::size_t>(e)] == j) {
        moves.push_back(work.actions[k]);
        probabilities.push_back(work.sigma[static_cast<std::size_t>(e)]);
      }
  return true;
}

void PublicTreeCfr::walk_in_order(Walker& walker) const {
  const RootSides root(*game_);
  Walker::NodeWork work;
  walker.prepare(root.node, root.sides, work);
  ChildSides child;
  std::vector<double> child_value;
  for (int k = 0; k < static_cast<int>(work.actions.size()); ++k)
    walker.play(root.node, 0, root.sides, work, k, child, child_value);
  walker.root_pass(root.node, root.sides, work, nullptr);
}

bool PublicTreeCfr::lay_out(std::int64_t slot_limit) {
  const RootSides root(*game_);
  Walker walker(*game_, Pass::kLayout, 0, {}, 0, update_);
  walker.slot_limit = slot_limit;
  node_start_.clear();
  if (indexed_) walker.node_starts = &node_start_;
  Walker::NodeWork work;
  ChildSides child;
  std::vector<double> child_value;
  subtree_start_.clear();
  try {
    walker.prepare(root.node, root.sides, work);
    for (int k = 0; k < static_cast<int>(work.actions.size()); ++k) {  // in the walks' order
      subtree_start_.push_back(walker.cursor);
      walker.play(root.node, 0, root.sides, work, k, child, child_value);
    }
    pass_start_ = walker.cursor;
    walker.root_pass(root.node, root.sides, work, nullptr);
  } catch (const Walker::TooLarge&) {
    return false;
  }
  size_ = walker.size;
  size_.slots = walker.cursor;
  return true;
}

double PublicTreeCfr::chance_weight() const {
  return game_->total_weight;
}

std::int64_t PublicTreeCfr::table_bytes() const {
  return static_cast<std::int64_t>((regrets_.size() + sums_.size()) * sizeof(float));
}

double PublicTreeCfr::walk_root(Pass pass, int seat, int iteration, float* write_regrets,
                                float* write_sums) const {
  const RootSides root(*game_);
  const Walker::Tables tables{regrets_.data(), sums_.data(), write_regrets, write_sums};
  std::vector<double> value(static_cast<std::size_t>(root.sides[seat].n), 0.0);
  Walker top(*game_, pass, seat, tables, iteration, update_);
  Walker::NodeWork work;
  top.prepare(root.node, root.sides, work);
  const auto moves = static_cast<int>(work.actions.size());
  std::vector<ChildSides> children(static_cast<std::size_t>(moves));
  std::vector<std::vector<double>> child_values(static_cast<std::size_t>(moves));
  const auto play = [&](Walker& w, int k) {
    w.cursor = subtree_start_[static_cast<std::size_t>(k)];
    w.play(root.node, 0, root.sides, work, k, children[static_cast<std::size_t>(k)],
           child_values[static_cast<std::size_t>(k)]);
  };
  if (single_threaded_) {
    Walker w(*game_, pass, seat, tables, iteration, update_);
    for (int k = 0; k < moves; ++k) play(w, k);
  } else {
    tbb::enumerable_thread_specific<Walker> walkers(*game_, pass, seat, tables, iteration, update_);
    tbb::parallel_for(0, moves, [&](int k) { play(walkers.local(), k); });
  }
  for (int k = 0; k < moves; ++k)  // in order, so the sums do not depend on the threads
    top.gather(root.node, work, k, children[static_cast<std::size_t>(k)],
               child_values[static_cast<std::size_t>(k)], value.data());
  top.cursor = pass_start_;
  top.root_pass(root.node, root.sides, work, value.data());
  top.finish(root.node, root.sides, work, value.data());
  double total = 0;
  const std::vector<double>& reach = game_->reach[seat];
  for (std::size_t j = 0; j < value.size(); ++j) total += value[j] * reach[j];
  return total / game_->total_weight;
}

void PublicTreeCfr::iterate(int iterations) {
  for (int i = 0; i < iterations; ++i) {
    ++iterations_;
    for (int seat = 0; seat < 2; ++seat)
      walk_root(Pass::kUpdate, seat, iterations_, regrets_.data(), sums_.data());
  }
}

double PublicTreeCfr::expected_value() const {
  return walk_root(Pass::kEvaluate, 0, iterations_, nullptr, nullptr);
}

double PublicTreeCfr::best_response_value(int responder) const {
  return walk_root(Pass::kBestResponse, responder, iterations_, nullptr, nullptr);
}

double PublicTreeCfr::exploitability() const {
  return (best_response_value(0) + best_response_value(1)) / 2;
}

}  // namespace equilibrium
