#include "strategies/inference/inference_strategy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "engine/common/text.h"
#include "engine/dominoes/determinization.h"
#include "strategies/belief/belief_params.h"
#include "strategies/belief/partner_model.h"
#include "strategies/spec.h"

namespace strategies {

using dominoes::Placement;
using dominoes::State;
using dominoes::TileSet;

Move InferenceStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  return search_.choose(obs, legal, rng);
}

StrategyInfo inference_strategy_info() {
  return {
      .name = "inference",
      .summary = "exact perfect-information Monte Carlo, worlds weighted by an opponent model",
      .method =
          "determinized minimax (exact by default: depth 0) over opponent hands weighted "
          "by the likelihood of the opponent's past moves under an opponent model; the move "
          "with the best weighted mean is played",
      .source =
          "Buro, Long, Furtak & Sturtevant, IJCAI 2009 (worlds weighted by the observed "
          "play); Ginsberg, \"GIB\", JAIR 14, 2001; "
          "strategies/inference/inference_strategy.h",
      .params =
          {opponent_model_param(
               "opponent model: heuristic (the study's three rules, rank softmax), self (a greedy "
               "one-ply softmax), uniform (uniformly random moves), none (no inference: equal "
               "weights), fitted:FILE (a softmax over move features, from dominoes fit-model), or "
               "net:FILE (a network model: a policy's likelihood of each past move, or a "
               "belief's probability of each hidden tile's place)"),
           model_temperature_param(),
           {.name = "partner",
            .type = ParamType::kChoice,
            .default_value = "model",
            .help =
                "four seats with partners: how the partner's moves weigh the worlds: model (as the "
                "opponents', by `model`) or convention (the partnership convention's own policy, "
                "the strategy `partner`)",
            .min = 0,
            .max = 0,
            .choices = {"model", "convention"},
            .check = nullptr,
            .omitted_at_default = true},
           scenarios_param(),
           world_depth_param(
               "tiles searched after the candidate move, the horizon scored as minimax's; 0 = to "
               "the end of the game (exact)"),
           enumerate_param(),
           samples_param(),
           time_ms_param(),
           nodes_param("open-hands solver nodes of the worlds solved (a fresh table each "
                       "decision)")},
      .make =
          [](const ParamValues& v) {
            std::shared_ptr<const OpponentModel> partner;
            if (v.get_string("partner") == "convention")
              partner = std::make_shared<PartnerConventionModel>();
            WeightedPimcParams p;
            p.sampling = world_sampling_of(v);
            p.model = opponent_model_of(v, "inference");
            p.belief = world_belief_of(v, "inference");
            p.budget = budget_of(v);
            p.partner_model = std::move(partner);
            p.depth = static_cast<int>(v.get_int("depth"));
            return Player(std::make_unique<InferenceStrategy>(p));
          },
      .seat_counts = kEverySeatCount,
      .check_rules =
          [](const ParamValues& v, const dominoes::Rules& rules) {
            return net_model_refusal(v.get_string("model"), rules);
          }};
}

}  // namespace strategies
