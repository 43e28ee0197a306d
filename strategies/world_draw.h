// One determinized world for the perfect-information Monte Carlo strategies (minimax, playout):
// the full state of the game with every hidden hand dealt consistently with what the deciding
// seat has observed, drawn uniformly.
//
// Two seats: the opponent's hand from determinization.h's sampler (sample_opponent_hand), the
// draws the committed two-seat tables rest on, so they stay byte-identical. Three and four seats:
// every other seat's hand from hidden_hands.h's table sampler (HiddenHandsSampler: tile counts and
// every seat's passes, exactly uniform), which is counted once per decision here.
#pragma once

#include <optional>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/state.h"

namespace strategies {

/// Draws the worlds of one decision. Refers to the observation, which must outlive it.
class WorldDraw {
 public:
  /// Prepares the draws for `obs` (with more than two seats this counts its worlds: a few
  /// microseconds). Requires `obs` from a real game, so that a world exists.
  explicit WorldDraw(const dominoes::Observation& obs) : obs_(obs) {
    if (obs.seats() > 2) table_.emplace(obs);
  }

  /// Returns one world drawn uniformly among those consistent with the observation, the
  /// observing seat to move (determinize), drawing only from `rng`.
  dominoes::State operator()(dominoes::Rng& rng) const {
    if (table_) return dominoes::determinize(obs_, table_->sample(rng));
    return dominoes::determinize(obs_, dominoes::sample_opponent_hand(obs_, rng));
  }

 private:
  const dominoes::Observation& obs_;
  std::optional<dominoes::HiddenHandsSampler> table_;  // set with more than two seats
};

}  // namespace strategies
