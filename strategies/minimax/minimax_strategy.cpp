#include "strategies/minimax/minimax_strategy.h"

#include "engine/dominoes/determinization.h"

namespace strategies {

void MinimaxStrategy::add_world(const Observation& obs, dominoes::TileSet hand,
                                const MoveList& legal, long long* totals) {
  const dominoes::State world = dominoes::determinize(obs, hand);
  int values[MoveList::kCapacity];
  // The seed's depth counts the tiles after the candidate move; the solver's counts it too.
  solver_.get(obs.rules()).move_values(world, legal, depth_ == 0 ? 0 : depth_ + 1, values);
  for (int k = 0; k < legal.size(); ++k) totals[k] += values[k];
}

Move MinimaxStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  long long totals[MoveList::kCapacity] = {};
  const bool enumerate =
      exact_ && dominoes::count_consistent_hands(obs) <= static_cast<std::uint64_t>(scenarios_);
  if (enumerate) {
    dominoes::for_each_consistent_hand(obs, [&](dominoes::TileSet hand) {
      add_world(obs, hand, legal, totals);
    });
  } else if (crn_) {
    for (int i = 0; i < scenarios_; ++i)
      add_world(obs, dominoes::sample_opponent_hand(obs, rng), legal, totals);
  } else {
    // Independent worlds per move: each move is scored in its own sample of hands.
    for (int k = 0; k < legal.size(); ++k) {
      MoveList one;
      one.push_back(legal[k]);
      for (int i = 0; i < scenarios_; ++i) {
        long long value[1] = {0};
        add_world(obs, dominoes::sample_opponent_hand(obs, rng), one, value);
        totals[k] += value[0];
      }
    }
  }
  int best = 0;
  for (int k = 1; k < legal.size(); ++k)
    if (totals[k] > totals[best]) best = k;
  return legal[best];
}

StrategyInfo minimax_strategy_info() {
  return {"minimax",
          "the seed's decide_minimax: for each legal move, the mean alpha-beta value over sampled "
          "consistent opponent hands (determinized minimax)",
          false,
          {{"scenarios", ParamType::kInt, "200", "opponent hands sampled per decision", 1, 1e7, {}},
           {"depth", ParamType::kInt, "10",
            "tiles searched after the candidate move; 0 = to the end of the game (exact)", 0, 200,
            {}},
           {"exact", ParamType::kBool, "true",
            "average over every consistent hand when there are no more than scenarios", 0, 0, {}},
           {"crn", ParamType::kBool, "true",
            "common random numbers: the same sampled hands for every candidate move", 0, 0, {}}},
          [](const ParamValues& v) {
            return Player(std::make_unique<MinimaxStrategy>(
                static_cast<int>(v.get_int("scenarios")), static_cast<int>(v.get_int("depth")),
                v.get_bool("exact"), v.get_bool("crn")));
          }};
}

}  // namespace strategies
