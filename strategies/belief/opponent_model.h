// Opponent models for the inference strategy (inference_strategy.h) and its kin (epimc, resolve,
// adapt), and policies for playout's rollouts (strategies/playout/rollout.h): the probability that
// a player chooses each of its legal moves, given what that player could see when it moved.
//
// A model is handed a State whose seat to move is the modelled player, holding that player's hand,
// the line, the open ends and what each seat had shown it lacks by passing. It reads only the
// mover's view: the mover's hand, the line, the ends and the values the mover's opponent (with
// more than two seats, the next seat) lacks. The other hands in the state are left empty by the
// inference strategy (the mover never saw them); a rollout hands over its full determinized
// state, of which the model still reads only the mover's view.
//
// Four models (all stateless, so one instance may be shared by threads):
//   heuristic  the seed heuristic's policy (strategies/heuristic) softened by a temperature T: the
//              heuristic has no cardinal scores, only an order of preference (rule 1 doubles, the
//              lowest first; rule 2 tiles whose two values the opponent lacks; rule 3 the most
//              visible carriers of the new ends, ties to the highest in seed order), so the model
//              is a softmax over the rank r in that order: P(m) ~ exp(-r(m) / T). T = 0 is the
//              heuristic itself: probability 1 on its move, 0 elsewhere.
//   self       the inference strategy's own cheap policy, a one-ply greedy evaluation (below)
//              softened by T: P(m) ~ exp(score(m) / T), T = 0 the argmax with ties shared. It is a
//              stand-in: running the strategy's real search for every world and every past
//              decision would cost thousands of exact solves per move.
//   fitted     a softmax over move features, P(m) ~ exp(theta . phi(m)), theta fitted by maximum
//              likelihood to game records of a named player (fit_softmax_model; `dominoes
//              fit-model`). The features are listed at kMoveFeatureNames.
//   uniform    every legal move equally likely: the model of a uniformly random player (a hand
//              that gave it more legal moves made its actual move less likely). The inference
//              strategy's model=none, no model at all, gives every hand the same weight.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/dominoes/move_list.h"
#include "engine/dominoes/state.h"

namespace strategies {

/// Where a modelled move was made, for models that read the game's record as well as the State:
/// the moves before it (move k by seat (leader + k) mod seats), who led, the set, the partners.
struct MoveContext {
  std::span<const dominoes::Move> moves_before;
  dominoes::Seat leader = 0;
  int max_pip = 6;
  bool partners = false;
};

/// The probability of each legal move of the seat to move, from that seat's view.
class OpponentModel {
 public:
  virtual ~OpponentModel() = default;
  /// Writes to probs[k] the probability that the seat to move in `s` plays legal[k]; `legal` is
  /// that seat's legal moves (at least one). The probabilities sum to 1.
  virtual void policy(const dominoes::State& s, const dominoes::MoveList& legal,
                      double* probs) const = 0;
  /// As policy(), for a move made in the game `context` describes. The default reads only `s`;
  /// a model that needs the record (PartnerConventionModel, partner_model.h) overrides it.
  virtual void policy_in_game(const dominoes::State& s, const dominoes::MoveList& legal,
                              const MoveContext& /*context*/, double* probs) const {
    policy(s, legal, probs);
  }
};

/// The seed heuristic's rank softmax (header comment); temperature >= 0.
class HeuristicModel final : public OpponentModel {
 public:
  explicit HeuristicModel(double temperature) : temperature_(temperature) {}
  void policy(const dominoes::State& s, const dominoes::MoveList& legal,
              double* probs) const override;

 private:
  double temperature_;
};

/// Returns the rank of each legal move in the seed heuristic's order of preference, written to
/// ranks[k] (0 = the move the heuristic plays; all ranks distinct), for the seat to move in `s`.
void heuristic_ranks(const dominoes::State& s, const dominoes::MoveList& legal, int* ranks);

/// The greedy one-ply score of the `self` model for move `m` of the seat to move in `s`, in
/// points-like units: pips(tile) / 4, plus 1 for a double (hard to place later), plus 1/2 for each
/// tile left in the mover's hand that fits a new open end (moves kept for later), plus 1 for each
/// new open end whose value the mover's opponent has shown it lacks (it may have to pass).
double greedy_score(const dominoes::State& s, dominoes::Move m);

/// The `self` model: a softmax over greedy_score with temperature >= 0 (0: the argmax, ties
/// shared equally).
class GreedyModel final : public OpponentModel {
 public:
  explicit GreedyModel(double temperature) : temperature_(temperature) {}
  void policy(const dominoes::State& s, const dominoes::MoveList& legal,
              double* probs) const override;

 private:
  double temperature_;
};

/// Every legal move equally likely.
class UniformModel final : public OpponentModel {
 public:
  void policy(const dominoes::State&, const dominoes::MoveList& legal,
              double* probs) const override {
    for (int k = 0; k < legal.size(); ++k) probs[k] = 1.0 / legal.size();
  }
};

/// The number of move features of the fitted model.
inline constexpr int kMoveFeatures = 9;
/// The names of the move features, in order (model files use them):
///   heuristic      1 when the seed heuristic plays this move
///   double         1 for a double
///   pips           the tile's pips / 12
///   lacks-both     1 when the mover's opponent has shown it lacks both values of the tile
///   follow-ups     tiles left in the mover's hand that fit a new open end, / 4
///   visible        the heuristic's rule-3 count (visible tiles carrying a new end), / 7
///   blocks         new open ends whose value the mover's opponent lacks (0..2), / 2
///   seed-order     the move's position among the legal moves in the seed's order, 0 (first,
///                  what `lowest` plays) to 1 (last)
///   closed         1 when the two open ends show the same value after the move
inline constexpr std::array<const char*, kMoveFeatures> kMoveFeatureNames = {
    "heuristic", "double", "pips",       "lacks-both", "follow-ups",
    "visible",   "blocks", "seed-order", "closed"};

/// The feature vectors of the legal moves of the seat to move in `s`: out[k] is legal[k]'s.
void move_features(const dominoes::State& s, const dominoes::MoveList& legal,
                   std::array<double, kMoveFeatures>* out);

/// A softmax over move features: P(m) ~ exp(weights . features(m)).
class SoftmaxModel final : public OpponentModel {
 public:
  explicit SoftmaxModel(const std::array<double, kMoveFeatures>& weights) : weights_(weights) {}
  void policy(const dominoes::State& s, const dominoes::MoveList& legal,
              double* probs) const override;
  const std::array<double, kMoveFeatures>& weights() const { return weights_; }

 private:
  std::array<double, kMoveFeatures> weights_;
};

/// One recorded decision for fitting: the features of each legal move and which was chosen.
struct FitDecision {
  std::vector<std::array<double, kMoveFeatures>> moves;
  int chosen = 0;
};

/// The result of fit_softmax_model.
struct FitResult {
  std::array<double, kMoveFeatures> weights{};
  /// Each weight's asymptotic standard error: the square root of the diagonal of the inverse of
  /// minus the penalised objective's Hessian at the fit.
  std::array<double, kMoveFeatures> standard_errors{};
  double log_likelihood = 0;  ///< at the fitted weights, without the penalty
  int iterations = 0;         ///< Newton steps taken
  /// The fit reached the optimum: the last Newton step was below 1e-9 in every weight, or no
  /// step length improved the objective any more while the gain the step promised (half the
  /// Newton decrement) was within 1e-9 of the objective's size (rounding).
  bool converged = false;
};

/// Returns the weights maximising  sum over decisions of log P(chosen) - ridge/2 |weights - m|^2
/// under the softmax model, m = `prior_mean` (0 by default): the maximum a posteriori weights
/// under a Gaussian prior centred on m with variance 1/ridge per weight. Newton's method on this
/// concave objective (Eigen's LDLT on the Hessian) from m, step-halving when a full step does not
/// improve it, at most 100 steps. ridge > 0 keeps the weights finite when a feature separates the
/// choices perfectly (e.g. `heuristic` for a heuristic player). Decisions with one move carry no
/// information and are skipped; with none the weights are m.
FitResult fit_softmax_model(std::span<const FitDecision> decisions, double ridge,
                            const std::array<double, kMoveFeatures>& prior_mean = {});

/// Returns the model file text for `weights`: a first line "dominoes-move-softmax 1", then one
/// line "name weight" per feature in kMoveFeatureNames order.
std::string softmax_model_text(const std::array<double, kMoveFeatures>& weights);

/// Returns the weights in model file text as written by softmax_model_text (lines in any order,
/// every feature exactly once, '#' lines ignored). Throws std::invalid_argument with one line
/// naming the problem.
std::array<double, kMoveFeatures> parse_softmax_model(const std::string& text);

/// Returns the weights in the model file at `path`. Throws std::invalid_argument with one line
/// naming the file and the problem (missing, unreadable or malformed).
std::array<double, kMoveFeatures> load_softmax_model(const std::string& path);

}  // namespace strategies
