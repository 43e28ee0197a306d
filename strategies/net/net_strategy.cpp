#include "strategies/net/net_strategy.h"

#include <algorithm>
#include <stdexcept>

#include "engine/nets/model_card.h"
#include "strategies/spec.h"

namespace strategies {
namespace {

std::shared_ptr<const LearnedModel> policy_model(const std::string& path) {
  if (path.empty())
    throw SpecError("policy=FILE is required: a policy model (python -m dominoes.learn policy)");
  return load_learned_model(path, nets::ModelKind::kPolicy);
}

}  // namespace

bool NetStrategy::policy(const Observation& obs, const MoveList& legal,
                         std::span<double> probabilities) {
  if (const std::string why = model_rules_refusal(policy_.model(), obs.rules()); !why.empty())
    throw std::invalid_argument("net: " + why);
  double logits[MoveList::kCapacity];
  policy_.logits(obs.seat(), obs.hand(), obs.history(), obs.leader(), legal, logits);
  if (temperature_ > 0) {
    softmax_of(logits, legal.size(), temperature_, probabilities.data());
    return true;
  }
  const int best = static_cast<int>(std::max_element(logits, logits + legal.size()) - logits);
  return certain_policy(legal, legal[best], probabilities);
}

Move NetStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  double probabilities[MoveList::kCapacity];
  const std::span<double> p(probabilities, static_cast<std::size_t>(legal.size()));
  policy(obs, legal, p);
  if (temperature_ == 0)  // the certain move, without a draw from rng
    return legal[static_cast<int>(std::find(p.begin(), p.end(), 1.0) - p.begin())];
  return draw_from_policy(legal, p, rng);
}

StrategyInfo net_strategy_info() {
  return {
      .name = "net",
      .summary = "a policy network with no search: one forward pass a decision",
      .method =
          "writes its observation tensor (docs/formats.md), runs the policy network of "
          "`policy` once and plays the legal move with the highest logit (temperature 0), or "
          "draws from the softmax of the legal moves' logits at the temperature; only in "
          "games of the rules the model was trained for",
      .source =
          "imitation of a searcher and the exact values of its moves (python -m dominoes.learn "
          "policy); strategies/net/net_strategy.h",
      .params = {{.name = "policy",
                  .type = ParamType::kText,
                  .default_value = "",
                  .help = "the policy model: NAME.safetensors with its card NAME.json",
                  .min = 0,
                  .max = 0,
                  .check =
                      [](const std::string& path) { return check_by_making(policy_model, path); },
                  .omitted_at_default = false,
                  .file_in = [](const std::string& path) { return path; }},
                 {.name = "temperature",
                  .type = ParamType::kDouble,
                  .default_value = "0",
                  .help = "0: the highest logit; above 0: a draw from the softmax at it",
                  .min = 0,
                  .max = 1e6}},
      .make =
          [](const ParamValues& v) {
            return Player(std::make_unique<NetStrategy>(policy_model(v.get_string("policy")),
                                                        v.get_double("temperature")));
          },
      .any_variant = false,
      .seat_counts = kEverySeatCount,
      .check_rules =
          [](const ParamValues& v, const dominoes::Rules& rules) {
            return model_rules_refusal(*policy_model(v.get_string("policy")), rules);
          }};
}

}  // namespace strategies
