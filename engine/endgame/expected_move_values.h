// Expected move values for one seat under hidden information: perfect-information Monte Carlo
// (PIMC), also called determinized minimax (the study, seed 002: "A minimax conjecture":
// decide_minimax; the same averaging as strategies/minimax, here with every world solved exactly to
// the end), at a table of two, three or four seats.
//
// Method: the seat to move knows its hand, the line, every other seat's tile count and the values
// each has shown it lacks. Every deal of the other hands consistent with that is a world: with two
// seats an opponent hand (determinization.h), with three or four every other seat's hand
// (hidden_hands.h). In each world the open-hands solver (block_dominoes_solver.h, which sends three
// and four seats to multi_seat_solver.h) gives the exact value of every legal move, and a move's
// expected value is the mean over the worlds. When there are at most `enumerate_up_to` consistent
// worlds, every one is used and the means are exact for the method; otherwise `samples` worlds are
// drawn uniformly (the same worlds for every move: common random numbers) and each mean comes with
// a 95% confidence interval (normal approximation, 1.96 standard errors). The unseen tiles hold the
// other hands and the undrawn tiles alike (in the seed game 14 tiles are never drawn), so each
// world deals the hands their counts and leaves the rest undrawn; each consistent world is equally
// likely under a uniform deal with no model of the other seats' earlier choices. A world in which
// the game would already be over (the seat to move must pass and no other seat could move either:
// a blocked game) is not a position anyone is asked to move in, so it is left out.
//
// Units: the solver's value for the side to move, under the rules' scoring rule: with two seats its
// points minus the opponent's at the end of the game; with partners its team's points minus the
// other team's at the end of the hand, both teams playing best with every hand open; in cut-throat
// its score if it wins, else minus the winner's, every other seat playing against it (paranoid,
// multi_seat_solver.h).
//
// Known limits of PIMC (Frank and Basin 1998; Long et al. 2010): each world is solved as if every
// hand were open (strategy fusion), so these are estimates of the method, not of optimal play.
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

/// The worlds `dominoes advise` and `dominoes play --hint` draw by default with more than two
/// seats, where a world costs more: at the free lead of a four-seat double-six deal (seven moves,
/// each solved to the end of the hand in every world) 100 worlds took 0.7 to 1.0 s of CPU on one
/// core (`dominoes advise --seats 4 --hand H`, four hands, measured twice on a loaded two-core
/// machine: 1.0 to 1.4 ms per move and world); a three-seat lead takes a third of that. The 95%
/// intervals are then about +-3 to 4 points.
inline constexpr int kDefaultTableSamples = 100;

/// Returns the worlds to draw by default at a table of `seats` seats: WorldLimits' 1,000 at two
/// seats, kDefaultTableSamples at three and four (what advise, play's hint and Python use).
constexpr int default_samples(int seats) {
  return seats == 2 ? WorldLimits{}.samples : kDefaultTableSamples;
}

/// One legal move and its expected value for the side to move.
struct ExpectedMoveValue {
  dominoes::Move move = dominoes::Move::pass();
  double mean = 0;  ///< mean exact value over the worlds, in points for the side to move
  double ci95 = 0;  ///< half-width of the 95% interval of the mean; 0 when every world was used
};

/// Every legal move's expected value and how it was computed.
struct MoveEvaluation {
  std::vector<ExpectedMoveValue> moves;  ///< in legal-move order (state.h); a lone pass if forced
  std::uint64_t consistent_hands = 0;    ///< worlds consistent with the observation (two
                                         ///< seats: opponent hands); saturates at 2^64 - 1
  double consistent_worlds = 0;          ///< the same count as a double, which never saturates
  std::uint64_t worlds = 0;              ///< worlds averaged (blocked worlds left out)
  bool exhaustive = false;               ///< true when every consistent hand was a world

  /// Returns the index in `moves` of the highest mean (the first one on ties); requires moves.
  int best() const;
};

/// Returns the expected value of each legal move of the seat `obs` belongs to, as if it were to
/// move now (see the header comment), at a table of any seat count. `rng` draws the sampled worlds
/// (untouched when enumerating). With no world left (every consistent world is a finished game)
/// `worlds` is 0 and every mean 0. Requires the observing seat to hold a tile and at least one
/// consistent world (an observation of a real game, or of a position checked to have one).
MoveEvaluation expected_move_values(const dominoes::Observation& obs, const WorldLimits& limits,
                                    dominoes::Rng& rng);

}  // namespace endgame
