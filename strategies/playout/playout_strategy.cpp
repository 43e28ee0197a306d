#include "strategies/playout/playout_strategy.h"

#include "engine/dominoes/determinization.h"

namespace strategies {

long long PlayoutStrategy::evaluate(const Observation& obs, Move move, Rng& rng) {
  long long total = 0;
  for (int i = 0; i < playouts_; ++i) {
    const dominoes::TileSet hand = crn_ ? hands_[i] : dominoes::sample_opponent_hand(obs, rng);
    dominoes::Rng rollout_rng(crn_ ? seeds_[i] : rng.next());
    dominoes::State s = dominoes::determinize(obs, hand);
    dominoes::apply(s, move);
    total += rollout(s, rollout_, obs.rules(), obs.seat(), rollout_rng);
  }
  return total;
}

Move PlayoutStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  if (crn_) {
    hands_.resize(static_cast<std::size_t>(playouts_));
    seeds_.resize(static_cast<std::size_t>(playouts_));
    for (int i = 0; i < playouts_; ++i) {
      hands_[i] = dominoes::sample_opponent_hand(obs, rng);
      seeds_[i] = rng.next();
    }
  }
  Move best = legal[0];
  long long best_total = 0;
  for (int k = 0; k < legal.size(); ++k) {
    const long long total = evaluate(obs, legal[k], rng);
    if (k == 0 || total > best_total) best = legal[k], best_total = total;
  }
  return best;
}

}  // namespace strategies
