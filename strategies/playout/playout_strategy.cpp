#include "strategies/playout/playout_strategy.h"

#include "engine/dominoes/determinization.h"
#include "strategies/belief/belief_params.h"
#include "strategies/spec.h"
#include "strategies/world_draw.h"

namespace strategies {

long long PlayoutStrategy::evaluate(const Observation& obs, const WorldDraw& draw, Move move,
                                    Rng& rng) {
  long long total = 0;
  for (int i = 0; i < playouts_; ++i) {
    dominoes::State s = crn_ ? worlds_[i] : draw(rng);
    dominoes::Rng rollout_rng(crn_ ? seeds_[i] : rng.next());
    dominoes::apply(s, move);
    total += rollout(s, rollout_, obs.rules(), obs.seat(), rollout_rng);
  }
  return total;
}

Move PlayoutStrategy::budgeted_choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  BudgetMeter meter(budget_);
  const WorldDraw draw(obs);
  long long totals[MoveList::kCapacity] = {};
  for (int i = 0; i < playouts_; ++i) {
    dominoes::State world;
    std::uint64_t seed = 0;
    for (int k = 0; k < legal.size(); ++k) {
      if (k == 0 || !crn_) world = draw(rng), seed = rng.next();
      dominoes::Rng rollout_rng(seed);
      dominoes::State s = world;
      dominoes::apply(s, legal[k]);
      std::int64_t plies = 1;  // the candidate move
      totals[k] += counted_rollout(s, rollout_, obs.rules(), obs.seat(), rollout_rng, plies);
      meter.add_work(plies);
    }
    if (meter.exhausted()) break;
  }
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (totals[k] > totals[best]) best = k;
  return legal[best];
}

Move PlayoutStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  if (budget_.active()) return budgeted_choose(obs, legal, rng);
  const WorldDraw draw(obs);
  if (crn_) {
    worlds_.resize(static_cast<std::size_t>(playouts_));
    seeds_.resize(static_cast<std::size_t>(playouts_));
    for (int i = 0; i < playouts_; ++i) {
      worlds_[i] = draw(rng);
      seeds_[i] = rng.next();
    }
  }
  Move best = legal[0];
  long long best_total = 0;
  for (int k = 0; k < legal.size(); ++k) {
    const long long total = evaluate(obs, draw, legal[k], rng);
    if (k == 0 || total > best_total) best = legal[k], best_total = total;
  }
  return best;
}

namespace {

// Returns the rollout policy a `rollout` value names (see the parameter's help). Throws SpecError
// with one line for any other value or a model file that cannot be read.
RolloutPolicy rollout_policy_of(const std::string& value) {
  if (value == "random") return {RolloutPolicy::Kind::kRandom, nullptr};
  if (value == "lowest") return {RolloutPolicy::Kind::kLowest, nullptr};
  if (value == "heuristic" || (value.starts_with("fitted:") && !fitted_model_file(value).empty()))
    return {RolloutPolicy::Kind::kModel, make_opponent_model(value, 0.0)};
  throw SpecError("valid is random, lowest, heuristic or fitted:FILE");
}

std::string check_rollout_policy(const std::string& value) {
  return check_by_making(rollout_policy_of, value);
}

}  // namespace

StrategyInfo playout_strategy_info() {
  return {
      .name = "playout",
      .summary = "perfect-information Monte Carlo with rollouts (the study's decide_playout)",
      .method =
          "for each legal move, the mean result of rollouts over sampled consistent "
          "opponent hands (perfect-information Monte Carlo); the best mean is played",
      .source =
          "decide_playout of the Prolog study of Block Dominoes this project reproduces (its "
          "essay's \"Insight\"; docs/glossary.md); strategies/playout/playout_strategy.h",
      .params =
          {{.name = "playouts",
            .type = ParamType::kInt,
            .default_value = "1000",
            .help = "rollouts per legal move",
            .min = 1,
            .max = 1e7},
           {.name = "rollout",
            .type = ParamType::kText,
            .default_value = "random",
            .help =
                "rollout policy for every seat: random, lowest (as the study's rollouts played), "
                "heuristic (the study's three rules from the mover's view), or fitted:FILE (moves "
                "drawn from a move-feature softmax of dominoes fit-model, such as an imitation of "
                "a "
                "searcher's play)",
            .min = 0,
            .max = 0,
            .check = check_rollout_policy,
            .omitted_at_default = false,
            .file_in = fitted_model_file},
           {.name = "crn",
            .type = ParamType::kBool,
            .default_value = "true",
            .help = "common random numbers: the same sampled hands for every candidate move",
            .min = 0,
            .max = 0},
           time_ms_param(),
           nodes_param("simulated plies (each playout's candidate move and rollout moves)")},
      .make =
          [](const ParamValues& v) {
            const RolloutPolicy policy = make_checked_value(
                "playout", "rollout", v.get_string("rollout"), rollout_policy_of);
            return Player(std::make_unique<PlayoutStrategy>(
                static_cast<int>(v.get_int("playouts")), policy, v.get_bool("crn"), budget_of(v)));
          },
      .seat_counts = kEverySeatCount};
}

}  // namespace strategies
