// Inference (strategies/inference): world weights against a brute-force replay of every hidden hand
// with the real heuristic strategy; hand-computed softmax products on a hand-made game; uniform
// weights without opponent decisions; the heuristic model's order against the seed heuristic;
// model=uniform against minimax(depth=0); the softmax fit against a known model.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/notation.h"
#include "strategies/heuristic/heuristic_strategy.h"
#include "strategies/inference/inference_strategy.h"
#include "strategies/registry.h"

namespace strategies {
namespace {

using dominoes::History;
using dominoes::Rules;
using dominoes::State;
using dominoes::TileSet;

TileSet tiles(const char* text) {
  return dominoes::parse_tiles(text, 6);
}

// A game replayed from dealt hands and a move list; observe() for the seat to look from.
struct Game {
  Rules rules;
  State state;
  History history;
  Game(const char* hand0, const char* hand1, dominoes::Seat leader, std::vector<const char*> moves)
      : state(dominoes::start_state(tiles(hand0), tiles(hand1), leader)), history(leader) {
    for (const char* m : moves) {
      const Move move = dominoes::parse_move(m, 6);
      const MoveList legal = dominoes::legal_moves(state);
      EXPECT_TRUE(move.is_pass() ? legal.empty() : legal.contains(move)) << m;
      dominoes::apply(state, move);
      history.push_back(move);
    }
  }
  dominoes::Observation observe(dominoes::Seat seat) const {
    return dominoes::observe(state, history, rules, seat);
  }
};

// The seed heuristic's choices from `legal`, best first, by asking the real strategy again with its
// previous choices removed: the order the heuristic model's ranks must reproduce.
std::vector<Move> heuristic_order(const State& s, const History& h, const Rules& rules,
                                  MoveList legal) {
  HeuristicStrategy heuristic;
  dominoes::Rng unused(0);
  std::vector<Move> order;
  while (!legal.empty()) {
    const Move m = heuristic.choose(dominoes::observe(s, h, rules, s.to_move), legal, unused);
    order.push_back(m);
    MoveList rest;
    for (Move x : legal)
      if (x != m) rest.push_back(x);
    legal = rest;
  }
  return order;
}

TEST(InferenceModels, HeuristicRanksFollowTheSeedHeuristic) {
  int checked = 0;
  for (std::uint64_t deal_index = 0; deal_index < 200; ++deal_index) {
    Rules rules;
    rules.max_pip = 6 + static_cast<int>(deal_index % 4);
    const dominoes::Deal deal = dominoes::make_deal(rules, 5, deal_index);
    State s = dominoes::start_state(deal);
    History history(deal.leader);
    dominoes::Rng walk(deal_index);
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const MoveList legal = dominoes::legal_moves(s);
      if (legal.size() > 1) {
        const std::vector<Move> order = heuristic_order(s, history, rules, legal);
        int ranks[MoveList::kCapacity];
        heuristic_ranks(s, legal, ranks);
        for (int k = 0; k < legal.size(); ++k)
          ASSERT_EQ(order[static_cast<std::size_t>(ranks[k])], legal[k]) << "deal " << deal_index;
        ++checked;
      }
      const Move m =
          legal.empty()
              ? Move::pass()
              : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  EXPECT_GT(checked, 1000);
}

// The hand-made game of the softmax tests. Seat 0 (the observer) leads 6-6; seat 1 plays 1-6 left,
// seat 0 plays 0-1 left, seat 1 plays 2-6 right; seat 0 is to move. World B is the opponent's real
// hand, world A another consistent hand.
const char* kWorldA = "1-1,2-2,3-3,4-4,5-5";
const char* kWorldB = "5-6,3-6,1-1,4-4,5-5";
Game softmax_game() {
  return Game("6-6,0-0,0-1,0-2,0-3,0-4,0-5", "1-6,2-6,5-6,3-6,1-1,4-4,5-5", 0,
              {"6-6", "1-6L", "0-1L", "2-6R"});
}

TEST(InferenceWeights, RatioIsTheProductOfSoftmaxProbabilities) {
  const Game game = softmax_game();
  const dominoes::Observation obs = game.observe(0);
  const std::vector<TileSet> hands = {tiles(kWorldA), tiles(kWorldB)};
  for (const double t : {1.0, 0.5, 3.0}) {
    // By hand (heuristic_strategy.h's rules; ends 6|6, then 0|6):
    // World A, first decision: 1-6L or 2-6L, 4 visible carriers each, the tie to the higher seed
    //   key (2-6L), so 1-6L had rank 1 of 2; second decision: 2-6R was forced.
    // World B, first decision: 1-6L and 5-6L carry 6, 2-6L and 3-6L 5; ranks 5-6, 1-6, 3-6, 2-6:
    //   1-6L had rank 1 of 4. Second decision (0|6): 5-6R carries 3, 3-6R and 2-6R 2 each; ranks
    //   5-6, 3-6, 2-6: 2-6R had rank 2 of 3.
    const double e1 = std::exp(-1 / t), e2 = std::exp(-2 / t), e3 = std::exp(-3 / t);
    const double a = e1 / (1 + e1);
    const double b = e1 / (1 + e1 + e2 + e3) * (e2 / (1 + e1 + e2));
    std::vector<double> w;
    world_weights(obs, hands, HeuristicModel(t), w);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_NEAR(w[0] + w[1], 1.0, 1e-12);
    EXPECT_NEAR(w[1] / w[0], b / a, 1e-12 * b / a) << "temperature " << t;
  }
  // At zero temperature both worlds contradict the heuristic (1-6L was not its first choice): all
  // weights 0, so the fallback makes them equal.
  std::vector<double> w;
  world_weights(obs, hands, HeuristicModel(0), w);
  EXPECT_DOUBLE_EQ(w[0], 0.5);
  EXPECT_DOUBLE_EQ(w[1], 0.5);
  // A uniformly random opponent: world A had 2 moves then 1, world B 4 then 3.
  world_weights(obs, hands, UniformModel(), w);
  EXPECT_NEAR(w[1] / w[0], (1.0 / 12) / (1.0 / 2), 1e-12);
  // The greedy (self) model: its score by hand for world B's second decision, and the ratio.
  const std::vector<PastDecision> decisions = opponent_decisions(obs);
  ASSERT_EQ(decisions.size(), 2u);
  State second = decisions[1].before;
  EXPECT_EQ(second.hands[1], tiles("2-6"));
  second.hands[1] |= tiles(kWorldB);
  // 5-6R: 11 pips / 4, no double, one follow-up (5-5 fits the new 5) / 2, no lacks.
  EXPECT_DOUBLE_EQ(greedy_score(second, dominoes::parse_move("5-6R", 6)), 11 / 4.0 + 0.5);
  // 2-6R: 8 / 4, no tile left fits 0 or 2.
  EXPECT_DOUBLE_EQ(greedy_score(second, dominoes::parse_move("2-6R", 6)), 2.0);
}

TEST(InferenceWeights, NoOpponentDecisionMeansUniformWeights) {
  // Only the observer has moved, then the opponent passed: nothing to infer beyond the pass.
  const Game game("6-6,0-0,0-1,0-2,0-3,0-4,0-5", "1-2,1-3,1-4,1-5,2-3,2-4,2-5", 0, {"6-6", "pass"});
  const dominoes::Observation obs = game.observe(0);
  EXPECT_TRUE(opponent_decisions(obs).empty());
  std::vector<TileSet> hands;
  dominoes::for_each_consistent_hand(obs, [&](TileSet h) { hands.push_back(h); });
  ASSERT_EQ(hands.size(), dominoes::binomial(15, 7));  // 21 unseen, 6 carry the lacked 6
  for (const double t : {0.0, 1.0}) {
    std::vector<double> w;
    world_weights(obs, hands, HeuristicModel(t), w);
    for (double x : w) ASSERT_DOUBLE_EQ(x, 1.0 / static_cast<double>(hands.size()));
  }
}

TEST(InferenceWeights, ADoubleNotPlayedRulesOutTheWorldsThatHeldOne) {
  // Seat 0 leads 5-6; seat 1, which could only play a tile with 5 or 6, plays 2-6R; seat 0 to move.
  // An opponent that always plays a double when it can (the zero-temperature heuristic's rule 1)
  // held neither 5-5 nor 6-6.
  const Game game("5-6,0-0,0-1,0-2,0-3,0-4,0-5", "2-6,1-1,1-2,1-3,1-4,2-2,3-3", 0, {"5-6", "2-6R"});
  const dominoes::Observation obs = game.observe(0);
  std::vector<TileSet> hands;
  dominoes::for_each_consistent_hand(obs, [&](TileSet h) { hands.push_back(h); });
  std::vector<double> w;
  world_weights(obs, hands, HeuristicModel(0), w);
  const TileSet doubles = tiles("5-5,6-6");
  int zero = 0, positive = 0;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    if (!(hands[i] & doubles).empty()) {
      ASSERT_EQ(w[i], 0.0) << dominoes::to_string(hands[i]);
      ++zero;
    } else if (w[i] > 0) {
      ++positive;
    }
    if (hands[i] == tiles("1-1,1-2,1-3,1-4,2-2,3-3")) {
      EXPECT_GT(w[i], 0);  // the real hand
    }
  }
  EXPECT_GT(zero, 0);
  EXPECT_GT(positive, 0);
  // With a temperature every world keeps a weight.
  world_weights(obs, hands, HeuristicModel(1), w);
  for (double x : w) EXPECT_GT(x, 0);
}

// Brute force: every set of hidden tiles of the opponent's size (no candidate logic), replayed as a
// whole game from both initial hands with the engine's legality checks, the real heuristic asked at
// each opponent decision. A world's weight is the product of softmax(-rank / T) of its moves,
// ranks from heuristic_order; inconsistent sets get no weight.
std::map<std::uint64_t, double> brute_force_weights(const Game& game, dominoes::Seat me, double t) {
  const dominoes::Seat opp = 1 - me;
  const dominoes::Observation obs = game.observe(me);
  TileSet mine_initial = obs.hand(), opp_played;
  for (int k = 0; k < game.history.size(); ++k)
    if (!game.history[k].is_pass())
      (game.history.seat_of(k) == me ? mine_initial : opp_played).insert(game.history[k].tile());
  std::vector<dominoes::Tile> hidden;
  for (dominoes::Tile x : obs.unseen()) hidden.push_back(x);
  const int n = static_cast<int>(hidden.size()), size = obs.opponent_tile_count();
  std::map<std::uint64_t, double> weights;
  for (std::uint64_t subset = 0; subset < (std::uint64_t{1} << n); ++subset) {
    if (std::popcount(subset) != size) continue;
    TileSet h;
    for (int i = 0; i < n; ++i)
      if (subset >> i & 1) h.insert(hidden[static_cast<std::size_t>(i)]);
    State s = dominoes::start_state(me == 0 ? mine_initial : h | opp_played,
                                    me == 0 ? h | opp_played : mine_initial, game.history.leader());
    History prefix(game.history.leader());
    double weight = 1;
    bool consistent = true;
    for (int k = 0; k < game.history.size() && consistent; ++k) {
      const Move m = game.history[k];
      const MoveList legal = dominoes::legal_moves(s);
      consistent = m.is_pass() ? legal.empty() : legal.contains(m);
      if (!consistent) break;
      if (s.to_move == opp && legal.size() > 1) {
        const std::vector<Move> order = heuristic_order(s, prefix, game.rules, legal);
        double z = 0, p = 0;
        for (std::size_t r = 0; r < order.size(); ++r) {
          const double e = t > 0 ? std::exp(-static_cast<double>(r) / t) : (r == 0 ? 1.0 : 0.0);
          z += e;
          if (order[r] == m) p = e;
        }
        weight *= p / z;
      }
      dominoes::apply(s, m);
      prefix.push_back(m);
    }
    if (consistent) weights[h.bits()] = weight;
  }
  return weights;
}

TEST(InferenceWeights, MatchBruteForceReplaysOfEveryHiddenHand) {
  // Games of heuristic (seat 1) against random (seat 0), looked at from seat 0 once few enough
  // hidden sets remain to enumerate them all.
  int positions = 0;
  for (std::uint64_t deal_index = 0; positions < 12 && deal_index < 100; ++deal_index) {
    Rules rules;
    const dominoes::Deal deal = dominoes::make_deal(rules, 21, deal_index);
    Game game("", "", deal.leader, {});
    game.state = dominoes::start_state(deal);
    dominoes::Rng walk(deal_index);
    HeuristicStrategy heuristic;
    bool looked = false;
    while (dominoes::status(game.state) == dominoes::GameStatus::kOngoing) {
      const MoveList legal = dominoes::legal_moves(game.state);
      const dominoes::Observation obs = game.observe(0);
      if (game.state.to_move == 0 && !looked &&
          dominoes::binomial(obs.unseen().size(), obs.opponent_tile_count()) <= 3000 &&
          !opponent_decisions(obs).empty()) {
        looked = true;
        ++positions;
        std::vector<TileSet> hands;
        dominoes::for_each_consistent_hand(obs, [&](TileSet h) { hands.push_back(h); });
        for (const double t : {0.0, 0.7}) {
          const auto expected = brute_force_weights(game, 0, t);
          ASSERT_EQ(expected.size(), hands.size()) << "deal " << deal_index;
          double total = 0;
          for (const auto& [bits, w] : expected) total += w;
          std::vector<double> w;
          world_weights(obs, hands, HeuristicModel(t), w);
          for (std::size_t i = 0; i < hands.size(); ++i) {
            ASSERT_TRUE(expected.count(hands[i].bits()));
            const double want = total > 0 ? expected.at(hands[i].bits()) / total
                                          : 1.0 / static_cast<double>(hands.size());
            ASSERT_NEAR(w[i], want, 1e-12) << "deal " << deal_index << " T " << t;
          }
        }
      }
      Move m = Move::pass();
      if (legal.size() == 1) m = legal[0];
      if (legal.size() > 1)
        m = game.state.to_move == 1
                ? heuristic.choose(game.observe(1), legal, walk)
                : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
      dominoes::apply(game.state, m);
      game.history.push_back(m);
    }
  }
  EXPECT_EQ(positions, 12);
}

// With model=none the strategy is minimax(depth=0) (with depth=D, minimax(depth=D)): every
// consistent hand when enumerating, and with samples = scenarios the same hands drawn from the
// same random stream otherwise.
TEST(InferenceStrategy, NoModelIsMinimax) {
  const Registry& registry = Registry::builtin();
  Player inference = registry.make("inference(model=none,scenarios=300,enumerate=300)");
  Player sampling = registry.make("inference(model=none,scenarios=30,enumerate=30,samples=30)");
  Player minimax = registry.make("minimax(scenarios=300,depth=0)");
  Player minimax30 = registry.make("minimax(scenarios=30,depth=0)");
  // And with a horizon, the same horizon as minimax's (depth counts the tiles after the move).
  Player shallow =
      registry.make("inference(model=none,scenarios=30,enumerate=30,samples=30,depth=3)");
  Player minimax30d3 = registry.make("minimax(scenarios=30,depth=3)");
  Player exact30 = registry.make("inference(model=none,scenarios=30,enumerate=30,samples=30)");
  int compared = 0, sampled = 0, shallow_differs = 0;
  for (std::uint64_t deal_index = 0; deal_index < 200; ++deal_index) {
    const Rules rules;
    const dominoes::Deal deal = dominoes::make_deal(rules, 3, deal_index);
    State s = dominoes::start_state(deal);
    History history(deal.leader);
    dominoes::Rng walk(deal_index);
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const MoveList legal = dominoes::legal_moves(s);
      if (legal.size() > 1 && dominoes::count_consistent_hands(
                                  dominoes::observe(s, history, rules, s.to_move)) <= 300) {
        dominoes::Rng r1(deal_index), r2(deal_index);
        ASSERT_EQ(inference.choose(s, history, rules, legal, r1),
                  minimax.choose(s, history, rules, legal, r2));
        ++compared;
      }
      if (legal.size() > 1 && sampled < 100) {
        dominoes::Rng r1(deal_index + 7), r2(deal_index + 7);
        ASSERT_EQ(sampling.choose(s, history, rules, legal, r1),
                  minimax30.choose(s, history, rules, legal, r2));
        dominoes::Rng r3(deal_index + 7), r4(deal_index + 7), r5(deal_index + 7);
        const Move horizon = shallow.choose(s, history, rules, legal, r3);
        ASSERT_EQ(horizon, minimax30d3.choose(s, history, rules, legal, r4));
        if (!(horizon == exact30.choose(s, history, rules, legal, r5))) ++shallow_differs;
        ++sampled;
      }
      const Move m =
          legal.empty()
              ? Move::pass()
              : legal[static_cast<int>(walk.below(static_cast<std::uint32_t>(legal.size())))];
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  EXPECT_GT(compared, 100);
  EXPECT_EQ(sampled, 100);
  EXPECT_GT(shallow_differs, 0);  // the horizon is used, not ignored
}

TEST(InferenceStrategy, RejectsBadModels) {
  for (const char* bad : {"inference(model=best)", "inference(model=fitted:)",
                          "inference(model=fitted:/no/such/file)"})
    EXPECT_THROW(Registry::builtin().make(bad), SpecError) << bad;
  EXPECT_EQ(Registry::builtin().canonical("inference"),
            "inference(model=heuristic,temperature=1,scenarios=200,enumerate=2000,samples=1000)");
}

// At least `count` decisions drawn from `model` at positions of random games (whole games: the
// chosen move is followed), deals from `deal_seed`, choices from `choice_seed`.
std::vector<FitDecision> decisions_from(const SoftmaxModel& model, std::size_t count,
                                        std::uint64_t deal_seed, std::uint64_t choice_seed) {
  std::vector<FitDecision> decisions;
  dominoes::Rng rng(choice_seed);
  for (std::uint64_t deal_index = 0; decisions.size() < count; ++deal_index) {
    const Rules rules;
    State s = dominoes::start_state(dominoes::make_deal(rules, deal_seed, deal_index));
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const MoveList legal = dominoes::legal_moves(s);
      Move m = legal.empty() ? Move::pass() : legal[0];
      if (legal.size() > 1) {
        FitDecision d;
        d.moves.resize(static_cast<std::size_t>(legal.size()));
        move_features(s, legal, d.moves.data());
        double probs[MoveList::kCapacity];
        model.policy(s, legal, probs);
        double u = rng.uniform();
        d.chosen = legal.size() - 1;
        for (int k = 0; k < legal.size(); ++k)
          if ((u -= probs[k]) < 0) {
            d.chosen = k;
            break;
          }
        m = legal[d.chosen];
        decisions.push_back(std::move(d));
      }
      dominoes::apply(s, m);
    }
  }
  return decisions;
}

// The log-likelihood of `decisions` under weights `w` less ridge/2 |w|^2, computed here without
// Eigen: the fit's objective.
double penalised(const std::vector<FitDecision>& decisions,
                 const std::array<double, kMoveFeatures>& w, double ridge) {
  double total = 0;
  for (const FitDecision& d : decisions) {
    std::vector<double> scores;
    for (const auto& f : d.moves) {
      double x = 0;
      for (int i = 0; i < kMoveFeatures; ++i) x += w[i] * f[i];
      scores.push_back(x);
    }
    const double top = *std::max_element(scores.begin(), scores.end());
    double z = 0;
    for (double x : scores) z += std::exp(x - top);
    total += scores[static_cast<std::size_t>(d.chosen)] - top - std::log(z);
  }
  for (double x : w) total -= 0.5 * ridge * x * x;
  return total;
}

// A nearly deterministic player (large weights): the fit ends where rounding stops the line
// search. It must call that converged, and no small move of any weight may raise the objective.
TEST(InferenceFit, ANearlyDeterministicPlayerIsFittedToConvergence) {
  const std::array<double, kMoveFeatures> truth = {6, 4, 6, -2, 3, 3, 4, -3, 5};
  const std::vector<FitDecision> decisions = decisions_from(SoftmaxModel(truth), 3000, 23, 23);
  const FitResult fit = fit_softmax_model(decisions, 1.0);
  EXPECT_TRUE(fit.converged) << fit.iterations << " steps";
  const double best = penalised(decisions, fit.weights, 1.0);
  for (int i = 0; i < kMoveFeatures; ++i)
    for (double h : {-1e-3, 1e-3}) {
      std::array<double, kMoveFeatures> w = fit.weights;
      w[static_cast<std::size_t>(i)] += h;
      EXPECT_LE(penalised(decisions, w, 1.0), best + 1e-9) << kMoveFeatureNames[i] << " " << h;
    }
}

// Decisions drawn from a known softmax model at positions of random games; the fit must find the
// maximum of the likelihood (no better than the truth, zero gradient) and land near the truth.
TEST(InferenceFit, RecoversAKnownSoftmaxModel) {
  const std::array<double, kMoveFeatures> truth = {1.5, 1.0, -1.0, 0.5, 0.8, 0.6, 1.0, -0.7, 0.3};
  const std::vector<FitDecision> decisions = decisions_from(SoftmaxModel(truth), 6000, 9, 17);
  const FitResult fit = fit_softmax_model(decisions, 1e-6);
  EXPECT_TRUE(fit.converged);
  // The log-likelihood of the truth, which the maximum must not be below.
  const double truth_ll = penalised(decisions, truth, 0.0);
  EXPECT_GE(fit.log_likelihood, truth_ll);
  EXPECT_LT(fit.log_likelihood - truth_ll, 20);  // about half a chi-square with 9 df
  for (int i = 0; i < kMoveFeatures; ++i)
    EXPECT_NEAR(fit.weights[i], truth[i], 4 * fit.standard_errors[i]) << kMoveFeatureNames[i];
  // The well-identified weights (common features) land close: a wrong gradient would not.
  for (int i : {0, 1, 2, 7}) EXPECT_LT(fit.standard_errors[i], 0.15) << kMoveFeatureNames[i];
  // The model file round trip, and a broken file.
  EXPECT_EQ(parse_softmax_model(softmax_model_text(fit.weights)), fit.weights);
  EXPECT_THROW(parse_softmax_model("dominoes-move-softmax 1\nheuristic 1\n"),
               std::invalid_argument);
}

// A prior mean (the learned policy prior of adapt's online model) is the centre of the penalty.
// With no data the fit is the prior; with one kind of decision, two moves that differ only in
// feature 0 and the second always chosen, the maximum solves n (1 - sigmoid(w0)) = ridge (w0 - m0)
// (bisection here) and leaves every other weight at its prior mean.
TEST(InferenceFit, APriorMeanIsThePenaltysCentre) {
  const std::array<double, kMoveFeatures> prior = {2.0, -1.0, 0.5, 0, 0, 0, 0, 0, 3.0};
  EXPECT_EQ(fit_softmax_model({}, 1.0, prior).weights, prior);
  FitDecision d;
  d.moves.assign(2, {});
  d.moves[1][0] = 1;
  d.chosen = 1;
  const std::vector<FitDecision> decisions(7, d);
  const double ridge = 2.0;
  const FitResult fit = fit_softmax_model(decisions, ridge, prior);
  double lo = prior[0], hi = prior[0] + 10;  // the root lies above the prior mean
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    const double slope = 7 * (1 - 1 / (1 + std::exp(-mid))) - ridge * (mid - prior[0]);
    (slope > 0 ? lo : hi) = mid;
  }
  EXPECT_NEAR(fit.weights[0], lo, 1e-7);
  for (int i = 1; i < kMoveFeatures; ++i) EXPECT_NEAR(fit.weights[i], prior[i], 1e-9) << i;
}

}  // namespace
}  // namespace strategies
