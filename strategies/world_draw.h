// One determinized world for the perfect-information Monte Carlo strategies (minimax, playout):
// the full state of the game with every hidden hand dealt consistently with what the deciding
// seat has observed, drawn uniformly.
//
// Two seats: the opponent's hand from determinization.h's sampler (sample_opponent_hand), the
// draws the committed two-seat tables rest on, so they stay byte-identical. Three and four seats:
// every other seat's hand from hidden_hands.h's table sampler (HiddenHandsSampler: the deals in
// which the record replays, tile counts, passes and a forced lead, exactly uniform), which is
// counted once per decision here.
#pragma once

#include <optional>
#include <vector>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/state.h"
#include "engine/search/search_limit.h"

namespace strategies {

/// Draws the worlds of one decision. Refers to the observation, which must outlive it.
class WorldDraw {
 public:
  /// Prepares the draws for `obs` (with more than two seats this counts its worlds: a few
  /// microseconds). Requires `obs` from a real game, so that a world exists.
  explicit WorldDraw(const dominoes::Observation& obs) : obs_(obs) {
    if (obs.seats() > 2) table_.emplace(obs);
  }

  /// Returns the number of worlds consistent with the observation (a double: it can pass 2^64 at
  /// four seats of double-nine).
  double count() const {
    if (table_) return table_->count();
    return static_cast<double>(dominoes::count_consistent_hands(obs_));
  }

  /// Returns every world consistent with the observation, each once, the observing seat to move:
  /// two seats in determinization.h's order, more in hidden_hands.h's (for_each_world). Meant for
  /// a few thousand worlds at most (count() first).
  std::vector<dominoes::State> every_world() const {
    std::vector<dominoes::State> worlds;
    if (table_)
      dominoes::for_each_world(obs_, [&](const dominoes::TableHands& hands) {
        worlds.push_back(dominoes::determinize(obs_, hands));
      });
    else
      dominoes::for_each_consistent_hand(obs_, [&](dominoes::TileSet hand) {
        worlds.push_back(dominoes::determinize(obs_, hand));
      });
    return worlds;
  }

  /// Returns one world drawn uniformly among those consistent with the observation, the
  /// observing seat to move (determinize), drawing only from `rng`. Every draw is a stop check:
  /// throws search::SearchStopped when searches were asked to stop (search_limit.h), so that a
  /// decision of millions of worlds ends soon after a Ctrl-C.
  dominoes::State operator()(dominoes::Rng& rng) const {
    search::check_search(nullptr, 0);
    if (table_) return dominoes::determinize(obs_, table_->sample(rng));
    return dominoes::determinize(obs_, dominoes::sample_opponent_hand(obs_, rng));
  }

 private:
  const dominoes::Observation& obs_;
  std::optional<dominoes::HiddenHandsSampler> table_;  // set with more than two seats
};

}  // namespace strategies
