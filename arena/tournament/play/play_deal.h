// One deal of a pairing, from player A's side, with duplicate deals as docs/rules.md, "How a
// tournament deals", defines them: deal i fixes both hands and which hand leads; game 0 seats A
// with hand 0 and B with hand 1, game 1 seats B with hand 0 and A with hand 1; seat s draws its
// random choices from the stream (seed, i, game-in-match, s) in both games. Two identical
// strategies therefore replay the same game and their pair nets exactly 0, and the luck of the deal
// cancels between the two games.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/play/decision_sampler.h"
#include "arena/tournament/stats/totals.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "strategies/strategy.h"

namespace tournament {

/// Everything one deal of a pairing is played with: what the runner passes for each deal.
struct DealContext {
  const ExperimentConfig& config;                ///< rules, seed, duplicate deals
  std::int64_t deal_index = 0;                   ///< deal i of the pairing: hands and streams
  std::array<strategies::Player*, 2> players{};  ///< {A, B}; not null
  const std::array<std::string, 2>& specs;       ///< {A, B}: the specs game records name
  /// {A's, B's} second player, for the side's second seat at a table where it holds two (three or
  /// four seats): the partner when the side pairs two specs (team_spec.h), else another instance
  /// of the side's spec, so that each seat has a player of its own (a bot: a process of its own,
  /// which never sees another seat's hand). Null: the side's player fills both seats.
  std::array<strategies::Player*, 2> partners{};
  std::string* records = nullptr;  ///< when not null, receives the game records
  endgame::BlockDominoesSolver* covariate_solver = nullptr;  ///< when not null: tally the covariate
  /// {A's, B's} decision samplers (decision_sampler.h), kept across deals; null: time every choice.
  std::array<DecisionSampler*, 2> samplers{};
  /// When not null, asked before the deal's second game (or match): true abandons the deal, so
  /// a stopping run does not wait for it (play_deal_unless_stopped). Must be cheap and
  /// thread-safe.
  const std::function<bool()>* stop = nullptr;
};

/// Returns deal `deal.deal_index`'s tally for A against B: one game (or match, when the rules
/// have a match target), or two with duplicate deals. When `deal.records` is not null, appends
/// one JSON line per game to it (games_writer.h).
DealTally play_deal(const DealContext& deal);

/// play_deal, except that it returns nullopt when `deal.stop` said stop between the deal's two
/// games (matches, in match mode; a match itself is not cut): an abandoned deal counts nothing
/// and its records are not written, so a resumed run plays it again from its start.
std::optional<DealTally> play_deal_unless_stopped(const DealContext& deal);

}  // namespace tournament
