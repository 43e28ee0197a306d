// Playing one game, or one match, between two seated players (docs/rules.md).
//
// A game is the engine's one play-out loop (engine/dominoes/playout_loop.h) with the seated
// players choosing: a player is asked for a move only when it has a real choice (two or more legal
// moves); a single legal move is played for it and a pass is made for it when it has none. A game
// ends on a domino or when neither seat can move; the seat with fewer pips scores per the rules'
// scoring.
//
// Cost: every call of a player's choose() (a real choice) is counted by seat, and timed on the
// calling thread's CPU clock (engine/common/thread_cpu_clock.h): every one, or with a
// DecisionSampler for the seat those it picks (decision_sampler.h: all of a slow player's, a
// sample of a fast one's); forced moves and passes are neither timed nor counted. For an external
// bot this is the runner thread's time (writing the request, waiting for and reading the
// answer), not the bot process's own CPU time.
#pragma once

#include <array>
#include <cstdint>
#include <functional>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/tournament/play/decision_sampler.h"
#include "strategies/strategy.h"

namespace tournament {

using dominoes::Seat;

/// How one game ended, by seat.
struct GameOutcome {
  std::array<int, 2> pips{};    ///< pips left in each seat's hand at the end
  std::array<int, 2> points{};  ///< what each seat scored: the winner's entry, the other 0
  /// kDomino or kBlocked; kOngoing when a player forfeited the game before its end.
  dominoes::GameStatus ending = dominoes::GameStatus::kDomino;
  Seat leader = 0;
  int forfeit_seat = -1;        ///< the seat that forfeited (an external bot), or -1
  strategies::ForfeitReason forfeit_reason = strategies::ForfeitReason::kCrash;
  /// Real choices (two or more legal moves) each seat's player was asked for and answered.
  std::array<std::int64_t, 2> decisions{};
  /// Those of them that were timed, by seat.
  std::array<std::int64_t, 2> timed{};
  /// CPU nanoseconds of the asking thread spent in the timed choices, by seat.
  std::array<std::int64_t, 2> decision_ns{};

  /// Returns true when a seat forfeited the game; it lost whatever the points say.
  bool forfeited() const { return forfeit_seat >= 0; }
  /// Returns the seat that won (fewer pips, or the opponent of a forfeiting seat), or -1 for a
  /// draw.
  int winner() const {
    if (forfeited()) return 1 - forfeit_seat;
    return points[0] > points[1] ? 0 : points[1] > points[0] ? 1 : -1;
  }

  /// Returns seat 0's points minus seat 1's points.
  int net0() const { return points[0] - points[1]; }
  /// Returns the leader's points minus the other seat's points.
  int leader_net() const { return points[leader] - points[1 - leader]; }
};

/// Returns the outcome of a finished game in `state` under `rules`.
GameOutcome score_game(const dominoes::State& state, const dominoes::Rules& rules);

/// Returns the outcome of a game that seat `loser` forfeited in `state` (docs/protocol.md): it
/// loses, and the opponent scores the loser's pips still in hand as if it had dominoed (the scoring
/// rule applied to an empty hand against the loser's).
GameOutcome forfeit_outcome(const dominoes::State& state, const dominoes::Rules& rules, Seat loser,
                            strategies::ForfeitReason reason);

/// Plays the dealt game to its end. players[s] and rngs[s] belong to seat s. When `history` is
/// not null it receives every move. Players that follow whole games (external bots) are told of
/// the start (game `game_id`, their seed drawn from their stream), every move and the end; one
/// that throws strategies::Forfeit loses the game (forfeit_outcome). Returns the outcome. Any
/// other exception of a player propagates; a built-in strategy's illegal move is a
/// std::logic_error. samplers[s], when not null, picks which of seat s's real choices are timed
/// (decision_sampler.h); a null one times them all.
GameOutcome play_game(const dominoes::Rules& rules, const dominoes::Deal& deal,
                      std::array<strategies::Player*, 2> players,
                      std::array<dominoes::Rng*, 2> rngs, dominoes::History* history = nullptr,
                      std::uint64_t game_id = 0, std::array<DecisionSampler*, 2> samplers = {});

/// How a match ended, by seat.
struct MatchOutcome {
  std::array<int, 2> totals{};  ///< points each seat scored over the match
  int games = 0;                ///< games played
  int leader_net = 0;           ///< sum over games of the leader's net points
  Seat winner = 0;              ///< the seat whose total first exceeded the target
  bool decided = true;          ///< false if the game limit passed with no winner
  std::array<int, 2> forfeits{};  ///< games each seat forfeited
  std::array<std::int64_t, 2> decisions{};    ///< real choices by seat, summed over the games
  std::array<std::int64_t, 2> timed{};        ///< those timed, by seat
  std::array<std::int64_t, 2> decision_ns{};  ///< their CPU nanoseconds by seat (GameOutcome)
};

/// Safety bound on the games of one match, so that a pair of players who never score cannot hang
/// a run. A match to dominoes::kMaxMatchTarget lasts some thousands of games, so the bound is
/// never reached in play; a match that reaches it is an error of the run, never counted as a draw.
inline constexpr int kMaxMatchGames = 10'000'000;

/// Called after each game of a match with the game's number, deal, moves and outcome.
using GameCallback = std::function<void(int game, const dominoes::Deal&, const dominoes::History&,
                                        const GameOutcome&)>;

/// Returns the outcome of a match to rules.match_target (> 0): games are dealt by
/// make_deal(rules, seed, deal_index, g) for g = 0, 1, ... until a seat's total exceeds the target.
/// Seat s's random choices in game g draw from the stream (seed, deal_index, g, s). When `on_game`
/// is not null it sees every game. After `max_games` games without a winner it returns with
/// decided = false. Game g gets the id first_game_id * kMaxMatchGames + g (play_game), and the
/// seats' samplers as play_game does.
MatchOutcome play_match(const dominoes::Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                        std::array<strategies::Player*, 2> players,
                        const GameCallback* on_game = nullptr, int max_games = kMaxMatchGames,
                        std::uint64_t first_game_id = 0,
                        std::array<DecisionSampler*, 2> samplers = {});

/// Returns the random stream of seat `seat` in game `game` of deal `deal_index`.
inline dominoes::Rng seat_stream(std::uint64_t seed, std::uint64_t deal_index, int game, Seat seat) {
  return dominoes::Rng(dominoes::stream_key(
      {seed, deal_index, static_cast<std::uint64_t>(game), static_cast<std::uint64_t>(seat)}));
}

}  // namespace tournament
