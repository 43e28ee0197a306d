// epimc (strategies/epimc): the postponed subgame against independent computations. PIMC's fused
// values against the solver's own move values per world; the consistent values against a brute
// force in this file that enumerates every pure strategy of the observer by public move sequence
// and plays each world out with a plain negamax (no table, no pruning); postpone=0 against the
// inference strategy, move for move.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/scoring.h"
#include "strategies/epimc/epimc_strategy.h"
#include "strategies/epimc/postponed_subgame.h"
#include "strategies/registry.h"

namespace strategies {
namespace {

using dominoes::History;
using dominoes::Rules;
using dominoes::Seat;
using dominoes::State;
using dominoes::TileSet;

// A position reached by random legal moves from a fresh deal, stopped at the first decision (two
// or more legal moves) of the seat to move once both hands hold at most `max_tiles` tiles; false
// when the game ends first.
bool random_position(std::uint64_t index, int max_tiles, State& s, History& history) {
  const Rules rules;
  const dominoes::Deal deal = dominoes::make_deal(rules, 3, index);
  s = dominoes::start_state(deal);
  history = History(deal.leader);
  dominoes::Rng walk(index * 7 + 1);
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    const dominoes::MoveList legal = dominoes::legal_moves(s);
    if (legal.size() >= 2 && s.hands[0].size() <= max_tiles && s.hands[1].size() <= max_tiles)
      return true;
    const Move m =
        legal.empty()
            ? Move::pass()
            : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
    dominoes::apply(s, m);
    history.push_back(m);
  }
  return false;
}

// Up to `limit` consistent opponent hands of `obs`, in enumeration order, the true one included.
std::vector<TileSet> some_worlds(const dominoes::Observation& obs, TileSet truth,
                                 std::size_t limit) {
  std::vector<TileSet> worlds{truth};
  dominoes::for_each_consistent_hand(obs, [&](TileSet h) {
    if (worlds.size() < limit && h != truth) worlds.push_back(h);
  });
  return worlds;
}

// The observer's exact value of `s` by plain negamax over every line to the end of the game.
int plain_value(const State& s, const Rules& rules, Seat observer) {
  if (dominoes::status(s) != dominoes::GameStatus::kOngoing)
    return dominoes::net_points(s, rules, observer);
  dominoes::MoveList moves = dominoes::legal_moves(s);
  if (moves.empty()) moves.push_back(Move::pass());
  int best = 0;
  bool first = true;
  for (const Move m : moves) {
    State next = s;
    dominoes::apply(next, m);
    const int v = plain_value(next, rules, observer);
    const bool mine = s.to_move == observer;
    if (first || (mine ? v > best : v < best)) best = v;
    first = false;
  }
  return best;
}

// The brute force: the observer's pure strategies are maps from the public move sequence (after
// the root move) to one of its legal moves there.
struct BruteForce {
  const Rules& rules;
  Seat observer;
  int postpone;
  const OpponentModel* model;  // null: the opponent minimises; else it follows the model
  std::map<std::vector<std::uint16_t>, dominoes::MoveList> infosets;  // with >= 2 moves

  // Records every observer information set below `s` within the subgame, in every world.
  void collect(const State& s, std::vector<std::uint16_t>& seq, int turns_left) {
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) return;
    if (s.to_move != observer && turns_left == 0) return;
    dominoes::MoveList moves = dominoes::legal_moves(s);
    if (moves.empty()) moves.push_back(Move::pass());
    if (s.to_move == observer && moves.size() >= 2) infosets[seq] = moves;
    for (const Move m : moves) {
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
    if (s.to_move != observer && turns_left == 0) return plain_value(s, rules, observer);
    dominoes::MoveList moves = dominoes::legal_moves(s);
    if (moves.empty()) moves.push_back(Move::pass());
    if (s.to_move == observer) {
      const Move m = moves.size() >= 2 ? strategy.at(seq) : moves[0];
      State next = s;
      dominoes::apply(next, m);
      seq.push_back(m.bits());
      const double v = value(next, seq, turns_left - 1, strategy);
      seq.pop_back();
      return v;
    }
    double probs[dominoes::MoveList::kCapacity];
    if (model && moves.size() >= 2) {
      State seen = s;
      seen.hands[static_cast<std::size_t>(observer)] = {};
      model->policy(seen, moves, probs);
    }
    double low = 1e300, mean = 0;
    for (int k = 0; k < moves.size(); ++k) {
      State next = s;
      dominoes::apply(next, moves[k]);
      seq.push_back(moves[k].bits());
      const double v = value(next, seq, turns_left, strategy);
      seq.pop_back();
      low = std::min(low, v);
      mean += (model && moves.size() >= 2 ? probs[k] : 1.0) * v;
    }
    return model ? mean : low;
  }
};

// Every pure strategy's total value of root move `root` over `worlds` (weight 1 each).
std::vector<double> all_strategy_values(const dominoes::Observation& obs, Move root,
                                        const std::vector<TileSet>& worlds, int postpone,
                                        const OpponentModel* model = nullptr) {
  BruteForce brute{obs.rules(), obs.seat(), postpone, model, {}};
  std::vector<State> starts;
  for (TileSet h : worlds) {
    State s = dominoes::determinize(obs, h);
    dominoes::apply(s, root);
    starts.push_back(s);
    std::vector<std::uint16_t> seq;
    brute.collect(s, seq, postpone);
  }
  std::vector<std::pair<std::vector<std::uint16_t>, dominoes::MoveList>> sets(
      brute.infosets.begin(), brute.infosets.end());
  std::vector<int> counter(sets.size(), 0);
  std::vector<double> totals;
  for (;;) {
    std::map<std::vector<std::uint16_t>, Move> strategy;
    for (std::size_t i = 0; i < sets.size(); ++i)
      strategy[sets[i].first] = sets[i].second[counter[i]];
    double total = 0;
    for (const State& s : starts) {
      std::vector<std::uint16_t> seq;
      total += brute.value(s, seq, postpone, strategy);
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

TEST(EpimcSubgame, FusedValuesAreTheSolversMoveValuesSummedOverWorlds) {
  const Rules rules;
  endgame::BlockDominoesSolver solver(rules), reference(rules);
  int checked = 0;
  for (std::uint64_t index = 0; index < 40; ++index) {
    State s;
    History history;
    if (!random_position(index, 5, s, history)) continue;
    const auto obs = dominoes::observe(s, history, rules, s.to_move);
    const std::vector<TileSet> worlds = some_worlds(obs, s.hands[1 - s.to_move], 12);
    const std::vector<double> weights(worlds.size(), 1.0);
    const dominoes::MoveList legal = obs.legal_moves();
    for (int postpone : {1, 2}) {
      PostponedSubgame subgame;
      subgame.build(obs, legal, worlds, weights, postpone, nullptr, solver);
      std::vector<double> fused(static_cast<std::size_t>(legal.size()));
      subgame.fused_values(fused.data());
      std::vector<double> expected(fused.size(), 0.0);
      for (TileSet h : worlds) {
        int values[dominoes::MoveList::kCapacity];
        reference.move_values(dominoes::determinize(obs, h), legal, 0, values);
        for (std::size_t k = 0; k < expected.size(); ++k) expected[k] += values[k];
      }
      EXPECT_EQ(fused, expected) << "position " << index << " postpone " << postpone;
      ++checked;
    }
  }
  EXPECT_GE(checked, 40);
}

TEST(EpimcSubgame, ConsistentValuesAreTheBestPureStrategyByBruteForce) {
  const Rules rules;
  endgame::BlockDominoesSolver solver(rules);
  int checked = 0, differs_from_pimc = 0, ascent_below_best = 0;
  for (std::uint64_t index = 0; index < 60 && checked < 30; ++index) {
    State s;
    History history;
    if (!random_position(index, 4, s, history)) continue;
    const auto obs = dominoes::observe(s, history, rules, s.to_move);
    const std::vector<TileSet> worlds = some_worlds(obs, s.hands[1 - s.to_move], 8);
    const std::vector<double> weights(worlds.size(), 1.0);
    const dominoes::MoveList legal = obs.legal_moves();
    for (int postpone : {1, 2}) {
      PostponedSubgame subgame;
      subgame.build(obs, legal, worlds, weights, postpone, nullptr, solver);
      std::vector<double> fused(static_cast<std::size_t>(legal.size()));
      std::vector<double> exact(fused.size()), ascent(fused.size());
      subgame.fused_values(fused.data());
      subgame.consistent_values(LONG_MAX, exact.data());
      subgame.consistent_values(0, ascent.data());
      for (int k = 0; k < legal.size(); ++k) {
        const std::vector<double> all = all_strategy_values(obs, legal[k], worlds, postpone);
        const double best = *std::max_element(all.begin(), all.end());
        const auto kk = static_cast<std::size_t>(k);
        EXPECT_EQ(exact[kk], best) << "position " << index << " move " << k;
        EXPECT_LE(exact[kk], fused[kk]);
        EXPECT_EQ(subgame.strategy_count(k), static_cast<long>(all.size()));
        // The ascent ends on a real strategy, never above the best.
        EXPECT_NE(std::find(all.begin(), all.end(), ascent[kk]), all.end()) << ascent[kk];
        EXPECT_LE(ascent[kk], best);
        if (ascent[kk] < best) ++ascent_below_best;
        if (exact[kk] < fused[kk]) ++differs_from_pimc;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 30);
  // Strategy fusion shows: in some positions a consistent strategy is worth less than PIMC says.
  EXPECT_GT(differs_from_pimc, 0);
  RecordProperty("ascent_below_best", ascent_below_best);
}

// Against a modelled opponent the best pure strategy is the greedy one: each information set's
// choice weighs the worlds by the model's probability of reaching it.
TEST(EpimcSubgame, ModelledRepliesGiveTheBestPureStrategyByBruteForce) {
  const Rules rules;
  endgame::BlockDominoesSolver solver(rules);
  const HeuristicModel heuristic(1.0);
  const UniformModel uniform;
  int checked = 0;
  for (std::uint64_t index = 0; index < 60 && checked < 20; ++index) {
    State s;
    History history;
    if (!random_position(index, 4, s, history)) continue;
    const auto obs = dominoes::observe(s, history, rules, s.to_move);
    const std::vector<TileSet> worlds = some_worlds(obs, s.hands[1 - s.to_move], 6);
    const std::vector<double> weights(worlds.size(), 1.0);
    const dominoes::MoveList legal = obs.legal_moves();
    for (const OpponentModel* model : {static_cast<const OpponentModel*>(&heuristic),
                                       static_cast<const OpponentModel*>(&uniform)}) {
      PostponedSubgame subgame;
      subgame.build(obs, legal, worlds, weights, 2, model, solver);
      std::vector<double> values(static_cast<std::size_t>(legal.size()));
      subgame.consistent_values(0, values.data());
      for (int k = 0; k < legal.size(); ++k) {
        const std::vector<double> all = all_strategy_values(obs, legal[k], worlds, 2, model);
        const double best = *std::max_element(all.begin(), all.end());
        EXPECT_NEAR(values[static_cast<std::size_t>(k)], best, 1e-9 * (1 + std::fabs(best)))
            << "position " << index << " move " << k;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 20);
}

// Weights are counts: a world of weight 3 is worth three copies of it of weight 1, for every value
// the subgame reports, with either kind of reply.
TEST(EpimcSubgame, AWeightActsAsThatManyCopiesOfTheWorld) {
  const Rules rules;
  endgame::BlockDominoesSolver solver(rules);
  const HeuristicModel heuristic(1.0);
  int checked = 0;
  for (std::uint64_t index = 0; index < 30 && checked < 20; ++index) {
    State s;
    History history;
    if (!random_position(index, 5, s, history)) continue;
    const auto obs = dominoes::observe(s, history, rules, s.to_move);
    const std::vector<TileSet> worlds = some_worlds(obs, s.hands[1 - s.to_move], 5);
    std::vector<TileSet> copies = worlds;
    copies.insert(copies.begin() + 1, {worlds[1 % worlds.size()], worlds[1 % worlds.size()]});
    std::vector<double> weighted(worlds.size(), 1.0);
    weighted[1 % worlds.size()] = 3.0;
    const std::vector<double> ones(copies.size(), 1.0);
    const dominoes::MoveList legal = obs.legal_moves();
    for (const OpponentModel* model : {static_cast<const OpponentModel*>(nullptr),
                                       static_cast<const OpponentModel*>(&heuristic)}) {
      std::vector<double> a(static_cast<std::size_t>(legal.size())), b(a.size()), fa(a.size()),
          fb(a.size());
      PostponedSubgame one, three;
      one.build(obs, legal, worlds, weighted, 1, model, solver);
      three.build(obs, legal, copies, ones, 1, model, solver);
      one.fused_values(fa.data());
      three.fused_values(fb.data());
      one.consistent_values(LONG_MAX, a.data());
      three.consistent_values(LONG_MAX, b.data());
      for (std::size_t k = 0; k < a.size(); ++k) {
        EXPECT_NEAR(a[k], b[k], 1e-9 * (1 + std::fabs(b[k]))) << "position " << index;
        EXPECT_NEAR(fa[k], fb[k], 1e-9 * (1 + std::fabs(fb[k])));
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 20);
}

TEST(EpimcSubgame, PostponeZeroIsPimc) {
  const Rules rules;
  endgame::BlockDominoesSolver solver(rules);
  for (std::uint64_t index = 0; index < 20; ++index) {
    State s;
    History history;
    if (!random_position(index, 6, s, history)) continue;
    const auto obs = dominoes::observe(s, history, rules, s.to_move);
    const std::vector<TileSet> worlds = some_worlds(obs, s.hands[1 - s.to_move], 10);
    const std::vector<double> weights(worlds.size(), 1.0);
    const dominoes::MoveList legal = obs.legal_moves();
    PostponedSubgame subgame;
    subgame.build(obs, legal, worlds, weights, 0, nullptr, solver);
    std::vector<double> fused(static_cast<std::size_t>(legal.size())), consistent(fused.size());
    subgame.fused_values(fused.data());
    subgame.consistent_values(LONG_MAX, consistent.data());
    EXPECT_EQ(fused, consistent);
    for (int k = 0; k < legal.size(); ++k) EXPECT_EQ(subgame.strategy_count(k), 1);
  }
}

// With postpone=0 epimc is the inference strategy: the same worlds from the same random draws,
// the same weighted sums, the same move, for each opponent model.
TEST(EpimcStrategy, PostponeZeroPlaysAsInference) {
  const Registry& registry = Registry::builtin();
  for (const char* model : {"none", "heuristic", "self"}) {
    const std::string sampling =
        std::string("model=") + model + ",scenarios=6,enumerate=40,samples=15";
    Player epimc = registry.make("epimc(postpone=0,reply=min," + sampling + ")");
    Player inference = registry.make("inference(" + sampling + ")");
    int decisions = 0;
    for (std::uint64_t deal_index = 0; deal_index < 60; ++deal_index) {
      const Rules rules;
      const dominoes::Deal deal = dominoes::make_deal(rules, 5, deal_index);
      State s = dominoes::start_state(deal);
      History history(deal.leader);
      dominoes::Rng walk(deal_index);
      while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
        const dominoes::MoveList legal = dominoes::legal_moves(s);
        Move m = Move::pass();
        if (!legal.empty()) {
          if (legal.size() > 1) {
            Rng r1(deal_index * 131 + history.size()), r2 = r1;
            EXPECT_EQ(epimc.choose(s, history, rules, legal, r1),
                      inference.choose(s, history, rules, legal, r2))
                << model << " deal " << deal_index;
            ++decisions;
          }
          m = legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
        }
        dominoes::apply(s, m);
        history.push_back(m);
      }
    }
    EXPECT_GT(decisions, 200);
  }
}

// The strategy plays the root move whose consistent value is highest, and its values never
// exceed PIMC's over the same worlds.
TEST(EpimcStrategy, PlaysTheBestConsistentValueAndNeverTrustsMoreThanPimc) {
  EpimcParams params;
  params.sampling = {12, 100, 30};
  EpimcStrategy epimc(params, nullptr);
  const Rules rules;
  int decisions = 0;
  for (std::uint64_t index = 0; index < 30; ++index) {
    State s;
    History history;
    if (!random_position(index, 6, s, history)) continue;
    const auto obs = dominoes::observe(s, history, rules, s.to_move);
    const dominoes::MoveList legal = obs.legal_moves();
    Rng rng(index);
    const Move chosen = epimc.choose(obs, legal, rng);
    const auto& values = epimc.last_values();
    const auto& fused = epimc.last_fused_values();
    ASSERT_EQ(values.size(), static_cast<std::size_t>(legal.size()));
    int best = 0;
    for (int k = 0; k < legal.size(); ++k) {
      EXPECT_LE(values[static_cast<std::size_t>(k)], fused[static_cast<std::size_t>(k)]);
      if (values[static_cast<std::size_t>(k)] > values[static_cast<std::size_t>(best)]) best = k;
    }
    EXPECT_EQ(chosen, legal[best]);
    ++decisions;
  }
  EXPECT_GE(decisions, 20);
}

// A node budget ends the subgame after the world that spends it: one world for a budget of 1.
TEST(EpimcStrategy, ANodeBudgetStopsAddingWorlds) {
  EpimcParams one, all;
  one.sampling = all.sampling = {40, 100, 60};
  one.budget.nodes = 1;
  EpimcStrategy budgeted(one, nullptr), plain(all, nullptr);
  const Rules rules;
  int decisions = 0;
  for (std::uint64_t index = 0; index < 20; ++index) {
    State s;
    History history;
    if (!random_position(index, 6, s, history)) continue;
    const auto obs = dominoes::observe(s, history, rules, s.to_move);
    Rng r1(index), r2(index);
    budgeted.choose(obs, obs.legal_moves(), r1);
    plain.choose(obs, obs.legal_moves(), r2);
    EXPECT_EQ(budgeted.last_worlds(), 1u);
    EXPECT_GT(plain.last_worlds(), 1u);
    ++decisions;
  }
  EXPECT_GE(decisions, 10);
}

}  // namespace
}  // namespace strategies
