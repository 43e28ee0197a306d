#include "strategies/resolve/resolve_strategy.h"

#include "strategies/belief/belief_params.h"
#include "strategies/decision_budget.h"
#include "strategies/spec.h"

namespace strategies {

bool ResolveStrategy::policy(const Observation& obs, const MoveList& legal,
                             std::span<double> probabilities) {
  return resolver_.policy(obs, legal, fallback_.params().model.get(), probabilities);
}

Move ResolveStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  double probabilities[MoveList::kCapacity];
  const std::span<double> p(probabilities, static_cast<std::size_t>(legal.size()));
  if (!policy(obs, legal, p)) return fallback_.choose(obs, legal, rng);
  return draw_from_policy(legal, p, rng);
}

StrategyInfo resolve_strategy_info() {
  StrategyInfo info{
      .name = "resolve",
      .summary = "endgame solving at decision time by counterfactual regret minimisation (CFR)",
      .method =
          "plays inference until the public subgame from the decision is small enough, "
          "then solves it from both seats' ranges (the opponent's weighted by its past "
          "moves under the model) by discounted CFR and draws from the solved strategy; "
          "root=first (the default) solves once, at the game's first public state whose "
          "subgame fits, and follows that solution; root=decision re-solves at every "
          "decision (unsafe continual re-solving)",
      .source =
          "Burch, Johanson & Bowling, AAAI 2014 (decomposition); Moravcik et al., "
          "Science 2017 (continual re-solving); Brown & Sandholm, NeurIPS 2017 (safe and "
          "unsafe subgame solving); strategies/resolve/resolve_strategy.h",
      .params =
          {{.name = "hands",
            .type = ParamType::kInt,
            .default_value = "1000",
            .help = "solve only when each seat's range holds at most this many hands",
            .min = 1,
            .max = 1e7},
           {.name = "slots",
            .type = ParamType::kInt,
            .default_value = "200000",
            .help = "... and the subgame's regret table at most this many slots (8 bytes each)",
            .min = 1,
            .max = 1e9},
           {.name = "iterations",
            .type = ParamType::kInt,
            .default_value = "40",
            .help = "discounted-CFR iterations per solve",
            .min = 1,
            .max = 1e6},
           {.name = "own-range",
            .type = ParamType::kChoice,
            .default_value = "model",
            .help = "the observer's own range in the subgame: model (its past moves weighed by "
                    "`model`, "
                    "as the opponent's) or uniform",
            .min = 0,
            .max = 0,
            .choices = {"model", "uniform"}},
           {.name = "root",
            .type = ParamType::kChoice,
            .default_value = "first",
            .help =
                "where the subgame starts: first (the game's first public state whose subgame is "
                "small enough, solved once and followed to the end) or decision (a fresh subgame "
                "at "
                "every decision: continual re-solving)",
            .min = 0,
            .max = 0,
            .choices = {"first", "decision"}},
           {.name = "floor",
            .type = ParamType::kDouble,
            .default_value = "0.01",
            .help =
                "the uniform range's share mixed into each range, so that no consistent hand has "
                "weight 0",
            .min = 1e-6,
            .max = 1},
           opponent_model_param(
               "model weighing the ranges and inference's worlds: heuristic, self, uniform, none "
               "(uniform ranges, equal weights), fitted:FILE or net:FILE (a policy network)"),
           model_temperature_param()},
      .make =
          [](const ParamValues& v) {
            ResolverParams p;
            p.hands = static_cast<long>(v.get_int("hands"));
            p.slots = v.get_int("slots");
            p.iterations = static_cast<int>(v.get_int("iterations"));
            p.own_model = v.get_string("own-range") == "model";
            p.floor = v.get_double("floor");
            p.every_decision = v.get_string("root") == "decision";
            p.budget = budget_of(v);
            WeightedPimcParams fallback;
            fallback.sampling = world_sampling_of(v);
            fallback.model = opponent_model_of(v, "resolve");
            fallback.budget = budget_of(v);
            return Player(std::make_unique<ResolveStrategy>(p, std::move(fallback)));
          },
      .check_rules = [](const ParamValues& v, const dominoes::Rules& rules) -> std::string {
        if (make_world_belief(v.get_string("model")))
          return "resolve weighs ranges by a policy: give net:FILE of a policy model, not a belief";
        return net_model_refusal(v.get_string("model"), rules);
      }};
  const auto sampling = world_sampling_params("inference: ");
  info.params.insert(info.params.end(), sampling.begin(), sampling.end());
  // The budgets per decision (decision_budget.h): time-ms bounds both the solve (checked between
  // CFR iterations, at least one) and the fallback; nodes, the fallback's solver nodes.
  info.params.push_back(time_ms_param());
  info.params.push_back(nodes_param("open-hands solver nodes of the inference fallback's worlds"));
  return info;
}

}  // namespace strategies
