// The two kinds of player the runner can seat, and the handle that holds either.
//
// An ordinary Strategy is asked for a move with its seat's Observation only: it is never given the
// State, so it cannot read the opponent's hand. An OmniscientStrategy is handed the full State; it
// cheats by design and exists as an upper bound of playing strength (the next issue brings one).
// Only the registry can wrap either kind in a Player, and `dominoes strategies` marks the
// omniscient ones. One virtual call per decision: this is the module boundary, not a hot loop.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>

#include "engine/dominoes/history.h"
#include "engine/dominoes/move_list.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"

namespace strategies {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Observation;
using dominoes::Rng;

/// Why a player forfeited a game (docs/protocol.md, "Time limits and failures").
enum class ForfeitReason {
  kIllegal,  ///< answered with something that is not one of the listed legal moves
  kTimeout,  ///< did not answer within its time
  kCrash,    ///< exited, or could not be started
};

/// Returns the game-record word of a forfeit reason: "illegal", "timeout" or "crash".
inline const char* to_string(ForfeitReason reason) {
  switch (reason) {
    case ForfeitReason::kIllegal:
      return "illegal";
    case ForfeitReason::kTimeout:
      return "timeout";
    case ForfeitReason::kCrash:
      return "crash";
  }
  return "crash";
}

/// Thrown by a player (an external bot) that forfeits the game it is playing. The game loop
/// catches it and ends the game: the player loses, and the opponent scores the forfeiting seat's
/// pips still in hand as if it had dominoed (docs/protocol.md). what() says what happened.
class Forfeit : public std::runtime_error {
 public:
  Forfeit(ForfeitReason reason, const std::string& what)
      : std::runtime_error(what), reason_(reason) {}
  /// Returns why the game was forfeited.
  ForfeitReason reason() const { return reason_; }

 private:
  ForfeitReason reason_;
};

/// What a player that follows whole games (begin_game) is told when a game starts.
struct GameStart {
  std::uint64_t game_id = 0;  ///< unique within the run: deal, duplicate game, match game
  dominoes::Seat seat = 0;    ///< the player's seat
  const dominoes::Rules* rules = nullptr;
  dominoes::TileSet hand;  ///< the player's dealt hand
  std::uint64_t seed = 0;  ///< for the player's own random choices: drawn from its stream
};

/// What a player that follows whole games is told when a game ends.
struct GameEnd {
  std::array<int, dominoes::kMaxSeats> points{};  ///< what each seat scored (forfeits included)
  std::array<dominoes::TileSet, dominoes::kMaxSeats> hands;  ///< the hands left, revealed
};

/// A player that sees only its own seat's information set.
class Strategy {
 public:
  virtual ~Strategy() = default;
  /// Returns true for a player that must be told of every game's start, every move and the end
  /// (begin_game, see_move, end_game): an external bot. The built-in strategies need none of it
  /// and answer false, which keeps the game loop free of the extra calls.
  virtual bool follows_games() const { return false; }
  /// A game starts (only called when follows_games()). May throw Forfeit when the player cannot
  /// play it (a bot that cannot be started).
  virtual void begin_game(const GameStart&) {}
  /// A move was made by `seat` (either seat, forced moves and passes included), in order.
  virtual void see_move(dominoes::Seat /*seat*/, Move /*move*/) {}
  /// The game ended (normally or by a forfeit of either seat).
  virtual void end_game(const GameEnd&) {}
  /// Returns how many deals in a row this player learns across before it must forget (a player
  /// that follows its games and learns its opponent from them, strategies/adapt); 0, the default,
  /// for one that learns nothing from one game to the next. The runner then plays the pairing's
  /// deals in series of that many, each series in deal order on one thread, the first starting at
  /// deal 0, and calls new_opponent() at each series' start, so the tables stay a pure function of
  /// the config, whatever the threads, shards or interruptions
  /// (arena/tournament/run/chunk_player.h).
  virtual int learning_series() const { return 0; }
  /// The games that follow may be against another opponent: forget what earlier games taught. The
  /// runner names no opponent; a learner tells them apart only by their moves.
  virtual void new_opponent() {}
  /// Returns one of `legal` (the seat's legal moves, at least two) for the seat described by
  /// `obs`. Every random choice must draw from `rng`, so the choice is a pure function of (obs,
  /// rng state): the runner relies on this for reproducible tables.
  /// A player may instead throw Forfeit (an external bot that timed out, crashed or answered
  /// an illegal move); any other exception is an error of the run.
  virtual Move choose(const Observation& obs, const MoveList& legal, Rng& rng) = 0;
  /// Returns true and writes into `probabilities` (one per move of `legal`, in order, summing to
  /// 1) the distribution choose() draws from at `obs`, when the strategy knows it exactly; false
  /// when it does not (the default), and then callers that need the distribution estimate it by
  /// repeated calls to choose() (arena/exploitability/queried_strategy.h). Used to measure a
  /// strategy's exploitability exactly (issue 13).
  virtual bool policy(const Observation& /*obs*/, const MoveList& /*legal*/,
                      std::span<double> /*probabilities*/) {
    return false;
  }
  /// Returns an independent copy with the same parameters, for another thread.
  virtual std::unique_ptr<Strategy> clone() const = 0;
};

/// Writes into `probabilities` 1 for `chosen` and 0 for every other move of `legal`, and returns
/// true: Strategy::policy of a deterministic strategy.
inline bool certain_policy(const MoveList& legal, Move chosen, std::span<double> probabilities) {
  for (int k = 0; k < legal.size(); ++k)
    probabilities[static_cast<std::size_t>(k)] = legal[k] == chosen ? 1.0 : 0.0;
  return true;
}

/// Returns a move of `legal` drawn from `probabilities` (one per move, summing to 1) with one
/// draw from `rng`; the last move takes what rounding leaves: Strategy::choose of a strategy that
/// knows its policy.
inline Move draw_from_policy(const MoveList& legal, std::span<const double> probabilities,
                             Rng& rng) {
  double u = rng.uniform();
  for (int k = 0; k + 1 < legal.size(); ++k) {
    u -= probabilities[static_cast<std::size_t>(k)];
    if (u < 0) return legal[k];
  }
  return legal[legal.size() - 1];
}

/// CHEATS: a player handed the full state, both hands included. Only for benchmark players that
/// bound playing strength from above; never for a strategy meant to be compared fairly.
class OmniscientStrategy {
 public:
  virtual ~OmniscientStrategy() = default;
  /// Returns one of `legal` (at least two) for the seat to move in `state`.
  virtual Move choose(const dominoes::State& state, const dominoes::History& history,
                      const dominoes::Rules& rules, const MoveList& legal, Rng& rng) = 0;
  /// Returns an independent copy with the same parameters, for another thread.
  virtual std::unique_ptr<OmniscientStrategy> clone() const = 0;
};

/// The runner's handle on a seated player of either kind. For an ordinary strategy it builds the
/// seat's observation and passes only that.
class Player {
 public:
  explicit Player(std::unique_ptr<Strategy> s) : impl_(std::move(s)) {}
  explicit Player(std::unique_ptr<OmniscientStrategy> s) : impl_(std::move(s)) {}
  Player(const Player& other) : impl_(clone_impl(other.impl_)) {}
  Player& operator=(const Player& other) {
    impl_ = clone_impl(other.impl_);
    return *this;
  }
  Player(Player&&) noexcept = default;
  Player& operator=(Player&&) noexcept = default;

  /// Returns true for a player that sees both hands.
  bool omniscient() const { return std::holds_alternative<OmniscientPtr>(impl_); }

  /// Returns the ordinary strategy inside, or nullptr for an omniscient player.
  Strategy* strategy() const {
    const auto* ordinary = std::get_if<StrategyPtr>(&impl_);
    return ordinary ? ordinary->get() : nullptr;
  }
  /// Returns the strategy when it follows whole games (Strategy::follows_games), else nullptr.
  Strategy* game_follower() const {
    Strategy* s = strategy();
    return s && s->follows_games() ? s : nullptr;
  }

  /// Returns the strategy's learning_series() (0 for an omniscient player).
  int learning_series() const {
    const Strategy* s = strategy();
    return s ? s->learning_series() : 0;
  }
  /// Calls the strategy's new_opponent() (nothing for an omniscient player).
  void new_opponent() const {
    if (Strategy* s = strategy()) s->new_opponent();
  }

  /// Returns the move of the seat to move in `state`, chosen from `legal` (at least two moves).
  Move choose(const dominoes::State& state, const dominoes::History& history,
              const dominoes::Rules& rules, const MoveList& legal, Rng& rng) {
    if (auto* ordinary = std::get_if<StrategyPtr>(&impl_))
      return (*ordinary)->choose(dominoes::observe(state, history, rules, state.to_move), legal,
                                 rng);
    return std::get<OmniscientPtr>(impl_)->choose(state, history, rules, legal, rng);
  }

 private:
  using StrategyPtr = std::unique_ptr<Strategy>;
  using OmniscientPtr = std::unique_ptr<OmniscientStrategy>;
  using Impl = std::variant<StrategyPtr, OmniscientPtr>;
  static Impl clone_impl(const Impl& impl) {
    if (auto* ordinary = std::get_if<StrategyPtr>(&impl)) return (*ordinary)->clone();
    return std::get<OmniscientPtr>(impl)->clone();
  }
  Impl impl_;
};

}  // namespace strategies
