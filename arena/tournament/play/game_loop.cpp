#include "arena/tournament/play/game_loop.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "engine/common/thread_cpu_clock.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/playout_loop.h"
#include "engine/dominoes/scoring.h"

namespace tournament {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::State;

namespace {

// The outcome's seat-by-seat facts of a game in `state`, before anyone is credited.
GameOutcome outcome_frame(const State& state, const dominoes::Rules& rules) {
  GameOutcome out;
  out.seats = state.seats;
  out.leader = state.leader;
  out.ending = dominoes::status(state);
  out.out_seat = dominoes::out_seat(state);
  for (Seat s = 0; s < state.seats; ++s) {
    out.teams[s] = dominoes::team_of(rules, s);
    out.pips[s] = dominoes::pips(state.hands[s]);
  }
  return out;
}

// Credits team `winner` (-1: nobody) with `points` in every seat of it.
void credit(GameOutcome& out, int winner, int points) {
  out.winner_team = winner;
  if (winner < 0) return;
  for (Seat s = 0; s < out.seats; ++s)
    if (out.teams[s] == winner) out.points[s] = points;
}

}  // namespace

GameOutcome score_game(const State& state, const dominoes::Rules& rules) {
  GameOutcome out = outcome_frame(state, rules);
  const dominoes::HandResult result = dominoes::hand_result(state, rules);
  credit(out, result.winner_team, result.points);
  return out;
}

GameOutcome forfeit_outcome(const State& state, const dominoes::Rules& rules, Seat loser,
                            strategies::ForfeitReason reason, const SeatSides& sides) {
  GameOutcome out = outcome_frame(state, rules);
  out.forfeit_seat = loser;
  out.forfeit_reason = reason;
  const int losing_team = out.teams[loser];
  if (rules.seats == 2 || rules.partners) {
    // The other team scores as if it had gone out with empty hands.
    int losers = 0;
    for (Seat s = 0; s < out.seats; ++s)
      if (out.teams[s] == losing_team) losers += out.pips[s];
    credit(out, 1 - losing_team, dominoes::winner_points(rules, 0, losers));
    return out;
  }
  // Cut-throat: blocked among the other sides' seats, the fewest pips winning, the first from the
  // leader on a tie (a forfeit is never a draw). The loser's side wins nothing, even where its
  // other seat holds the fewest pips.
  Seat best = -1;
  for (int k = 0; k < out.seats; ++k) {
    const Seat s = (out.leader + k) % out.seats;
    if (sides[s] != sides[loser] && (best < 0 || out.pips[s] < out.pips[best])) best = s;
  }
  if (best >= 0) credit(out, out.teams[best], dominoes::team_score(state, rules, out.teams[best]));
  return out;
}

namespace {

using Players = SeatPlayers;
using Rngs = SeatRngs;
using Followers = BySeat<strategies::Strategy*>;

// What the seats' real choices cost: counted per seat, timed as the seats' samplers say, added to
// the outcome at the end.
struct DecisionCost {
  SeatSamplers samplers{};
  BySeat<std::int64_t> decisions{};
  BySeat<std::int64_t> timed{};
  BySeat<std::int64_t> ns{};

  // Returns the seat's player's choice, timed on this thread's CPU clock when the seat's sampler
  // says so (always without one). play_out calls the choosing function only for two or more
  // legal moves, so a forced move never comes here. A choice that throws (a bot's forfeit) is
  // not counted.
  Move timed_choose(strategies::Player& player, const State& s, const dominoes::History& record,
                    const dominoes::Rules& rules, const MoveList& legal, dominoes::Rng& rng) {
    const Seat seat = s.to_move;
    DecisionSampler* sampler = samplers[seat];
    if (sampler && !sampler->should_time()) {
      const Move move = player.choose(s, record, rules, legal, rng);
      ++decisions[seat];
      return move;
    }
    const std::int64_t start = common::thread_cpu_ns();
    const Move move = player.choose(s, record, rules, legal, rng);
    const std::int64_t spent = common::thread_cpu_ns() - start;
    if (sampler) sampler->note(spent);
    ns[seat] += spent;
    ++timed[seat];
    ++decisions[seat];
    return move;
  }
  GameOutcome& into(GameOutcome& out) const {
    out.decisions = decisions;
    out.timed = timed;
    out.decision_ns = ns;
    return out;
  }
};

// The built-in strategies' game: nobody follows it, so no call is made but choose().
GameOutcome play_unfollowed(State& state, const dominoes::Rules& rules, Players players, Rngs rngs,
                            dominoes::History& record, const DecisionCost& fresh) {
  DecisionCost cost = fresh;
  const auto ask = [&](const State& s, const MoveList& legal) {
    const Seat seat = s.to_move;
    const Move move = cost.timed_choose(*players[seat], s, record, rules, legal, *rngs[seat]);
    // Always on: a strategy is a plug-in, and an illegal move would corrupt every table.
    if (!legal.contains(move))
      throw std::logic_error("a strategy chose " + dominoes::to_string(move) +
                             ", which is not a legal move");
    return move;
  };
  dominoes::play_out(state, ask, [&record](Move m) { record.push_back(m); });
  GameOutcome out = score_game(state, rules);
  return cost.into(out);
}

// Plays a started game with followers to its end; a player's Forfeit ends it there.
GameOutcome play_to_end(State& state, const dominoes::Rules& rules, Players players, Rngs rngs,
                        dominoes::History& record, const Followers& followers,
                        const DecisionCost& fresh, const SeatSides& sides) {
  Seat acting = 0;  // the seat whose player is being called, to blame for a Forfeit
  DecisionCost cost = fresh;
  try {
    const auto ask = [&](const State& s, const MoveList& legal) {
      acting = s.to_move;
      const Move move = cost.timed_choose(*players[acting], s, record, rules, legal, *rngs[acting]);
      if (!legal.contains(move))
        throw std::logic_error("a strategy chose " + dominoes::to_string(move) +
                               ", which is not a legal move");
      return move;
    };
    const auto tell = [&](Move m) {
      record.push_back(m);
      const Seat mover = record.seat_of(record.size() - 1);
      for (auto* f : followers)
        if (f) f->see_move(mover, m);
    };
    dominoes::play_out(state, ask, tell);
    GameOutcome out = score_game(state, rules);
    return cost.into(out);
  } catch (const strategies::Forfeit& f) {
    GameOutcome out = forfeit_outcome(state, rules, acting, f.reason(), sides);
    return cost.into(out);
  }
}

// A game with at least one follower (an external bot): it is told of the start, every move and
// the end, and its Forfeit ends the game.
GameOutcome play_followed(State& state, const dominoes::Deal& deal, const dominoes::Rules& rules,
                          Players players, Rngs rngs, dominoes::History& record,
                          std::uint64_t game_id, const DecisionCost& fresh,
                          const SeatSides& sides) {
  Followers followers{};
  for (Seat s = 0; s < deal.seats; ++s) followers[s] = players[s]->game_follower();
  // Every follower hears of the game before any can forfeit it, so each gameover they get
  // answers a newgame; a seat that cannot start forfeits (the first such seat, if several fail).
  int failed_start = -1;
  strategies::ForfeitReason start_reason = strategies::ForfeitReason::kCrash;
  for (Seat s = 0; s < deal.seats; ++s) {
    if (!followers[s]) continue;
    try {
      followers[s]->begin_game({game_id, s, &rules, deal.hands[s], rngs[s]->next()});
    } catch (const strategies::Forfeit& f) {
      if (failed_start < 0) failed_start = s, start_reason = f.reason();
    }
  }
  GameOutcome out = failed_start >= 0
                        ? forfeit_outcome(state, rules, failed_start, start_reason, sides)
                        : play_to_end(state, rules, players, rngs, record, followers, fresh, sides);
  for (auto* f : followers)
    if (f) f->end_game({out.points, state.hands});
  return out;
}

}  // namespace

GameOutcome play_game(const dominoes::Rules& rules, const dominoes::Deal& deal, SeatPlayers players,
                      SeatRngs rngs, dominoes::History* history, std::uint64_t game_id,
                      SeatSamplers samplers, const SeatSides& sides) {
  State state = dominoes::start_state(deal);
  // Strategies may read the history, so it is kept even when the caller does not want it; a
  // caller's is emptied in place (a History is a few hundred bytes: not built twice per game).
  std::optional<dominoes::History> local;
  dominoes::History& record = history ? *history : local.emplace(deal.leader, deal.seats);
  record.reset(deal.leader, deal.seats);
  const DecisionCost fresh{samplers};
  const bool followed = std::any_of(players.begin(), players.begin() + deal.seats,
                                    [](strategies::Player* p) { return p->game_follower(); });
  GameOutcome out =
      followed ? play_followed(state, deal, rules, players, rngs, record, game_id, fresh, sides)
               : play_unfollowed(state, rules, players, rngs, record, fresh);
  out.sides = sides;
  return out;
}

namespace {

// The seat that won `game` for the next-leader rule `winner`: the seat that went out, or in a
// blocked or forfeited game the winning team's seat with the fewest pips (the first from the
// game's leader on, in turn order, on a tie); -1 when nobody won.
Seat winning_seat(const GameOutcome& game) {
  if (game.out_seat >= 0 && !game.forfeited()) return game.out_seat;
  if (game.winner_team < 0) return -1;
  Seat best = -1;
  for (int k = 0; k < game.seats; ++k) {
    const Seat s = (game.leader + k) % game.seats;
    if (game.teams[s] == game.winner_team && (best < 0 || game.pips[s] < game.pips[best])) best = s;
  }
  return best;
}

}  // namespace

void set_next_leader(const dominoes::Rules& rules, const GameOutcome& previous,
                     dominoes::Deal& next) {
  const Seat after_leader = (previous.leader + 1) % rules.seats;
  switch (rules.next_leader) {
    case dominoes::NextLeaderRule::kSame:
      return;
    case dominoes::NextLeaderRule::kAlternate:
      next.leader = after_leader;
      break;
    case dominoes::NextLeaderRule::kWinner: {
      const Seat winner = winning_seat(previous);
      next.leader = winner >= 0 ? winner : after_leader;
      break;
    }
    case dominoes::NextLeaderRule::kHeaviestDouble:
      dominoes::lead_heaviest(next);
      return;
  }
  next.lead_tile = -1;
}

}  // namespace tournament
