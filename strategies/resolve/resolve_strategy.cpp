#include "strategies/resolve/resolve_strategy.h"

#include <algorithm>
#include <stdexcept>

#include "engine/equilibrium/public_tree_cfr.h"
#include "strategies/belief/belief_params.h"
#include "strategies/resolve/decision_subgame.h"
#include "strategies/spec.h"

namespace strategies {

using dominoes::TileSet;

namespace {

constexpr std::int64_t kBytesPerSlot = 2 * sizeof(float);  // PublicTreeCfr: a regret and a sum

// Returns true when `prefix` is the start of `record`.
bool starts_with(std::span<const Move> record, const std::vector<Move>& prefix) {
  return prefix.size() <= record.size() && std::equal(prefix.begin(), prefix.end(), record.begin());
}

}  // namespace

bool ResolveStrategy::solve_from(const Observation& obs, int moves) {
  const EarlierView view(obs, moves);
  const Observation& then = view.observation();
  const auto sizes = decision_range_sizes(then);
  const auto most = static_cast<std::uint64_t>(params_.hands);
  if (sizes[0] > most || sizes[1] > most) return false;
  const OpponentModel* model = fallback_.params().model.get();
  DecisionSubgame subgame =
      decision_subgame(then, model, params_.own_model ? model : nullptr, params_.floor);
  auto solver = equilibrium::PublicTreeCfr::fits(obs.rules(), subgame.root,
                                                 equilibrium::RegretUpdate::kDiscounted,
                                                 params_.slots * kBytesPerSlot);
  if (!solver) return false;
  solver->set_single_threaded(true);
  solver->iterate(params_.iterations);
  const auto record = obs.history();
  solved_.rules = obs.rules();
  solved_.leader = obs.leader();
  solved_.root_history.assign(record.begin(), record.begin() + moves);
  solved_.root = std::move(subgame.root);
  solved_.solver = std::move(solver);
  ++solves_;
  return true;
}

bool ResolveStrategy::solve(const Observation& obs, const MoveList& legal,
                            std::span<double> probabilities) {
  if (obs.seats() != 2) return false;
  const auto record = obs.history();
  const auto n = static_cast<int>(record.size());
  bool found = solved_.solver && solved_.rules == obs.rules() &&
               solved_.leader == obs.leader() && starts_with(record, solved_.root_history) &&
               (!params_.every_decision || static_cast<int>(solved_.root_history.size()) == n);
  if (!found && params_.every_decision) found = solve_from(obs, n);
  if (!found && !params_.every_decision) {
    // The earliest public state whose subgame is small enough: the prefixes known too large are
    // skipped (they depend on the public record only).
    int start = 0;
    if (too_large_known_ && too_large_rules_ == obs.rules() && too_large_leader_ == obs.leader() &&
        starts_with(record, too_large_))
      start = static_cast<int>(too_large_.size()) + 1;
    for (int p = start; p <= n && !found; ++p) {
      found = solve_from(obs, p);
      if (found) continue;
      too_large_.assign(record.begin(), record.begin() + p);
      too_large_rules_ = obs.rules();
      too_large_leader_ = obs.leader();
      too_large_known_ = true;
    }
  }
  if (!found) return false;
  // The observer's hand at the subgame's root: its hand now and what it played since.
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
    throw std::logic_error("resolve: the observer's information set is not in its subgame");
  for (int k = 0; k < legal.size(); ++k) {
    probabilities[static_cast<std::size_t>(k)] = 0;
    for (std::size_t q = 0; q < moves_.size(); ++q)
      if (moves_[q] == legal[k]) probabilities[static_cast<std::size_t>(k)] = probabilities_[q];
  }
  return true;
}

bool ResolveStrategy::policy(const Observation& obs, const MoveList& legal,
                             std::span<double> probabilities) {
  last_solved_ = solve(obs, legal, probabilities);
  return last_solved_;
}

Move ResolveStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  double probabilities[MoveList::kCapacity];
  last_solved_ = solve(obs, legal, std::span<double>(probabilities, legal.size()));
  if (!last_solved_) return fallback_.choose(obs, legal, rng);
  // Draw from the mixed strategy; the last move takes what rounding leaves.
  double u = rng.uniform();
  for (int k = 0; k + 1 < legal.size(); ++k) {
    u -= probabilities[k];
    if (u < 0) return legal[k];
  }
  return legal[legal.size() - 1];
}

StrategyInfo resolve_strategy_info() {
  return {.name = "resolve",
          .summary = "decision-time endgame solving: CFR on the public subgame once it is small",
          .method = "plays inference until the public subgame from the decision is small enough, "
                    "then solves it from both seats' ranges (the opponent's weighted by its past "
                    "moves under the model) by discounted CFR and draws from the solved strategy; "
                    "re-solves at every decision (unsafe continual re-solving)",
          .source = "Burch, Johanson & Bowling, AAAI 2014 (decomposition); Moravcik et al., "
                    "Science 2017 (continual re-solving); Brown & Sandholm, NeurIPS 2017 (safe and "
                    "unsafe subgame solving); strategies/resolve/resolve_strategy.h",
          .params = {{"hands", ParamType::kInt, "1000",
            "re-solve only when each seat's range holds at most this many hands", 1, 1e7, {}},
           {"slots", ParamType::kInt, "200000",
            "... and the subgame's regret table at most this many slots (8 bytes each)", 1, 1e9,
            {}},
           {"iterations", ParamType::kInt, "40", "discounted-CFR iterations per solve", 1, 1e6,
            {}},
           {"own-range", ParamType::kChoice, "model",
            "the observer's own range in the subgame: model (its past moves weighed by `model`, "
            "as the opponent's) or uniform",
            0, 0, {"model", "uniform"}},
           {"root", ParamType::kChoice, "first",
            "where the subgame starts: first (the game's first public state whose subgame is "
            "small enough, solved once and followed to the end) or decision (a fresh subgame at "
            "every decision: continual re-solving)",
            0, 0, {"first", "decision"}},
           {"floor", ParamType::kDouble, "0.01",
            "the uniform range's share mixed into each range, so that no consistent hand has "
            "weight 0",
            1e-6, 1, {}},
           {"model", ParamType::kText, "heuristic",
            "model weighing the ranges and inference's worlds: heuristic, self, uniform, none "
            "(uniform ranges, equal weights) or fitted:FILE",
            0, 0, {}, check_opponent_model, false, fitted_model_file},
           {"temperature", ParamType::kDouble, "1",
            "softmax temperature of the heuristic and self models; 0 = their argmax", 0, 1e6, {}},
           {"scenarios", ParamType::kInt, "200", "inference: worlds solved per decision", 1, 1e7,
            {}},
           {"enumerate", ParamType::kInt, "2000",
            "inference: weight every consistent hand when there are at most this many", 0, 1e7,
            {}},
           {"samples", ParamType::kInt, "1000",
            "inference: else uniform hands drawn, weighted and resampled down to scenarios", 1,
            1e7, {}}},
          .make = [](const ParamValues& v) {
            ResolveParams p;
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
}

}  // namespace strategies
