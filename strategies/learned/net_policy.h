// A policy network (a model of kind "policy", learned_model.h) as a player's choice: the
// probability of each legal move of a seat, from what that seat knew then (its hand and the
// public record, engine/dominoes/observation_tensor.h write_record_observation). The network's
// logits over the whole action numbering (engine/dominoes/actions.h) are read at the legal moves
// only and turned into probabilities by a softmax over them (docs/formats.md, "Model files").
//
// Used by the `net` strategy (its own choices) and by the opponent model net:FILE of the
// world-weighting strategies (strategies/belief/net_models.h: the likelihood of every recorded
// move in a world, as in Rebstock, Solinas, Buro & Sturtevant, "Policy-based inference in
// trick-taking card games", CoG 2019).
#pragma once

#include <memory>
#include <span>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/tile_set.h"
#include "strategies/learned/learned_model.h"

namespace strategies {

/// One policy network, shared by every thread (const; each thread has its own scratch vectors).
class NetPolicy {
 public:
  /// `model` must be a policy model (load_learned_model with ModelKind::kPolicy).
  explicit NetPolicy(std::shared_ptr<const LearnedModel> model);

  /// Writes to logits[k] the network's logit of legal[k] (legal.size() values) for seat `seat`
  /// holding `hand` after the public record `moves` (move k by seat (leader + k) mod seats), in
  /// the rules the model was trained for. One forward pass; no allocation after the calling
  /// thread's first call.
  void logits(dominoes::Seat seat, dominoes::TileSet hand, std::span<const dominoes::Move> moves,
              dominoes::Seat leader, const dominoes::MoveList& legal, double* logits) const;

  /// As logits(), then a softmax over the legal moves: probs[k] is the probability of legal[k];
  /// they sum to 1.
  void probabilities(dominoes::Seat seat, dominoes::TileSet hand,
                     std::span<const dominoes::Move> moves, dominoes::Seat leader,
                     const dominoes::MoveList& legal, double* probs) const;

  /// Returns the model.
  const LearnedModel& model() const { return *model_; }

 private:
  std::shared_ptr<const LearnedModel> model_;
};

/// Writes the softmax of `logits` (n values) at temperature `temperature` > 0 into probs (n
/// values summing to 1), computed stably (the largest logit subtracted first).
void softmax_of(const double* logits, int n, double temperature, double* probs);

}  // namespace strategies
