#include "engine/equilibrium/public_tree_cfr.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/move.h"
#include "engine/equilibrium/public_tree_node.h"
#include "engine/equilibrium/public_tree_walks.h"
#include "engine/equilibrium/showdown.h"

namespace equilibrium {

using dominoes::Move;
using dominoes::Placement;
using dominoes::Tile;
using dominoes::TileSet;

using public_tree::after;
using public_tree::BestResponseWalk;
using public_tree::ChildSides;
using public_tree::EvaluateWalk;
using public_tree::ExportWalk;
using public_tree::Game;
using public_tree::history_key;
using public_tree::LayoutWalk;
using public_tree::Node;
using public_tree::NodeWork;
using public_tree::open_tiles;
using public_tree::Side;
using public_tree::UpdateWalk;
using public_tree::Walker;

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

// Both seats' hands at the root of `game`, with their root weights.
struct RootSides {
  std::vector<std::int32_t> ids[2];
  Side sides[2];
  Node node;

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
  ExportWalk mode(sums_.data(), fill);
  walk_in_order(mode);
}

void PublicTreeCfr::for_each_average(
    const std::function<void(const PublicInformationSet&)>& visit) const {
  ExportWalk mode(sums_.data(), visit);
  walk_in_order(mode);
}

void PublicTreeCfr::root_average(int hand, std::vector<Move>& moves,
                                 std::vector<double>& probabilities) const {
  const RootSides root(*game_);
  const int p = game_->to_move;
  if (hand < 0 || hand >= root.sides[p].n)
    throw std::out_of_range("root_average: no hand " + std::to_string(hand) + " of the mover");
  EvaluateWalk mode(sums_.data());
  Walker walker(*game_, p, mode);
  NodeWork work;
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
  EvaluateWalk mode(sums_.data());
  Walker walker(*game_, seat, mode);
  walker.set_cursor(start);
  NodeWork work;
  walker.prepare(node, sides, work);
  for (std::size_t k = 0; k < work.actions.size(); ++k)
    for (auto e = work.entry_start[k]; e < work.entry_start[k + 1]; ++e)
      if (work.entry_hand[static_cast<std::size_t>(e)] == j) {
        moves.push_back(work.actions[k]);
        probabilities.push_back(work.sigma[static_cast<std::size_t>(e)]);
      }
  return true;
}

void PublicTreeCfr::walk_in_order(public_tree::WalkMode& mode) const {
  const RootSides root(*game_);
  Walker walker(*game_, 0, mode);
  NodeWork work;
  walker.prepare(root.node, root.sides, work);
  ChildSides child;
  std::vector<double> child_value;
  for (int k = 0; k < static_cast<int>(work.actions.size()); ++k)
    walker.play(root.node, 0, root.sides, work, k, child, child_value);
  walker.root_pass(root.node, root.sides, work, nullptr);
}

bool PublicTreeCfr::lay_out(std::int64_t slot_limit) {
  const RootSides root(*game_);
  node_start_.clear();
  LayoutWalk mode(slot_limit, indexed_ ? &node_start_ : nullptr);
  Walker walker(*game_, 0, mode);
  NodeWork work;
  ChildSides child;
  std::vector<double> child_value;
  subtree_start_.clear();
  try {
    walker.prepare(root.node, root.sides, work);
    for (int k = 0; k < static_cast<int>(work.actions.size()); ++k) {  // in the walks' order
      subtree_start_.push_back(walker.cursor());
      walker.play(root.node, 0, root.sides, work, k, child, child_value);
    }
    pass_start_ = walker.cursor();
    walker.root_pass(root.node, root.sides, work, nullptr);
  } catch (const LayoutWalk::TooLarge&) {
    return false;
  }
  size_ = mode.size();
  size_.slots = walker.cursor();
  return true;
}

double PublicTreeCfr::chance_weight() const {
  return game_->total_weight;
}

std::int64_t PublicTreeCfr::table_bytes() const {
  return static_cast<std::int64_t>((regrets_.size() + sums_.size()) * sizeof(float));
}

double PublicTreeCfr::walk_root(public_tree::WalkMode& mode, int seat) const {
  const RootSides root(*game_);
  std::vector<double> value(static_cast<std::size_t>(root.sides[seat].n), 0.0);
  Walker top(*game_, seat, mode);
  NodeWork work;
  top.prepare(root.node, root.sides, work);
  const auto moves = static_cast<int>(work.actions.size());
  std::vector<ChildSides> children(static_cast<std::size_t>(moves));
  std::vector<std::vector<double>> child_values(static_cast<std::size_t>(moves));
  const auto play = [&](Walker& w, int k) {
    w.set_cursor(subtree_start_[static_cast<std::size_t>(k)]);
    w.play(root.node, 0, root.sides, work, k, children[static_cast<std::size_t>(k)],
           child_values[static_cast<std::size_t>(k)]);
  };
  if (single_threaded_) {
    Walker w(*game_, seat, mode);
    for (int k = 0; k < moves; ++k) play(w, k);
  } else {
    tbb::enumerable_thread_specific<Walker> walkers(std::cref(*game_), seat, std::ref(mode));
    tbb::parallel_for(0, moves, [&](int k) { play(walkers.local(), k); });
  }
  for (int k = 0; k < moves; ++k)  // in order, so the sums do not depend on the threads
    top.gather(root.node, work, k, children[static_cast<std::size_t>(k)],
               child_values[static_cast<std::size_t>(k)], value.data());
  top.set_cursor(pass_start_);
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
    for (int seat = 0; seat < 2; ++seat) {
      UpdateWalk mode(regrets_.data(), sums_.data(), regrets_.data(), sums_.data(), iterations_,
                      update_);
      walk_root(mode, seat);
    }
  }
}

double PublicTreeCfr::expected_value() const {
  EvaluateWalk mode(sums_.data());
  return walk_root(mode, 0);
}

double PublicTreeCfr::best_response_value(int responder) const {
  BestResponseWalk mode(sums_.data());
  return walk_root(mode, responder);
}

double PublicTreeCfr::exploitability() const {
  return (best_response_value(0) + best_response_value(1)) / 2;
}

}  // namespace equilibrium
