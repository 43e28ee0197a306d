#include "arena/posterior/belief_study.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <cmath>
#include <stdexcept>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/state.h"
#include "strategies/belief/enumerated_posterior.h"

namespace posterior {
namespace {

using dominoes::Observation;

// One belief's sums over a game's turns.
struct Sums {
  double total_variation = 0;
  double kl = 0;
  double log_loss = 0;
  std::int64_t ruled_out = 0;
  void add(const Sums& o) {
    total_variation += o.total_variation;
    kl += o.kl;
    log_loss += o.log_loss;
    ruled_out += o.ruled_out;
  }
};

struct GameSums {
  std::int64_t turns = 0;
  double hidden_tiles = 0;
  Sums exact;
  std::vector<Sums> beliefs;
};

// Adds to `sums` one turn's means per hidden tile of belief `q` against the exact `p` (log
// marginals, 2 places per tile), the opponent really holding `opponent_hand`.
void score_turn(const Observation& obs, dominoes::TileSet opponent_hand,
                const std::vector<double>& p, const std::vector<double>& q, Sums& sums) {
  double tv = 0, kl = 0, loss = 0;
  bool ruled_out = false;
  const dominoes::TileSet hidden = obs.unseen();
  for (const dominoes::Tile t : hidden) {
    for (int place = 0; place < 2; ++place) {
      const auto i = static_cast<std::size_t>(2 * t + place);
      const double pp = std::exp(p[i]), qq = std::exp(q[i]);
      tv += 0.5 * std::abs(pp - qq);
      if (pp > 0) {
        ruled_out = ruled_out || qq == 0;
        kl += pp * (p[i] - q[i]);
      }
    }
    loss -= q[static_cast<std::size_t>(2 * t + (opponent_hand.contains(t) ? 0 : 1))];
  }
  const double n = hidden.size();
  sums.total_variation += tv / n;
  sums.kl += kl / n;
  sums.log_loss += loss / n;
  sums.ruled_out += ruled_out;
}

// Plays game `g` of the study with `players` (this thread's copies) and returns its sums.
GameSums play_game(const BeliefStudy& study, std::int64_t g,
                   std::vector<strategies::Player>& players,
                   const std::array<strategies::EnumeratedPosterior, 2>& exact_against) {
  const dominoes::Rules& rules = study.rules;
  const auto game = static_cast<std::uint64_t>(g);
  const dominoes::Deal deal = dominoes::make_deal(rules, study.seed, game / 2);
  const int swap = static_cast<int>(game % 2);
  dominoes::State s = dominoes::start_state(deal);
  dominoes::History history(s.leader, 2);
  dominoes::Rng rng(dominoes::stream_key({study.seed, game, 0xBE11EF}));
  GameSums sums;
  sums.beliefs.resize(study.beliefs.size());
  std::vector<double> exact, belief;
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing) {
    const dominoes::Seat me = s.to_move;
    const Observation obs = dominoes::observe(s, history, rules, me);
    const dominoes::TileSet opponent_hand = s.hands[static_cast<std::size_t>(1 - me)];
    if (!obs.unseen().empty()) {
      strategies::belief_marginals(exact_against[static_cast<std::size_t>((1 - me + swap) % 2)],
                                   obs, exact);
      ++sums.turns;
      sums.hidden_tiles += obs.unseen().size();
      score_turn(obs, opponent_hand, exact, exact, sums.exact);
      for (std::size_t b = 0; b < study.beliefs.size(); ++b) {
        strategies::belief_marginals(*study.beliefs[b].belief, obs, belief);
        score_turn(obs, opponent_hand, exact, belief, sums.beliefs[b]);
      }
    }
    const dominoes::MoveList legal = dominoes::legal_moves(s);
    const dominoes::Move m = legal.empty() ? dominoes::Move::pass()
                             : legal.size() < 2
                                 ? legal[0]
                                 : players[static_cast<std::size_t>((me + swap) % 2)].choose(
                                       s, history, rules, legal, rng);
    dominoes::apply(s, m);
    history.push_back(m);
  }
  return sums;
}

BeliefScore mean_of(const std::string& name, const Sums& sums, std::int64_t turns) {
  const double n = static_cast<double>(turns);
  return {name, sums.total_variation / n, sums.kl / n, sums.log_loss / n, sums.ruled_out};
}

}  // namespace

BeliefStudyResult run_belief_study(const BeliefStudy& study,
                                   const std::function<void(std::int64_t)>& progress) {
  if (study.rules.seats != 2)
    throw std::invalid_argument("the belief study is for two seats, and these rules have " +
                                std::to_string(study.rules.seats));
  if (study.players.size() != 2)
    throw std::invalid_argument("the belief study needs two players, and was given " +
                                std::to_string(study.players.size()));
  if (study.games < 1) throw std::invalid_argument("the belief study needs at least one game");
  if (study.beliefs.empty()) throw std::invalid_argument("the belief study needs a belief");
  const std::array<strategies::EnumeratedPosterior, 2> exact_against{
      strategies::EnumeratedPosterior::of_strategy(study.players[0], study.player_names[0]),
      strategies::EnumeratedPosterior::of_strategy(study.players[1], study.player_names[1])};
  std::vector<GameSums> games(static_cast<std::size_t>(study.games));
  std::atomic<std::int64_t> finished{0};
  tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, study.games, 8),
                    [&](const tbb::blocked_range<std::int64_t>& range) {
                      std::vector<strategies::Player> players = study.players;
                      for (std::int64_t g = range.begin(); g < range.end(); ++g) {
                        games[static_cast<std::size_t>(g)] =
                            play_game(study, g, players, exact_against);
                        const std::int64_t done = ++finished;
                        if (progress) progress(done);
                      }
                    });
  // Summed in game order: the same result for any thread count.
  GameSums total;
  total.beliefs.resize(study.beliefs.size());
  for (const GameSums& g : games) {
    total.turns += g.turns;
    total.hidden_tiles += g.hidden_tiles;
    total.exact.add(g.exact);
    for (std::size_t b = 0; b < g.beliefs.size(); ++b) total.beliefs[b].add(g.beliefs[b]);
  }
  BeliefStudyResult result;
  result.games = study.games;
  result.turns = total.turns;
  result.hidden_tiles = total.hidden_tiles / static_cast<double>(total.turns);
  result.exact = mean_of("exact", total.exact, total.turns);
  for (std::size_t b = 0; b < study.beliefs.size(); ++b)
    result.beliefs.push_back(mean_of(study.beliefs[b].name, total.beliefs[b], total.turns));
  return result;
}

}  // namespace posterior
