// The posterior over the opponent's hand by enumeration, at two seats: at a seat's turn, every
// hand the opponent may hold now is replayed from the deal it implies (the observer's hand now
// plus the tiles it played, the opponent's world hand plus the tiles it played), and kept when
// the whole record replays in it: every recorded move legal when made (a pass only without a
// tile to play), the game not over before the record ends and still going on now, and under the
// heaviest-double leader rule the recorded leader the holder of the deal's heaviest tile. Each
// kept hand is weighed by the product, over the opponent's recorded decisions with two or more
// legal moves, of the probability of the move it made there:
//   - of_strategy: the probability its known strategy (Strategy::policy: random, lowest,
//     heuristic, softmax, net, equilibrium) gives that move, asked with the opponent's own
//     observation then (its hand, the line, the record so far). With the strategy that really
//     played, and deals drawn uniformly, this is the exact posterior P(world | what the seat
//     saw), Bayes' rule over the finite set of deals; the observer's own moves weigh every world
//     alike (they depend only on what it saw) and drop out.
//   - of_model: an opponent model's probability (opponent_model.h, policy_in_game with the
//     world's full state before the move: a model reads only the mover's view); a null model
//     gives every kept hand the same weight, the uniform posterior over the consistent worlds
//     (no opponent model).
// When every kept hand has weight 0 (a model that rules out what happened) the posterior falls
// back to the uniform one over the kept hands, as weighted_worlds.h does.
//
// The marginals: P(tile t at place p) = the weights of the hands that put t there, normalised
// (place 0 the opponent's hand, place 1 never dealt: world_belief.h). Meant for small variants
// and the exact posterior of tests and studies: the cost is the consistent hands
// (count_consistent_hands, e.g. at most 330 in double-four with four tiles each) times the
// record's length, with one policy call per opponent decision.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/dominoes/observation.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/belief/world_belief.h"
#include "strategies/strategy.h"

namespace strategies {

/// The enumerated posterior of the header comment, as a world belief.
class EnumeratedPosterior final : public WorldBelief {
 public:
  /// The exact posterior when the opponent plays `known`, an ordinary strategy whose
  /// Strategy::policy gives its move distribution (log_marginals throws std::invalid_argument
  /// naming `name` when it does not). Each call of log_marginals asks its own copy, so calls from
  /// many threads are safe.
  static EnumeratedPosterior of_strategy(const Player& known, std::string name);

  /// The posterior under `model` (nullptr: every consistent world alike). `model` must be safe to
  /// call from many threads at once, as the models of opponent_model.h are.
  static EnumeratedPosterior of_model(std::shared_ptr<const OpponentModel> model);

  /// Writes log P(tile t at place p | obs) to log_p[2 * t + p] (world_belief.h; -infinity where
  /// no kept world puts it; 0 for tiles obs sees). Throws std::invalid_argument when obs is not
  /// a two-seat observation, when log_p has another size than 2 x tiles, when no hand replays
  /// the record (obs is not from a real game), or when the known strategy does not give its move
  /// distribution.
  void log_marginals(const dominoes::Observation& obs, std::span<double> log_p) const override;

  /// Returns log of the normalised weight of every consistent opponent hand, in the order of
  /// dominoes::for_each_consistent_hand, -infinity for a hand the record rules out (a hand the
  /// replay rejects) or the weights rule out. Throws as log_marginals.
  std::vector<double> log_hand_weights(const dominoes::Observation& obs) const;

 private:
  EnumeratedPosterior() = default;
  std::shared_ptr<const Player> known_;  // of_strategy: copied per call
  std::string name_;
  std::shared_ptr<const OpponentModel> model_;  // of_model (may be null)
};

}  // namespace strategies
