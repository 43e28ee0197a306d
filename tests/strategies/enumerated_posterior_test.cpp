// The enumerated posterior against a brute force written here: at every turn of games of small
// variants, every deal of the whole set that keeps the observer's dealt hand is weighed by the
// probability that the game's whole record happens from it (both seats' moves, the leader rule,
// the game still going on), and the marginals of where each unseen tile is now are read off the
// weighted deals. The brute force knows nothing of the consistent hands now, the candidates or
// the replay of the code under test; the random player's policy is written here (1 / legal
// moves), the softmax player's is asked of the player itself.
#include "strategies/belief/enumerated_posterior.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/determinization.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/state.h"
#include "strategies/registry.h"

namespace {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Observation;
using dominoes::State;
using dominoes::TileSet;
using strategies::EnumeratedPosterior;
using strategies::Player;

// How the brute force weighs a seat's move: the random player's 1 / moves, a player's own
// policy, or 1 for every move (no model).
enum class Weighing { kUniform, kPlayer, kNone };

// The probability of the move legal[chosen] of the seat to move in `s`.
double move_probability(Weighing how, Player* player, const State& s,
                        const dominoes::History& so_far, const dominoes::Rules& rules,
                        const MoveList& legal, int chosen) {
  if (how == Weighing::kNone) return 1.0;
  if (how == Weighing::kUniform) return 1.0 / legal.size();
  double p[MoveList::kCapacity];
  const Observation seen = dominoes::observe(s, so_far, rules, s.to_move);
  EXPECT_TRUE(player->strategy()->policy(seen, legal, {p, static_cast<std::size_t>(legal.size())}));
  return p[chosen];
}

// P(the record of `obs` | the dealt hands) up to factors every deal shares.
double record_probability(const Observation& obs, const std::array<TileSet, 2>& dealt,
                          Weighing opponent, Player* opponent_player) {
  const dominoes::Rules& rules = obs.rules();
  if (rules.leader == dominoes::LeaderRule::kHeaviestDouble &&
      dominoes::heaviest_double_holder(dealt) != obs.leader())
    return 0;
  State s = dominoes::start_state(dealt[0], dealt[1], obs.leader());
  dominoes::History so_far(obs.leader(), 2);
  double p = 1;
  for (const Move m : obs.history()) {
    if (dominoes::status(s) != dominoes::GameStatus::kOngoing) return 0;
    const MoveList legal = dominoes::legal_moves(s);
    if (m.is_pass()) {
      if (!legal.empty()) return 0;
    } else {
      int k = 0;
      while (k < legal.size() && legal[k] != m) ++k;
      if (k == legal.size()) return 0;
      // The observer's own moves depend only on what it saw: the same in every deal kept here,
      // so they are left out (a uniform weight on them would wrongly favour some deals).
      if (s.to_move != obs.seat())
        p *= move_probability(opponent, opponent_player, s, so_far, rules, legal, k);
    }
    dominoes::apply(s, m);
    so_far.push_back(m);
  }
  return dominoes::status(s) == dominoes::GameStatus::kOngoing ? p : 0;
}

// The brute-force marginal P(tile t in the opponent's hand now | obs), for every tile.
std::vector<double> brute_force_held(const Observation& obs, Weighing opponent,
                                     Player* opponent_player) {
  const int tiles = dominoes::tile_count(obs.rules().max_pip);
  const dominoes::Seat me = obs.seat();
  TileSet mine = obs.hand(), theirs_played;
  const auto record = obs.history();
  for (std::size_t k = 0; k < record.size(); ++k) {
    if (record[k].is_pass()) continue;
    ((obs.leader() + k) % 2 == static_cast<std::size_t>(me) ? mine : theirs_played)
        .insert(record[k].tile());
  }
  std::vector<double> held(static_cast<std::size_t>(tiles), 0.0);
  double total = 0;
  dominoes::for_each_subset(
      TileSet::full(obs.rules().max_pip) - mine, obs.rules().hand_size, [&](TileSet theirs) {
        std::array<TileSet, 2> dealt{};
        dealt[static_cast<std::size_t>(me)] = mine;
        dealt[static_cast<std::size_t>(1 - me)] = theirs;
        const double w = record_probability(obs, dealt, opponent, opponent_player);
        total += w;
        for (const dominoes::Tile t : theirs - theirs_played) held[t] += w;
      });
  EXPECT_GT(total, 0);
  for (double& h : held) h /= total;
  return held;
}

// Plays `games` games of `rules` between `players` (seat 0, seat 1; seats swap every game) and
// checks at every turn of each seat, the game going on, that `posterior_of(opponent's player)`
// gives the brute force's marginals. Returns the turns checked.
template <class PosteriorOf>
int check_games(const dominoes::Rules& rules, std::array<Player, 2> players, int games,
                Weighing opponent, PosteriorOf posterior_of) {
  int turns = 0;
  for (int g = 0; g < games; ++g) {
    const dominoes::Deal deal = dominoes::make_deal(rules, 11, static_cast<std::uint64_t>(g));
    State s = dominoes::start_state(deal);
    dominoes::History history(s.leader, 2);
    dominoes::Rng rng(static_cast<std::uint64_t>(g) + 1);
    const int swap = g % 2;
    while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
      const dominoes::Seat me = s.to_move;
      Player& opponent_player = players[static_cast<std::size_t>((1 - me + swap) % 2)];
      const Observation obs = dominoes::observe(s, history, rules, me);
      const std::vector<double> held = brute_force_held(obs, opponent, &opponent_player);
      const EnumeratedPosterior posterior = posterior_of(opponent_player);
      std::vector<double> log_p(static_cast<std::size_t>(2 * dominoes::tile_count(rules.max_pip)));
      posterior.log_marginals(obs, log_p);
      for (const dominoes::Tile t : obs.unseen()) {
        EXPECT_NEAR(std::exp(log_p[2 * t]), held[t], 1e-9) << "game " << g << " tile " << int(t);
        EXPECT_NEAR(std::exp(log_p[2 * t + 1]), 1 - held[t], 1e-9);
      }
      ++turns;
      const MoveList legal = dominoes::legal_moves(s);
      Player& mover = players[static_cast<std::size_t>((me + swap) % 2)];
      const Move m = legal.empty()      ? Move::pass()
                     : legal.size() < 2 ? legal[0]
                                        : mover.choose(s, history, rules, legal, rng);
      dominoes::apply(s, m);
      history.push_back(m);
    }
  }
  return turns;
}

dominoes::Rules small_rules(int max_pip, int hand, dominoes::LeaderRule leader) {
  dominoes::Rules rules;
  rules.max_pip = max_pip;
  rules.hand_size = hand;
  rules.leader = leader;
  return rules;
}

TEST(EnumeratedPosterior, ExactAgainstRandomEqualsBruteForce) {
  const auto& registry = strategies::Registry::builtin();
  const auto rules = small_rules(3, 3, dominoes::LeaderRule::kRandom);
  const int turns =
      check_games(rules, {registry.make("random"), registry.make("random")}, 30, Weighing::kUniform,
                  [](const Player& p) { return EnumeratedPosterior::of_strategy(p, "random"); });
  EXPECT_GT(turns, 100);
}

TEST(EnumeratedPosterior, ExactAgainstSoftmaxEqualsBruteForce) {
  const auto& registry = strategies::Registry::builtin();
  // Hands of 2 from double-three leave 6 tiles undrawn; the heaviest-double leader binds.
  for (const auto& rules : {small_rules(3, 3, dominoes::LeaderRule::kRandom),
                            small_rules(3, 2, dominoes::LeaderRule::kHeaviestDouble),
                            small_rules(4, 3, dominoes::LeaderRule::kRandom)}) {
    const int turns = check_games(
        rules, {registry.make("softmax"), registry.make("random")}, 20, Weighing::kPlayer,
        [](const Player& p) { return EnumeratedPosterior::of_strategy(p, "the opponent"); });
    EXPECT_GT(turns, 40);
  }
}

TEST(EnumeratedPosterior, ModelsEqualTheirBruteForce) {
  const auto& registry = strategies::Registry::builtin();
  const auto rules = small_rules(3, 3, dominoes::LeaderRule::kRandom);
  const std::array<Player, 2> players{registry.make("softmax"), registry.make("heuristic")};
  // The uniform model is the random player's policy, whoever really played.
  check_games(rules, players, 20, Weighing::kUniform, [](const Player&) {
    return EnumeratedPosterior::of_model(std::make_shared<strategies::UniformModel>());
  });
  // No model: every deal that replays the record alike.
  check_games(rules, players, 20, Weighing::kNone,
              [](const Player&) { return EnumeratedPosterior::of_model(nullptr); });
}

TEST(EnumeratedPosterior, HandWeightsSumToOneOverTheConsistentHands) {
  const auto rules = small_rules(4, 4, dominoes::LeaderRule::kRandom);
  const dominoes::Deal deal = dominoes::make_deal(rules, 5, 0);
  State s = dominoes::start_state(deal);
  dominoes::History history(s.leader, 2);
  const Move lead = dominoes::legal_moves(s)[0];
  dominoes::apply(s, lead);
  history.push_back(lead);
  const Observation obs = dominoes::observe(s, history, rules, s.to_move);
  const auto log_w = EnumeratedPosterior::of_model(nullptr).log_hand_weights(obs);
  EXPECT_EQ(log_w.size(), dominoes::count_consistent_hands(obs));
  double total = 0;
  for (const double w : log_w) total += std::exp(w);
  EXPECT_NEAR(total, 1.0, 1e-12);
}

TEST(EnumeratedPosterior, RefusesWhatItCannotCompute) {
  const auto& registry = strategies::Registry::builtin();
  const auto rules = small_rules(3, 3, dominoes::LeaderRule::kRandom);
  State s = dominoes::start_state(dominoes::make_deal(rules, 2, 0));
  dominoes::History history(s.leader, 2);
  // The leader's move by an unknown strategy: the follower's posterior needs its distribution.
  const Move lead = dominoes::legal_moves(s)[0];
  dominoes::apply(s, lead);
  history.push_back(lead);
  const Observation obs = dominoes::observe(s, history, rules, s.to_move);
  std::vector<double> log_p(20);
  const auto searcher =
      EnumeratedPosterior::of_strategy(registry.make("minimax(scenarios=5)"), "minimax");
  try {
    searcher.log_marginals(obs, log_p);
    FAIL() << "a strategy without its distribution was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("minimax does not give its move distribution"),
              std::string::npos)
        << e.what();
  }
  std::vector<double> short_p(19);
  EXPECT_THROW(EnumeratedPosterior::of_model(nullptr).log_marginals(obs, short_p),
               std::invalid_argument);
}

}  // namespace
