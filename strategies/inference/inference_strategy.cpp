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
  auto& solver = solver_.get(obs.rules());
  for (std::size_t i = 0; i < worlds_.hands.size(); ++i) {
    const double weight = worlds_.weights[i];
    if (weight <= 0) continue;
    solver.move_values(dominoes::determinize(obs, worlds_.hands[i]), legal, 0, values);
    for (int k = 0; k < legal.size(); ++k) totals[k] += weight * values[k];
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
            "else uniform hands drawn, weighted and resampled down to scenarios", 1, 1e7, {}}},
          [](const ParamValues& v) {
            WorldSampling p;
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
