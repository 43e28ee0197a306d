// The bookkeeping of one match (docs/rules.md, "Matches"), step by step: which hand comes next,
// how it is dealt and led, the running totals, and when the match is over. The one match loop's
// rules, shared by play_match (the runner), the `play` command and the learning environments
// (arena/env), which drive a match a hand at a time instead of in one call.
#pragma once

#include <cstdint>

#include "arena/tournament/play/game_loop.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/rules.h"

namespace tournament {

/// A match to rules.match_target (> 0) between its first hand and its end. Hand g is dealt by
/// make_deal(rules, seed, deal_index, g), the hands after the first led as set_next_leader says;
/// the match ends when a team's total exceeds (two seats) or reaches (more) the target, or, as an
/// undecided match, after `max_games` hands.
class MatchProgress {
 public:
  MatchProgress(const dominoes::Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                int max_games = kMaxMatchGames)
      : rules_(rules), seed_(seed), deal_index_(deal_index), max_games_(max_games) {}

  /// Returns the deal of the hand to play next (game games_played()), led by the rules.
  dominoes::Deal next_deal() const;

  /// Counts the finished hand `game` (the one next_deal() gave): adds its points to the totals.
  /// Returns true when the match is over (decided, or max_games hands without a winner).
  bool record(const GameOutcome& game);

  /// Returns the hands played so far.
  int games_played() const { return out_.games; }
  /// Returns the match so far (totals, games, leader_net, forfeits, decision counts); winner and
  /// decided are final once record() returned true.
  const MatchOutcome& outcome() const { return out_; }
  /// Returns true once record() returned true.
  bool over() const { return over_; }

 private:
  dominoes::Rules rules_;
  std::uint64_t seed_;
  std::uint64_t deal_index_;
  int max_games_;
  MatchOutcome out_;
  GameOutcome previous_;
  bool over_ = false;
};

/// Returns the outcome of a match to rules.match_target (> 0): games are dealt by
/// make_deal(rules, seed, deal_index, g) for g = 0, 1, ..., the games after the first led as
/// set_next_leader says, until a team's total exceeds (two seats) or reaches (more) the target.
/// Seat s's random choices in game g draw from the stream (seed, deal_index, g, s). When `on_game`
/// is not null it sees every game. After `max_games` games without a winner it returns with
/// decided = false. Game g gets the id first_game_id * kMaxMatchGames + g (play_game), and the
/// seats' samplers and sides as play_game does.
MatchOutcome play_match(const dominoes::Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                        SeatPlayers players, const GameCallback* on_game = nullptr,
                        int max_games = kMaxMatchGames, std::uint64_t first_game_id = 0,
                        SeatSamplers samplers = {}, const SeatSides& sides = own_sides());

}  // namespace tournament
