#include "strategies/epimc/epimc_strategy.h"

#include <algorithm>
#include <cmath>

#include "strategies/belief/belief_params.h"
#include "strategies/belief/partner_model.h"
#include "strategies/best_over_worlds.h"
#include "strategies/spec.h"

namespace strategies {

namespace {

// The check of `partner-model`: model, or an opponent model other than none.
std::string check_partner_model(const std::string& reading) {
  if (reading == "model" || reading == "search") return "";
  if (reading == "none")
    return "valid is model, heuristic, self, uniform or fitted:FILE (the partner's moves are "
           "always read)";
  const std::string why = check_opponent_model(reading);
  if (why.empty() || !fitted_model_file(reading).empty()) return why;  // a file's own problem
  return "valid is model, search, heuristic, self, uniform or fitted:FILE";
}

}  // namespace

template <typename World>
void EpimcStrategy::spread_worlds(std::vector<World>& worlds) {
  const std::size_t n = worlds.size(), step = spread_step(n);
  std::vector<World> spread(n);
  std::vector<double> weights(n);
  for (std::size_t j = 0, i = 0; j < n; ++j, i = (i + step) % n)
    spread[j] = worlds[i], weights[j] = weights_[i];
  worlds.swap(spread);
  weights_.swap(weights);
}

Move EpimcStrategy::best_root_move(const MoveList& legal) {
  const auto n = static_cast<std::size_t>(legal.size());
  values_.assign(n, 0.0);
  fused_.assign(n, 0.0);
  subgame_.fused_values(fused_.data());
  if (params_.postpone == 0)
    values_ = fused_;
  else
    subgame_.consistent_values(params_.exhaustive, values_.data());

  std::size_t best = 0;
  for (std::size_t k = 1; k < n; ++k)
    if (values_[k] > values_[best]) best = k;
  return legal[static_cast<int>(best)];
}

double searching_partner_likelihood(const Observation& obs, std::span<const SeatDecision> decisions,
                                    const dominoes::TableHands& world,
                                    endgame::BlockDominoesSolver& solver, int depth,
                                    double temperature) {
  const auto partner = static_cast<dominoes::Seat>((obs.seat() + 2) % obs.seats());
  double likelihood = 1.0;
  int values[MoveList::kCapacity];
  // Latest first, the order of the product the weights were measured with.
  for (auto d = decisions.rbegin(); d != decisions.rend(); ++d) {
    if (d->before.to_move != partner) continue;
    dominoes::State then = d->before;
    for (int seat = 0; seat < obs.seats(); ++seat) then.hands[seat] |= world[seat];
    const MoveList moves = dominoes::legal_moves(then);
    if (moves.size() < 2) continue;  // forced: probability 1 in this world
    solver.move_values(then, moves, depth, values);
    const int top = *std::max_element(values, values + moves.size());
    double total = 0, chosen = 0;
    for (int m = 0; m < moves.size(); ++m) {
      const double e = std::exp((values[m] - top) / temperature);
      total += e;
      if (moves[m] == d->played) chosen = e;
    }
    likelihood *= chosen / total;
  }
  return likelihood;
}

Move EpimcStrategy::choose_table(const Observation& obs, const MoveList& legal, Rng& rng) {
  const bool read_partner = params_.partner_search_reading && obs.rules().partners;
  SeatModels models{model_.get(), partner_past_.get(), params_.belief.get()};
  models.partner_unread = read_partner;
  draw_table_worlds(obs, params_.sampling, models, rng, worlds_, true);
  tables_.clear();
  weights_.clear();
  for (std::size_t i = 0; i < worlds_.tables.size(); ++i)
    if (worlds_.weights[i] > 0)
      tables_.push_back(worlds_.tables[i]), weights_.push_back(worlds_.weights[i]);

  const DecisionBudget& budget = params_.budget;
  if (budget.active() && worlds_.in_enumeration_order) spread_worlds(tables_);
  auto& solver = budget.nodes > 0 ? solver_.fresh(obs.rules()) : solver_.get(obs.rules());
  if (read_partner) {
    const std::vector<SeatDecision> decisions = other_seat_decisions(obs);
    for (std::size_t i = 0; i < tables_.size(); ++i)
      weights_[i] *= searching_partner_likelihood(
          obs, decisions, tables_[i], solver, params_.partner_depth, params_.partner_temperature);
  }
  BudgetMeter meter(budget);
  const std::uint64_t start = solver.nodes();
  const auto spent = [&]() {
    meter.add_work(static_cast<std::int64_t>(solver.nodes() - start) - meter.work());
    return meter.exhausted();
  };
  int tiles = 0;
  for (int seat = 0; seat < obs.seats(); ++seat)
    tiles += obs.tile_count(static_cast<dominoes::Seat>(seat));
  const int postpone =
      params_.postpone_tiles > 0 && tiles > params_.postpone_tiles ? 0 : params_.postpone;
  if (postpone == 0 && !budget.active() && !tables_.empty()) {
    // PIMC over the weighted worlds: inference's move by the same bounded search (the plain
    // weighted sums' move, most moves refuted by bounds: strategies/best_over_worlds.h).
    std::vector<dominoes::State> worlds;
    for (const dominoes::TableHands& t : tables_) worlds.push_back(dominoes::determinize(obs, t));
    last_worlds_ = worlds.size();
    values_.clear();
    fused_.clear();
    return legal[best_over_worlds(solver, worlds, legal, solver_depth_for(params_.depth),
                                  weights_)];
  }
  subgame_.set_search_replies(params_.search_replies);
  last_worlds_ = subgame_.build_table(
      obs, legal, tables_, weights_, postpone, params_.modelled_replies ? model_.get() : nullptr,
      partner_moves_.get(), solver, budget.active() ? std::function<bool()>(spent) : nullptr);
  return best_root_move(legal);
}

Move EpimcStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  if (obs.seats() > 2) return choose_table(obs, legal, rng);
  draw_weighted_worlds(obs, params_.sampling, model_.get(), rng, worlds_, params_.belief.get());
  hands_.clear();
  weights_.clear();
  for (std::size_t i = 0; i < worlds_.hands.size(); ++i)
    if (worlds_.weights[i] > 0)
      hands_.push_back(worlds_.hands[i]), weights_.push_back(worlds_.weights[i]);

  const DecisionBudget& budget = params_.budget;
  // A budget that stops early must not see only the first few of alike neighbours.
  if (budget.active() && worlds_.in_enumeration_order) spread_worlds(hands_);
  auto& solver = budget.nodes > 0 ? solver_.fresh(obs.rules()) : solver_.get(obs.rules());
  BudgetMeter meter(budget);
  const std::uint64_t start = solver.nodes();
  const auto spent = [&]() {
    meter.add_work(static_cast<std::int64_t>(solver.nodes() - start) - meter.work());
    return meter.exhausted();
  };
  subgame_.set_search_replies(params_.search_replies);
  last_worlds_ = subgame_.build(obs, legal, hands_, weights_, params_.postpone,
                                params_.modelled_replies ? model_.get() : nullptr, solver,
                                budget.active() ? std::function<bool()>(spent) : nullptr);
  return best_root_move(legal);
}

namespace {

// Returns epimc's parameter table, in the order its canonical spec spells the values: its own
// rows, and the ones it shares with inference (strategies/belief/belief_params.h) in its words.
std::vector<ParamInfo> epimc_params() {
  return {{.name = "postpone",
           .type = ParamType::kInt,
           .default_value = "1",
           .help = "own later turns decided per information set before the open-hands solve; 0 = "
                   "PIMC (2 holds a few MB per thread)",
           .min = 0,
           .max = 2},
          {.name = "exhaustive",
           .type = ParamType::kInt,
           .default_value = "256",
           .help = "try every pure strategy of the subgame up to this many per root move, else "
                   "coordinate ascent",
           .min = 0,
           .max = 1e9},
          {.name = "reply",
           .type = ParamType::kChoice,
           .default_value = "model",
           .help = "the opponent's replies inside the subgame: min (the worst for us in each "
                   "world, as PIMC assumes), model (the opponent model's policy, from its own "
                   "view) or search (its own best open-hands move in each world, as a PIMC "
                   "opponent)",
           .min = 0,
           .max = 0,
           .choices = {"min", "model", "search"}},
          opponent_model_param(
              "opponent model weighting the worlds, as inference's: heuristic, self, uniform, "
              "none (equal weights), fitted:FILE or net:FILE (a policy or belief network)"),
          model_temperature_param(),
          scenarios_param("worlds per decision"),
          enumerate_param("weigh every consistent hand when there are at most this many"),
          samples_param("else uniform hands drawn, weighed and resampled down to scenarios"),
          time_ms_param(),
          nodes_param("open-hands solver nodes"),
          {.name = "partner",
           .type = ParamType::kChoice,
           .default_value = "search",
           .help = "four seats with partners: the partner's turns inside the subgame: search (its "
                   "best open-hands move for the team in each world, as a searching partner "
                   "plays), model (by `model`, as an opponent) or convention (the partnership "
                   "convention, which then also reads its past moves: for a `partner` seat)",
           .min = 0,
           .max = 0,
           .choices = {"search", "model", "convention"},
           .check = nullptr,
           .omitted_at_default = true},
          {.name = "partner-model",
           .type = ParamType::kText,
           .default_value = "model",
           .help = "four seats with partners: the model reading the partner's past moves for the "
                   "weights: model (as `model` reads the opponents'), heuristic, self, uniform, "
                   "fitted:FILE, or search (a softmax over its moves' open-hands values in each "
                   "world: partner-depth, partner-temperature); partner=convention reads them by "
                   "the convention",
           .min = 0,
           .max = 0,
           .check = check_partner_model,
           .omitted_at_default = true,
           .file_in = fitted_model_file},
          {.name = "partner-depth",
           .type = ParamType::kInt,
           .default_value = "4",
           .help = "partner-model=search: tiles searched after each past partner move; 0 = to the "
                   "end (exact)",
           .min = 0,
           .max = 200,
           .check = nullptr,
           .omitted_at_default = true},
          {.name = "partner-temperature",
           .type = ParamType::kDouble,
           .default_value = "4",
           .help = "partner-model=search: the softmax temperature, in points",
           .min = 0.01,
           .max = 1e6,
           .check = nullptr,
           .omitted_at_default = true},
          {.name = "postpone-tiles",
           .type = ParamType::kInt,
           .default_value = "0",
           .help = "three and four seats: postpone only once at most this many tiles are left in "
                   "all the hands together, before that postpone=0; 0 = always",
           .min = 0,
           .max = 1000,
           .check = nullptr,
           .omitted_at_default = true},
          world_depth_param(
              "three and four seats: while it plays PIMC (postpone=0, or before postpone-tiles), "
              "tiles searched after the candidate move in each world, the horizon scored as "
              "minimax's; 0 = to the end of the hand (exact). For the double-nine table; the "
              "postponed subgame's leaves are always exact")};
}

// Returns the epimc player the resolved values `v` describe.
Player make_epimc(const ParamValues& v) {
  EpimcParams p;
  p.sampling = world_sampling_of(v);
  p.postpone = static_cast<int>(v.get_int("postpone"));
  p.exhaustive = static_cast<long>(v.get_int("exhaustive"));
  p.modelled_replies = v.get_string("reply") == "model";
  p.search_replies = v.get_string("reply") == "search";
  p.budget = budget_of(v);
  p.postpone_tiles = static_cast<int>(v.get_int("postpone-tiles"));
  p.depth = static_cast<int>(v.get_int("depth"));
  std::shared_ptr<const OpponentModel> model = opponent_model_of(v, "epimc");
  p.belief = world_belief_of(v, "epimc");
  std::shared_ptr<const OpponentModel> partner_moves, partner_past;
  const std::string& partner = v.get_string("partner");
  if (partner == "convention") {
    partner_moves = partner_past = std::make_shared<PartnerConventionModel>();
  } else {
    if (partner == "model") partner_moves = model;
    p.partner_search_reading = v.get_string("partner-model") == "search";
    p.partner_depth = static_cast<int>(v.get_int("partner-depth"));
    p.partner_temperature = v.get_double("partner-temperature");
    if (const std::string& reading = v.get_string("partner-model");
        reading != "model" && reading != "search")
      partner_past =
          make_checked_value("epimc", "partner-model", reading, [&](const std::string& m) {
            return make_opponent_model(m, v.get_double("temperature"));
          });
  }
  return Player(std::make_unique<EpimcStrategy>(p, std::move(model), std::move(partner_moves),
                                                std::move(partner_past)));
}

// Returns "" when the values `v` agree with each other, else why not (one line): a reply or a
// partner by the opponent model needs a model.
std::string check_epimc_values(const ParamValues& v) {
  const std::string& model = v.get_string("model");
  // A belief model weighs the worlds but predicts no move.
  const std::string none = model == "none"            ? "model=none"
                           : make_world_belief(model) ? "a belief model"
                                                      : "";
  if (none.empty()) return "";
  if (v.get_string("reply") == "model")
    return "reply=model needs an opponent model (model=heuristic, self, uniform, fitted:FILE "
           "or net:FILE of a policy model), not " +
           none + "; or use reply=min";
  if (v.get_string("partner") == "model")
    return "partner=model needs an opponent model (model=heuristic, self, uniform, fitted:FILE "
           "or net:FILE of a policy model), not " +
           none + "; or use partner=search";
  return "";
}

}  // namespace

StrategyInfo epimc_strategy_info() {
  return {
      .name = "epimc",
      .summary = "extended perfect-information Monte Carlo (EPIMC): postponed reasoning",
      .method =
          "perfect-information Monte Carlo (PIMC) with its next own turns decided once per "
          "information set (all the player knows there) over worlds weighted as inference "
          "weighs them, open-hands solves only below them; postpone=0 is inference's decision. "
          "The defaults suit two seats; at three and four seats play "
          "epimc(reply=search,scenarios=50,samples=200,postpone-tiles=20), level with "
          "inference(scenarios=50,samples=200) at about 13 CPU ms a decision (the defaults cost "
          "several times that), and with the repository's "
          "model=fitted:experiments/models/four-seat-searchers.model it beat that inference by "
          "0.72 +- 0.45 points a hand (3,000 duplicate deals); with that model, scenarios=200, "
          "samples=800 and nodes=750000 (worlds added until the solves visit that many nodes) "
          "by 1.42 +- 0.47 at 19 ms (results/partnership/README.md)",
      .source =
          "Arjonilla, Saffidine & Cazenave, \"Perfect Information Monte Carlo with "
          "Postponing Reasoning\", IEEE CoG 2024 (arXiv:2408.02380); the weights: Buro "
          "et al. 2009; strategies/epimc/epimc_strategy.h",
      .params = epimc_params(),
      .make = make_epimc,
      .check_values = check_epimc_values,
      .seat_counts = kEverySeatCount,
      .check_rules = [](const ParamValues& v, const dominoes::Rules& rules) {
        return net_model_refusal(v.get_string("model"), rules);
      }};
}

}  // namespace strategies
