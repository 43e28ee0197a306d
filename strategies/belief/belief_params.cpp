#include "strategies/belief/belief_params.h"

#include <stdexcept>

#include "engine/common/text.h"

namespace strategies {

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

}  // namespace strategies
