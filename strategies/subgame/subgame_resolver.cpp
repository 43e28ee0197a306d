#include "strategies/subgame/subgame_resolver.h"

#include <algorithm>
#include <stdexcept>

#include "engine/search/search_limit.h"
#include "strategies/subgame/decision_subgame.h"

namespace strategies {

using dominoes::Move;
using dominoes::Observation;
using dominoes::TileSet;

namespace {

constexpr std::int64_t kBytesPerSlot = 2 * sizeof(float);  // PublicTreeCfr: a regret and a sum

// Returns true when `prefix` is the start of `record`.
bool starts_with(std::span<const Move> record, const std::vector<Move>& prefix) {
  return prefix.size() <= record.size() && std::equal(prefix.begin(), prefix.end(), record.begin());
}

}  // namespace

void SubgameResolver::forget() {
  solved_ = Solved{};
  too_large_known_ = false;
  too_large_.clear();
}

bool SubgameResolver::solve_from(const Observation& obs, int moves, const OpponentModel* model) {
  const EarlierView view(obs, moves);
  const Observation& then = view.observation();
  const auto sizes = decision_range_sizes(then);
  const auto most = static_cast<std::uint64_t>(params_.hands);
  if (sizes[0] > most || sizes[1] > most) return false;
  // The tree's size does not depend on the weights: ask with uniform ranges first, and weigh the
  // hands (a model call per hand and past move) only for a subgame that fits.
  const std::int64_t bytes = params_.slots * kBytesPerSlot;
  if (model && !equilibrium::PublicTreeCfr::fits(obs.rules(),
                                                 decision_subgame(then, nullptr, nullptr, 1).root,
                                                 equilibrium::RegretUpdate::kDiscounted, bytes))
    return false;
  DecisionSubgame subgame =
      decision_subgame(then, model, params_.own_model ? model : nullptr, params_.floor);
  auto solver = equilibrium::PublicTreeCfr::fits(obs.rules(), subgame.root,
                                                 equilibrium::RegretUpdate::kDiscounted, bytes);
  if (!solver) return false;
  solver->set_single_threaded(true);
  const BudgetMeter meter(params_.budget);
  for (int i = 0; i < params_.iterations; ++i) {  // the same iterations as one call, but stoppable
    search::check_search(nullptr, 0);             // a run's Ctrl-C: SearchStopped
    solver->iterate(1);
    if (meter.exhausted()) break;  // time-ms spent: never with no budget set
  }
  const auto record = obs.history();
  solved_.rules = obs.rules();
  solved_.leader = obs.leader();
  solved_.root_history.assign(record.begin(), record.begin() + moves);
  solved_.root = std::move(subgame.root);
  solved_.solver = std::move(solver);
  ++solves_;
  return true;
}

bool SubgameResolver::find_solve(const Observation& obs, const OpponentModel* model) {
  const auto record = obs.history();
  const auto n = static_cast<int>(record.size());
  if (solved_.solver && solved_.rules == obs.rules() && solved_.leader == obs.leader() &&
      starts_with(record, solved_.root_history) &&
      (!params_.every_decision || static_cast<int>(solved_.root_history.size()) == n))
    return true;
  if (params_.every_decision) return solve_from(obs, n, model);
  // The earliest public state whose subgame is small enough: the prefixes known too large are
  // skipped (their size depends on the public record only).
  int start = 0;
  if (too_large_known_ && too_large_rules_ == obs.rules() && too_large_leader_ == obs.leader() &&
      starts_with(record, too_large_))
    start = static_cast<int>(too_large_.size()) + 1;
  for (int p = start; p <= n; ++p) {
    if (solve_from(obs, p, model)) return true;
    too_large_.assign(record.begin(), record.begin() + p);
    too_large_rules_ = obs.rules();
    too_large_leader_ = obs.leader();
    too_large_known_ = true;
  }
  return false;
}

bool SubgameResolver::policy(const Observation& obs, const dominoes::MoveList& legal,
                             const OpponentModel* model, std::span<double> probabilities) {
  if (obs.seats() != 2 || !find_solve(obs, model)) return false;
  // The observer's hand at the subgame's root: its hand now and what it played since.
  const auto record = obs.history();
  const auto root_moves = solved_.root_history.size();
  TileSet hand = obs.hand();
  for (std::size_t k = root_moves; k < record.size(); ++k)
    if ((obs.leader() + k) % 2 == static_cast<std::size_t>(obs.seat()) && !record[k].is_pass())
      hand.insert(record[k].tile());
  const auto& hands = solved_.root.hands[obs.seat()];
  const auto index = static_cast<int>(std::find(hands.begin(), hands.end(), hand) - hands.begin());
  if (index == static_cast<int>(hands.size()) ||
      !solved_.solver->average_at(obs.seat(), index, record.subspan(root_moves), moves_,
                                  probabilities_))
    throw std::logic_error(
        "decision-time solving: the observer's information set is not in its "
        "subgame");
  for (int k = 0; k < legal.size(); ++k) {
    probabilities[static_cast<std::size_t>(k)] = 0;
    for (std::size_t q = 0; q < moves_.size(); ++q)
      if (moves_[q] == legal[k]) probabilities[static_cast<std::size_t>(k)] = probabilities_[q];
  }
  return true;
}

}  // namespace strategies
