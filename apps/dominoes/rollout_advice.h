// The advice of `dominoes advise` and `dominoes play --hint` at a table of three or four seats:
// each legal move's expected points by Monte Carlo rollouts (docs/play.md).
//
// Method: the seat to move knows its hand, the line, every seat's tile count and the values each
// seat has shown it lacks. A world deals the other hands uniformly among the deals consistent with
// that (engine/dominoes/hidden_hands.h). In each of `samples` worlds every legal move is played
// and the game is then played out to its end with every seat following the heuristic strategy
// (the seed's rule, strategies/heuristic); a move's value is the mean over the worlds of the
// mover's team's points minus the other teams' at the end (dominoes::net_points), with a 95%
// interval (1.96 standard errors). Every move meets the same worlds and the same random draws of
// the rollouts (common random numbers), so differences between moves are measured more precisely
// than each mean. This is the rollout evaluation of Tesauro and Galperin (1996, "On-line policy
// improvement using Monte-Carlo search"): it values a move under the rollout policy's later play,
// not under best play. The two-seat commands keep the exact open-hands evaluation
// (engine/endgame/expected_move_values.h), which solves the two-seat game only.
#pragma once

#include <string>

#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/endgame/expected_move_values.h"

namespace dominoes_cli {

/// The rollout values of a position's moves.
struct RolloutAdvice {
  /// Each legal move (a lone pass when forced) with its mean and 95% half-width; `worlds` the
  /// worlds averaged, `exhaustive` false. consistent_hands is unused: see consistent_worlds.
  endgame::MoveEvaluation values;
  /// The number of deals of the other hands consistent with the observation (may exceed 2^64).
  double consistent_worlds = 0;
  /// Worlds drawn in which the game was already over (the mover must pass and nobody can move).
  int blocked_worlds = 0;
};

/// Returns every legal move's rollout value for the seat `obs` belongs to, as if it were to move
/// now, over `samples` (1 or more) worlds drawn from `rng`. Requires a table of more than two
/// seats and at least one consistent world (HiddenHandsSampler::count() > 0).
RolloutAdvice rollout_move_values(const dominoes::Observation& obs, int samples,
                                  dominoes::Rng& rng);

/// Returns one line (no newline) saying which worlds the means average, e.g. "worlds: 1000
/// sampled of 3.99e+08 deals of the other hands consistent with what you know, each played out
/// by heuristic; 95% intervals".
std::string rollout_worlds_line(const RolloutAdvice& advice);

/// Returns what the points of an evaluation at `rules`' table measure at the end of the game:
/// "yours minus the opponent's" (two seats), "your team's minus the other team's" (partners),
/// "your score if you win, else minus the winner's" (cut-throat).
std::string points_meaning(const dominoes::Rules& rules);

}  // namespace dominoes_cli
