#include "strategies/belief/weighted_worlds.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/dominoes/determinization.h"

namespace strategies {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Observation;
using dominoes::Placement;
using dominoes::State;
using dominoes::TileSet;

std::vector<PastDecision> opponent_decisions(const Observation& obs) {
  const dominoes::Seat me = obs.seat(), opponent = 1 - me;
  // Replay the record on a state without hands: only the line, the ends and the lacks are needed,
  // and they follow from the moves alone.
  State s;
  s.leader = static_cast<std::uint8_t>(obs.leader());
  const auto history = obs.history();
  std::vector<PastDecision> decisions;
  for (std::size_t k = 0; k < history.size(); ++k) {
    const Move m = history[k];
    const dominoes::Seat seat = obs.leader() ^ static_cast<int>(k & 1);
    s.to_move = static_cast<std::uint8_t>(seat);
    if (seat == opponent && !m.is_pass()) decisions.push_back({s, m});
    if (m.is_pass()) {
      s.lacks[seat].insert(s.left);
      s.lacks[seat].insert(s.right);
      s.last_was_pass = true;
      continue;
    }
    const dominoes::Tile t = m.tile();
    s.line.insert(t);
    s.last_was_pass = false;
    switch (m.placement()) {
      case Placement::kLead:
        s.left = static_cast<std::int8_t>(dominoes::tile_low(t));
        s.right = static_cast<std::int8_t>(dominoes::tile_high(t));
        break;
      case Placement::kLeft: s.left = static_cast<std::int8_t>(dominoes::other_value(t, s.left)); break;
      case Placement::kRight:
        s.right = static_cast<std::int8_t>(dominoes::other_value(t, s.right));
        break;
      case Placement::kPass: break;
    }
  }
  // What the opponent held at each decision, less its current hand: the tiles it played from
  // that decision on.
  TileSet later;
  for (auto it = decisions.rbegin(); it != decisions.rend(); ++it) {
    later.insert(it->played.tile());
    it->before.hands[opponent] = later;
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
    model.policy(s, legal, probs);
    if (probs[chosen] <= 0) return -std::numeric_limits<double>::infinity();
    total += std::log(probs[chosen]);
  }
  return total;
}

namespace {

// Writes the weights of `hands` relative to the likeliest (its weight is 1) to `weights`; returns
// true when every likelihood was 0, and then every weight is 1 (the uniform fallback). Relative
// weights cannot all underflow to 0, and equal weights stay exactly 1.0, so that with equal
// weights the strategy sums whole numbers exactly, as minimax does.
bool weigh(std::span<const PastDecision> decisions, std::span<const TileSet> hands,
           const OpponentModel* model, std::vector<double>& weights) {
  weights.resize(hands.size());
  if (!model) {  // model=none: no inference
    std::fill(weights.begin(), weights.end(), 1.0);
    return false;
  }
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < hands.size(); ++i) {
    weights[i] = log_likelihood(decisions, hands[i], *model);
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
  weigh(decisions, hands, &model, weights);
  double total = 0;
  for (double w : weights) total += w;
  for (double& w : weights) w /= total;
}

void draw_weighted_worlds(const Observation& obs, const WorldSampling& sampling,
                          const OpponentModel* model, dominoes::Rng& rng, WeightedWorlds& out) {
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
  out.fell_back = weigh(out.decisions, pool, model, weights);
  double total = 0, squares = 0;
  for (double w : weights) total += w, squares += w * w;
  out.effective = total * total / squares;
  out.in_enumeration_order = enumerated && pool.size() <= static_cast<std::size_t>(sampling.scenarios);
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
  // Systematic resampling: `scenarios` evenly spaced points with one random offset against the
  // cumulative weights; a hand takes as many points as fall in its share (weight x scenarios,
  // rounded up or down).
  const int n = sampling.scenarios;
  const double offset = rng.uniform();
  double cumulative = 0;
  int drawn = 0;
  for (double& w : weights) {
    cumulative += w / total * n;
    const int upto = std::clamp(static_cast<int>(std::ceil(cumulative - offset)), drawn, n);
    w = upto - drawn;  // the hand's count
    drawn = upto;
  }
}

}  // namespace strategies
