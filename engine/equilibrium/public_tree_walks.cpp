#include "engine/equilibrium/public_tree_walks.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace equilibrium::public_tree {

using dominoes::Move;
using dominoes::TileSet;

namespace {

// Adds to each walking hand's value its moves' values weighted by the strategy.
void add_expected_values(const NodeWork& work, double* value) {
  for (std::size_t e = 0; e < work.entry_hand.size(); ++e)
    value[work.entry_hand[e]] += work.sigma[e] * work.value[e];
}

}  // namespace

// --- layout -------------------------------------------------------------------------------------

void LayoutWalk::enter(std::span<const Move> history, std::int64_t cursor) {
  if (node_starts_) node_starts_->emplace(history_key(history), cursor);
}

void LayoutWalk::at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) {
  walker.find_partners(node, side, work);
  // The node's information sets that some deal reaches (a hand of the mover with a partner among
  // the other seat's hands), and the node when it has any.
  bool reached = false;
  for (int j = 0; j < side[node.to_move].n; ++j) {
    if (work.partners[static_cast<std::size_t>(j)] < 0.5) continue;
    reached = true;
    ++size_.information_sets;
    if (work.moves[static_cast<std::size_t>(j)] >= 2) ++size_.choice_sets;
  }
  if (reached) ++size_.public_nodes;
  if (walker.cursor() > slot_limit_ || size_.public_nodes > slot_limit_) throw TooLarge{};
}

// --- CFR update ---------------------------------------------------------------------------------

UpdateWalk::UpdateWalk(const float* regrets, const float* sums, float* write_regrets,
                       float* write_sums, int iteration, RegretUpdate update)
    : regrets_(regrets), sums_(sums), write_regrets_(write_regrets), write_sums_(write_sums) {
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

void UpdateWalk::at_node(Walker&, const Node& node, const Side side[2], NodeWork& work) {
  fill_strategy(regrets_, work, side[node.to_move].n);
}

void UpdateWalk::finish(const Side& walking, NodeWork& work, double* value) const {
  add_expected_values(work, value);
  for (std::size_t e = 0; e < work.entry_hand.size(); ++e) {
    const std::int64_t slot = work.entry_slot[e];
    if (slot < 0) continue;
    const auto j = static_cast<std::size_t>(work.entry_hand[e]);
    const double regret = regrets_[slot];
    const double kept = regret * (regret > 0 ? positive_discount_ : negative_discount_);
    const double updated = kept + work.value[e] - value[j];
    write_regrets_[slot] = static_cast<float>(floor_regrets_ ? std::max(updated, 0.0) : updated);
    write_sums_[slot] = static_cast<float>(sums_[slot] * sum_discount_ +
                                           average_weight_ * walking.reach[j] * work.sigma[e]);
  }
}

// --- evaluation and best response
// -----------------------------------------------------------------

void EvaluateWalk::at_node(Walker&, const Node& node, const Side side[2], NodeWork& work) {
  fill_strategy(sums_, work, side[node.to_move].n);
}

void EvaluateWalk::finish(const Side&, NodeWork& work, double* value) const {
  add_expected_values(work, value);
}

void BestResponseWalk::at_node(Walker&, const Node& node, const Side side[2], NodeWork& work) {
  fill_strategy(sums_, work, side[node.to_move].n);
}

void BestResponseWalk::finish(const Side& walking, NodeWork& work, double* value) const {
  for (int j = 0; j < walking.n; ++j)
    if (work.moves[static_cast<std::size_t>(j)] > 0) value[j] = -1e300;
  for (std::size_t e = 0; e < work.entry_hand.size(); ++e)
    value[work.entry_hand[e]] = std::max(value[work.entry_hand[e]], work.value[e]);
}

// --- export -------------------------------------------------------------------------------------

void ExportWalk::at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) {
  walker.find_partners(node, side, work);
  fill_strategy(sums_, work, side[node.to_move].n);
  const Game& game = walker.game();
  const int p = node.to_move;
  const Side& mover = side[p];
  const Side& other = side[1 - p];
  std::vector<std::vector<std::size_t>> entries_of(static_cast<std::size_t>(mover.n));
  for (std::size_t e = 0; e < work.entry_hand.size(); ++e)
    if (work.entry_slot[e] >= 0)
      entries_of[static_cast<std::size_t>(work.entry_hand[e])].push_back(e);
  std::vector<Move> moves;
  std::vector<double> probabilities;
  for (int j = 0; j < mover.n; ++j) {
    const auto& entries = entries_of[static_cast<std::size_t>(j)];
    if (entries.empty() || work.partners[static_cast<std::size_t>(j)] < 0.5)  // no deal reaches
      continue;
    moves.clear();
    probabilities.clear();
    for (std::size_t e : entries) {
      std::size_t k = 0;  // the entry's action: the last start at or before it
      while (work.entry_start[k + 1] <= static_cast<std::int32_t>(e)) ++k;
      moves.push_back(work.actions[k]);
      probabilities.push_back(work.sigma[e]);
    }
    const TileSet hand = game.hands[p][static_cast<std::size_t>(mover.ids[j])];
    TileSet partner;  // the first of the other seat's hands a deal pairs with this one
    for (int q = 0; q < other.n; ++q) {
      const TileSet candidate = game.hands[1 - p][static_cast<std::size_t>(other.ids[q])];
      if ((candidate & hand).empty()) {
        partner = candidate;
        break;
      }
    }
    const PublicInformationSet set{p, hand, partner, walker.history(), moves, probabilities};
    if (!replace_) {
      (*visit_)(set);
      continue;
    }
    (*replace_)(set, probabilities);
    for (std::size_t q = 0; q < entries.size(); ++q)
      write_sums_[work.entry_slot[entries[q]]] = static_cast<float>(probabilities[q]);
  }
}

}  // namespace equilibrium::public_tree
