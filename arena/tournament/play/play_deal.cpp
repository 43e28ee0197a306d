#include "arena/tournament/play/play_deal.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/tournament/config/team_spec.h"
#include "arena/tournament/play/deal_covariate.h"
#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/play/games_writer.h"
#include "arena/tournament/play/match_progress.h"
#include "arena/tournament/play/seating.h"

namespace tournament {
namespace {

// Adds what A's and B's real choices cost, from a game's or match's per-seat counts.
template <class Outcome>
void count_cost(const Outcome& o, const Seating& seating, DealTally& t) {
  for (Seat s = 0; s < seating.seats; ++s) {
    const bool a = seating.is_a(s);
    (a ? t.a_decisions : t.b_decisions) += o.decisions[s];
    (a ? t.a_timed : t.b_timed) += o.timed[s];
    (a ? t.a_decision_ns : t.b_decision_ns) += o.decision_ns[s];
  }
}

// Returns true when team `team` is A's (its seats hold A) under `rules`.
bool a_team(const dominoes::Rules& rules, const Seating& seating, int team) {
  for (Seat s = 0; s < seating.seats; ++s)
    if (dominoes::team_of(rules, s) == team) return seating.is_a(s);
  return false;
}

// Counts one single game. A forfeit is a loss whatever the points say (a forfeiting hand of 0
// pips gives the opponent 0 points). A's points are its side's points minus B's: + the winning
// team's score when A's team won, - it when B's did.
void count_game(const dominoes::Rules& rules, const GameOutcome& g, const Seating& seating,
                DealTally& t) {
  ++t.games;
  const int winner = g.winner();
  if (winner < 0) {
    ++t.draws;
  } else {
    const bool a_won = a_team(rules, seating, winner);
    ++(a_won ? t.a_wins : t.b_wins);
    t.a_net += a_won ? g.team_points(winner) : -g.team_points(winner);
  }
  if (g.forfeited()) ++(seating.is_a(g.forfeit_seat) ? t.a_forfeits : t.b_forfeits);
  count_cost(g, seating, t);
}

// The protocol's game id (docs/protocol.md `newgame game=`): unique within the pairing's run.
std::uint64_t game_id(const DealContext& d, int game) {
  const int per_deal = games_per_deal(d.config.rules, true);
  return static_cast<std::uint64_t>(d.deal_index) * static_cast<std::uint64_t>(per_deal) +
         static_cast<std::uint64_t>(game);
}

// The seats' players under `seating`: a side's first seat (in seat order) gets the side's player,
// its second seat the side's second player (DealContext::partners: the partner's spec, or another
// instance of the side's one spec), so that no player, and so no bot process, holds two seats and
// sees two hands. Without a second player (a caller that gives none) the first plays both seats.
SeatPlayers players_of(const DealContext& d, const Seating& seating) {
  SeatPlayers out{};
  std::array<int, 2> held{};
  for (Seat s = 0; s < seating.seats; ++s) {
    const int side = seating.side[s];
    const bool second = held[side]++ > 0;
    out[s] = second && d.partners[side] ? d.partners[side] : d.players[side];
  }
  return out;
}
SeatSamplers samplers_of(const DealContext& d, const Seating& seating) {
  SeatSamplers out{};
  for (Seat s = 0; s < seating.seats; ++s) out[s] = d.samplers[seating.side[s]];
  return out;
}

// The game record of one game of the deal (`match_game` -1 outside a match).
std::string record_of(const DealContext& d, int game, const Seating& seating, int match_game,
                      const dominoes::Deal& deal, const dominoes::History& history,
                      const GameOutcome& outcome) {
  std::vector<std::string> players;
  std::array<int, 2> held{};  // as players_of seats them: a side's second seat, its second member
  for (Seat s = 0; s < seating.seats; ++s) {
    const std::vector<std::string> members = team_members(d.specs[seating.side[s]]);
    players.push_back(held[seating.side[s]]++ > 0 ? members.back() : members.front());
  }
  return game_record_json({d.deal_index, game, match_game}, players, d.config.rules, deal, history,
                          outcome);
}

// Game `game` of the deal, a single game of `deal`; `history` receives its moves (one record
// for the deal's games, emptied by each).
void single_game(const DealContext& d, const dominoes::Deal& deal, int game,
                 dominoes::History& history, DealTally& t) {
  const ExperimentConfig& c = d.config;
  const Seating seating = seating_of(c.rules, game);
  const SeatStreams streams(c.seed, static_cast<std::uint64_t>(d.deal_index), 0, c.rules.seats);
  const GameOutcome g = play_game(c.rules, deal, players_of(d, seating), streams.rngs(), &history,
                                  game_id(d, game), samplers_of(d, seating), seating.side);
  count_game(c.rules, g, seating, t);
  ++t.leader_games;
  t.leader_net += g.leader_net();
  if (d.records) *d.records += record_of(d, game, seating, -1, deal, history, g);
}

// Game `game` of the deal, a whole match.
void single_match(const DealContext& d, int game, DealTally& t) {
  const dominoes::Rules& rules = d.config.rules;
  const Seating seating = seating_of(rules, game);
  GameCallback record = [&](int g, const dominoes::Deal& deal, const dominoes::History& history,
                            const GameOutcome& outcome) {
    *d.records += record_of(d, game, seating, g, deal, history, outcome);
  };
  const MatchOutcome m =
      play_match(rules, d.config.seed, static_cast<std::uint64_t>(d.deal_index),
                 players_of(d, seating), d.records ? &record : nullptr, kMaxMatchGames,
                 game_id(d, game), samplers_of(d, seating), seating.side);
  // A match without a winner is not a draw: counting it as one would hide a broken run.
  if (!m.decided)
    throw std::runtime_error("the match of deal " + std::to_string(d.deal_index) + " reached " +
                             std::to_string(m.games) + " games without reaching the target");
  ++t.games;
  // Each team's total once (partners are credited alike), A's side plus, B's minus.
  for (int team = 0; team < dominoes::team_count(rules); ++team) {
    Seat first = 0;
    while (dominoes::team_of(rules, first) != team) ++first;
    t.a_net += (seating.is_a(first) ? 1 : -1) * m.totals[first];
  }
  ++(a_team(rules, seating, m.winner) ? t.a_wins : t.b_wins);
  t.leader_games += m.games;
  t.leader_net += m.leader_net;
  for (Seat s = 0; s < seating.seats; ++s)
    (seating.is_a(s) ? t.a_forfeits : t.b_forfeits) += m.forfeits[s];
  count_cost(m, seating, t);
}

// The deal, asking `stop` (when not null) between its two games or matches. An abandoned deal
// takes its first game's records back out of d.records, so it writes nothing.
std::optional<DealTally> play(const DealContext& d, const std::function<bool()>* stop) {
  const ExperimentConfig& c = d.config;
  const std::size_t mark = d.records ? d.records->size() : 0;
  const auto abandoned = [&] {
    if (!c.duplicate || !stop || !(*stop)()) return false;
    if (d.records) d.records->resize(mark);
    return true;
  };
  DealTally t;
  const int games = games_per_deal(c.rules, c.duplicate);
  if (c.rules.match_target > 0) {
    for (int game = 0; game < games; ++game) {
      if (game > 0 && abandoned()) return std::nullopt;
      single_match(d, game, t);
    }
    return t;
  }
  // Every game of a duplicate deal shares the deal: dealt once.
  const dominoes::Deal deal =
      dominoes::make_deal(c.rules, c.seed, static_cast<std::uint64_t>(d.deal_index), 0);
  if (d.covariate_solver) t.covariate = deal_covariate(*d.covariate_solver, deal);
  t.has_covariate = d.covariate_solver != nullptr;
  dominoes::History history;
  for (int game = 0; game < games; ++game) {
    if (game > 0 && abandoned()) return std::nullopt;
    single_game(d, deal, game, history, t);
  }
  return t;
}

}  // namespace

std::optional<DealTally> play_deal_unless_stopped(const DealContext& d) {
  return play(d, d.stop);
}

DealTally play_deal(const DealContext& d) {
  return *play(d, nullptr);
}

}  // namespace tournament
