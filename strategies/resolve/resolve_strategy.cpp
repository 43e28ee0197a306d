#include "strategies/resolve/resolve_strategy.h"

#include "strategies/belief/belief_params.h"
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
          {{"hands",
            ParamType::kInt,
            "1000",
            "solve only when each seat's range holds at most this many hands",
            1,
            1e7,
            {}},
           {"slots",
            ParamType::kInt,
            "200000",
            "... and the subgame's regret table at most this many slots (8 bytes each)",
            1,
            1e9,
            {}},
           {"iterations", ParamType::kInt, "40", "discounted-CFR iterations per solve", 1, 1e6, {}},
           {"own-range",
            ParamType::kChoice,
            "model",
            "the observer's own range in the subgame: model (its past moves weighed by `model`, "
            "as the opponent's) or uniform",
            0,
            0,
            {"model", "uniform"}},
           {"root",
            ParamType::kChoice,
            "first",
            "where the subgame starts: first (the game's first public state whose subgame is "
            "small enough, solved once and followed to the end) or decision (a fresh subgame at "
            "every decision: continual re-solving)",
            0,
            0,
            {"first", "decision"}},
           {"floor",
            ParamType::kDouble,
            "0.01",
            "the uniform range's share mixed into each range, so that no consistent hand has "
            "weight 0",
            1e-6,
            1,
            {}},
           {"model",
            ParamType::kText,
            "heuristic",
            "model weighing the ranges and inference's worlds: heuristic, self, uniform, none "
            "(uniform ranges, equal weights) or fitted:FILE",
            0,
            0,
            {},
            check_opponent_model,
            false,
            fitted_model_file},
           {"temperature",
            ParamType::kDouble,
            "1",
            "softmax temperature of the heuristic and self models; 0 = their argmax",
            0,
            1e6,
            {}}},
      .make = [](const ParamValues& v) {
        ResolverParams p;
        p.hands = static_cast<long>(v.get_int("hands"));
        p.slots = v.get_int("slots");
        p.iterations = static_cast<int>(v.get_int("iterations"));
        p.own_model = v.get_string("own-range") == "model";
        p.floor = v.get_double("floor");
        p.every_decision = v.get_string("root") == "decision";
        WeightedPimcParams fallback;
        fallback.sampling = world_sampling_of(v);
        fallback.model = opponent_model_of(v, "resolve");
        return Player(std::make_unique<ResolveStrategy>(p, std::move(fallback)));
      }};
  const auto sampling = world_sampling_params("inference: ");
  info.params.insert(info.params.end(), sampling.begin(), sampling.end());
  return info;
}

}  // namespace strategies
