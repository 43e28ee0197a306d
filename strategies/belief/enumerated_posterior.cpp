#include "strategies/belief/enumerated_posterior.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/history.h"

namespace strategies {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Observation;
using dominoes::State;
using dominoes::TileSet;

namespace {

constexpr double kImpossible = -std::numeric_limits<double>::infinity();

// Returns the log-weight of the world in which the opponent holds `hand` now: the sum of
// move_log_p(state, history, legal, chosen) over the opponent's recorded decisions with two or
// more legal moves, replayed from the deal the world implies; nothing when the record does not
// replay there (the header comment's consistency).
template <class MoveLogP>
std::optional<double> replay_log_weight(const Observation& obs, TileSet hand,
                                        MoveLogP&& move_log_p) {
  const dominoes::Seat me = obs.seat();
  const dominoes::Seat opponent = 1 - me;
  const auto record = obs.history();
  const dominoes::History public_record(obs.leader(), 2);
  std::array<TileSet, 2> dealt{};
  dealt[static_cast<std::size_t>(me)] = obs.hand();
  dealt[static_cast<std::size_t>(opponent)] = hand;
  for (std::size_t k = 0; k < record.size(); ++k)
    if (!record[k].is_pass())
      dealt[public_record.seat_of(static_cast<int>(k))].insert(record[k].tile());
  if (obs.rules().leader == dominoes::LeaderRule::kHeaviestDouble &&
      dominoes::heaviest_double_holder(dealt) != obs.leader())
    return std::nullopt;
  State s = dominoes::start_state(dealt[0], dealt[1], obs.leader());
  dominoes::History so_far(obs.leader(), 2);
  double total = 0;
  for (const Move m : record) {
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) return std::nullopt;
    const MoveList legal = dominoes::legal_moves(s);
    if (m.is_pass() != legal.empty()) return std::nullopt;  // a pass holding a tile, or no pass
    if (!m.is_pass()) {
      int chosen = 0;
      while (chosen < legal.size() && legal[chosen] != m) ++chosen;
      if (chosen == legal.size()) return std::nullopt;  // the tile was not in the hand, or fits not
      if (s.to_move == opponent && legal.size() >= 2 && !std::isinf(total))
        total += move_log_p(s, so_far, legal, chosen);
    }
    dominoes::apply(s, m);
    so_far.push_back(m);
  }
  if (dominoes::status(s) != dominoes::GameStatus::kOngoing) return std::nullopt;
  return total;
}

// The log-probability of legal[chosen] for the seat to move in `s` under a known strategy, asked
// with that seat's observation.
double strategy_log_p(Strategy& strategy, const std::string& name, const State& s,
                      const dominoes::History& so_far, const dominoes::Rules& rules,
                      const MoveList& legal, int chosen) {
  double probs[MoveList::kCapacity];
  const Observation seen = dominoes::observe(s, so_far, rules, s.to_move);
  if (!strategy.policy(seen, legal,
                       std::span<double>(probs, static_cast<std::size_t>(legal.size()))))
    throw std::invalid_argument(name +
                                " does not give its move distribution, so its posterior cannot be "
                                "computed exactly: give a strategy that does (random, lowest, "
                                "heuristic, softmax, net, equilibrium)");
  return probs[chosen] > 0 ? std::log(probs[chosen]) : kImpossible;
}

// The log-probability of legal[chosen] for the seat to move in `s` under an opponent model.
double model_log_p(const OpponentModel& model, const State& s, const dominoes::History& so_far,
                   const dominoes::Rules& rules, const MoveList& legal, int chosen) {
  double probs[MoveList::kCapacity];
  const MoveContext context{so_far.moves(), so_far.leader(), rules.max_pip, false};
  model.policy_in_game(s, legal, context, probs);
  return probs[chosen] > 0 ? std::log(probs[chosen]) : kImpossible;
}

}  // namespace

EnumeratedPosterior EnumeratedPosterior::of_strategy(const Player& known, std::string name) {
  if (!known.strategy())
    throw std::invalid_argument(name + " sees every hand: it has no posterior to compute");
  EnumeratedPosterior p;
  p.known_ = std::make_shared<const Player>(known);
  p.name_ = std::move(name);
  return p;
}

EnumeratedPosterior EnumeratedPosterior::of_model(std::shared_ptr<const OpponentModel> model) {
  EnumeratedPosterior p;
  p.model_ = std::move(model);
  return p;
}

std::vector<double> EnumeratedPosterior::log_hand_weights(const Observation& obs) const {
  if (obs.seats() != 2)
    throw std::invalid_argument("the enumerated posterior is for two seats, and this game has " +
                                std::to_string(obs.seats()));
  std::optional<Player> own;  // this call's copy of the known strategy
  if (known_) own.emplace(*known_);
  const dominoes::Rules& rules = obs.rules();
  const auto move_log_p = [&](const State& s, const dominoes::History& so_far,
                              const MoveList& legal, int chosen) {
    if (own) return strategy_log_p(*own->strategy(), name_, s, so_far, rules, legal, chosen);
    return model_ ? model_log_p(*model_, s, so_far, rules, legal, chosen) : 0.0;
  };
  std::vector<double> log_w;
  std::vector<bool> consistent;
  dominoes::for_each_consistent_hand(obs, [&](TileSet hand) {
    const std::optional<double> w = replay_log_weight(obs, hand, move_log_p);
    consistent.push_back(w.has_value());
    log_w.push_back(w.value_or(kImpossible));
  });
  if (std::find(consistent.begin(), consistent.end(), true) == consistent.end())
    throw std::invalid_argument("no opponent hand replays this game's record: not a real game");
  const double top = *std::max_element(log_w.begin(), log_w.end());
  // Every consistent world ruled out by the weights: the uniform fallback over them.
  if (std::isinf(top))
    for (std::size_t i = 0; i < log_w.size(); ++i) log_w[i] = consistent[i] ? 0.0 : kImpossible;
  const double shift = std::isinf(top) ? 0.0 : top;
  double total = 0;
  for (const double w : log_w) total += std::exp(w - shift);
  const double log_total = shift + std::log(total);
  for (double& w : log_w) w -= log_total;
  return log_w;
}

void EnumeratedPosterior::log_marginals(const Observation& obs, std::span<double> log_p) const {
  const int tiles = dominoes::tile_count(obs.rules().max_pip);
  if (log_p.size() != static_cast<std::size_t>(2 * tiles))
    throw std::invalid_argument("log_marginals: " + std::to_string(log_p.size()) +
                                " values given for " + std::to_string(tiles) + " tiles x 2 places");
  const std::vector<double> log_w = log_hand_weights(obs);
  std::vector<double> held(static_cast<std::size_t>(tiles), 0.0);     // place 0: the opponent
  std::vector<double> undrawn(static_cast<std::size_t>(tiles), 0.0);  // place 1: never dealt
  const TileSet unseen = obs.unseen();
  std::size_t i = 0;
  dominoes::for_each_consistent_hand(obs, [&](TileSet hand) {
    const double w = std::exp(log_w[i++]);
    for (const dominoes::Tile t : unseen) (hand.contains(t) ? held : undrawn)[t] += w;
  });
  std::fill(log_p.begin(), log_p.end(), 0.0);
  for (const dominoes::Tile t : unseen) {
    const double sum = held[t] + undrawn[t];
    log_p[static_cast<std::size_t>(2 * t)] = held[t] > 0 ? std::log(held[t] / sum) : kImpossible;
    log_p[static_cast<std::size_t>(2 * t + 1)] =
        undrawn[t] > 0 ? std::log(undrawn[t] / sum) : kImpossible;
  }
}

}  // namespace strategies
