#include "strategies/adapt/adapt_strategy.h"

#include "strategies/belief/belief_params.h"
#include "strategies/spec.h"

namespace strategies {

namespace {

WeightedPimcParams search_params(const WorldSampling& sampling,
                                 std::shared_ptr<const OpponentModel> model) {
  WeightedPimcParams p;
  p.sampling = sampling;
  p.model = std::move(model);
  return p;
}

}  // namespace

AdaptStrategy::AdaptStrategy(const WorldSampling& sampling, int series)
    : sampling_(sampling), series_(series), model_(std::make_shared<OnlineModel>()),
      search_(search_params(sampling, model_)) {}

void AdaptStrategy::begin_game(const GameStart& start) {
  seat_ = start.seat;
  leader_ = -1;
  record_.clear();
}

void AdaptStrategy::see_move(dominoes::Seat seat, Move move) {
  if (leader_ < 0) leader_ = seat;
  record_.push_back(move);
}

void AdaptStrategy::end_game(const GameEnd& end) {
  if (leader_ < 0) return;  // no move was made (a forfeit at the start): nothing to learn
  const dominoes::Seat opponent = 1 - seat_;
  model_->learn_game(record_, static_cast<dominoes::Seat>(leader_), opponent, end.hands[opponent]);
}

Move AdaptStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  return search_.choose(obs, legal, rng);
}

StrategyInfo adapt_strategy_info() {
  return {.name = "adapt",
          .summary = "inference with an opponent model learnt from the opponent's moves in play",
          .method = "PIMC over worlds weighted by a posterior over opponent models (uniform, the "
                    "heuristic at two temperatures, greedy, and a move-feature softmax refitted "
                    "after each game), learnt from every game against the opponent; the runner "
                    "resets it every `series` deals",
          .source = "Buro et al., IJCAI 2009 (weighted worlds); Southey et al., UAI 2005 "
                    "(opponent models learnt from hands shown); strategies/adapt/adapt_strategy.h",
          .params = {{"series", ParamType::kInt, "25",
                      "deals played in order against one opponent before the model is reset to "
                      "its prior (the runner's series)",
                      1, 1e6, {}},
                     {"scenarios", ParamType::kInt, "200", "worlds solved per decision", 1, 1e7,
                      {}},
                     {"enumerate", ParamType::kInt, "2000",
                      "weight every consistent hand when there are at most this many", 0, 1e7, {}},
                     {"samples", ParamType::kInt, "1000",
                      "else uniform hands drawn, weighted and resampled down to scenarios", 1, 1e7,
                      {}}},
          .make = [](const ParamValues& v) {
            return Player(std::make_unique<AdaptStrategy>(world_sampling_of(v),
                                                          static_cast<int>(v.get_int("series"))));
          }};
}

}  // namespace strategies
