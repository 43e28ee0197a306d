#include "strategies/softmax/softmax_strategy.h"

#include "engine/dominoes/determinization.h"
#include "strategies/belief/belief_params.h"
#include "strategies/spec.h"

namespace strategies {

bool SoftmaxStrategy::policy(const Observation& obs, const MoveList& legal,
                             std::span<double> probabilities) {
  // The model reads the mover's hand and the public state only: the opponent's hand is left empty.
  model_->policy(dominoes::determinize(obs, dominoes::TileSet()), legal, probabilities.data());
  return true;
}

Move SoftmaxStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  double probabilities[MoveList::kCapacity];
  const std::span<double> p(probabilities, static_cast<std::size_t>(legal.size()));
  policy(obs, legal, p);
  return draw_from_policy(legal, p, rng);
}

namespace {

// Returns the `model` row (belief_params.h) for the model played, which refuses none: a move needs
// a policy to be drawn from.
ParamInfo played_model_param() {
  ParamInfo model =
      opponent_model_param("the model played: heuristic, self, uniform or fitted:FILE");
  model.check = [](const std::string& value) -> std::string {
    if (value == "none")
      return "model=none plays no policy: choose heuristic, self, uniform or fitted:FILE";
    if (value.starts_with("net:"))
      return "a network plays as net(policy=FILE,temperature=T): choose heuristic, self, "
             "uniform or fitted:FILE here";
    return check_opponent_model(value);
  };
  return model;
}

}  // namespace

StrategyInfo softmax_strategy_info() {
  return {.name = "softmax",
          .summary = "a move drawn from an opponent model: the heuristic softened, greedy, fitted",
          .method =
              "draws each move from a model's policy: the ranks of heuristic (the study's "
              "three rules) softened by a temperature, the greedy one-ply model, uniform "
              "play or a fitted move-feature softmax; a noisy player of known form",
          .source =
              "the models of strategies/belief/opponent_model.h; "
              "strategies/softmax/softmax_strategy.h",
          .params = {played_model_param(), model_temperature_param()},
          .make = [](const ParamValues& v) {
            return Player(std::make_unique<SoftmaxStrategy>(opponent_model_of(v, "softmax")));
          }};
}

}  // namespace strategies
