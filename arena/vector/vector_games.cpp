#include "arena/vector/vector_games.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>
#include <string>

#include "arena/tournament/play/game_loop.h"
#include "engine/dominoes/actions.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/scoring.h"

namespace arena {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Seat;

namespace {

// Games per task: enough work per task (a game step is well under a microsecond) that oneTBB's
// scheduling stays a small share.
constexpr std::size_t kGamesPerTask = 64;

// The stream random_actions draws from for game g.
dominoes::Rng action_rng(std::uint64_t seed, std::uint64_t game) {
  return dominoes::Rng(dominoes::stream_key({seed, game, 0xAC7105}));
}

void check_arguments(const dominoes::Rules& rules, int games, Seat learner,
                     const std::vector<strategies::Player>& opponents, int threads) {
  if (games < 1)
    throw std::invalid_argument("num_envs must be at least 1, not " + std::to_string(games));
  if (threads < 1)
    throw std::invalid_argument("num_threads must be at least 1, not " + std::to_string(threads));
  if (learner < 0 || learner >= rules.seats)
    throw std::invalid_argument("the learning seat must be 0.." + std::to_string(rules.seats - 1) +
                                ", not " + std::to_string(learner));
  if (rules.match_target != 0)
    throw std::invalid_argument(
        "the vector environment plays single hands: target must be 0, not " +
        std::to_string(rules.match_target));
  if (static_cast<int>(opponents.size()) != rules.seats - 1)
    throw std::invalid_argument("the vector environment needs one opponent per other seat: " +
                                std::to_string(rules.seats - 1) + ", not " +
                                std::to_string(opponents.size()));
}

}  // namespace

VectorGames::VectorGames(const dominoes::Rules& rules, int games, Seat learner,
                         std::vector<strategies::Player> opponents, int threads)
    : rules_(rules), learner_(learner) {
  check_arguments(rules, games, learner, opponents, threads);
  arena_.initialize(threads);
  actions_ = dominoes::action_count(rules);
  layout_ = dominoes::tensor_layout(rules);
  games_.resize(static_cast<std::size_t>(games));
  for (Game& game : games_) game.others = opponents;  // Player's copy is a clone
}

template <class Body>
void VectorGames::for_each_game(Body&& body) {
  arena_.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, games_.size(), kGamesPerTask),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        for (std::size_t g = range.begin(); g != range.end(); ++g) body(g);
                      });
  });
}

void VectorGames::start_hand(Game& game, std::uint64_t deal) {
  const dominoes::Deal dealt = dominoes::make_deal(rules_, seed_, deal);
  game.deal = deal;
  game.state = dominoes::start_state(dealt);
  game.history.reset(dealt.leader, rules_.seats);
  // Each seat's stream as the runner gives it for game 0 of the deal.
  for (Seat s = 0; s < rules_.seats; ++s)
    game.streams[s] = tournament::seat_stream(seed_, deal, 0, s);
  play_others(game);
}

void VectorGames::play_others(Game& game) {
  dominoes::State& s = game.state;
  while (dominoes::status(s) == dominoes::GameStatus::kOngoing && s.to_move != learner_) {
    const MoveList legal = dominoes::moves_or_pass(s);
    Move m = legal[0];
    if (legal.size() > 1) {
      const Seat seat = s.to_move;
      const int other = seat < learner_ ? seat : seat - 1;  // the learner's seat is not in others
      m = game.others[static_cast<std::size_t>(other)].choose(s, game.history, rules_, legal,
                                                              game.streams[seat]);
      // Always on, as in the runner's game loop: an illegal move would corrupt the game.
      if (!legal.contains(m))
        throw std::logic_error("a strategy chose " + dominoes::to_string(m) +
                               ", which is not a legal move");
    }
    dominoes::apply(s, m);
    game.history.push_back(m);
  }
}

void VectorGames::write_view(const Game& game, float* observation, std::uint8_t* mask) const {
  dominoes::write_observation_tensor(game.state, game.history, rules_, layout_, learner_,
                                     observation);
  std::memset(mask, 0, static_cast<std::size_t>(actions_));
  if (dominoes::status(game.state) != dominoes::GameStatus::kOngoing) return;
  for (const Move m : dominoes::moves_or_pass(game.state))
    mask[dominoes::action_index(m, rules_)] = 1;
}

void VectorGames::reset(std::uint64_t seed, const VectorStepOut& out) {
  seed_ = seed;
  started_ = true;
  const auto n = static_cast<std::uint64_t>(games_.size());
  for_each_game([&](std::size_t g) {
    Game& game = games_[g];
    game.random = action_rng(seed, g);
    std::uint64_t deal = g;
    start_hand(game, deal);
    // A hand the other seats finish before the learning seat's first turn (possible only with
    // one-tile hands or more than two seats) has no step: the next one is dealt.
    while (dominoes::status(game.state) != dominoes::GameStatus::kOngoing)
      start_hand(game, deal += n);
    write_view(game, out.observations + g * static_cast<std::size_t>(layout_.size),
               out.masks + g * static_cast<std::size_t>(actions_));
  });
}

void VectorGames::step(const std::int32_t* actions, const VectorStepOut& out) {
  if (!started_) throw std::logic_error("step() before reset(): call reset(seed) first");
  // Every action is checked before any game changes, so a bad one leaves the batch as it was.
  std::atomic<std::size_t> first_bad{games_.size()};
  for_each_game([&](std::size_t g) {
    const std::int32_t a = actions[g];
    const bool legal = a >= 0 && a < actions_ &&
                       dominoes::moves_or_pass(games_[g].state)
                           .contains(dominoes::action_move(static_cast<int>(a), rules_));
    if (legal) return;
    std::size_t seen = first_bad.load();
    while (g < seen && !first_bad.compare_exchange_weak(seen, g)) {
    }
  });
  if (const std::size_t g = first_bad.load(); g < games_.size()) {
    const std::int32_t a = actions[g];
    std::string legal;
    for (const Move m : dominoes::moves_or_pass(games_[g].state))
      legal += (legal.empty() ? "" : ", ") + std::to_string(dominoes::action_index(m, rules_));
    throw std::invalid_argument("game " + std::to_string(g) + ": action " + std::to_string(a) +
                                (a >= 0 && a < actions_
                                     ? " is not legal there"
                                     : " is out of range 0.." + std::to_string(actions_ - 1)) +
                                "; its legal actions are " + legal + " (the action mask's 1s)");
  }
  const auto n = static_cast<std::uint64_t>(games_.size());
  const auto size = static_cast<std::size_t>(layout_.size);
  for_each_game([&](std::size_t g) {
    Game& game = games_[g];
    const Move m = dominoes::action_move(actions[g], rules_);
    dominoes::apply(game.state, m);
    game.history.push_back(m);
    play_others(game);
    float* observation = out.observations + g * size;
    std::uint8_t* mask = out.masks + g * static_cast<std::size_t>(actions_);
    if (dominoes::status(game.state) == dominoes::GameStatus::kOngoing) {
      out.rewards[g] = 0;
      out.terminated[g] = 0;
      write_view(game, observation, mask);
      return;
    }
    out.rewards[g] = static_cast<float>(dominoes::net_points(game.state, rules_, learner_));
    out.terminated[g] = 1;
    write_view(game, out.final_observations + g * size, mask);
    std::uint64_t deal = game.deal;
    do {
      start_hand(game, deal += n);
    } while (dominoes::status(game.state) != dominoes::GameStatus::kOngoing);
    write_view(game, observation, mask);
  });
}

void VectorGames::random_actions(std::int32_t* actions) {
  if (!started_) throw std::logic_error("random_actions() before reset(): call reset(seed) first");
  for_each_game([&](std::size_t g) {
    Game& game = games_[g];
    const MoveList legal = dominoes::moves_or_pass(game.state);
    const Move m =
        legal[static_cast<int>(game.random.below(static_cast<std::uint32_t>(legal.size())))];
    actions[g] = dominoes::action_index(m, rules_);
  });
}

}  // namespace arena
