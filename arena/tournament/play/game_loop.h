// Playing one game, or one match, between the seated players of two to four seats
// (docs/rules.md).
//
// A game is the engine's one play-out loop (engine/dominoes/playout_loop.h) with the seated
// players choosing: a player is asked for a move only when it has a real choice (two or more legal
// moves); a single legal move is played for it and a pass is made for it when it has none. A game
// ends on a domino or when no seat can move; engine/dominoes/scoring.h says who wins and what.
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
#include <optional>

#include "arena/tournament/play/decision_sampler.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "strategies/strategy.h"

namespace tournament {

using dominoes::Seat;

/// Per-seat numbers of a game or match: entry s for seat s, entries from `seats` on 0.
template <typename T>
using BySeat = std::array<T, dominoes::kMaxSeats>;

/// How one game ended, by seat.
struct GameOutcome {
  int seats = 2;                  ///< seats at the table
  BySeat<int> teams{0, 1, 2, 3};  ///< each seat's team (rules.h team_of)
  /// Each seat's side in the pairing (play_game's SeatSides: the seats one player holds), by
  /// which a cut-throat forfeit is scored; every seat its own side outside a pairing.
  BySeat<int> sides{0, 1, 2, 3};
  BySeat<int> pips{};    ///< pips left in each seat's hand at the end
  BySeat<int> points{};  ///< what each seat scored: its team's score if it won, else 0
  /// The winning team, or -1 when nobody won (equal pips, a tied block).
  int winner_team = -1;
  /// kDomino or kBlocked; kOngoing when a player forfeited the game before its end.
  dominoes::GameStatus ending = dominoes::GameStatus::kDomino;
  Seat leader = 0;
  Seat out_seat = -1;     ///< the seat that went out (a domino), or -1
  int forfeit_seat = -1;  ///< the seat that forfeited (an external bot), or -1
  strategies::ForfeitReason forfeit_reason = strategies::ForfeitReason::kCrash;
  /// Real choices (two or more legal moves) each seat's player was asked for and answered.
  BySeat<std::int64_t> decisions{};
  /// Those of them that were timed, by seat.
  BySeat<std::int64_t> timed{};
  /// CPU nanoseconds of the asking thread spent in the timed choices, by seat.
  BySeat<std::int64_t> decision_ns{};

  /// Returns true when a seat forfeited the game; its team lost whatever the points say.
  bool forfeited() const { return forfeit_seat >= 0; }
  /// Returns the winning team (two seats: the seat with fewer pips, or the opponent of a
  /// forfeiting seat), or -1 for a draw.
  int winner() const { return winner_team; }
  /// Returns the points team `team` scored (0 when it did not win).
  int team_points(int team) const {
    for (int s = 0; s < seats; ++s)
      if (teams[s] == team) return points[s];
    return 0;
  }
  /// Returns seat `seat`'s team's points minus the other teams' points.
  int net(Seat seat) const {
    if (winner_team < 0) return 0;
    return teams[seat] == winner_team ? points[seat] : -team_points(winner_team);
  }
  /// Returns seat 0's team's points minus the other teams' (two seats: seat 0's minus seat 1's).
  int net0() const { return net(0); }
  /// Returns the leader's team's points minus the other teams' points.
  int leader_net() const { return net(leader); }
};

/// Returns the outcome of a finished game in `state` under `rules`.
GameOutcome score_game(const dominoes::State& state, const dominoes::Rules& rules);

/// Each seat's side in a pairing: seats of one side are played by one player (one strategy or bot)
/// and win or lose together; each seat its own side (own_sides) when no pairing says otherwise.
using SeatSides = BySeat<int>;

/// Returns the sides where every seat is its own: {0, 1, 2, 3}.
inline SeatSides own_sides() {
  return {0, 1, 2, 3};
}

/// Returns the outcome of a game that seat `loser` forfeited in `state` (docs/protocol.md,
/// docs/rules.md "Forfeits"): its team, and its side (`sides`), lose whatever the pips say. With
/// two seats or partners the other team scores as if it had gone out with empty hands (the losing
/// team's pips under every scoring rule); in cut-throat the game is scored as blocked among the
/// seats of the other sides, the fewest pips winning (a tie goes to the first of them in turn order
/// from the leader), every seat of the loser's side counted among the losers. So a player seated
/// twice at three seats never wins the game one of its seats forfeited.
GameOutcome forfeit_outcome(const dominoes::State& state, const dominoes::Rules& rules, Seat loser,
                            strategies::ForfeitReason reason, const SeatSides& sides = own_sides());

/// The seated players and their random streams, by seat (entries from the rules' seats on unused).
using SeatPlayers = BySeat<strategies::Player*>;
using SeatRngs = BySeat<dominoes::Rng*>;
using SeatSamplers = BySeat<DecisionSampler*>;

/// Plays the dealt game to its end. players[s] and rngs[s] belong to seat s. When `history` is
/// not null it receives every move. Players that follow whole games (external bots) are told of
/// the start (game `game_id`, their seed drawn from their stream), every move and the end; one
/// that throws strategies::Forfeit loses the game (forfeit_outcome). Returns the outcome. Any
/// other exception of a player propagates; a built-in strategy's illegal move is a
/// std::logic_error. samplers[s], when not null, picks which of seat s's real choices are timed
/// (decision_sampler.h); a null one times them all. `sides` says which seats one player holds, for
/// a forfeit's loser (forfeit_outcome).
GameOutcome play_game(const dominoes::Rules& rules, const dominoes::Deal& deal, SeatPlayers players,
                      SeatRngs rngs, dominoes::History* history = nullptr,
                      std::uint64_t game_id = 0, SeatSamplers samplers = {},
                      const SeatSides& sides = own_sides());

/// How a match ended, by seat.
struct MatchOutcome {
  BySeat<int> totals{};  ///< points each seat was credited with over the match (partners alike)
  int games = 0;         ///< games played
  int leader_net = 0;    ///< sum over games of the leader's team's net points
  /// The team whose total first exceeded (two seats) or reached (more) the target.
  int winner = 0;
  bool decided = true;                 ///< false if the game limit passed with no winner
  BySeat<int> forfeits{};              ///< games each seat forfeited
  BySeat<std::int64_t> decisions{};    ///< real choices by seat, summed over the games
  BySeat<std::int64_t> timed{};        ///< those timed, by seat
  BySeat<std::int64_t> decision_ns{};  ///< their CPU nanoseconds by seat (GameOutcome)
};

/// Safety bound on the games of one match, so that a pair of players who never score cannot hang
/// a run. A match to dominoes::kMaxMatchTarget lasts some thousands of games, so the bound is
/// never reached in play; a match that reaches it is an error of the run, never counted as a draw.
inline constexpr int kMaxMatchGames = 10'000'000;

/// Called after each game of a match with the game's number, deal, moves and outcome.
using GameCallback = std::function<void(int game, const dominoes::Deal&, const dominoes::History&,
                                        const GameOutcome&)>;

/// Sets the leader of the game after `previous` under rules.next_leader in `next` (a game dealt by
/// make_deal under the leader rule): `same` keeps `next` as dealt; `alternate` is the seat after
/// the previous leader; `winner` the seat that went out, or the winning team's seat with the
/// fewest pips in a blocked game (the first from the previous leader on in turn order on a tie),
/// or the seat after the previous leader when nobody won; `heaviest-double` the holder of the
/// heaviest tile of `next` (with more than two seats it must lead that tile).
void set_next_leader(const dominoes::Rules& rules, const GameOutcome& previous,
                     dominoes::Deal& next);

/// Returns the random stream of seat `seat` in game `game` of deal `deal_index`.
inline dominoes::Rng seat_stream(std::uint64_t seed, std::uint64_t deal_index, int game,
                                 Seat seat) {
  return dominoes::Rng(dominoes::stream_key(
      {seed, deal_index, static_cast<std::uint64_t>(game), static_cast<std::uint64_t>(seat)}));
}

/// The random streams of one game's seats, seat_stream(seed, deal_index, game, s) for each seat s
/// of the table and no other (the game loop's hot path builds no stream it does not use), and
/// pointers to them for play_game. Not copyable: the pointers point into it.
class SeatStreams {
 public:
  SeatStreams(std::uint64_t seed, std::uint64_t deal_index, int game, int seats) {
    for (Seat s = 0; s < seats; ++s)
      rngs_[s] = &streams_[s].emplace(seat_stream(seed, deal_index, game, s));
  }
  SeatStreams(const SeatStreams&) = delete;
  SeatStreams& operator=(const SeatStreams&) = delete;
  /// Returns the seats' streams, null from the table's seats on.
  const SeatRngs& rngs() const { return rngs_; }

 private:
  BySeat<std::optional<dominoes::Rng>> streams_;
  SeatRngs rngs_{};
};

}  // namespace tournament
