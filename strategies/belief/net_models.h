// Network models as the world-weighting strategies' models (inference, epimc: model=net:FILE):
//   NetPolicyModel  a policy network (strategies/learned/net_policy.h) as an opponent model: the
//                   probability of each legal move of the seat to move from what it knew then,
//                   which weighs a world by the likelihood of every recorded move in it
//                   (policy-based inference: Rebstock, Solinas, Buro & Sturtevant, CoG 2019);
//   NetWorldBelief  a belief network (strategies/learned/net_belief.h) as the world belief of
//                   world_belief.h: the worlds weighted by its tile marginals, the network
//                   having learnt the posterior from the record itself (no likelihood on top).
#pragma once

#include <memory>

#include "strategies/belief/opponent_model.h"
#include "strategies/belief/world_belief.h"
#include "strategies/learned/net_belief.h"
#include "strategies/learned/net_policy.h"

namespace strategies {

/// A policy network as an opponent model. It needs the game's record: policy_in_game reads the
/// context's moves and leader; policy() without a context throws std::logic_error (every caller
/// in the strategies passes one).
class NetPolicyModel final : public OpponentModel {
 public:
  explicit NetPolicyModel(std::shared_ptr<const LearnedModel> model) : net_(std::move(model)) {}
  void policy(const dominoes::State& s, const dominoes::MoveList& legal,
              double* probs) const override;
  void policy_in_game(const dominoes::State& s, const dominoes::MoveList& legal,
                      const MoveContext& context, double* probs) const override;

 private:
  NetPolicy net_;
};

/// A belief network as a world belief.
class NetWorldBelief final : public WorldBelief {
 public:
  explicit NetWorldBelief(std::shared_ptr<const LearnedModel> model) : net_(std::move(model)) {}
  void log_marginals(const dominoes::Observation& obs, std::span<double> log_p) const override {
    net_.log_marginals(obs, log_p);
  }

 private:
  NetBelief net_;
};

}  // namespace strategies
