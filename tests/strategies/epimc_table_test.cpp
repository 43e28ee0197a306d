// epimc at three and four seats (strategies/epimc): the enumerated worlds against the sampler's
// count and the observation; the postponed subgame against independent computations: with
// postpone=0 its values against the solver's own move values summed over the worlds and its move
// against strategies/best_over_worlds.h (inference's); with postpone=1 its consistent values
// against a brute force in this file that enumerates every pure strategy of the observer by public
// move sequence and plays each world out with a plain minimax (no table, no pruning), the partner
// playing its best open-hands move by that minimax; and the strategy with postpone=0 against the
// inference strategy, move for move, over the same worlds.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/scoring.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/belief/weighted_worlds.h"
#include "strategies/best_over_worlds.h"
#include "strategies/epimc/epimc_strategy.h"
#include "strategies/epimc/postponed_subgame.h"
#include "strategies/registry.h"
#include "strategies/spec.h"

namespace strategies::epimc_table {  // named: the unity build joins this file with others
namespace {

using dominoes::History;
using dominoes::Move;
using dominoes::MoveList;
using dominoes::Rules;
using dominoes::Seat;
using dominoes::State;
using dominoes::TableHands;

// The tables above two seats, single hands: three seats, four with partners, four cut-throat.
std::vector<Rules> tables() {
  Rules three = dominoes::table_rules(3), four = dominoes::table_rules(4);
  Rules cut_throat = four;
  cut_throat.partners = false;
  for (Rules* r : {&three, &four, &cut_throat}) r->match_target = 0;
  return {three, four, cut_throat};
}

// Plays random legal moves from deal `deal_index` of `rules` and calls visit(state, history)
// before every decision (two or more legal moves); visit returns false to stop the game.
template <typename Visit>
void walk_game(const Rules& rules, std::uint64_t deal_index, Visit visit) {
  const dominoes::Deal deal = dominoes::make_deal(rules, 9, deal_index);
  State s = dominoes::start_state(deal);
  History history(deal.leader, rules.seats);
  dominoes::Rng walk(deal_index * 3 + 1);
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    const MoveList legal = dominoes::legal_moves(s);
    if (legal.size() >= 2 && !visit(s, history)) return;
    const Move m =
        legal.empty()
            ? Move::pass()
            : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
    dominoes::apply(s, m);
    history.push_back(m);
  }
}

int tiles_in_hands(const State& s) {
  int n = 0;
  for (int seat = 0; seat < s.seats; ++seat) n += s.hands[static_cast<std::size_t>(seat)].size();
  return n;
}

std::array<std::uint64_t, dominoes::kStateSeats> key(const TableHands& t) {
  std::array<std::uint64_t, dominoes::kStateSeats> k{};
  for (std::size_t i = 0; i < k.size(); ++i) k[i] = t[i].bits();
  return k;
}

TEST(EpimcTableWorlds, EnumerationDealsEveryConsistentWorldOnce) {
  for (const Rules& rules : tables()) {
    int checked = 0;
    for (std::uint64_t d = 0; d < 30; ++d)
      walk_game(rules, d, [&](const State& s, const History& h) {
        const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
        const dominoes::HiddenHandsSampler sampler(obs);
        if (sampler.count() > 3000) return true;
        std::set<std::array<std::uint64_t, dominoes::kStateSeats>> seen;
        bool truth = false;
        dominoes::for_each_world(obs, [&](const TableHands& t) {
          EXPECT_TRUE(seen.insert(key(t)).second) << "a world twice";
          const State w = dominoes::determinize(obs, t);
          EXPECT_TRUE(dominoes::is_consistent(w));
          for (int seat = 0; seat < rules.seats; ++seat) {
            const auto st = static_cast<Seat>(seat);
            EXPECT_EQ(t[st].size(), obs.tile_count(st));
            EXPECT_TRUE(seat == obs.seat() || (t[st] & obs.lacks(st).tiles_touching()).empty());
            EXPECT_EQ((t[st] & (obs.line())).size(), 0);
          }
          EXPECT_EQ(t[obs.seat()], obs.hand());
          bool same = true;
          for (int seat = 0; seat < rules.seats; ++seat)
            same = same &&
                   t[static_cast<std::size_t>(seat)] == s.hands[static_cast<std::size_t>(seat)];
          truth = truth || same;
        });
        EXPECT_EQ(static_cast<double>(seen.size()), sampler.count());
        EXPECT_TRUE(truth) << "the true deal is a consistent world";
        // Every sampled world is one of them.
        dominoes::Rng rng(d * 41 + h.size());
        for (int i = 0; i < 5; ++i) EXPECT_EQ(seen.count(key(sampler.sample(rng))), 1u);
        ++checked;
        return true;
      });
    EXPECT_GT(checked, 30) << rules.seats << " seats";
  }
}

// draw_table_worlds with enumerate_few takes the whole pool when it is small enough, weighted as
// the sampled pool is; without it (inference) the draws are as before: the same worlds from the
// same generator state whatever `enumerate` says.
TEST(EpimcTableWorlds, EnumeratedPoolIsEveryWorldWithItsLikelihood) {
  const Rules rules = tables()[1];
  const HeuristicModel model(1.0);
  int enumerated = 0;
  for (std::uint64_t d = 0; d < 20; ++d)
    walk_game(rules, d, [&](const State& s, const History& h) {
      const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
      const double count = dominoes::HiddenHandsSampler(obs).count();
      const WorldSampling sampling{100000, 500, 30};
      WeightedWorlds a, b, c;
      dominoes::Rng r1(d), r2(d), r3(d);
      draw_table_worlds(obs, sampling, {&model, nullptr}, r1, a, true);
      draw_table_worlds(obs, sampling, {&model, nullptr}, r2, b, false);
      draw_table_worlds(obs, {100000, 0, 30}, {&model, nullptr}, r3, c, false);
      EXPECT_EQ(b.tables, c.tables);
      if (count > 500) {
        EXPECT_EQ(a.tables, b.tables);
        return true;
      }
      EXPECT_EQ(static_cast<double>(a.tables.size()), count);
      EXPECT_TRUE(a.in_enumeration_order);
      const std::vector<SeatDecision> decisions = other_seat_decisions(obs);
      double top = -INFINITY;
      for (const TableHands& t : a.tables)
        top = std::max(top, table_log_likelihood(obs, decisions, t, {&model, nullptr}));
      for (std::size_t i = 0; i < a.tables.size(); ++i) {
        const double ll = table_log_likelihood(obs, decisions, a.tables[i], {&model, nullptr});
        EXPECT_NEAR(a.weights[i], std::isinf(top) ? 1.0 : std::exp(ll - top), 1e-12);
      }
      ++enumerated;
      return true;
    });
  EXPECT_GT(enumerated, 20);
}

// partner_unread (epimc's partner-model=search reads the partner afterwards): the likelihood is
// the other seats' alone, as if the partner had made no decision.
TEST(EpimcTableWorlds, AnUnreadPartnerWeighsNothing) {
  const Rules rules = tables()[1];
  const HeuristicModel model(1.0);
  int checked = 0, partner_decisions = 0;
  for (std::uint64_t d = 0; d < 10; ++d)
    walk_game(rules, d, [&](const State& s, const History& h) {
      const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
      const std::vector<SeatDecision> all = other_seat_decisions(obs);
      std::vector<SeatDecision> others;
      const auto partner = static_cast<Seat>((obs.seat() + 2) % 4);
      for (const SeatDecision& sd : all)
        if (sd.before.to_move != partner) others.push_back(sd);
      partner_decisions += static_cast<int>(all.size() - others.size());
      SeatModels unread{&model, nullptr};
      unread.partner_unread = true;
      dominoes::Rng rng(d);
      const TableHands world = dominoes::HiddenHandsSampler(obs).sample(rng);
      EXPECT_EQ(table_log_likelihood(obs, all, world, unread),
                table_log_likelihood(obs, others, world, {&model, nullptr}));
      ++checked;
      return true;
    });
  EXPECT_GT(checked, 50);
  EXPECT_GT(partner_decisions, 50);
}

// partner-model=search: the likelihood rebuilt from the record and a world equals the softmax
// over the solver's move values in the real positions of a game whose hands are that world,
// replayed here move by move (the heaviest-double lead and forced moves left out).
TEST(EpimcTableWorlds, SearchingPartnerLikelihoodIsTheSoftmaxInTheRealPositions) {
  const Rules rules = tables()[1];
  endgame::BlockDominoesSolver solver(rules), reference(rules);
  int checked = 0, informative = 0;
  for (std::uint64_t d = 0; d < 6; ++d) {
    const dominoes::Deal deal = dominoes::make_deal(rules, 13, d);
    State s = dominoes::start_state(deal);
    History history(deal.leader, rules.seats);
    std::vector<State> before;
    dominoes::Rng walk(d + 5);
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const MoveList legal = dominoes::legal_moves(s);
      if (legal.size() >= 2) {
        const dominoes::Observation obs = dominoes::observe(s, history, rules, s.to_move);
        TableHands world{};
        for (int seat = 0; seat < 4; ++seat)
          world[static_cast<std::size_t>(seat)] = s.hands[static_cast<std::size_t>(seat)];
        const auto partner = static_cast<Seat>((s.to_move + 2) % 4);
        for (const auto& [depth, temperature] : {std::pair{3, 4.0}, std::pair{0, 2.5}}) {
          if (depth == 0 && tiles_in_hands(s) > 16) continue;  // exact solves: late hands only
          double expected = 1;
          for (std::size_t k = 1; k < before.size(); ++k) {
            if (before[k].to_move != partner || history.moves()[k].is_pass()) continue;
            const MoveList moves = dominoes::legal_moves(before[k]);
            if (moves.size() < 2) continue;
            int values[MoveList::kCapacity];
            reference.move_values(before[k], moves, depth, values);
            double total = 0, chosen = 0;
            for (int m = 0; m < moves.size(); ++m) {
              const double e = std::exp(values[m] / temperature);
              total += e;
              if (moves[m] == history.moves()[k]) chosen = e;
            }
            expected *= chosen / total;
          }
          const double got = searching_partner_likelihood(obs, other_seat_decisions(obs), world,
                                                          solver, depth, temperature);
          EXPECT_NEAR(got, expected, 1e-12 * expected) << "deal " << d << " depth " << depth;
          if (expected < 1) ++informative;
          ++checked;
        }
      }
      before.push_back(s);
      const Move m =
          legal.empty()
              ? Move::pass()
              : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  EXPECT_GT(checked, 40);
  EXPECT_GT(informative, 20);
}

// A plain minimax for the observer's side: its value (net points; cut-throat: its own, every
// other seat against it) with every seat of its team maximising and every other seat minimising.
int plain_value(const State& s, const Rules& rules, Seat observer) {
  if (dominoes::status(s) != dominoes::GameStatus::kOngoing)
    return dominoes::net_points(s, rules, observer);
  const MoveList moves = dominoes::moves_or_pass(s);
  const bool ours = dominoes::team_of(rules, s.to_move) == dominoes::team_of(rules, observer);
  int best = ours ? INT_MIN : INT_MAX;
  for (const Move m : moves) {
    State next = s;
    dominoes::apply(next, m);
    const int v = plain_value(next, rules, observer);
    best = ours ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The brute force: the observer's pure strategies map each public move sequence (after the root
// move) where it has two or more moves to one of them.
struct BruteForce {
  const Rules& rules;
  Seat observer;
  const OpponentModel* model;  // null: the opponents minimise; else they follow the model
  bool search = false;         // the opponents play their own best move by plain minimax
  std::map<std::vector<std::uint16_t>, MoveList> infosets;

  bool partner(Seat seat) const {
    return seat != observer && dominoes::team_of(rules, seat) == dominoes::team_of(rules, observer);
  }
  // Whether the seat to move plays its own best move: the partner always, opponents by `search`.
  bool searching(Seat seat) const { return partner(seat) || (seat != observer && search); }
  // The seat to move's own best move in this world by plain minimax (its team maximising, every
  // other seat minimising), the first on a tie.
  Move best_move(const State& s) const {
    const MoveList moves = dominoes::moves_or_pass(s);
    int best = INT_MIN;
    Move chosen = moves[0];
    for (const Move m : moves) {
      State next = s;
      dominoes::apply(next, m);
      const int v = plain_value(next, rules, s.to_move);
      if (v > best) best = v, chosen = m;
    }
    return chosen;
  }
  void probabilities(const State& s, const MoveList& moves, double* probs) const {
    State view = s;
    for (int seat = 0; seat < s.seats; ++seat)
      if (seat != s.to_move) view.hands[static_cast<std::size_t>(seat)] = {};
    model->policy(view, moves, probs);
  }

  void collect(const State& s, std::vector<std::uint16_t>& seq, int turns_left) {
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) return;
    const MoveList moves = dominoes::moves_or_pass(s);
    if (s.to_move == observer && moves.size() >= 2) infosets[seq] = moves;
    if (s.to_move == observer && turns_left == 0) return;
    for (const Move m : moves) {
      if (searching(s.to_move) && m != best_move(s)) continue;
      State next = s;
      dominoes::apply(next, m);
      seq.push_back(m.bits());
      collect(next, seq, s.to_move == observer ? turns_left - 1 : turns_left);
      seq.pop_back();
    }
  }

  double value(const State& s, std::vector<std::uint16_t>& seq, int turns_left,
               const std::map<std::vector<std::uint16_t>, Move>& strategy) const {
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing)
      return dominoes::net_points(s, rules, observer);
    const MoveList moves = dominoes::moves_or_pass(s);
    const auto after = [&](Move m, int left) {
      State next = s;
      dominoes::apply(next, m);
      seq.push_back(m.bits());
      const double v =
          left < 0 ? plain_value(next, rules, observer) : value(next, seq, left, strategy);
      seq.pop_back();
      return v;
    };
    if (s.to_move == observer) {
      const Move m = moves.size() >= 2 ? strategy.at(seq) : moves[0];
      return after(m, turns_left - 1);  // below the last postponed turn: minimax
    }
    if (searching(s.to_move)) return after(best_move(s), turns_left);
    double probs[MoveList::kCapacity];
    if (model && moves.size() >= 2) probabilities(s, moves, probs);
    double low = 1e300, mean = 0;
    for (int k = 0; k < moves.size(); ++k) {
      const double v = after(moves[k], turns_left);
      low = std::min(low, v);
      mean += (model && moves.size() >= 2 ? probs[k] : 1.0) * v;
    }
    return model ? mean : low;
  }
};

// Every pure strategy's weighted total value of root move `root` over `worlds`.
std::vector<double> all_strategy_values(const dominoes::Observation& obs, Move root,
                                        const std::vector<TableHands>& worlds,
                                        const std::vector<double>& weights, int postpone,
                                        const OpponentModel* model, bool search) {
  BruteForce brute{obs.rules(), obs.seat(), model, search, {}};
  std::vector<State> starts;
  for (const TableHands& t : worlds) {
    State s = dominoes::determinize(obs, t);
    dominoes::apply(s, root);
    starts.push_back(s);
    std::vector<std::uint16_t> seq;
    brute.collect(s, seq, postpone - 1);
  }
  std::vector<std::pair<std::vector<std::uint16_t>, MoveList>> sets(brute.infosets.begin(),
                                                                    brute.infosets.end());
  std::vector<int> counter(sets.size(), 0);
  std::vector<double> totals;
  for (;;) {
    std::map<std::vector<std::uint16_t>, Move> strategy;
    for (std::size_t i = 0; i < sets.size(); ++i)
      strategy[sets[i].first] = sets[i].second[counter[i]];
    double total = 0;
    for (std::size_t w = 0; w < starts.size(); ++w) {
      std::vector<std::uint16_t> seq;
      total += weights[w] * brute.value(starts[w], seq, postpone - 1, strategy);
    }
    totals.push_back(total);
    std::size_t i = 0;
    for (; i < sets.size(); ++i) {
      if (++counter[i] < sets[i].second.size()) break;
      counter[i] = 0;
    }
    if (i == sets.size()) break;
  }
  return totals;
}

// Up to `limit` consistent worlds of `obs` (the true one first) with unequal weights.
std::vector<TableHands> some_tables(const dominoes::Observation& obs, const State& truth,
                                    std::size_t limit, std::vector<double>& weights) {
  TableHands real{};
  for (int seat = 0; seat < truth.seats; ++seat)
    real[static_cast<std::size_t>(seat)] = truth.hands[static_cast<std::size_t>(seat)];
  std::vector<TableHands> worlds{real};
  dominoes::for_each_world(obs, [&](const TableHands& t) {
    if (worlds.size() < limit && t != real) worlds.push_back(t);
  });
  weights.clear();
  for (std::size_t i = 0; i < worlds.size(); ++i)
    weights.push_back(1.0 + static_cast<double>(i % 3));
  return worlds;
}

TEST(EpimcTableSubgame, PostponeZeroValuesAreTheSolversAndItsMoveIsInferences) {
  for (const Rules& rules : tables()) {
    endgame::BlockDominoesSolver solver(rules), reference(rules), bounded(rules);
    int checked = 0;
    for (std::uint64_t d = 0; d < 12; ++d)
      walk_game(rules, d, [&](const State& s, const History& h) {
        if (tiles_in_hands(s) > 16) return true;
        const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
        std::vector<double> weights;
        const std::vector<TableHands> worlds = some_tables(obs, s, 8, weights);
        const MoveList legal = obs.legal_moves();
        PostponedSubgame subgame;
        const HeuristicModel model(1.0);
        subgame.build_table(obs, legal, worlds, weights, 0, &model, nullptr, solver);
        std::vector<double> fused(static_cast<std::size_t>(legal.size())), consistent(fused.size());
        subgame.fused_values(fused.data());
        subgame.consistent_values(LONG_MAX, consistent.data());
        std::vector<double> expected(fused.size(), 0.0);
        std::vector<State> states;
        for (std::size_t w = 0; w < worlds.size(); ++w) {
          states.push_back(dominoes::determinize(obs, worlds[w]));
          int values[MoveList::kCapacity];
          reference.move_values(states.back(), legal, 0, values);
          for (std::size_t k = 0; k < expected.size(); ++k) expected[k] += weights[w] * values[k];
        }
        EXPECT_EQ(fused, expected);
        EXPECT_EQ(consistent, expected);
        const auto best = static_cast<std::size_t>(
            std::max_element(consistent.begin(), consistent.end()) - consistent.begin());
        EXPECT_EQ(static_cast<std::size_t>(best_over_worlds(bounded, states, legal, 0, weights)),
                  best);
        ++checked;
        return true;
      });
    EXPECT_GT(checked, 20) << rules.seats << " seats";
  }
}

// The heart of it: with postpone=1 the subgame's value of each root move is the best pure
// strategy's over the worlds, the opponents replying by the minimum, by the model or by their own
// best open-hands move, the partner by its best open-hands move in each world. Two seats too, by
// build() (reply=search is new there).
TEST(EpimcTableSubgame, ConsistentValuesAreTheBestPureStrategyByBruteForce) {
  const HeuristicModel heuristic(1.0);
  std::vector<Rules> every = tables();
  every.insert(every.begin(), Rules());
  for (const Rules& rules : every) {
    endgame::BlockDominoesSolver solver(rules);
    int checked = 0, below_pimc = 0;
    for (std::uint64_t d = 0; d < 60 && checked < 36; ++d)
      walk_game(rules, d, [&](const State& s, const History& h) {
        if (tiles_in_hands(s) > 11) return true;
        const dominoes::Observation obs = dominoes::observe(s, h, rules, s.to_move);
        std::vector<double> weights;
        const std::vector<TableHands> worlds = some_tables(obs, s, 6, weights);
        const MoveList legal = obs.legal_moves();
        for (int reply = 0; reply < 3; ++reply) {
          const OpponentModel* model = reply == 1 ? &heuristic : nullptr;
          const bool search = reply == 2;
          PostponedSubgame subgame;
          subgame.set_search_replies(search);
          if (rules.seats > 2) {
            subgame.build_table(obs, legal, worlds, weights, 1, model, nullptr, solver);
          } else {
            std::vector<dominoes::TileSet> hands;
            for (const TableHands& t : worlds) hands.push_back(t[1 - obs.seat()]);
            subgame.build(obs, legal, hands, weights, 1, model, solver);
          }
          std::vector<double> fused(static_cast<std::size_t>(legal.size())), values(fused.size());
          subgame.fused_values(fused.data());
          subgame.consistent_values(LONG_MAX, values.data());
          for (int k = 0; k < legal.size(); ++k) {
            const std::vector<double> all =
                all_strategy_values(obs, legal[k], worlds, weights, 1, model, search);
            const double best = *std::max_element(all.begin(), all.end());
            const auto kk = static_cast<std::size_t>(k);
            EXPECT_NEAR(values[kk], best, 1e-9 * (1 + std::fabs(best)))
                << rules.seats << " seats, deal " << d << ", move " << k << " reply " << reply;
            EXPECT_LE(values[kk], fused[kk] + 1e-9 * (1 + std::fabs(fused[kk])));
            if (values[kk] < fused[kk] - 1e-9) ++below_pimc;
          }
          ++checked;
        }
        return checked < 36;
      });
    EXPECT_GE(checked, 36) << rules.seats << " seats";
    // Strategy fusion shows: somewhere a consistent strategy is worth less than PIMC says.
    EXPECT_GT(below_pimc, 0) << rules.seats << " seats";
  }
}

// With postpone=0 epimc is the inference strategy: the same worlds from the same random draws
// (enumerate=0: inference never enumerates), the same weights, the same move; also with the
// partner read by the convention, and with depth=3 (each world searched 3 tiles past the move,
// as inference's depth=3). The exact search chooses otherwise in some depth-3 decisions, so a
// depth that epimc ignored would fail.
TEST(EpimcTableStrategy, PostponeZeroPlaysAsInference) {
  const Registry& registry = Registry::builtin();
  int horizon_matters = 0;
  for (const Rules& rules : tables())
    for (const char* partner : {"", ",partner=convention"})
      for (const char* depth : {"", ",depth=3"}) {
        if (*partner && !rules.partners) continue;
        const std::string sampling = std::string("scenarios=6,enumerate=0,samples=15") + partner;
        Player epimc = registry.make("epimc(postpone=0," + sampling + depth + ")");
        Player inference = registry.make("inference(" + sampling + depth + ")");
        Player exact = registry.make("inference(" + sampling + ")");
        int decisions = 0;
        for (std::uint64_t d = 0; d < 12; ++d)
          walk_game(rules, d, [&](const State& s, const History& h) {
            const MoveList legal = dominoes::legal_moves(s);
            Rng r1(d * 131 + h.size()), r2 = r1, r3 = r1;
            const dominoes::Move chosen = epimc.choose(s, h, rules, legal, r1);
            EXPECT_EQ(chosen, inference.choose(s, h, rules, legal, r2))
                << rules.seats << " seats, deal " << d << depth;
            if (*depth) horizon_matters += chosen != exact.choose(s, h, rules, legal, r3);
            ++decisions;
            return true;
          });
        EXPECT_GT(decisions, 60);
      }
  EXPECT_GT(horizon_matters, 0);
}

TEST(EpimcTableStrategy, PlaysEverySeatCountAndRefusesBadPartnerSettings) {
  const Registry& registry = Registry::builtin();
  for (int seats : {2, 3, 4}) EXPECT_EQ(registry.seat_refusal("epimc", seats), "");
  EXPECT_THROW(registry.make("epimc(partner=model,model=none,reply=min)"), SpecError);
  EXPECT_THROW(registry.make("epimc(partner-model=none)"), SpecError);
  EXPECT_THROW(registry.make("epimc(partner-model=bogus)"), SpecError);
  EXPECT_NO_THROW(registry.make("epimc(partner=convention,postpone-tiles=12)"));
  // New parameters at their defaults keep the canonical name of existing specs.
  EXPECT_EQ(registry.canonical("epimc"),
            "epimc(postpone=1,exhaustive=256,reply=model,model=heuristic,temperature=1,"
            "scenarios=200,enumerate=2000,samples=1000)");
}

}  // namespace
}  // namespace strategies::epimc_table
