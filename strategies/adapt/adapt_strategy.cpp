#include "strategies/adapt/adapt_strategy.h"

#include "strategies/belief/belief_params.h"
#include "strategies/spec.h"

namespace strategies {

namespace {

// The most hands a range of adapt's endgame may hold: a solve's cost grows with the ranges as
// much as with the tree (bench/bench_resolve.cpp). 500 keeps double-six's endgames to two tiles a
// hand (a 3-tile range there holds at least C(17, 3) = 680 hands) while holding double-3 and
// double-4 with 3 tiles whole (C(10, 3) = 120 and C(15, 3) = 455 hands a seat).
constexpr long kEndgameHands = 500;

// Two seats: the worlds weighted by the opponent's learnt model, which also predicts its next reply
// with reply=model.
WeightedPimcParams search_params(const AdaptParams& params,
                                 const std::shared_ptr<const OpponentModel>& model) {
  WeightedPimcParams p;
  p.sampling = params.sampling;
  p.model = model;
  if (params.modelled_replies) {
    p.reply_model = model;
    p.safety = params.safety;
  }
  return p;
}

// Three and four seats: the worlds weighted by every other seat's own model (the partner's
// included: no partner model of its own), each solved with open hands (no reply model: the
// searcher's table path has none).
WeightedPimcParams table_search_params(const AdaptParams& params,
                                       const std::shared_ptr<const OpponentModel>& models) {
  WeightedPimcParams p;
  p.sampling = params.table_sampling;
  p.model = models;
  p.depth = params.table_depth;
  return p;
}

ResolverParams endgame_params(const AdaptParams& params) {
  ResolverParams p;
  p.slots = params.endgame_slots;
  p.hands = kEndgameHands;
  p.own_model = false;  // the learnt model is the opponent's: its own range stays uniform
  return p;
}

}  // namespace

AdaptStrategy::AdaptStrategy(const AdaptParams& params)
    : params_(params),
      models_(std::make_shared<OnlineSeatModels>(params.policy_prior)),
      search_(
          search_params(params, std::shared_ptr<const OpponentModel>(models_, &models_->at(1)))),
      table_search_(table_search_params(params, models_)),
      resolver_(endgame_params(params)) {}

void AdaptStrategy::begin_game(const GameStart& start) {
  seat_ = start.seat;
  seats_ = start.rules ? start.rules->seats : 2;
  skip_lead_ = seats_ > 2 && start.rules->leader == dominoes::LeaderRule::kHeaviestDouble;
  leader_ = -1;
  record_.clear();
}

void AdaptStrategy::see_move(dominoes::Seat seat, Move move) {
  if (leader_ < 0) leader_ = seat;
  record_.push_back(move);
}

void AdaptStrategy::end_game(const GameEnd& end) {
  if (leader_ < 0) return;  // no move was made (a forfeit at the start): nothing to learn
  if (seats_ == 2) {
    const dominoes::Seat opponent = 1 - seat_;
    models_->at(1).learn_game(record_, static_cast<dominoes::Seat>(leader_), opponent,
                              end.hands[opponent]);
  } else {
    models_->learn_table_game(record_, static_cast<dominoes::Seat>(leader_), seats_, seat_,
                              end.hands, skip_lead_);
  }
  resolver_.forget();  // the ranges come from the model, which has changed
}

bool AdaptStrategy::policy(const Observation& obs, const MoveList& legal,
                           std::span<double> probabilities) {
  return obs.seats() == 2 && params_.endgame_slots > 0 &&
         resolver_.policy(obs, legal, &models_->at(1), probabilities);
}

Move AdaptStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  if (obs.seats() > 2) {
    models_->set_observer(obs.seat());
    return table_search_.choose(obs, legal, rng);
  }
  double probabilities[MoveList::kCapacity];
  const std::span<double> p(probabilities, static_cast<std::size_t>(legal.size()));
  if (policy(obs, legal, p)) return draw_from_policy(legal, p, rng);
  return search_.choose(obs, legal, rng);
}

StrategyInfo adapt_strategy_info() {
  StrategyInfo info{
      .name = "adapt",
      .summary = "inference with an opponent model learnt from the opponent's moves in play",
      .method =
          "perfect-information Monte Carlo (PIMC) over worlds weighted by a posterior over "
          "opponent models (uniform, the heuristic at two temperatures, greedy, and a "
          "move-feature softmax refitted after each game), learnt from every game against "
          "the opponent (the runner resets it every `series` deals); in each world the "
          "opponent's next choice follows the model, hedged towards its best reply by "
          "`safety`; small endgames are solved by counterfactual regret minimisation (CFR) "
          "from the model's ranges and their solution played. Three and four seats: one model "
          "per other seat (the partner's too), learnt from that seat's moves; a world deals "
          "every hidden hand, weighted by each seat's past moves under its own model, and is "
          "solved with open hands for adapt's team (the other seats at their best against it, "
          "as reply=min: reply and safety are not used there), the move chosen as inference's; "
          "no endgame solve (two seats only); table-scenarios and table-samples size the "
          "worlds",
      .source =
          "Buro et al., IJCAI 2009 (weighted worlds); Southey et al., UAI 2005 "
          "(opponent models learnt from hands shown); Johanson, Zinkevich & Bowling, "
          "NIPS 2007 (restricted response); Burch, Johanson & Bowling, AAAI 2014 "
          "(endgames); strategies/adapt/adapt_strategy.h",
      .params =
          {{.name = "series",
            .type = ParamType::kInt,
            .default_value = "25",
            .help = "deals played in order against one opponent before the model is reset to "
                    "its prior (the runner's series)",
            .min = 1,
            .max = 1e6},
           {.name = "reply",
            .type = ParamType::kChoice,
            .default_value = "model",
            .help = "two seats: the opponent's next choice in each world: model (the learnt "
                    "model's, hedged by safety) or min (its best, as PIMC assumes); three and "
                    "four seats play as min whatever its value",
            .min = 0,
            .max = 0,
            .choices = {"model", "min"}},
           {.name = "safety",
            .type = ParamType::kDouble,
            .default_value = "0.5",
            .help = "two seats with reply=model: the weight of the opponent's best reply against "
                    "the model's (0 = trust the model fully, 1 = PIMC); unused at three and four "
                    "seats",
            .min = 0,
            .max = 1},
           {.name = "endgame",
            .type = ParamType::kInt,
            .default_value = "100000",
            .help = "two seats: solve the public subgame once its regret table fits in this many "
                    "slots (8 "
                    "bytes each: the default is 0.8 MB, the most 8 GB) and each range in 500 "
                    "hands, the opponent's range from the learnt model (floor 0.01), its own "
                    "uniform, by 40 iterations of discounted CFR, and play the solution; 0 = "
                    "never; three and four seats never solve it, whatever its value",
            .min = 0,
            .max = 1e9},
           {.name = "prior",
            .type = ParamType::kText,
            .default_value = "none",
            .help = "the learnt model's policy prior: none, or fitted:FILE (a move-feature "
                    "softmax from dominoes fit-model, such as an imitation of a searcher's "
                    "play) that the fitted member starts from and is pulled towards",
            .min = 0,
            .max = 0,
            .check = check_policy_prior,
            .omitted_at_default = true,
            .file_in = fitted_model_file}},
      .make =
          [](const ParamValues& v) {
            AdaptParams p;
            p.sampling = world_sampling_of(v);
            p.series = static_cast<int>(v.get_int("series"));
            p.modelled_replies = v.get_string("reply") == "model";
            p.safety = v.get_double("safety");
            p.endgame_slots = v.get_int("endgame");
            p.policy_prior = policy_prior_of(v, "adapt");
            p.table_sampling.scenarios = static_cast<int>(v.get_int("table-scenarios"));
            p.table_sampling.samples = static_cast<int>(v.get_int("table-samples"));
            p.table_depth = static_cast<int>(v.get_int("table-depth"));
            return Player(std::make_unique<AdaptStrategy>(p));
          },
      .seat_counts = kEverySeatCount};
  const auto sampling = world_sampling_params("two seats: ");
  info.params.insert(info.params.end(), sampling.begin(), sampling.end());
  // After the two-seat worlds, left out of the name at their defaults so that two-seat specs keep
  // theirs.
  const AdaptParams defaults;
  info.params.push_back({.name = "table-scenarios",
                         .type = ParamType::kInt,
                         .default_value = std::to_string(defaults.table_sampling.scenarios),
                         .help = "three and four seats: worlds solved per decision (scenarios is "
                                 "the two-seat count)",
                         .min = 1,
                         .max = 1e7,
                         .check = nullptr,
                         .omitted_at_default = true});
  info.params.push_back({.name = "table-samples",
                         .type = ParamType::kInt,
                         .default_value = std::to_string(defaults.table_sampling.samples),
                         .help = "three and four seats: worlds dealt uniformly, weighted and "
                                 "resampled down to table-scenarios (samples is the two-seat "
                                 "count)",
                         .min = 1,
                         .max = 1e7,
                         .check = nullptr,
                         .omitted_at_default = true});
  info.params.push_back({.name = "table-depth",
                         .type = ParamType::kInt,
                         .default_value = std::to_string(defaults.table_depth),
                         .help = "three and four seats: tiles searched after the candidate move "
                                 "in each world, the horizon scored as minimax's; 0 = to the end "
                                 "of the hand (exact). For the double-nine table",
                         .min = 0,
                         .max = 200,
                         .check = nullptr,
                         .omitted_at_default = true});
  return info;
}

}  // namespace strategies
