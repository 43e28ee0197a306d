#include "strategies/belief/weighted_worlds.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/hidden_hands.h"

namespace strategies {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Observation;
using dominoes::State;
using dominoes::TileSet;

std::vector<PastDecision> opponent_decisions(const Observation& obs) {
  return past_decisions_of(obs, 1 - obs.seat());
}

std::vector<PastDecision> past_decisions_of(const Observation& obs, dominoes::Seat seat) {
  return decisions_in_record(obs.history(), obs.leader(), seat, 2);
}

std::vector<PastDecision> decisions_in_record(std::span<const Move> record, dominoes::Seat leader,
                                              dominoes::Seat seat, int seats) {
  // Replay the record on a state without hands: only the line, the ends and the lacks are needed,
  // and they follow from the moves alone.
  State s;
  s.seats = static_cast<std::uint8_t>(seats);
  s.leader = static_cast<std::uint8_t>(leader);
  s.to_move = s.leader;
  std::vector<PastDecision> decisions;
  for (std::size_t k = 0; k < record.size(); ++k) {
    const Move m = record[k];
    if (s.to_move == seat && !m.is_pass())
      decisions.push_back({s, m, {.moves_before = record.first(k), .leader = leader}});
    dominoes::apply_public(s, m);
  }
  // What the seat held at each decision, less its current hand: the tiles it played from that
  // decision on.
  TileSet later;
  for (auto it = decisions.rbegin(); it != decisions.rend(); ++it) {
    later.insert(it->played.tile());
    it->before.hands[seat] = later;
  }
  return decisions;
}

double log_likelihood(std::span<const PastDecision> decisions, TileSet hand,
                      const OpponentModel& model) {
  double total = 0;
  double probs[MoveList::kCapacity];
  for (const PastDecision& d : decisions) {
    State s = d.before;
    s.hands[s.to_move] |= hand;
    const MoveList legal = dominoes::legal_moves(s);
    if (legal.size() < 2) continue;  // forced: probability 1 in this world
    int chosen = 0;
    while (chosen < legal.size() && legal[chosen] != d.played) ++chosen;
    if (chosen == legal.size()) continue;  // not a listed move (cannot happen in a real game)
    model.policy_in_game(s, legal, d.context, probs);
    if (probs[chosen] <= 0) return -std::numeric_limits<double>::infinity();
    total += std::log(probs[chosen]);
  }
  return total;
}

namespace {

// Systematic resampling: `n` evenly spaced points with one random offset against the cumulative
// weights (summing to `total`); a world takes as many points as fall in its share (weight x n,
// rounded up or down), and its weight becomes that count.
void resample_systematically(std::vector<double>& weights, double total, int n,
                             dominoes::Rng& rng) {
  const double offset = rng.uniform();
  double cumulative = 0;
  int drawn = 0;
  for (double& w : weights) {
    cumulative += w / total * n;
    const int upto = std::clamp(static_cast<int>(std::ceil(cumulative - offset)), drawn, n);
    w = upto - drawn;  // the world's count
    drawn = upto;
  }
}

// Writes the weights of `hands` relative to the likeliest (its weight is 1) to `weights`; returns
// true when every likelihood was 0, and then every weight is 1 (the uniform fallback). Relative
// weights cannot all underflow to 0, and equal weights stay exactly 1.0, so that with equal
// weights the strategy sums whole numbers exactly, as minimax does.
bool weigh(const Observation& obs, std::span<const PastDecision> decisions,
           std::span<const TileSet> hands, const OpponentModel* model, const WorldBelief* belief,
           std::vector<double>& weights) {
  weights.resize(hands.size());
  if (!model && !belief) {  // model=none: no inference
    std::fill(weights.begin(), weights.end(), 1.0);
    return false;
  }
  thread_local std::vector<double> log_p;
  if (belief) belief_marginals(*belief, obs, log_p);
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < hands.size(); ++i) {
    weights[i] = model ? log_likelihood(decisions, hands[i], *model) : 0.0;
    if (belief) weights[i] += hand_log_belief(obs, log_p, hands[i]);
    top = std::max(top, weights[i]);
  }
  const bool all_zero = std::isinf(top);
  for (double& w : weights) w = all_zero ? 1.0 : std::exp(w - top);
  return all_zero;
}

}  // namespace

void world_weights(const Observation& obs, std::span<const TileSet> hands,
                   const OpponentModel& model, std::vector<double>& weights) {
  const std::vector<PastDecision> decisions = opponent_decisions(obs);
  weigh(obs, decisions, hands, &model, nullptr, weights);
  double total = 0;
  for (double w : weights) total += w;
  for (double& w : weights) w /= total;
}

void draw_weighted_worlds(const Observation& obs, const WorldSampling& sampling,
                          const OpponentModel* model, dominoes::Rng& rng, WeightedWorlds& out,
                          const WorldBelief* belief) {
  out.decisions = opponent_decisions(obs);
  std::vector<TileSet>& pool = out.hands;
  std::vector<double>& weights = out.weights;
  pool.clear();
  const bool enumerated =
      dominoes::count_consistent_hands(obs) <= static_cast<std::uint64_t>(sampling.enumerate);
  if (enumerated) {
    dominoes::for_each_consistent_hand(obs, [&](TileSet hand) { pool.push_back(hand); });
  } else {
    for (int i = 0; i < sampling.samples; ++i)
      pool.push_back(dominoes::sample_opponent_hand(obs, rng));
  }
  out.fell_back = weigh(obs, out.decisions, pool, model, belief, weights);
  double total = 0, squares = 0;
  for (double w : weights) total += w, squares += w * w;
  out.effective = total * total / squares;
  out.in_enumeration_order =
      enumerated && pool.size() <= static_cast<std::size_t>(sampling.scenarios);
  if (pool.size() <= static_cast<std::size_t>(sampling.scenarios)) return;

  // An enumerated pool comes in Gosper's order, where neighbours share most tiles, so evenly
  // spaced picks from it would be a structured sample, not a random one. Shuffle it first;
  // drawn pools are in random order already.
  if (enumerated)
    for (std::size_t i = pool.size() - 1; i > 0; --i) {
      const auto j = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(i + 1)));
      std::swap(pool[i], pool[j]);
      std::swap(weights[i], weights[j]);
    }
  resample_systematically(weights, total, sampling.scenarios, rng);
}

std::vector<SeatDecision> other_seat_decisions(const Observation& obs) {
  const dominoes::Seat me = obs.seat();
  const int seats = obs.seats();
  // A heaviest-double lead at three or four seats may have been forced (the first game of a match
  // or a single game), which the observation does not say: such a lead is not weighed.
  const bool lead_may_be_forced =
      seats > 2 && obs.rules().leader == dominoes::LeaderRule::kHeaviestDouble;
  State s;
  s.seats = static_cast<std::uint8_t>(seats);
  s.leader = static_cast<std::uint8_t>(obs.leader());
  const auto history = obs.history();
  std::vector<SeatDecision> decisions;
  for (std::size_t k = 0; k < history.size(); ++k) {
    const Move m = history[k];
    const auto seat =
        static_cast<dominoes::Seat>((obs.leader() + k) % static_cast<std::size_t>(seats));
    s.to_move = static_cast<std::uint8_t>(seat);
    if (seat != me && !m.is_pass() && !(k == 0 && lead_may_be_forced))
      decisions.push_back({s, m, static_cast<int>(k)});
    dominoes::apply_public(s, m);
  }
  // What each seat held at each decision, less its current hand: the tiles it played from that
  // decision on (decisions are in move order, so walk both backwards).
  dominoes::TableHands later{};
  auto next = decisions.rbegin();
  for (std::size_t k = history.size(); k-- > 0;) {
    const Move m = history[k];
    if (!m.is_pass()) later[(obs.leader() + k) % static_cast<std::size_t>(seats)].insert(m.tile());
    if (next != decisions.rend() && next->index == static_cast<int>(k)) {
      next->before.hands = later;
      ++next;
    }
  }
  return decisions;
}

const OpponentModel* SeatModels::of(const Observation& obs, dominoes::Seat seat) const {
  const bool is_partner = obs.rules().partners && seat == (obs.seat() + 2) % obs.seats();
  if (is_partner && partner_unread) return nullptr;
  return is_partner && partner ? partner : opponents;
}

double table_log_likelihood(const Observation& obs, std::span<const SeatDecision> decisions,
                            const dominoes::TableHands& world, const SeatModels& models) {
  double total = 0;
  double probs[MoveList::kCapacity];
  for (const SeatDecision& d : decisions) {
    const dominoes::Seat seat = d.before.to_move;
    const OpponentModel* model = models.of(obs, seat);
    if (!model) continue;
    State s = d.before;
    s.hands[seat] |= world[seat];
    const MoveList legal = dominoes::legal_moves(s);
    if (legal.size() < 2) continue;  // forced: probability 1 in this world
    int chosen = 0;
    while (chosen < legal.size() && legal[chosen] != d.played) ++chosen;
    if (chosen == legal.size()) continue;  // not a listed move (cannot happen in a real game)
    const MoveContext context{obs.history().first(static_cast<std::size_t>(d.index)), obs.leader(),
                              obs.rules().max_pip, obs.rules().partners};
    model->policy_in_game(s, legal, context, probs);
    if (probs[chosen] <= 0) return -std::numeric_limits<double>::infinity();
    total += std::log(probs[chosen]);
  }
  return total;
}

void draw_table_worlds(const Observation& obs, const WorldSampling& sampling,
                       const SeatModels& models, dominoes::Rng& rng, WeightedWorlds& out,
                       bool enumerate_few) {
  const std::vector<SeatDecision> decisions = other_seat_decisions(obs);
  const dominoes::HiddenHandsSampler sampler(obs);
  out.tables.clear();
  const bool enumerated =
      enumerate_few && sampler.count() <= static_cast<double>(sampling.enumerate);
  if (enumerated)
    dominoes::for_each_world(obs, [&](const dominoes::TableHands& t) { out.tables.push_back(t); });
  else
    for (int i = 0; i < sampling.samples; ++i) out.tables.push_back(sampler.sample(rng));
  std::vector<double>& weights = out.weights;
  weights.resize(out.tables.size());
  thread_local std::vector<double> log_p;
  if (models.belief) belief_marginals(*models.belief, obs, log_p);
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < out.tables.size(); ++i) {
    weights[i] = table_log_likelihood(obs, decisions, out.tables[i], models);
    if (models.belief) weights[i] += table_log_belief(obs, log_p, out.tables[i]);
    top = std::max(top, weights[i]);
  }
  out.fell_back = std::isinf(top);  // every world ruled out (or no model): equal weights
  for (double& w : weights) w = out.fell_back ? 1.0 : std::exp(w - top);
  double total = 0, squares = 0;
  for (double w : weights) total += w, squares += w * w;
  out.effective = total * total / squares;
  out.in_enumeration_order =
      enumerated && out.tables.size() <= static_cast<std::size_t>(sampling.scenarios);
  if (out.tables.size() <= static_cast<std::size_t>(sampling.scenarios)) return;
  if (enumerated)  // neighbours share most tiles: shuffle before the evenly spaced picks
    for (std::size_t i = out.tables.size() - 1; i > 0; --i) {
      const auto j = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(i + 1)));
      std::swap(out.tables[i], out.tables[j]);
      std::swap(weights[i], weights[j]);
    }
  resample_systematically(weights, total, sampling.scenarios, rng);
}

}  // namespace strategies
