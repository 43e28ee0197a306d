#include "engine/equilibrium/public_tree_walker.h"

#include <algorithm>

#include "engine/dominoes/state.h"

namespace equilibrium::public_tree {

using dominoes::Move;
using dominoes::Placement;
using dominoes::Tile;
using dominoes::TileSet;

void fill_strategy(const float* table, NodeWork& work, int hands) {
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

Walker::Walker(const Game& game, int seat, WalkMode& mode)
    : game_(game),
      seat_(seat),
      mode_(mode),
      values_(mode.computes_values()),
      levels_(static_cast<std::size_t>(2 * (game.held[0] + game.held[1]) + 4)) {}

void Walker::walk(const Node& node, int depth, const Side side[2], double* value) {
  NodeWork& work = level(depth).work;
  mode_.enter(history_, cursor_);
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

void Walker::root_pass(const Node& node, const Side side[2], const NodeWork& work, double* value) {
  if (!value) {
    std::vector<double> ignored(static_cast<std::size_t>(side[seat_].n), 0.0);
    pass_or_block(node, 0, side, work, ignored.data());
    return;
  }
  pass_or_block(node, 0, side, work, value);
}

void Walker::prepare(const Node& node, const Side side[2], NodeWork& work) {
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
                  (node.right == node.left ? 0 : (rest & dominoes::tiles_with(node.right)).size()));
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
        work.moves[static_cast<std::size_t>(work.entry_hand[e])] >= 2 ? cursor_++ : -1;
  mode_.at_node(*this, node, side, work);
}

void Walker::play(const Node& node, int depth, const Side side[2], const NodeWork& work, int k,
                  ChildSides& child, std::vector<double>& child_value) {
  const int p = node.to_move, o = 1 - p;
  const Move m = work.actions[static_cast<std::size_t>(k)];
  const bool weigh = mode_.weighs_moves(p, seat_);
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
    if (values_) showdown(next, sides, child_value.data());
    return;
  }
  history_.push_back(m);
  walk(next, depth + 1, sides, child_value.data());
  history_.pop_back();
}

void Walker::gather(const Node& node, NodeWork& work, int k, const ChildSides& child,
                    const std::vector<double>& child_value, double* value) const {
  if (!values_) return;
  if (node.to_move == seat_) {
    const int first = work.entry_start[static_cast<std::size_t>(k)];
    for (std::size_t q = 0; q < child_value.size(); ++q)
      work.value[static_cast<std::size_t>(first) + q] = child_value[q];
    return;
  }
  for (std::size_t q = 0; q < child_value.size(); ++q)
    value[child.parent_index[seat_][q]] += child_value[q];
}

void Walker::finish(const Node& node, const Side side[2], NodeWork& work, double* value) {
  if (values_ && node.to_move == seat_) mode_.finish(side[seat_], work, value);
}

void Walker::find_partners(const Node& node, const Side side[2], NodeWork& work) {
  const int p = node.to_move;
  for (int s = 0; s < 2; ++s) {
    auto& hands = showdown_hands_[s];
    hands.resize(static_cast<std::size_t>(side[s].n));
    for (int j = 0; j < side[s].n; ++j)
      hands[static_cast<std::size_t>(j)] = {
          game_.hands[s][static_cast<std::size_t>(side[s].ids[j])] - node.played[s], 0};
  }
  // Only the remaining tiles can meet: each list already holds no hand with a tile the other
  // seat played.
  ones_.assign(static_cast<std::size_t>(side[1 - p].n), 1.0);
  work.partners.resize(static_cast<std::size_t>(side[p].n));
  evaluator_.compatible_weight(showdown_hands_[p], showdown_hands_[1 - p], ones_, work.partners);
  // A hand with no tile to play has a set (a forced pass) only against hands that can move:
  // against the others the game is blocked, no one moves.
  bool stuck = false;
  for (int j = 0; j < side[p].n; ++j) stuck = stuck || work.moves[static_cast<std::size_t>(j)] == 0;
  if (!stuck) return;
  const TileSet open = open_tiles(node, TileSet::full(game_.rules.max_pip));
  for (std::size_t j = 0; j < ones_.size(); ++j)
    ones_[j] = (showdown_hands_[1 - p][j].tiles & open).empty() ? 0.0 : 1.0;
  passers_.resize(work.partners.size());
  evaluator_.compatible_weight(showdown_hands_[p], showdown_hands_[1 - p], ones_, passers_);
  for (std::size_t j = 0; j < passers_.size(); ++j)
    if (work.moves[j] == 0) work.partners[j] = passers_[j];
}

void Walker::pass_or_block(const Node& node, int depth, const Side side[2], const NodeWork& work,
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
  if (blocked.size[o] > 0 && values_) {
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
  if (values_) add_back(stuck.parent_index[seat_]);
}

void Walker::showdown(const Node& node, const Side side[2], double* value) {
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
                    game_.rules, std::span<double>(value, static_cast<std::size_t>(side[seat_].n)));
}

}  // namespace equilibrium::public_tree
