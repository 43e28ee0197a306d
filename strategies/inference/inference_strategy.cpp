#include "strategies/inference/inference_strategy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "engine/common/text.h"
#include "engine/dominoes/determinization.h"
#include "strategies/spec.h"

namespace strategies {

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

Move InferenceStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  decisions_ = opponent_decisions(obs);
  pool_.clear();
  const bool enumerated =
      dominoes::count_consistent_hands(obs) <= static_cast<std::uint64_t>(params_.enumerate);
  if (enumerated) {
    dominoes::for_each_consistent_hand(obs, [&](TileSet hand) { pool_.push_back(hand); });
  } else {
    for (int i = 0; i < params_.samples; ++i)
      pool_.push_back(dominoes::sample_opponent_hand(obs, rng));
  }
  fell_back_ = weigh(decisions_, pool_, model_.get(), weights_);
  double total = 0, squares = 0;
  for (double w : weights_) total += w, squares += w * w;
  effective_ = total * total / squares;

  if (pool_.size() > static_cast<std::size_t>(params_.scenarios)) {
    // An enumerated pool comes in Gosper's order, where neighbours share most tiles, so evenly
    // spaced picks from it would be a structured sample, not a random one. Shuffle it first;
    // drawn pools are in random order already.
    if (enumerated)
      for (std::size_t i = pool_.size() - 1; i > 0; --i) {
        const auto j = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(i + 1)));
        std::swap(pool_[i], pool_[j]);
        std::swap(weights_[i], weights_[j]);
      }
    // Systematic resampling: `scenarios` evenly spaced points with one random offset against the
    // cumulative weights; a hand takes as many points as fall in its share (weight x scenarios,
    // rounded up or down).
    const int n = params_.scenarios;
    const double offset = rng.uniform();
    double cumulative = 0;
    int drawn = 0;
    for (double& w : weights_) {
      cumulative += w / total * n;
      const int upto = std::clamp(static_cast<int>(std::ceil(cumulative - offset)), drawn, n);
      w = upto - drawn;  // the hand's count
      drawn = upto;
    }
  }

  double totals[MoveList::kCapacity] = {};
  int values[MoveList::kCapacity];
  auto& solver = solver_.get(obs.rules());
  for (std::size_t i = 0; i < pool_.size(); ++i) {
    if (weights_[i] <= 0) continue;
    solver.move_values(dominoes::determinize(obs, pool_[i]), legal, 0, values);
    for (int k = 0; k < legal.size(); ++k) totals[k] += weights_[i] * values[k];
  }
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (totals[k] > totals[best]) best = k;
  return legal[best];
}

std::shared_ptr<const OpponentModel> make_opponent_model(const std::string& model,
                                                         double temperature) {
  if (model == "heuristic") return std::make_shared<HeuristicModel>(temperature);
  if (model == "self") return std::make_shared<GreedyModel>(temperature);
  if (model == "uniform") return std::make_shared<UniformModel>();
  if (model == "none") return nullptr;
  const std::string prefix = "fitted:";
  if (model.rfind(prefix, 0) == 0 && model.size() > prefix.size()) {
    try {
      return std::make_shared<SoftmaxModel>(load_softmax_model(model.substr(prefix.size())));
    } catch (const std::invalid_argument& e) {
      throw SpecError(e.what());
    }
  }
  throw SpecError("valid is heuristic, self, uniform, none or fitted:FILE");
}

namespace {

// The model parameter's check at spec resolution: "" or why the value is bad.
std::string check_model(const std::string& model) {
  try {
    make_opponent_model(model, 1.0);
    return "";
  } catch (const SpecError& e) {
    return e.what();
  }
}

}  // namespace

StrategyInfo inference_strategy_info() {
  return {"inference",
          "determinized minimax (exact, depth 0) over opponent hands weighted by the likelihood "
          "of the opponent's past moves under an opponent model (Buro et al. 2009)",
          false,
          {{"model", ParamType::kText, "heuristic",
            "opponent model: heuristic (the seed heuristic, rank softmax), self (a greedy "
            "one-ply softmax), uniform (uniformly random moves), none (no inference: equal "
            "weights), or fitted:FILE (a softmax over move features, from dominoes fit-model)",
            0, 0, {}, check_model},
           {"temperature", ParamType::kDouble, "1",
            "softmax temperature of the heuristic and self models; 0 = their argmax", 0, 1e6, {}},
           {"scenarios", ParamType::kInt, "200", "worlds solved per decision", 1, 1e7, {}},
           {"enumerate", ParamType::kInt, "2000",
            "weight every consistent hand when there are at most this many", 0, 1e7, {}},
           {"samples", ParamType::kInt, "1000",
            "else uniform hands drawn, weighted and resampled down to scenarios", 1, 1e7, {}}},
          [](const ParamValues& v) {
            InferenceParams p;
            p.scenarios = static_cast<int>(v.get_int("scenarios"));
            p.enumerate = static_cast<int>(v.get_int("enumerate"));
            p.samples = static_cast<int>(v.get_int("samples"));
            const std::string& model = v.get_string("model");
            try {
              return Player(std::make_unique<InferenceStrategy>(
                  p, make_opponent_model(model, v.get_double("temperature"))));
            } catch (const SpecError& e) {  // checked at resolution; the file may have gone since
              throw SpecError("bad value model=" + common::quoted(model) +
                              " for strategy inference: " + e.what());
            }
          }};
}

}  // namespace strategies
