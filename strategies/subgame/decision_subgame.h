// The public subgame at a two-seat decision, for decision-time solving (resolve_strategy.h): the
// public state the observer sees, with each seat's range as the other seat would see it.
//
// The hands: each seat may hold any hand of its current size among the tiles not on the line that
// carry no value the seat has shown it lacks by passing. The subgame keeps every such pair that
// shares no tile (PublicSubgame), so the observer's own hand is one of many: the opponent does not
// know it, and the subgame's solution must not depend on it (safe from the opponent's view).
//
// The weights (ranges): a hand's weight is the likelihood of that seat's past moves if it held the
// hand (its tiles now plus the ones it played since each move) under a model of how it plays
// (strategies/belief/opponent_model.h; Buro, Long, Furtak & Sturtevant, IJCAI 2009), relative to
// the likeliest hand, then mixed with the uniform range, w' = (1 - floor) w + floor, so that no
// consistent hand is ruled out by a model that is wrong about that seat (with weight 0 a hand's
// average strategy would be undefined, CFR's sums being weighted by the own range). A null model
// gives every hand weight 1. The opponent's model stands in for the range its real strategy
// reached the subgame with (which the observer cannot know); the observer's own model for the
// range of the strategy it played so far (the inference search, whose range is not tractable).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/dominoes/observation.h"
#include "engine/equilibrium/public_tree_cfr.h"
#include "strategies/belief/opponent_model.h"

namespace strategies {

/// The observer's view after the first `moves` moves of its game (0 <= moves <= the record's
/// length), rebuilt by replaying the record on a world consistent with `obs`: the observer holds
/// its hand now and the tiles it played since; the opponent's hand stands in as a consistent hand
/// of the right size, which a view does not show (it shows only the count). Two seats. Neither
/// copied nor moved: the view refers to the record it holds.
class EarlierView {
 public:
  /// Throws std::invalid_argument when `obs` has other than two seats or `moves` is out of range.
  EarlierView(const dominoes::Observation& obs, int moves);
  EarlierView(const EarlierView&) = delete;
  EarlierView& operator=(const EarlierView&) = delete;
  /// Returns the observer's observation after those moves (whoever is to move then).
  const dominoes::Observation& observation() const { return *obs_; }

 private:
  dominoes::History history_;
  std::optional<dominoes::Observation> obs_;
};

/// The subgame at one decision and where the observer's real hand is in it.
struct DecisionSubgame {
  equilibrium::PublicSubgame root;
  /// The index of the observer's hand in root.hands[observer] (always there: the range holds
  /// every hand consistent with what the opponent has seen, the real one included).
  int own_hand = -1;
};

/// Returns how many hands each seat's range holds at `obs`, {seat 0, seat 1}, counted without
/// listing them: C(candidates, tiles held). Requires two seats (callers check; more seats are not
/// refused here).
std::array<std::uint64_t, 2> decision_range_sizes(const dominoes::Observation& obs);

/// Returns the subgame at `obs` (two seats; see the header comment), the seat to move there at
/// its root (the observer or, in an EarlierView, either seat): `opponent_model` weighs the
/// opponent's hands, `own_model` the observer's (either may be null: weight 1), each mixed with
/// the uniform range by `floor` (in (0, 1]). Throws std::invalid_argument when `obs` has other
/// than two seats or floor is outside (0, 1].
DecisionSubgame decision_subgame(const dominoes::Observation& obs,
                                 const OpponentModel* opponent_model,
                                 const OpponentModel* own_model, double floor);

}  // namespace strategies
