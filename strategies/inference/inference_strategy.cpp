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

Move InferenceStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  draw_weighted_worlds(obs, sampling_, model_.get(), rng, worlds_);
  double totals[MoveList::kCapacity] = {};
  int values[MoveList::kCapacity];
  auto& solver = budget_.nodes > 0 ? solver_.fresh(obs.rules()) : solver_.get(obs.rules());
  const std::size_t n = worlds_.hands.size();
  // Under a budget a whole enumerated pool (Gosper's order) is solved spread out (header comment).
  const std::size_t step = budget_.active() && worlds_.in_enumeration_order ? spread_step(n) : 1;
  BudgetMeter meter(budget_);
  const std::uint64_t start = solver.nodes();
  for (std::size_t j = 0, i = 0; j < n; ++j, i = (i + step) % n) {
    const double weight = worlds_.weights[i];
    if (weight <= 0) continue;
    solver.move_values(dominoes::determinize(obs, worlds_.hands[i]), legal, 0, values);
    for (int k = 0; k < legal.size(); ++k) totals[k] += weight * values[k];
    if (!budget_.active()) continue;
    meter.add_work(static_cast<std::int64_t>(solver.nodes() - start) - meter.work());
    if (meter.exhausted()) break;
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

std::string check_opponent_model(const std::string& model) {
  try {
    make_opponent_model(model, 1.0);
    return "";
  } catch (const SpecError& e) {
    return e.what();
  }
}

WorldSampling world_sampling_of(const ParamValues& v) {
  return {static_cast<int>(v.get_int("scenarios")), static_cast<int>(v.get_int("enumerate")),
          static_cast<int>(v.get_int("samples"))};
}

std::shared_ptr<const OpponentModel> opponent_model_of(const ParamValues& v,
                                                       const std::string& strategy) {
  const std::string& model = v.get_string("model");
  try {
    return make_opponent_model(model, v.get_double("temperature"));
  } catch (const SpecError& e) {  // checked at resolution; the file may have gone since
    throw SpecError("bad value model=" + common::quoted(model) + " for strategy " + strategy +
                    ": " + e.what());
  }
}

StrategyInfo inference_strategy_info() {
  return {"inference",
          "determinized minimax (exact, depth 0) over opponent hands weighted by the likelihood "
          "of the opponent's past moves under an opponent model (Buro et al. 2009)",
          false,
          {{"model", ParamType::kText, "heuristic",
            "opponent model: heuristic (the seed heuristic, rank softmax), self (a greedy "
            "one-ply softmax), uniform (uniformly random moves), none (no inference: equal "
            "weights), or fitted:FILE (a softmax over move features, from dominoes fit-model)",
            0, 0, {}, check_opponent_model},
           {"temperature", ParamType::kDouble, "1",
            "softmax temperature of the heuristic and self models; 0 = their argmax", 0, 1e6, {}},
           {"scenarios", ParamType::kInt, "200", "worlds solved per decision", 1, 1e7, {}},
           {"enumerate", ParamType::kInt, "2000",
            "weight every consistent hand when there are at most this many", 0, 1e7, {}},
           {"samples", ParamType::kInt, "1000",
            "else uniform hands drawn, weighted and resampled down to scenarios", 1, 1e7, {}},
           time_ms_param(),
           nodes_param("open-hands solver nodes of the worlds solved (a fresh table each "
                       "decision)")},
          [](const ParamValues& v) {
            return Player(std::make_unique<InferenceStrategy>(
                world_sampling_of(v), opponent_model_of(v, "inference"), budget_of(v)));
          }};
}

}  // namespace strategies
