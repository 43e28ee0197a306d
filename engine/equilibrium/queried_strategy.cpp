#include "engine/equilibrium/queried_strategy.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cmath>

#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/state.h"

namespace equilibrium {

namespace {

// Returns the index of the deal whose subtree holds `node`.
std::size_t deal_of(const GameTree& tree, std::int32_t node) {
  while (tree.parents[static_cast<std::size_t>(node)] >= 0) node = tree.parents[static_cast<std::size_t>(node)];
  return static_cast<std::size_t>(std::lower_bound(tree.roots.begin(), tree.roots.end(), node) -
                                  tree.roots.begin());
}

// Fills infoset `i`'s probabilities (and counts when estimated) by asking `strategy`.
void query_infoset(const GameTree& tree, std::size_t i, strategies::Strategy& strategy, int samples,
                   std::uint64_t seed, QueriedStrategy& out, std::atomic<long long>& calls) {
  const Infoset& set = tree.infosets[i];
  const auto begin = static_cast<std::size_t>(out.strategy.offsets[i]);
  const dominoes::Deal& deal = tree.deals[deal_of(tree, set.first_node)];
  dominoes::State state = dominoes::start_state(deal);
  dominoes::History history(deal.leader);
  for (dominoes::Move m : tree.history_to(set.first_node)) {
    dominoes::apply(state, m);
    history.push_back(m);
  }
  const dominoes::Observation obs = dominoes::observe(state, history, tree.rules, state.to_move);
  const dominoes::MoveList legal = dominoes::legal_moves(state);
  std::span<double> probabilities(out.strategy.probabilities.data() + begin, set.actions);
  calls.fetch_add(1, std::memory_order_relaxed);
  if (strategy.policy(obs, legal, probabilities)) return;
  out.estimated[i] = 1;
  std::fill(probabilities.begin(), probabilities.end(), 0.0);
  for (int k = 0; k < samples; ++k) {
    dominoes::Rng rng(dominoes::stream_key({seed, i, static_cast<std::uint64_t>(k)}));
    const dominoes::Move chosen = strategy.choose(obs, legal, rng);
    const auto at = std::find(set.moves.begin(), set.moves.end(), chosen) - set.moves.begin();
    if (at == static_cast<std::ptrdiff_t>(set.moves.size()))
      throw std::logic_error("a strategy chose a move that is not legal in a tree's information set");
    ++out.counts[begin + static_cast<std::size_t>(at)];
  }
  calls.fetch_add(samples, std::memory_order_relaxed);
  for (int a = 0; a < set.actions; ++a)
    probabilities[static_cast<std::size_t>(a)] = out.counts[begin + a] / static_cast<double>(samples);
}

}  // namespace

void check_measurable(const strategies::Player& player) {
  if (player.omniscient())
    throw UnmeasurablePlayer("an omniscient player sees both hands, so it has no strategy over "
                             "information sets to measure: choose a fair strategy");
  if (player.game_follower())
    throw UnmeasurablePlayer("an external bot cannot be asked about positions out of a game: "
                             "choose a built-in strategy");
}

QueriedStrategy query_strategy(const GameTree& tree, const strategies::Player& player, int samples,
                               std::uint64_t seed, const std::function<void(double)>& progress) {
  check_measurable(player);
  if (samples < 1) throw std::invalid_argument("query_strategy needs at least one sample");
  QueriedStrategy out;
  out.strategy = BehaviourStrategy::uniform(tree);
  out.counts.assign(out.strategy.probabilities.size(), 0);
  out.estimated.assign(tree.infosets.size(), 0);
  out.samples = samples;
  std::atomic<long long> calls{0};
  tbb::enumerable_thread_specific<strategies::Player> players(player);
  const std::size_t count = tree.infosets.size(), block = 4096;
  for (std::size_t start = 0; start < count; start += block) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(start, std::min(count, start + block)),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        strategies::Strategy& strategy = *players.local().strategy();
                        for (std::size_t i = r.begin(); i < r.end(); ++i)
                          if (tree.infosets[i].actions >= 2)
                            query_infoset(tree, i, strategy, samples, seed, out, calls);
                      });
    if (progress) progress(static_cast<double>(std::min(count, start + block)) / static_cast<double>(count));
  }
  out.calls = calls.load();
  return out;
}

ExploitabilityEstimate estimate_exploitability(const GameTree& tree, const QueriedStrategy& queried,
                                               int replicates, std::uint64_t seed) {
  ExploitabilityEstimate e;
  e.best_response[0] = best_response_value(tree, queried.strategy, 0);
  e.best_response[1] = best_response_value(tree, queried.strategy, 1);
  e.exploitability = 0.5 * (e.best_response[0] + e.best_response[1]);
  if (std::find(queried.estimated.begin(), queried.estimated.end(), 1) == queried.estimated.end())
    return e;
  std::vector<double> values;
  for (int r = 0; r < replicates; ++r) {
    BehaviourStrategy resampled = queried.strategy;
    dominoes::Rng rng(dominoes::stream_key({seed, static_cast<std::uint64_t>(r)}));
    for (std::size_t i = 0; i < tree.infosets.size(); ++i) {
      if (!queried.estimated[i]) continue;
      const auto begin = static_cast<std::size_t>(queried.strategy.offsets[i]);
      const int n = tree.infosets[i].actions;
      std::uint32_t drawn[dominoes::MoveList::kCapacity] = {};
      for (int k = 0; k < queried.samples; ++k) {  // one draw from the observed moves
        auto pick = rng.below(static_cast<std::uint32_t>(queried.samples));
        int a = 0;
        while (pick >= queried.counts[begin + a]) pick -= queried.counts[begin + a++];
        ++drawn[a];
      }
      for (int a = 0; a < n; ++a)
        resampled.probabilities[begin + a] = drawn[a] / static_cast<double>(queried.samples);
    }
    values.push_back(exploitability(tree, resampled));
  }
  if (replicates < 2) return e;
  double mean = 0, squares = 0;
  for (double v : values) mean += v / replicates;
  for (double v : values) squares += (v - mean) * (v - mean);
  e.standard_error = std::sqrt(squares / (replicates - 1));
  e.bias = mean - e.exploitability;
  e.replicates = replicates;
  return e;
}

}  // namespace equilibrium
