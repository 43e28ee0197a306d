#include "strategies/belief/belief_params.h"

#include <stdexcept>
#include <string_view>

#include "engine/common/text.h"

namespace strategies {
namespace {

constexpr std::string_view kFittedPrefix = "fitted:";

}  // namespace

std::shared_ptr<const OpponentModel> make_opponent_model(const std::string& model,
                                                         double temperature) {
  if (model == "heuristic") return std::make_shared<HeuristicModel>(temperature);
  if (model == "self") return std::make_shared<GreedyModel>(temperature);
  if (model == "uniform") return std::make_shared<UniformModel>();
  if (model == "none") return nullptr;
  if (const std::string path = fitted_model_file(model); !path.empty()) {
    try {
      return std::make_shared<SoftmaxModel>(load_softmax_model(path));
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

std::string fitted_model_file(const std::string& model) {
  if (!model.starts_with(kFittedPrefix)) return "";
  return model.substr(kFittedPrefix.size());
}

std::array<double, kMoveFeatures> make_policy_prior(const std::string& prior) {
  if (prior == "none") return {};
  if (const std::string path = fitted_model_file(prior); !path.empty()) {
    try {
      return load_softmax_model(path);
    } catch (const std::invalid_argument& e) {
      throw SpecError(e.what());
    }
  }
  throw SpecError("valid is none or fitted:FILE (a model file of dominoes fit-model)");
}

std::array<double, kMoveFeatures> policy_prior_of(const ParamValues& v,
                                                  const std::string& strategy) {
  const std::string& prior = v.get_string("prior");
  try {
    return make_policy_prior(prior);
  } catch (const SpecError& e) {  // checked at resolution; the file may have gone since
    throw SpecError("bad value prior=" + common::quoted(prior) + " for strategy " + strategy +
                    ": " + e.what());
  }
}

std::string check_policy_prior(const std::string& prior) {
  try {
    make_policy_prior(prior);
    return "";
  } catch (const SpecError& e) {
    return e.what();
  }
}

std::vector<ParamInfo> world_sampling_params(const std::string& prefix) {
  return {{"scenarios", ParamType::kInt, "200", prefix + "worlds solved per decision", 1, 1e7, {}},
          {"enumerate", ParamType::kInt, "2000",
           prefix + "weight every consistent hand when there are at most this many", 0, 1e7, {}},
          {"samples", ParamType::kInt, "1000",
           prefix + "else uniform hands drawn, weighted and resampled down to scenarios", 1, 1e7,
           {}}};
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
