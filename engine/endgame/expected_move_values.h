// Expected move values for one seat under hidden information: perfect-information Monte Carlo
// (PIMC), also called determinized minimax (the study, seed 002: "A minimax conjecture":
// decide_minimax; the same averaging as strategies/minimax, here with every world solved exactly to
// the end).
//
// Method: the seat to move knows its hand, the line, the opponent's tile count and the values the
// opponent has shown it lacks. Every opponent hand consistent with that (determinization.h) is a
// world; in each world the open-hands solver (block_dominoes_solver.h) gives the exact value of
// every legal move, and a move's expected value is the mean over the worlds. When there are at
// most `enumerate_up_to` consistent hands, every one is a world and the means are exact for the
// method; otherwise `samples` hands are drawn uniformly (the same hands for every move: common
// random numbers) and each mean comes with a 95% confidence interval (normal approximation,
// 1.96 standard errors). The unseen tiles hold the opponent's hand and the undrawn tiles alike
// (in the seed game 14 tiles are never drawn), so each world takes K of them and leaves the rest
// undrawn; each consistent hand is equally likely under a uniform deal with no model of the
// opponent's earlier choices. A world in which the game would already be over (the seat to move
// must pass and the opponent could not move either: a blocked game) is not a position anyone is
// asked to move in, so it is left out.
//
// Units: points for the side to move minus the opponent's at the end of the game, the solver's
// `value V` (positive when the side to move wins), under the rules' scoring rule.
//
// Known limits of PIMC (Frank and Basin 1998; Long et al. 2010): each world is solved as if both
// hands were open (strategy fusion), so these are estimates of the method, not of optimal play.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"

namespace endgame {

/// How many worlds an evaluation may use.
struct WorldLimits {
  std::uint64_t enumerate_up_to = 5000;  ///< enumerate every consistent hand up to this many
  int samples = 1000;                    ///< otherwise draw this many hands (1 or more)
};

/// One legal move and its expected value for the side to move.
struct ExpectedMoveValue {
  dominoes::Move move = dominoes::Move::pass();
  double mean = 0;  ///< mean exact value over the worlds, in points for the side to move
  double ci95 = 0;  ///< half-width of the 95% interval of the mean; 0 when every world was used
};

/// Every legal move's expected value and how it was computed.
struct MoveEvaluation {
  std::vector<ExpectedMoveValue> moves;  ///< in legal-move order (state.h); a lone pass if forced
  std::uint64_t consistent_hands = 0;    ///< opponent hands consistent with the observation
  std::uint64_t worlds = 0;              ///< worlds averaged (blocked worlds left out)
  bool exhaustive = false;               ///< true when every consistent hand was a world

  /// Returns the index in `moves` of the highest mean (the first one on ties); requires moves.
  int best() const;
};

/// Returns the expected value of each legal move of the seat `obs` belongs to, as if it were to
/// move now (see the header comment). `rng` draws the sampled hands (untouched when enumerating).
/// With no world left (every consistent world is a finished game) `worlds` is 0 and every mean 0.
/// Requires the observing seat to hold a tile and at least opponent_tile_count() candidates.
MoveEvaluation expected_move_values(const dominoes::Observation& obs, const WorldLimits& limits,
                                    dominoes::Rng& rng);

}  // namespace endgame
