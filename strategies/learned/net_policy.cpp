#include "strategies/learned/net_policy.h"

#include <algorithm>
#include <cmath>

#include "engine/dominoes/actions.h"

namespace strategies {

NetPolicy::NetPolicy(std::shared_ptr<const LearnedModel> model) : model_(std::move(model)) {}

void NetPolicy::logits(dominoes::Seat seat, dominoes::TileSet hand,
                       std::span<const dominoes::Move> moves, dominoes::Seat leader,
                       const dominoes::MoveList& legal, double* logits) const {
  const std::span<const float> output = forward_record(*model_, seat, hand, moves, leader);
  for (int k = 0; k < legal.size(); ++k)
    logits[k] = output[static_cast<std::size_t>(dominoes::action_index(legal[k], model_->rules))];
}

void NetPolicy::probabilities(dominoes::Seat seat, dominoes::TileSet hand,
                              std::span<const dominoes::Move> moves, dominoes::Seat leader,
                              const dominoes::MoveList& legal, double* probs) const {
  double raw[dominoes::MoveList::kCapacity];
  logits(seat, hand, moves, leader, legal, raw);
  softmax_of(raw, legal.size(), 1.0, probs);
}

void softmax_of(const double* logits, int n, double temperature, double* probs) {
  const double top = *std::max_element(logits, logits + n);
  double total = 0;
  for (int k = 0; k < n; ++k) total += probs[k] = std::exp((logits[k] - top) / temperature);
  for (int k = 0; k < n; ++k) probs[k] /= total;
}

}  // namespace strategies
