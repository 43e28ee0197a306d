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
// Three and four seats: a seat's choices are learnt the same way from a game of any table size
// (learn_table_game), and OnlineSeatModels keeps one OnlineModel per other seat, by its place
// after the observer's, answering for whichever seat is to move with that seat's model.
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

struct PastDecision;  // weighted_worlds.h

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
  /// As learn_game, from a finished game at a table of `seats` seats (2 to 4): learns seat
  /// `seat`'s choices, each scored on the position as that seat saw it (its hand, the line, the
  /// ends, what every seat had shown it lacks; the other hands empty), as the worlds of three and
  /// four seats weigh it (weighted_worlds.h, table_log_likelihood). `skip_lead`: the game's first
  /// move is not learnt (a heaviest-double lead at three and four seats may have been forced, and
  /// is not weighed either: other_seat_decisions). With two seats and no skip_lead it learns what
  /// learn_game learns.
  void learn_table_game(std::span<const dominoes::Move> record, dominoes::Seat leader, int seats,
                        dominoes::Seat seat, dominoes::TileSet final_hand, bool skip_lead);
  /// Forgets every game: back to the prior.
  void forget();

  /// Returns the posterior probability of each member, in member_names() order (summing to 1).
  std::array<double, kMembers> posterior() const;
  /// Returns the fitted member's current weights (kMoveFeatureNames order).
  const std::array<double, kMoveFeatures>& fitted_weights() const { return fitted_.weights(); }
  /// Returns the number of the opponent's choices learnt from (with two or more legal moves).
  int choices_seen() const { return static_cast<int>(data_.size()); }

 private:
  // Scores `seat`'s decisions (each d.before with hands[seat] the tiles it played from there on)
  // with its hand `final_hand` added, learns them and refits when due.
  void learn_decisions(std::span<const PastDecision> decisions, dominoes::Seat seat,
                       dominoes::TileSet final_hand);
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

/// One OnlineModel per seat other than the observer's, by its place after it (1: the next seat, 2
/// and 3 the ones after; at four seats with partners 2 is the partner), all from the same policy
/// prior. As an OpponentModel it answers for the seat to move with that seat's model, the
/// observer's seat being the one set_observer() last named: the model of every other seat at once,
/// as draw_table_worlds takes it (weighted_worlds.h, SeatModels::opponents with no partner model).
class OnlineSeatModels final : public OpponentModel {
 public:
  /// The most other seats.
  static constexpr int kOthers = dominoes::kStateSeats - 1;

  explicit OnlineSeatModels(const std::array<double, kMoveFeatures>& policy_prior = {});

  /// Names the observer's seat: policy() then reads the seat to move relative to it.
  void set_observer(dominoes::Seat observer) { observer_ = observer; }
  /// Returns the model of the seat `place` seats after the observer's, 1 <= place <= kOthers.
  OnlineModel& at(int place) { return models_[static_cast<std::size_t>(place - 1)]; }
  const OnlineModel& at(int place) const { return models_[static_cast<std::size_t>(place - 1)]; }

  /// The policy of the seat to move in `s` under its model: at(place of s.to_move after the
  /// observer). Requires s.to_move to be another seat than the observer's.
  void policy(const dominoes::State& s, const dominoes::MoveList& legal,
              double* probs) const override;

  /// Learns from one finished game at a table of `seats` seats, the observer at `observer`:
  /// each other seat's choices by its own model (OnlineModel::learn_table_game; `hands` the hands
  /// left at the end, by seat).
  void learn_table_game(std::span<const dominoes::Move> record, dominoes::Seat leader, int seats,
                        dominoes::Seat observer, std::span<const dominoes::TileSet> hands,
                        bool skip_lead);
  /// Forgets every game of every seat: back to the prior.
  void forget();

 private:
  std::array<OnlineModel, kOthers> models_;
  dominoes::Seat observer_ = 0;
};

}  // namespace strategies
