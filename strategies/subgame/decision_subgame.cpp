#include "strategies/subgame/decision_subgame.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/state.h"
#include "strategies/belief/weighted_worlds.h"

namespace strategies {

using dominoes::Observation;
using dominoes::Seat;
using dominoes::TileSet;

namespace {

// The tiles seat `seat` may hold at `obs`: not on the line, touching no value it lacks.
TileSet candidates(const Observation& obs, Seat seat) {
  return TileSet::full(obs.rules().max_pip) - obs.line() - obs.lacks(seat).tiles_touching();
}

// Lists seat `seat`'s range into root.hands[seat] and root.weights[seat].
void fill_range(const Observation& obs, Seat seat, const OpponentModel* model, double floor,
                equilibrium::PublicSubgame& root) {
  auto& hands = root.hands[seat];
  auto& weights = root.weights[seat];
  dominoes::for_each_subset(candidates(obs, seat), obs.tile_count(seat),
                            [&](TileSet h) { hands.push_back(h); });
  weights.assign(hands.size(), 1.0);
  if (!model) return;
  const std::vector<PastDecision> decisions = past_decisions_of(obs, seat);
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < hands.size(); ++j) {
    weights[j] = log_likelihood(decisions, hands[j], *model);
    top = std::max(top, weights[j]);
  }
  for (double& w : weights) w = std::isinf(top) ? 1.0 : (1 - floor) * std::exp(w - top) + floor;
}

}  // namespace

EarlierView::EarlierView(const Observation& obs, int moves) : history_(obs.leader(), obs.seats()) {
  if (obs.seats() != 2)
    throw std::invalid_argument("an earlier view needs two seats, not " +
                                std::to_string(obs.seats()));
  const auto record = obs.history();
  if (moves < 0 || moves > static_cast<int>(record.size()))
    throw std::invalid_argument("an earlier view after " + std::to_string(moves) +
                                " moves of a record of " + std::to_string(record.size()));
  const Seat me = obs.seat(), other = 1 - me;
  TileSet played[2];
  for (std::size_t k = 0; k < record.size(); ++k)
    if (!record[k].is_pass()) played[(obs.leader() + k) % 2].insert(record[k].tile());
  // Any consistent hand stands in for the opponent's: it holds no value the opponent lacked, so
  // each of its passes replays legally.
  TileSet stand_in;
  int needed = obs.opponent_tile_count();
  for (dominoes::Tile t : dominoes::opponent_candidates(obs)) {
    if (needed-- == 0) break;
    stand_in.insert(t);
  }
  dominoes::Deal deal;
  deal.hands[me] = obs.hand() | played[me];
  deal.hands[other] = stand_in | played[other];
  deal.leader = obs.leader();
  dominoes::State s = dominoes::start_state(deal);
  for (int k = 0; k < moves; ++k) {
    dominoes::apply(s, record[static_cast<std::size_t>(k)]);
    history_.push_back(record[static_cast<std::size_t>(k)]);
  }
  obs_.emplace(dominoes::observe(s, history_, obs.rules(), me));
}

std::array<std::uint64_t, 2> decision_range_sizes(const Observation& obs) {
  std::array<std::uint64_t, 2> sizes{};
  for (Seat s = 0; s < 2; ++s)
    sizes[s] = dominoes::binomial(candidates(obs, s).size(), obs.tile_count(s));
  return sizes;
}

DecisionSubgame decision_subgame(const Observation& obs, const OpponentModel* opponent_model,
                                 const OpponentModel* own_model, double floor) {
  if (obs.seats() != 2)
    throw std::invalid_argument("decision-time solving plays two seats, not " +
                                std::to_string(obs.seats()));
  if (!(floor > 0 && floor <= 1)) throw std::invalid_argument("a range's floor is in (0, 1]");
  const Seat me = obs.seat();
  DecisionSubgame out;
  out.root.to_move = static_cast<int>((obs.leader() + obs.history().size()) % 2);
  out.root.left_end = obs.left_end();
  out.root.right_end = obs.right_end();
  fill_range(obs, me, own_model, floor, out.root);
  fill_range(obs, 1 - me, opponent_model, floor, out.root);
  const auto& mine = out.root.hands[me];
  out.own_hand = static_cast<int>(std::find(mine.begin(), mine.end(), obs.hand()) - mine.begin());
  return out;
}

}  // namespace strategies
