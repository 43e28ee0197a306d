// A belief network (a model of kind "belief", learned_model.h): for each tile a seat cannot see,
// the probability of each place it may be in, given that seat's observation
// (docs/formats.md, "Model files"). Place p = 0 .. S-2 is the seat p + 1 places after the observer
// in turn order, p = S - 1 "never dealt" (the tiles left out of every hand).
//
// The network's logits are turned into probabilities per tile by a softmax over the places the
// observation allows: a seat that holds no tile any more, or has shown by passing that it lacks a
// value of the tile, cannot hold it; nothing is undrawn when every tile was dealt. The marginals
// weigh the worlds of a determinizing search (strategies/belief/net_models.h) as an
// approximation of the posterior over deals; a sampler still enforces every hard constraint.
#pragma once

#include <memory>
#include <span>

#include "engine/dominoes/observation.h"
#include "strategies/learned/learned_model.h"

namespace strategies {

/// One belief network, shared by every thread (const; each thread has its own scratch vectors).
class NetBelief {
 public:
  /// `model` must be a belief model (load_learned_model with ModelKind::kBelief).
  explicit NetBelief(std::shared_ptr<const LearnedModel> model);

  /// Returns the number of places per tile: the seats (S - 1 other seats and "never dealt").
  int places() const { return model_->rules.seats; }

  /// Writes log P(tile t is at place p | obs) to log_p[t * places() + p] for every tile t of the
  /// set (tiles x places values, the layout of the network's outputs): for a tile `obs` cannot
  /// see, the log of the softmax over its allowed places (header comment), -infinity at places
  /// it cannot be; for a tile the observer sees (its own, or played), 0 everywhere. One forward
  /// pass. Throws std::invalid_argument when log_p has another size.
  void log_marginals(const dominoes::Observation& obs, std::span<double> log_p) const;

  /// Returns the model.
  const LearnedModel& model() const { return *model_; }

 private:
  std::shared_ptr<const LearnedModel> model_;
};

}  // namespace strategies
