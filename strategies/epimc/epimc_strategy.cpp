#include "strategies/epimc/epimc_strategy.h"

#include "strategies/belief/belief_params.h"
#include "strategies/spec.h"

namespace strategies {

void EpimcStrategy::spread_worlds() {
  const std::size_t n = hands_.size(), step = spread_step(n);
  std::vector<dominoes::TileSet> hands(n);
  std::vector<double> weights(n);
  for (std::size_t j = 0, i = 0; j < n; ++j, i = (i + step) % n)
    hands[j] = hands_[i], weights[j] = weights_[i];
  hands_.swap(hands);
  weights_.swap(weights);
}

Move EpimcStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  draw_weighted_worlds(obs, params_.sampling, model_.get(), rng, worlds_);
  hands_.clear();
  weights_.clear();
  for (std::size_t i = 0; i < worlds_.hands.size(); ++i)
    if (worlds_.weights[i] > 0)
      hands_.push_back(worlds_.hands[i]), weights_.push_back(worlds_.weights[i]);

  const DecisionBudget& budget = params_.budget;
  // A budget that stops early must not see only the first few of alike neighbours.
  if (budget.active() && worlds_.in_enumeration_order) spread_worlds();
  auto& solver = budget.nodes > 0 ? solver_.fresh(obs.rules()) : solver_.get(obs.rules());
  BudgetMeter meter(budget);
  const std::uint64_t start = solver.nodes();
  const auto spent = [&]() {
    meter.add_work(static_cast<std::int64_t>(solver.nodes() - start) - meter.work());
    return meter.exhausted();
  };
  last_worlds_ = subgame_.build(obs, legal, hands_, weights_, params_.postpone,
                                params_.modelled_replies ? model_.get() : nullptr, solver,
                                budget.active() ? std::function<bool()>(spent) : nullptr);
  const auto n = static_cast<std::size_t>(legal.size());
  values_.assign(n, 0.0);
  fused_.assign(n, 0.0);
  subgame_.fused_values(fused_.data());
  if (params_.postpone == 0)
    values_ = fused_;
  else
    subgame_.consistent_values(params_.exhaustive, values_.data());

  std::size_t best = 0;
  for (std::size_t k = 1; k < n; ++k)
    if (values_[k] > values_[best]) best = k;
  return legal[static_cast<int>(best)];
}

StrategyInfo epimc_strategy_info() {
  return {
      .name = "epimc",
      .summary = "extended perfect-information Monte Carlo (EPIMC): postponed reasoning",
      .method =
          "perfect-information Monte Carlo (PIMC) with its next own turns decided once per "
          "information set (all the player knows there) over worlds weighted as inference "
          "weighs them, open-hands solves only below them; postpone=0 is inference's decision",
      .source =
          "Arjonilla, Saffidine & Cazenave, \"Perfect Information Monte Carlo with "
          "Postponing Reasoning\", IEEE CoG 2024 (arXiv:2408.02380); the weights: Buro "
          "et al. 2009; strategies/epimc/epimc_strategy.h",
      .params =
          {{.name = "postpone",
            .type = ParamType::kInt,
            .default_value = "1",
            .help =
                "own later turns decided per information set before the open-hands solve; 0 = PIMC "
                "(2 holds a few MB per thread)",
            .min = 0,
            .max = 2},
           {.name = "exhaustive",
            .type = ParamType::kInt,
            .default_value = "256",
            .help = "try every pure strategy of the subgame up to this many per root move, else "
                    "coordinate ascent",
            .min = 0,
            .max = 1e9},
           {.name = "reply",
            .type = ParamType::kChoice,
            .default_value = "model",
            .help = "the opponent's replies inside the subgame: min (the worst for us in each "
                    "world, as "
                    "PIMC assumes) or model (the opponent model's policy, from its own view)",
            .min = 0,
            .max = 0,
            .choices = {"min", "model"}},
           {.name = "model",
            .type = ParamType::kText,
            .default_value = "heuristic",
            .help =
                "opponent model weighting the worlds, as inference's: heuristic, self, uniform, "
                "none (equal weights) or fitted:FILE",
            .min = 0,
            .max = 0,
            .check = check_opponent_model,
            .omitted_at_default = false,
            .file_in = fitted_model_file},
           {.name = "temperature",
            .type = ParamType::kDouble,
            .default_value = "1",
            .help = "softmax temperature of the heuristic and self models; 0 = their argmax",
            .min = 0,
            .max = 1e6},
           {.name = "scenarios",
            .type = ParamType::kInt,
            .default_value = "200",
            .help = "worlds per decision",
            .min = 1,
            .max = 1e7},
           {.name = "enumerate",
            .type = ParamType::kInt,
            .default_value = "2000",
            .help = "weigh every consistent hand when there are at most this many",
            .min = 0,
            .max = 1e7},
           {.name = "samples",
            .type = ParamType::kInt,
            .default_value = "1000",
            .help = "else uniform hands drawn, weighed and resampled down to scenarios",
            .min = 1,
            .max = 1e7},
           time_ms_param(),
           nodes_param("open-hands solver nodes")},
      .make =
          [](const ParamValues& v) {
            EpimcParams p;
            p.sampling = world_sampling_of(v);
            p.postpone = static_cast<int>(v.get_int("postpone"));
            p.exhaustive = static_cast<long>(v.get_int("exhaustive"));
            p.modelled_replies = v.get_string("reply") == "model";
            p.budget = budget_of(v);
            return Player(std::make_unique<EpimcStrategy>(p, opponent_model_of(v, "epimc")));
          },
      .check_values = [](const ParamValues& v) -> std::string {
        if (v.get_string("reply") == "model" && v.get_string("model") == "none")
          return "reply=model needs an opponent model (model=heuristic, self, uniform or "
                 "fitted:FILE), not model=none; or use reply=min";
        return "";
      }};
}

}  // namespace strategies
