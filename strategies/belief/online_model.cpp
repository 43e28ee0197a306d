#include "strategies/belief/online_model.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "engine/dominoes/state.h"
#include "strategies/belief/weighted_worlds.h"

namespace strategies {

namespace {

constexpr double kRidge = 1.0;  // the fitted member's penalty, as `dominoes fit-model`'s default
// A probability below this counts as this: one move a member deems impossible must not end it
// for good (every member but the fitted one gives every move some probability anyway).
constexpr double kLeast = 1e-9;
// The most of the opponent's choices the fitted member keeps (the latest).
constexpr std::size_t kMostChoices = 4000;

}  // namespace

const std::array<const char*, OnlineModel::kMembers>& OnlineModel::member_names() {
  static const std::array<const char*, kMembers> names = {"uniform", "heuristic", "heuristic-0.3",
                                                          "self", "fitted"};
  return names;
}

OnlineModel::OnlineModel(const std::array<double, kMoveFeatures>& policy_prior)
    : policy_prior_(policy_prior), fitted_(policy_prior) {}

void OnlineModel::member_policy(int k, const dominoes::State& s, const dominoes::MoveList& legal,
                                double* probs) const {
  switch (k) {
    case 0:
      uniform_.policy(s, legal, probs);
      return;
    case 1:
      heuristic_.policy(s, legal, probs);
      return;
    case 2:
      sharp_heuristic_.policy(s, legal, probs);
      return;
    case 3:
      greedy_.policy(s, legal, probs);
      return;
    default:
      fitted_.policy(s, legal, probs);
      return;
  }
}

std::array<double, OnlineModel::kMembers> OnlineModel::posterior() const {
  const double top = *std::max_element(log_evidence_.begin(), log_evidence_.end());
  std::array<double, kMembers> p{};
  double total = 0;
  for (int k = 0; k < kMembers; ++k) total += p[k] = std::exp(log_evidence_[k] - top);
  for (double& x : p) x /= total;
  return p;
}

void OnlineModel::policy(const dominoes::State& s, const dominoes::MoveList& legal,
                         double* probs) const {
  const auto weights = posterior();
  std::fill(probs, probs + legal.size(), 0.0);
  double member[dominoes::MoveList::kCapacity];
  for (int k = 0; k < kMembers; ++k) {
    if (weights[k] < 1e-12) continue;  // no measurable share
    member_policy(k, s, legal, member);
    for (int a = 0; a < legal.size(); ++a) probs[a] += weights[k] * member[a];
  }
}

void OnlineModel::learn_game(std::span<const dominoes::Move> record, dominoes::Seat leader,
                             dominoes::Seat opponent, dominoes::TileSet final_hand) {
  learn_decisions(decisions_in_record(record, leader, opponent, 2), opponent, final_hand);
}

void OnlineModel::learn_table_game(std::span<const dominoes::Move> record, dominoes::Seat leader,
                                   int seats, dominoes::Seat seat, dominoes::TileSet final_hand,
                                   bool skip_lead) {
  std::vector<PastDecision> decisions = decisions_in_record(record, leader, seat, seats);
  // The lead is the record's first move, so the seat's first decision when it led.
  if (skip_lead && seat == leader && !decisions.empty()) decisions.erase(decisions.begin());
  learn_decisions(decisions, seat, final_hand);
}

void OnlineModel::learn_decisions(std::span<const PastDecision> decisions, dominoes::Seat seat,
                                  dominoes::TileSet final_hand) {
  double probs[dominoes::MoveList::kCapacity];
  for (const PastDecision& d : decisions) {
    dominoes::State s = d.before;
    s.hands[seat] |= final_hand;
    const dominoes::MoveList legal = dominoes::legal_moves(s);
    if (legal.size() < 2) continue;
    const int chosen =
        static_cast<int>(std::find(legal.begin(), legal.end(), d.played) - legal.begin());
    if (chosen == legal.size()) continue;  // not a legal move here: nothing to learn from it
    for (int k = 0; k < kMembers; ++k) {
      member_policy(k, s, legal, probs);
      log_evidence_[k] += std::log(std::max(probs[chosen], kLeast));
    }
    FitDecision fit;
    fit.moves.resize(static_cast<std::size_t>(legal.size()));
    move_features(s, legal, fit.moves.data());
    fit.chosen = chosen;
    data_.push_back(std::move(fit));
    ++unfitted_;
  }
  if (data_.size() > kMostChoices) {  // the oldest go: a long opponent may change its play
    data_.erase(data_.begin(), data_.end() - kMostChoices);
  }
  // Refit once a tenth more choices than the fit saw have come (after every game at first): the
  // fit's cost grows with the data, so a long series refits less and less often.
  if (unfitted_ > 0 && unfitted_ * 10 >= static_cast<long>(data_.size())) {
    fitted_ = SoftmaxModel(fit_softmax_model(data_, kRidge, policy_prior_).weights);
    unfitted_ = 0;
  }
}

void OnlineModel::forget() {
  fitted_ = SoftmaxModel(policy_prior_);
  log_evidence_ = {};
  data_.clear();
  unfitted_ = 0;
}

OnlineSeatModels::OnlineSeatModels(const std::array<double, kMoveFeatures>& policy_prior)
    : models_{OnlineModel(policy_prior), OnlineModel(policy_prior), OnlineModel(policy_prior)} {}

void OnlineSeatModels::policy(const dominoes::State& s, const dominoes::MoveList& legal,
                              double* probs) const {
  const int place = (s.to_move - observer_ + s.seats) % s.seats;
  assert(place >= 1);
  at(std::max(place, 1)).policy(s, legal, probs);
}

void OnlineSeatModels::learn_table_game(std::span<const dominoes::Move> record,
                                        dominoes::Seat leader, int seats, dominoes::Seat observer,
                                        std::span<const dominoes::TileSet> hands, bool skip_lead) {
  for (int place = 1; place < seats; ++place) {
    const dominoes::Seat seat = (observer + place) % seats;
    at(place).learn_table_game(record, leader, seats, seat, hands[static_cast<std::size_t>(seat)],
                               skip_lead);
  }
}

void OnlineSeatModels::forget() {
  for (OnlineModel& m : models_) m.forget();
}

}  // namespace strategies
