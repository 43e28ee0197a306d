#include "strategies/ismcts/ismcts_strategy.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>

#include "engine/dominoes/determinization.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/playout_loop.h"
#include "engine/dominoes/scoring.h"
#include "strategies/policies/heuristic_policy.h"
#include "strategies/seed_order.h"

namespace strategies {

using dominoes::GameStatus;
using dominoes::State;
using dominoes::TileSet;

Move ismcts_heuristic_move(const State& s, const MoveList& legal) {
  // The seed heuristic's opponent is the next seat (with two seats, the other one).
  return heuristic_move(legal, s.left, s.right, s.hands[s.to_move], s.line,
                        s.lacks[s.next_seat(s.to_move)]);
}

double ismcts_reward_scale(const Observation& obs) {
  std::array<int, dominoes::kMaxTiles> candidate_pips{};
  int n = 0;
  // Two seats: the opponent's candidates; more: every unseen tile, for every other hand.
  int k = 0;
  if (obs.seats() == 2) {
    for (dominoes::Tile t : dominoes::opponent_candidates(obs))
      candidate_pips[n++] = dominoes::tile_pips(t);
    k = obs.opponent_tile_count();
  } else {
    for (dominoes::Tile t : obs.unseen()) candidate_pips[n++] = dominoes::tile_pips(t);
    for (dominoes::Seat seat = 0; seat < obs.seats(); ++seat)
      if (seat != obs.seat()) k += obs.tile_count(seat);
  }
  k = std::min(k, n);
  std::partial_sort(candidate_pips.begin(), candidate_pips.begin() + k, candidate_pips.begin() + n,
                    std::greater<>());
  int total = dominoes::pips(obs.hand());
  for (int i = 0; i < k; ++i) total += candidate_pips[i];
  return std::max(total, 1);
}

std::uint32_t IsmctsStrategy::find_child(std::uint32_t node, Move move) const {
  for (std::uint32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling)
    if (nodes_[c].move == move) return c;
  return kNone;
}

std::uint32_t IsmctsStrategy::add_child(std::uint32_t node, Move move) {
  const auto index = static_cast<std::uint32_t>(nodes_.size());
  Node child;
  child.move = move;
  nodes_.push_back(child);  // may reallocate: index, never references, across this call
  if (!mover_totals_.empty()) mover_totals_.push_back(0);
  // Appended last, so children keep their creation order (children() reports it).
  std::uint32_t* link = &nodes_[node].first_child;
  while (*link != kNone) link = &nodes_[*link].next_sibling;
  *link = index;
  return index;
}

int IsmctsStrategy::simulate(const State& s, const dominoes::Rules& rules, dominoes::Seat me,
                             Rng& rng, std::int64_t& plies) {
  if (params_.exact_tiles > 0 && s.hands[0].size() + s.hands[1].size() <= params_.exact_tiles) {
    // The solver's own node count depends on its table, which carries over between decisions;
    // the tiles left bound the plies to the end and do not.
    plies += s.hands[0].size() + s.hands[1].size();
    const int v = solver_.get(rules).value(s);
    return s.to_move == me ? v : -v;
  }
  State end = s;
  simulate_to_end(end, rng, plies);
  return dominoes::net_points(end, rules, me);
}

void IsmctsStrategy::simulate_to_end(State& end, Rng& rng, std::int64_t& plies) const {
  const IsmctsRollout policy = params_.rollout;
  dominoes::play_out(
      end,
      [policy, &rng](const State& at, const MoveList& legal) {
        switch (policy) {
          case IsmctsRollout::kRandom:
            break;
          case IsmctsRollout::kLowest:
            return lowest_in_seed_order(legal, at.left, at.right);
          case IsmctsRollout::kHeuristic:
            return ismcts_heuristic_move(at, legal);
        }
        return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      },
      [&plies](Move) { ++plies; });
}

Move IsmctsStrategy::choose(const Observation& obs, const MoveList& legal, Rng& rng) {
  const dominoes::Seat me = obs.seat();
  const dominoes::Rules& rules = obs.rules();
  // More than two seats: worlds from the table sampler, and each node's reward kept for the team
  // of the seat that moved into it (per_mover), which maximises it. Two seats keep the opponent
  // sampler and the searcher's rewards negated at the opponent's turns, as always.
  const bool per_mover = obs.seats() > 2;
  if (per_mover && params_.exact_tiles > 0)
    throw std::invalid_argument(
        "ismcts: exact-tiles needs the open-hands solver of two seats; at " +
        std::to_string(obs.seats()) + " seats give exact-tiles=0");
  std::optional<dominoes::HiddenHandsSampler> table_sampler;
  if (per_mover) table_sampler.emplace(obs);
  scale_ = ismcts_reward_scale(obs);
  const double inv_scale = 1.0 / scale_;
  nodes_.clear();
  nodes_.push_back(Node{});  // the root: the decision itself
  mover_totals_.clear();
  if (per_mover) mover_totals_.push_back(0);
  BudgetMeter meter(params_.budget);
  for (int iteration = 0; iteration < params_.iterations; ++iteration) {
    std::int64_t plies = 0;
    State s = per_mover ? dominoes::determinize(obs, table_sampler->sample(rng))
                        : dominoes::determinize(obs, dominoes::sample_opponent_hand(obs, rng));
    descend(s, legal, me, per_mover, rng, plies);
    if (per_mover)
      backpropagate_per_mover(s, rules, me, inv_scale, rng, plies);
    else
      backpropagate_two_seats(s, rules, me, inv_scale, rng, plies);
    meter.add_work(plies);
    if (meter.exhausted()) break;  // never with no budget set
  }
  return most_visited(legal);
}

void IsmctsStrategy::descend(State& s, const MoveList& legal, dominoes::Seat me, bool per_mover,
                             Rng& rng, std::int64_t& plies) {
  path_.clear();
  path_.push_back(0);
  movers_.clear();
  movers_.push_back(me);  // the root's entry is unused
  // Per-turn scratch on the stack: the child of each legal move (kNone: untried).
  std::array<std::uint32_t, MoveList::kCapacity> child_of{};
  std::array<int, MoveList::kCapacity> untried{};
  std::uint32_t node = 0;
  // Descend until the game ends in this determinization or one node has been expanded.
  while (dominoes::status(s) == GameStatus::kOngoing) {
    MoveList moves = node == 0 ? legal : dominoes::legal_moves(s);
    if (moves.empty()) moves.push_back(Move::pass());  // ongoing: the other seat can move
    int n_untried = 0;
    for (int k = 0; k < moves.size(); ++k) {
      child_of[k] = find_child(node, moves[k]);
      if (child_of[k] == kNone)
        untried[n_untried++] = k;
      else
        ++nodes_[child_of[k]].available;  // compatible with this determinization
    }
    std::uint32_t next;
    bool expanded = false;
    if (moves.size() == 1) {
      // A forced turn: follow it, creating its node if needed, without spending the expansion.
      next = child_of[0];
      if (next == kNone) next = add_child(node, moves[0]), nodes_[next].available = 1;
    } else if (n_untried > 0) {
      const int k = untried[rng.below(static_cast<std::uint32_t>(n_untried))];
      next = add_child(node, moves[k]);
      nodes_[next].available = 1;
      expanded = true;
    } else if (per_mover) {  // the mover maximises its own team's reward
      next = ucb1_child(child_of.data(), moves.size(),
                        [&](std::uint32_t child) { return mover_totals_[child]; });
    } else {  // the opponent maximises the negated reward
      const double sign = s.to_move == me ? 1.0 : -1.0;
      next = ucb1_child(child_of.data(), moves.size(),
                        [&](std::uint32_t child) { return sign * nodes_[child].total; });
    }
    if (per_mover) movers_.push_back(s.to_move);
    dominoes::apply(s, nodes_[next].move);
    ++plies;
    path_.push_back(next);
    node = next;
    if (expanded) break;
  }
}

template <typename RewardSum>
std::uint32_t IsmctsStrategy::ucb1_child(const std::uint32_t* children, int count,
                                         const RewardSum& reward_sum) const {
  std::uint32_t next = children[0];
  double best = -1e300;
  for (int k = 0; k < count; ++k) {
    const Node& ch = nodes_[children[k]];
    const double visits = ch.visits;
    const double score =
        reward_sum(children[k]) / visits +
        params_.c * std::sqrt(std::log(static_cast<double>(ch.available)) / visits);
    if (score > best) best = score, next = children[k];
  }
  return next;
}

void IsmctsStrategy::backpropagate_per_mover(State& s, const dominoes::Rules& rules,
                                             dominoes::Seat me, double inv_scale, Rng& rng,
                                             std::int64_t& plies) {
  if (dominoes::status(s) == GameStatus::kOngoing) simulate_to_end(s, rng, plies);
  std::array<double, dominoes::kStateSeats> reward_of{};  // each seat's team's, normalised
  for (dominoes::Seat seat = 0; seat < s.seats; ++seat)
    reward_of[seat] = dominoes::net_points(s, rules, seat) * inv_scale;
  for (std::size_t i = 0; i < path_.size(); ++i) {
    ++nodes_[path_[i]].visits;
    nodes_[path_[i]].total += reward_of[me];
    mover_totals_[path_[i]] += reward_of[movers_[i]];
  }
}

void IsmctsStrategy::backpropagate_two_seats(const State& s, const dominoes::Rules& rules,
                                             dominoes::Seat me, double inv_scale, Rng& rng,
                                             std::int64_t& plies) {
  const int points = dominoes::status(s) == GameStatus::kOngoing
                         ? simulate(s, rules, me, rng, plies)
                         : dominoes::net_points(s, rules, me);
  const double reward = points * inv_scale;
  for (std::uint32_t index : path_) {
    ++nodes_[index].visits;
    nodes_[index].total += reward;
  }
}

Move IsmctsStrategy::most_visited(const MoveList& legal) const {
  // The most visited root move; ties: the higher mean, then the first in legal order.
  Move best = legal[0];
  std::uint32_t best_visits = 0;
  double best_mean = -1e300;
  for (Move m : legal) {
    const std::uint32_t ch = find_child(0, m);
    if (ch == kNone) continue;
    const Node& n = nodes_[ch];
    const double mean = n.total / n.visits;
    if (n.visits > best_visits || (n.visits == best_visits && mean > best_mean))
      best = m, best_visits = n.visits, best_mean = mean;
  }
  return best;
}

std::vector<IsmctsChildStats> IsmctsStrategy::children(std::span<const Move> path) const {
  std::vector<IsmctsChildStats> out;
  if (nodes_.empty()) return out;
  std::uint32_t node = 0;
  for (Move m : path) {
    node = find_child(node, m);
    if (node == kNone) return out;
  }
  for (std::uint32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) {
    const Node& n = nodes_[c];
    out.push_back({n.move, n.visits, n.available, n.visits ? n.total / n.visits * scale_ : 0.0});
  }
  return out;
}

StrategyInfo ismcts_strategy_info() {
  return {
      .name = "ismcts",
      .summary = "information-set MCTS: one tree over sampled hands, UCB1, rollouts",
      .method =
          "single-observer information-set MCTS: one sampled consistent opponent hand "
          "per iteration, UCB1 over the moves legal in it, a rollout (or an exact "
          "solve near the end); the most visited move is played",
      .source =
          "Cowling, Powley & Whitehouse, \"Information Set Monte Carlo Tree Search\", "
          "IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012; "
          "strategies/ismcts/ismcts_strategy.h",
      .params =
          {{.name = "iterations",
            .type = ParamType::kInt,
            .default_value = "1000",
            .help = "iterations per decision, one sampled opponent hand each",
            .min = 1,
            .max = 1e6},
           {.name = "c",
            .type = ParamType::kDouble,
            .default_value = "0.7",
            .help =
                "UCB1 exploration constant; rewards are net points / R in [-1, 1], R = own pips + "
                "the opponent's heaviest possible pips",
            .min = 0,
            .max = 100},
           {.name = "rollout",
            .type = ParamType::kChoice,
            .default_value = "random",
            .help = "rollout policy for both seats: random, lowest (the study's decide_random) or "
                    "heuristic (the study's decide_heuristic)",
            .min = 0,
            .max = 0,
            .choices = {"random", "lowest", "heuristic"}},
           {.name = "exact-tiles",
            .type = ParamType::kInt,
            .default_value = "0",
            .help = "value a leaf with the exact open-hands solver instead of a rollout when both "
                    "hands "
                    "hold at most this many tiles; 0 = never (two seats only)",
            .min = 0,
            .max = dominoes::kMaxTiles},
           time_ms_param(),
           nodes_param("simulated plies (descent and rollout moves; an exact leaf counts the "
                       "tiles left)")},
      .make =
          [](const ParamValues& v) {
            IsmctsParams p;
            p.budget = budget_of(v);
            p.iterations = static_cast<int>(v.get_int("iterations"));
            p.c = v.get_double("c");
            const std::string& rollout = v.get_string("rollout");
            p.rollout = rollout == "lowest"      ? IsmctsRollout::kLowest
                        : rollout == "heuristic" ? IsmctsRollout::kHeuristic
                                                 : IsmctsRollout::kRandom;
            p.exact_tiles = static_cast<int>(v.get_int("exact-tiles"));
            return Player(std::make_unique<IsmctsStrategy>(p));
          },
      .seat_counts = kEverySeatCount};
}

}  // namespace strategies
