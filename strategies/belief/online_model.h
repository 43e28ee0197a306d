// An opponent model learnt during play (issue 24; the adapt strategy, strategies/adapt): a
// posterior over a family of models of how the opponent picks its moves, updated after each game
// from every choice the opponent made in it (its hand at each is known once the game ends, when
// the hands left are shown).
//
// The family (member_names()): uniform play; the seed heuristic's rank softmax at temperature 1
// and at 0.3; the greedy one-ply `self` model at temperature 1 (opponent_model.h); and a softmax
// over the nine move features (kMoveFeatureNames) fitted to the opponent's choices so far by
// penalised maximum likelihood (fit_softmax_model, ridge 1) to its latest 4,000 choices at most,
// refitted after a game once a tenth more choices than the last fit saw have come (after every
// game early on: the fit's cost grows with the data); before its first game its weights are the
// policy prior's (0, uniform play, unless the constructor is given one), and the fits are pulled
// towards them.
//
// The posterior: each member's prior is 1/5, times the probability it gave each of the opponent's
// choices (choices with one legal move tell nothing). A choice is scored by the member as it was
// before the choice's game taught it anything (the prequential method: Dawid, "Present Position
// and Potential Developments: Some Personal Views. Statistical Theory. The Prequential Approach",
// JRSS A 147, 1984), so the fitted member is judged only on games it had not seen. The model's
// policy is the posterior mixture of the members' policies (Bayesian model averaging). The
// fitted member is the refit "from the opponent's moves so far" the issue asks for; the fixed
// members let a few games already tell a random opponent from a heuristic one.
//
// Not thread-safe, and not shared: each player copy learns its own (OpponentModel's "models are
// stateless" does not hold here; the adapt strategy owns one per copy).
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/dominoes/move.h"
#include "engine/dominoes/tile_set.h"
#include "strategies/belief/opponent_model.h"

namespace strategies {

class OnlineModel final : public OpponentModel {
 public:
  /// The number of models in the family.
  static constexpr int kMembers = 5;
  /// Returns the members' names, in the order posterior() uses: uniform, heuristic, heuristic-0.3,
  /// self, fitted.
  static const std::array<const char*, kMembers>& member_names();

  /// A model at its prior: every member equally likely, the fitted member's weights
  /// `policy_prior` (0: uniform play), to which its fits are also pulled (fit_softmax_model's
  /// prior_mean): a learned policy prior, such as an imitation of a strong searcher's play
  /// (`dominoes fit-model` on its games), that the opponent's own choices then correct.
  explicit OnlineModel(const std::array<double, kMoveFeatures>& policy_prior = {});

  /// The posterior mixture of the members' policies (see the header comment).
  void policy(const dominoes::State& s, const dominoes::MoveList& legal,
              double* probs) const override;

  /// Learns from one finished two-seat game: `record` its moves (passes included) from the lead,
  /// `leader` the seat that led, `opponent` the seat modelled and `final_hand` the tiles it still
  /// held at the end. Scores each of its choices under every member (prequential), adds them to
  /// the fitted member's data and refits it when due (see the header comment). Requires a record
  /// of a real two-seat game (each move legal in turn) and `final_hand` the opponent's true hand;
  /// it checks neither and throws nothing but std::bad_alloc.
  void learn_game(std::span<const dominoes::Move> record, dominoes::Seat leader,
                  dominoes::Seat opponent, dominoes::TileSet final_hand);
  /// Forgets every game: back to the prior.
  void forget();

  /// Returns the posterior probability of each member, in member_names() order (summing to 1).
  std::array<double, kMembers> posterior() const;
  /// Returns the fitted member's current weights (kMoveFeatureNames order).
  const std::array<double, kMoveFeatures>& fitted_weights() const { return fitted_.weights(); }
  /// Returns the number of the opponent's choices learnt from (with two or more legal moves).
  int choices_seen() const { return static_cast<int>(data_.size()); }

 private:
  // Member k's policy at `s`.
  void member_policy(int k, const dominoes::State& s, const dominoes::MoveList& legal,
                     double* probs) const;

  UniformModel uniform_;
  HeuristicModel heuristic_{1.0}, sharp_heuristic_{0.3};
  GreedyModel greedy_{1.0};
  std::array<double, kMoveFeatures> policy_prior_;
  SoftmaxModel fitted_;
  std::array<double, kMembers> log_evidence_{};
  std::vector<FitDecision> data_;  // the fitted member's data: the latest choices
  long unfitted_ = 0;              // choices added since the last fit
};

}  // namespace strategies
