// The environment contract (docs/python.md, "The environment contract"): what every learning
// front door (PettingZoo, Gymnasium, the vector environment, OpenSpiel) means by a reward and
// does with an illegal action, in one place.
//
// Rewards are points, given when a hand ends: each seat gets its team's net points for the hand,
// tournament::GameOutcome::net (its team's score when its team wins, minus the winners' score
// when another team wins, 0 when nobody wins): zero-sum at two seats and with partners; in
// cut-throat (three or four seats, no partners) the winner gets +P and every other seat -P.
#pragma once

#include "engine/dominoes/rules.h"

namespace arena {

/// What an illegal action (one the action mask does not mark) does.
struct IllegalActionRule {
  /// false: it is an error (std::invalid_argument naming the legal actions) and nothing changes.
  /// true: it ends the episode; the seat that played it gets -penalty, every other seat 0.
  bool ends_episode = false;
  double penalty = 0;  ///< points (>= 0), used when ends_episode
};

/// Returns the most points one hand of `rules` can be worth to its winners: the pips of the
/// seats * hand_size heaviest tiles (no scoring rule scores more than every dealt tile's pips).
int max_hand_points(const dominoes::Rules& rules);

/// Returns the largest loss (points, > 0) one seat can suffer over an episode: a hand, or with
/// rules.match_target > 0 a match, in which each other team can score at most the points that win
/// the match minus one plus one more hand. The default penalty of an illegal action, so that an
/// illegal action never pays more than any legal play (docs/python.md).
double max_episode_loss(const dominoes::Rules& rules);

/// Returns the rule of a penalty of `penalty` points (>= 0): the episode ends. Throws
/// std::invalid_argument (one line naming the value) for a negative or non-finite penalty.
IllegalActionRule penalty_rule(double penalty);

}  // namespace arena
