// The two kinds of player the runner can seat, and the handle that holds either.
//
// An ordinary Strategy is asked for a move with its seat's Observation only: it is never given the
// State, so it cannot read the opponent's hand. An OmniscientStrategy is handed the full State; it
// cheats by design and exists as an upper bound of playing strength (the next issue brings one).
// Only the registry can wrap either kind in a Player, and `dominoes strategies` marks the
// omniscient ones. One virtual call per decision: this is the module boundary, not a hot loop.
#pragma once

#include <memory>
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

/// A player that sees only its own seat's information set.
class Strategy {
 public:
  virtual ~Strategy() = default;
  /// Returns one of `legal` (the seat's legal moves, at least two) for the seat described by
  /// `obs`. Every random choice must draw from `rng`, so the choice is a pure function of (obs,
  /// rng state): the runner relies on this for reproducible tables.
  virtual Move choose(const Observation& obs, const MoveList& legal, Rng& rng) = 0;
  /// Returns an independent copy with the same parameters, for another thread.
  virtual std::unique_ptr<Strategy> clone() const = 0;
};

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
