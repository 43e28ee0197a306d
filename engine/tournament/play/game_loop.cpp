#include "engine/tournament/play/game_loop.h"

#include <stdexcept>

#include "engine/common/thread_cpu_clock.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/playout_loop.h"
#include "engine/dominoes/scoring.h"

namespace tournament {

using dominoes::Move;
using dominoes::MoveList;
using dominoes::State;

GameOutcome score_game(const State& state, const dominoes::Rules& rules) {
  GameOutcome out;
  out.leader = state.leader;
  out.ending = dominoes::status(state);
  out.pips = {dominoes::pips(state.hands[0]), dominoes::pips(state.hands[1])};
  const int net0 = dominoes::net_points(state, rules, 0);
  out.points = {net0 > 0 ? net0 : 0, net0 < 0 ? -net0 : 0};
  return out;
}

GameOutcome forfeit_outcome(const State& state, const dominoes::Rules& rules, Seat loser,
                            strategies::ForfeitReason reason) {
  GameOutcome out;
  out.leader = state.leader;
  out.ending = dominoes::status(state);
  out.pips = {dominoes::pips(state.hands[0]), dominoes::pips(state.hands[1])};
  out.points[1 - loser] = dominoes::winner_points(rules, 0, out.pips[loser]);
  out.forfeit_seat = loser;
  out.forfeit_reason = reason;
  return out;
}

namespace {

using Players = std::array<strategies::Player*, 2>;
using Rngs = std::array<dominoes::Rng*, 2>;

// What the seats' real choices cost: counted per seat, timed as the seats' samplers say, added to
// the outcome at the end.
struct DecisionCost {
  std::array<DecisionSampler*, 2> samplers{};
  std::array<std::int64_t, 2> decisions{};
  std::array<std::int64_t, 2> timed{};
  std::array<std::int64_t, 2> ns{};

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
                        dominoes::History& record,
                        const std::array<strategies::Strategy*, 2>& followers,
                        const DecisionCost& fresh) {
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
    GameOutcome out = forfeit_outcome(state, rules, acting, f.reason());
    return cost.into(out);
  }
}

// A game with at least one follower (an external bot): it is told of the start, every move and
// the end, and its Forfeit ends the game.
GameOutcome play_followed(State& state, const dominoes::Deal& deal, const dominoes::Rules& rules,
                          Players players, Rngs rngs, dominoes::History& record,
                          std::uint64_t game_id, const DecisionCost& fresh) {
  const std::array<strategies::Strategy*, 2> followers{players[0]->game_follower(),
                                                       players[1]->game_follower()};
  // Both followers hear of the game before either can forfeit it, so each gameover they get
  // answers a newgame; a seat that cannot start forfeits (the first such seat, if both fail).
  int failed_start = -1;
  strategies::ForfeitReason start_reason = strategies::ForfeitReason::kCrash;
  for (Seat s = 0; s < 2; ++s) {
    if (!followers[s]) continue;
    try {
      followers[s]->begin_game({game_id, s, &rules, deal.hands[s], rngs[s]->next()});
    } catch (const strategies::Forfeit& f) {
      if (failed_start < 0) failed_start = s, start_reason = f.reason();
    }
  }
  GameOutcome out = failed_start >= 0
                        ? forfeit_outcome(state, rules, failed_start, start_reason)
                        : play_to_end(state, rules, players, rngs, record, followers, fresh);
  for (auto* f : followers)
    if (f) f->end_game({out.points, state.hands});
  return out;
}

}  // namespace

GameOutcome play_game(const dominoes::Rules& rules, const dominoes::Deal& deal,
                      std::array<strategies::Player*, 2> players,
                      std::array<dominoes::Rng*, 2> rngs, dominoes::History* history,
                      std::uint64_t game_id, std::array<DecisionSampler*, 2> samplers) {
  State state = dominoes::start_state(deal);
  // Strategies may read the history, so it is kept even when the caller does not want it.
  dominoes::History local(deal.leader);
  dominoes::History& record = history ? *history : local;
  record = dominoes::History(deal.leader);
  const DecisionCost fresh{samplers};
  if (players[0]->game_follower() || players[1]->game_follower())
    return play_followed(state, deal, rules, players, rngs, record, game_id, fresh);
  return play_unfollowed(state, rules, players, rngs, record, fresh);
}

MatchOutcome play_match(const dominoes::Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                        std::array<strategies::Player*, 2> players,
                        const GameCallback* on_game, int max_games, std::uint64_t first_game_id,
                        std::array<DecisionSampler*, 2> samplers) {
  MatchOutcome out;
  dominoes::History history;
  for (int g = 0; g < max_games; ++g) {
    const dominoes::Deal deal = dominoes::make_deal(rules, seed, deal_index, g);
    dominoes::Rng r0 = seat_stream(seed, deal_index, g, 0);
    dominoes::Rng r1 = seat_stream(seed, deal_index, g, 1);
    const GameOutcome game =
        play_game(rules, deal, players, {&r0, &r1}, &history,
                  first_game_id * static_cast<std::uint64_t>(kMaxMatchGames) + g, samplers);
    if (game.forfeited()) ++out.forfeits[game.forfeit_seat];
    for (Seat s = 0; s < 2; ++s) {
      out.decisions[s] += game.decisions[s];
      out.timed[s] += game.timed[s];
      out.decision_ns[s] += game.decision_ns[s];
    }
    if (on_game) (*on_game)(g, deal, history, game);
    ++out.games;
    out.leader_net += game.leader_net();
    for (Seat s = 0; s < 2; ++s) out.totals[s] += game.points[s];
    for (Seat s = 0; s < 2; ++s)
      if (out.totals[s] > rules.match_target) {
        out.winner = s;
        return out;
      }
  }
  out.decided = false;
  return out;
}

}  // namespace tournament
