// The five walks the public-tree solver makes (public_tree_cfr.h), each a WalkMode of the one
// traversal in public_tree_walker.h: the layout walk that counts the tree and places its slots,
// the CFR update, the evaluation of the average strategy, the best response to it, and the export
// of the average strategy one information set at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>

#include "engine/equilibrium/public_tree_types.h"
#include "engine/equilibrium/public_tree_walker.h"

namespace equilibrium::public_tree {

/// The layout walk: counts the information sets some deal reaches (PublicTreeSize) and, for a
/// subgame, records each non-root node's first slot by history_key of its moves. Throws TooLarge
/// as soon as the slots or the public nodes pass `slot_limit`.
class LayoutWalk final : public WalkMode {
 public:
  struct TooLarge {};
  /// `node_starts` may be null (no index kept).
  LayoutWalk(std::int64_t slot_limit, std::unordered_map<std::uint64_t, std::int64_t>* node_starts)
      : slot_limit_(slot_limit), node_starts_(node_starts) {}
  bool computes_values() const override { return false; }
  bool weighs_moves(int, int) const override { return false; }
  void enter(std::span<const dominoes::Move> history, std::int64_t cursor) override;
  void at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) override;
  void finish(const Side&, NodeWork&, double*) const override {}
  /// Returns what the walk met so far (slots not included: the walker's cursor).
  const PublicTreeSize& size() const { return size_; }

 private:
  std::int64_t slot_limit_;
  std::unordered_map<std::uint64_t, std::int64_t>* node_starts_;
  PublicTreeSize size_;
};

/// The CFR update walk for the walking seat: the current strategy by regret matching of
/// `regrets`, then at each of the seat's nodes its regrets and average sums updated by CFR+ or
/// discounted CFR for iteration `iteration` (public_tree_cfr.h gives both rules). Reads
/// `regrets` and `sums`, writes `write_regrets` and `write_sums` (the same arrays in the solver;
/// each node writes only its own slots).
class UpdateWalk final : public WalkMode {
 public:
  UpdateWalk(const float* regrets, const float* sums, float* write_regrets, float* write_sums,
             int iteration, RegretUpdate update);
  bool computes_values() const override { return true; }
  bool weighs_moves(int, int) const override { return true; }
  void at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) override;
  void finish(const Side& walking, NodeWork& work, double* value) const override;

 private:
  const float* regrets_;
  const float* sums_;
  float* write_regrets_;
  float* write_sums_;
  double average_weight_ = 1, positive_discount_ = 1, negative_discount_ = 1, sum_discount_ = 1;
  bool floor_regrets_ = true;
};

/// The evaluation walk: both seats play the average strategy (normalised `sums`); the walking
/// seat's expected value.
class EvaluateWalk final : public WalkMode {
 public:
  explicit EvaluateWalk(const float* sums) : sums_(sums) {}
  bool computes_values() const override { return true; }
  bool weighs_moves(int, int) const override { return true; }
  void at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) override;
  void finish(const Side& walking, NodeWork& work, double* value) const override;

 private:
  const float* sums_;
};

/// The best-response walk: the other seat plays the average strategy (normalised `sums`); the
/// walking seat takes, in each of its information sets, the move of the highest value.
class BestResponseWalk final : public WalkMode {
 public:
  explicit BestResponseWalk(const float* sums) : sums_(sums) {}
  bool computes_values() const override { return true; }
  bool weighs_moves(int mover, int seat) const override { return mover != seat; }
  void at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) override;
  void finish(const Side& walking, NodeWork& work, double* value) const override;

 private:
  const float* sums_;
};

/// The export walk: each information set with a choice that some deal reaches, with the average
/// strategy's probabilities (normalised `sums`), given to a visitor in the tree's order; or, when
/// replacing, given to a filler whose probabilities are then written to `sums` in their place.
class ExportWalk final : public WalkMode {
 public:
  using Visit = std::function<void(const PublicInformationSet&)>;
  using Replace = std::function<void(const PublicInformationSet&, std::span<double>)>;
  /// Shows each set to `visit`.
  ExportWalk(const float* sums, const Visit& visit) : sums_(sums), visit_(&visit) {}
  /// Shows each set to `replace` and stores its answer in `sums`.
  ExportWalk(float* sums, const Replace& replace)
      : sums_(sums), write_sums_(sums), replace_(&replace) {}
  bool computes_values() const override { return false; }
  bool weighs_moves(int, int) const override { return false; }
  void at_node(Walker& walker, const Node& node, const Side side[2], NodeWork& work) override;
  void finish(const Side&, NodeWork&, double*) const override {}

 private:
  const float* sums_;
  float* write_sums_ = nullptr;
  const Visit* visit_ = nullptr;
  const Replace* replace_ = nullptr;
};

}  // namespace equilibrium::public_tree
