#include "arena/env/vector_games.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <stdexcept>
#include <string>

#include "engine/dominoes/actions.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/observation_tensor.h"

namespace arena {

using dominoes::Seat;

namespace {

// Games per task: enough work per task (a game step is well under a microsecond) that oneTBB's
// scheduling stays a small share.
constexpr std::size_t kGamesPerTask = 64;

// The stream random_actions draws from for game g.
dominoes::Rng action_rng(std::uint64_t seed, std::uint64_t game) {
  return dominoes::Rng(dominoes::stream_key({seed, game, 0xAC7105}));
}

void check_arguments(const dominoes::Rules& rules, int games, int threads) {
  if (games < 1)
    throw std::invalid_argument("num_envs must be at least 1, not " + std::to_string(games));
  if (threads < 1 || threads > kMaxVectorThreads)
    throw std::invalid_argument("num_threads must be 1.." + std::to_string(kMaxVectorThreads) +
                                ", not " + std::to_string(threads));
  if (rules.match_target != 0)
    throw std::invalid_argument(
        "the vector environment plays single hands: target must be 0, not " +
        std::to_string(rules.match_target));
}

// Holds `busy` for one call; a second caller on another thread gets std::logic_error (the games
// would otherwise be stepped twice at once and return inconsistent rows).
class OneCaller {
 public:
  explicit OneCaller(std::atomic<bool>& busy) : busy_(busy) {
    if (busy_.exchange(true))
      throw std::logic_error(
          "the vector environment is in use by another thread: step, reset and random_actions "
          "of one environment must be called from one thread at a time");
  }
  ~OneCaller() { busy_.store(false); }
  OneCaller(const OneCaller&) = delete;
  OneCaller& operator=(const OneCaller&) = delete;

 private:
  std::atomic<bool>& busy_;
};

}  // namespace

VectorGames::VectorGames(const dominoes::Rules& rules, int games, Seat learner,
                         std::vector<strategies::Player> opponents, int threads,
                         IllegalActionRule illegal)
    : rules_(rules), illegal_(illegal) {
  check_arguments(rules, games, threads);
  actions_ = dominoes::action_count(rules);
  observation_size_ = dominoes::tensor_layout(rules).size;
  // The first game checks the learner and the players; the others copy it (a copy clones them).
  const LearnerEnv first(rules, learner, std::move(opponents), illegal, /*keep_hands=*/false);
  games_.reserve(static_cast<std::size_t>(games));
  for (int g = 0; g < games; ++g) games_.push_back({first, 0, dominoes::Rng(0)});
  arena_.initialize(threads);
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

void VectorGames::start(Game& game, std::uint64_t deal) {
  game.deal = deal;
  game.env.reset(seed_, deal);
}

void VectorGames::write_view(const Game& game, float* observation, std::uint8_t* mask) const {
  game.env.write_observation(observation);
  game.env.write_mask(mask);
}

void VectorGames::reset(std::uint64_t seed, const VectorStepOut& out) {
  const OneCaller one(busy_);
  seed_ = seed;
  started_ = true;
  const auto size = static_cast<std::size_t>(observation_size_);
  for_each_game([&](std::size_t g) {
    Game& game = games_[g];
    game.random = action_rng(seed, g);
    start(game, g);
    write_view(game, out.observations + g * size,
               out.masks + g * static_cast<std::size_t>(actions_));
  });
}

void VectorGames::restart(const VectorStepOut& out) {
  const OneCaller one(busy_);
  if (!started_) throw std::logic_error("restart() before reset(): call reset(seed) first");
  const auto n = static_cast<std::uint64_t>(games_.size());
  const auto size = static_cast<std::size_t>(observation_size_);
  for_each_game([&](std::size_t g) {
    Game& game = games_[g];
    start(game, game.deal + n);
    write_view(game, out.observations + g * size,
               out.masks + g * static_cast<std::size_t>(actions_));
  });
}

void VectorGames::check_actions(const std::int64_t* actions) {
  // Every action is checked before any game changes, so a bad one leaves the batch as it was.
  std::atomic<std::size_t> first_bad{games_.size()};
  for_each_game([&](std::size_t g) {
    const std::int64_t a = actions[g];
    const bool in_range = a >= 0 && a < actions_;
    if (in_range && (illegal_.ends_episode || games_[g].env.is_legal(a))) return;
    std::size_t seen = first_bad.load();
    while (g < seen && !first_bad.compare_exchange_weak(seen, g)) {
    }
  });
  const std::size_t g = first_bad.load();
  if (g == games_.size()) return;
  const std::int64_t a = actions[g];
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(actions_));
  games_[g].env.write_mask(mask.data());
  throw std::invalid_argument(
      "game " + std::to_string(g) + ": action " + std::to_string(a) +
      (a >= 0 && a < actions_ ? " is not legal there"
                              : " is out of range 0.." + std::to_string(actions_ - 1)) +
      "; its legal actions are " + actions_text(mask.data(), rules_) + " (the action mask's 1s)");
}

void VectorGames::step(const std::int64_t* actions, const VectorStepOut& out) {
  const OneCaller one(busy_);
  if (!started_) throw std::logic_error("step() before reset(): call reset(seed) first");
  check_actions(actions);
  const auto n = static_cast<std::uint64_t>(games_.size());
  const auto size = static_cast<std::size_t>(observation_size_);
  for_each_game([&](std::size_t g) {
    Game& game = games_[g];
    const LearnerStep result = game.env.step(actions[g]);
    float* observation = out.observations + g * size;
    std::uint8_t* mask = out.masks + g * static_cast<std::size_t>(actions_);
    out.rewards[g] = static_cast<float>(result.reward);
    out.terminated[g] = result.terminated ? 1 : 0;
    if (result.terminated) {
      game.env.write_observation(out.final_observations + g * size);
      start(game, game.deal + n);
    }
    write_view(game, observation, mask);
  });
}

void VectorGames::random_actions(std::int64_t* actions) {
  const OneCaller one(busy_);
  if (!started_) throw std::logic_error("random_actions() before reset(): call reset(seed) first");
  for_each_game([&](std::size_t g) {
    Game& game = games_[g];
    const dominoes::MoveList legal = game.env.legal_moves();
    const dominoes::Move m =
        legal[static_cast<int>(game.random.below(static_cast<std::uint32_t>(legal.size())))];
    actions[g] = dominoes::action_index(m, rules_);
  });
}

}  // namespace arena
