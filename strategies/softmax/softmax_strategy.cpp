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

StrategyInfo softmax_strategy_info() {
  return {
      .name = "softmax",
      .summary = "a move drawn from an opponent model: the heuristic softened, greedy, fitted",
      .method =
          "draws each move from a model's policy: the ranks of heuristic (the study's "
          "three rules) softened by a temperature, the greedy one-ply model, uniform "
          "play or a fitted move-feature softmax; a noisy player of known form",
      .source =
          "the models of strategies/belief/opponent_model.h; "
          "strategies/softmax/softmax_strategy.h",
      .params = {{.name = "model",
                  .type = ParamType::kText,
                  .default_value = "heuristic",
                  .help = "the model played: heuristic, self, uniform or fitted:FILE",
                  .min = 0,
                  .max = 0,
                  .check = [](const std::string& model) -> std::string {
                    if (model == "none")
                      return "model=none plays no policy: choose heuristic, self, uniform or "
                             "fitted:FILE";
                    return check_opponent_model(model);
                  },
                  .omitted_at_default = false,
                  .file_in = fitted_model_file},
                 {.name = "temperature",
                  .type = ParamType::kDouble,
                  .default_value = "1",
                  .help = "softmax temperature of the heuristic and self models; 0 = their argmax",
                  .min = 0,
                  .max = 1e6}},
      .make = [](const ParamValues& v) {
        return Player(std::make_unique<SoftmaxStrategy>(opponent_model_of(v, "softmax")));
      }};
}

}  // namespace strategies
