#include "strategies/belief/belief_params.h"

#include <stdexcept>
#include <string_view>
#include <utility>

#include "engine/common/text.h"
#include "strategies/belief/net_models.h"

namespace strategies {
namespace {

constexpr std::string_view kFittedPrefix = "fitted:";
constexpr std::string_view kNetPrefix = "net:";

// Returns the weights in the model file `path` (load_softmax_model), its one-line error as a
// SpecError.
std::array<double, kMoveFeatures> fitted_weights(const std::string& path) {
  try {
    return load_softmax_model(path);
  } catch (const std::invalid_argument& e) {
    throw SpecError(e.what());
  }
}

}  // namespace

std::shared_ptr<const OpponentModel> make_opponent_model(const std::string& model,
                                                         double temperature) {
  if (model == "heuristic") return std::make_shared<HeuristicModel>(temperature);
  if (model == "self") return std::make_shared<GreedyModel>(temperature);
  if (model == "uniform") return std::make_shared<UniformModel>();
  if (model == "none") return nullptr;
  if (model.starts_with(kFittedPrefix))
    return std::make_shared<SoftmaxModel>(fitted_weights(fitted_model_file(model)));
  if (model.starts_with(kNetPrefix)) {
    const auto learned = load_learned_model(fitted_model_file(model), std::nullopt);
    switch (learned->model.card.kind) {
      case nets::ModelKind::kPolicy:
        return std::make_shared<NetPolicyModel>(learned);
      case nets::ModelKind::kBelief:
        return nullptr;  // no likelihood: the belief weighs the worlds (make_world_belief)
      case nets::ModelKind::kValue:
        break;
    }
    throw SpecError("model " + common::quoted(learned->model.paths.card, 200) +
                    " is a value model: give a policy or belief model");
  }
  throw SpecError("valid is heuristic, self, uniform, none, fitted:FILE or net:FILE");
}

std::shared_ptr<const WorldBelief> make_world_belief(const std::string& model) {
  if (!model.starts_with(kNetPrefix)) return nullptr;
  const auto learned = load_learned_model(fitted_model_file(model), std::nullopt);
  if (learned->model.card.kind != nets::ModelKind::kBelief) return nullptr;
  return std::make_shared<NetWorldBelief>(learned);
}

std::string net_model_refusal(const std::string& model, const dominoes::Rules& rules) {
  if (!model.starts_with(kNetPrefix)) return "";
  return model_rules_refusal(*load_learned_model(fitted_model_file(model), std::nullopt), rules);
}

std::string check_opponent_model(const std::string& model) {
  return check_by_making([](const std::string& m) { return make_opponent_model(m, 1.0); }, model);
}

std::string fitted_model_file(const std::string& model) {
  if (model.starts_with(kFittedPrefix)) return model.substr(kFittedPrefix.size());
  if (model.starts_with(kNetPrefix)) return model.substr(kNetPrefix.size());
  return "";
}

std::array<double, kMoveFeatures> make_policy_prior(const std::string& prior) {
  if (prior == "none") return {};
  if (prior.starts_with(kFittedPrefix)) return fitted_weights(fitted_model_file(prior));
  throw SpecError("valid is none or fitted:FILE (a model file of dominoes fit-model)");
}

std::array<double, kMoveFeatures> policy_prior_of(const ParamValues& v,
                                                  const std::string& strategy) {
  return make_checked_value(strategy, "prior", v.get_string("prior"), make_policy_prior);
}

std::string check_policy_prior(const std::string& prior) {
  return check_by_making(make_policy_prior, prior);
}

ParamInfo opponent_model_param(std::string help) {
  return {.name = "model",
          .type = ParamType::kText,
          .default_value = "heuristic",
          .help = std::move(help),
          .min = 0,
          .max = 0,
          .check = check_opponent_model,
          .omitted_at_default = false,
          .file_in = fitted_model_file};
}

ParamInfo model_temperature_param() {
  return {.name = "temperature",
          .type = ParamType::kDouble,
          .default_value = "1",
          .help = "softmax temperature of the heuristic and self models; 0 = their argmax",
          .min = 0,
          .max = 1e6};
}

ParamInfo scenarios_param(std::string help) {
  return {.name = "scenarios",
          .type = ParamType::kInt,
          .default_value = "200",
          .help = std::move(help),
          .min = 1,
          .max = 1e7};
}

ParamInfo enumerate_param(std::string help) {
  return {.name = "enumerate",
          .type = ParamType::kInt,
          .default_value = "2000",
          .help = std::move(help),
          .min = 0,
          .max = 1e7};
}

ParamInfo samples_param(std::string help) {
  return {.name = "samples",
          .type = ParamType::kInt,
          .default_value = "1000",
          .help = std::move(help),
          .min = 1,
          .max = 1e7};
}

std::vector<ParamInfo> world_sampling_params(const std::string& prefix) {
  std::vector<ParamInfo> params{scenarios_param(), enumerate_param(), samples_param()};
  for (ParamInfo& p : params) p.help = prefix + p.help;
  return params;
}

ParamInfo world_depth_param(std::string help) {
  return {.name = "depth",
          .type = ParamType::kInt,
          .default_value = "0",
          .help = std::move(help),
          .min = 0,
          .max = 200,
          .check = nullptr,
          .omitted_at_default = true};
}

WorldSampling world_sampling_of(const ParamValues& v) {
  return {static_cast<int>(v.get_int("scenarios")), static_cast<int>(v.get_int("enumerate")),
          static_cast<int>(v.get_int("samples"))};
}

std::shared_ptr<const WorldBelief> world_belief_of(const ParamValues& v,
                                                   const std::string& strategy) {
  return make_checked_value(strategy, "model", v.get_string("model"), make_world_belief);
}

std::shared_ptr<const OpponentModel> opponent_model_of(const ParamValues& v,
                                                       const std::string& strategy) {
  const double temperature = v.get_double("temperature");
  return make_checked_value(
      strategy, "model", v.get_string("model"),
      [temperature](const std::string& model) { return make_opponent_model(model, temperature); });
}

}  // namespace strategies
