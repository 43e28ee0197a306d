#include "engine/tournament/play/play_deal.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/tournament/play/deal_covariate.h"
#include "engine/tournament/play/game_loop.h"
#include "engine/tournament/play/games_writer.h"

namespace tournament {
namespace {

// Adds what A's and B's real choices cost, from a game's or match's per-seat counts with A in
// seat `a_seat`.
template <class Outcome>
void count_cost(const Outcome& o, int a_seat, DealTally& t) {
  t.a_decisions += o.decisions[a_seat];
  t.a_timed += o.timed[a_seat];
  t.a_decision_ns += o.decision_ns[a_seat];
  t.b_decisions += o.decisions[1 - a_seat];
  t.b_timed += o.timed[1 - a_seat];
  t.b_decision_ns += o.decision_ns[1 - a_seat];
}

// Counts one single game with A in seat `a_seat`. A forfeit is a loss whatever the points say (a
// forfeiting hand of 0 pips gives the opponent 0 points).
void count_game(const GameOutcome& g, int a_seat, DealTally& t) {
  ++t.games;
  const int winner = g.winner();
  if (winner < 0) ++t.draws;
  else if (winner == a_seat) ++t.a_wins;
  else ++t.b_wins;
  t.a_net += a_seat == 0 ? g.net0() : -g.net0();
  if (g.forfeited()) ++(g.forfeit_seat == a_seat ? t.a_forfeits : t.b_forfeits);
  count_cost(g, a_seat, t);
}

// The protocol's game id (docs/protocol.md `newgame game=`): unique within the pairing's run.
std::uint64_t game_id(const DealContext& d, int a_seat) {
  return static_cast<std::uint64_t>(d.deal_index) * 2 + static_cast<std::uint64_t>(a_seat);
}

// The two seats' players when A sits in `a_seat`.
std::array<strategies::Player*, 2> seats_of(const DealContext& d, int a_seat) {
  return a_seat == 0 ? d.players : std::array{d.players[1], d.players[0]};
}
// The two seats' decision samplers when A sits in `a_seat`.
std::array<DecisionSampler*, 2> samplers_of(const DealContext& d, int a_seat) {
  return a_seat == 0 ? d.samplers : std::array{d.samplers[1], d.samplers[0]};
}

// The game record of one game of the deal, with A in `a_seat` (`game` -1 outside a match).
std::string record_of(const DealContext& d, int a_seat, int game, const dominoes::Deal& deal,
                      const dominoes::History& history, const GameOutcome& outcome) {
  return game_record_json({d.deal_index, a_seat, game}, {d.specs[a_seat], d.specs[1 - a_seat]},
                          d.config.rules, deal, history, outcome);
}

// One single game of `deal` with A in seat `a_seat`.
void single_game(const DealContext& d, const dominoes::Deal& deal, int a_seat, DealTally& t) {
  const ExperimentConfig& c = d.config;
  const auto deal_id = static_cast<std::uint64_t>(d.deal_index);
  dominoes::Rng r0 = seat_stream(c.seed, deal_id, 0, 0);
  dominoes::Rng r1 = seat_stream(c.seed, deal_id, 0, 1);
  dominoes::History history;
  const GameOutcome g =
      play_game(c.rules, deal, seats_of(d, a_seat), {&r0, &r1}, &history, game_id(d, a_seat),
                samplers_of(d, a_seat));
  count_game(g, a_seat, t);
  ++t.leader_games;
  t.leader_net += g.leader_net();
  if (d.records) *d.records += record_of(d, a_seat, -1, deal, history, g);
}

// One match with A in seat `a_seat`.
void single_match(const DealContext& d, int a_seat, DealTally& t) {
  GameCallback record = [&](int g, const dominoes::Deal& deal, const dominoes::History& history,
                            const GameOutcome& outcome) {
    *d.records += record_of(d, a_seat, g, deal, history, outcome);
  };
  const MatchOutcome m =
      play_match(d.config.rules, d.config.seed, static_cast<std::uint64_t>(d.deal_index),
                 seats_of(d, a_seat), d.records ? &record : nullptr, kMaxMatchGames,
                 game_id(d, a_seat), samplers_of(d, a_seat));
  // A match without a winner is not a draw: counting it as one would hide a broken run.
  if (!m.decided)
    throw std::runtime_error("the match of deal " + std::to_string(d.deal_index) + " reached " +
                             std::to_string(m.games) + " games without passing the target");
  ++t.games;
  t.a_net += m.totals[a_seat] - m.totals[1 - a_seat];
  if (m.winner == a_seat) ++t.a_wins;
  else ++t.b_wins;
  t.leader_games += m.games;
  t.leader_net += m.leader_net;
  t.a_forfeits += m.forfeits[a_seat];
  t.b_forfeits += m.forfeits[1 - a_seat];
  count_cost(m, a_seat, t);
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
  if (c.rules.match_target > 0) {
    single_match(d, 0, t);
    if (abandoned()) return std::nullopt;
    if (c.duplicate) single_match(d, 1, t);
  } else {
    // Both games of a duplicate pair share the deal: dealt once.
    const dominoes::Deal deal =
        dominoes::make_deal(c.rules, c.seed, static_cast<std::uint64_t>(d.deal_index), 0);
    if (d.covariate_solver) t.covariate = deal_covariate(*d.covariate_solver, deal);
    t.has_covariate = d.covariate_solver != nullptr;
    single_game(d, deal, 0, t);
    if (abandoned()) return std::nullopt;
    if (c.duplicate) single_game(d, deal, 1, t);
  }
  return t;
}

}  // namespace

std::optional<DealTally> play_deal_unless_stopped(const DealContext& d) { return play(d, d.stop); }

DealTally play_deal(const DealContext& d) { return *play(d, nullptr); }

}  // namespace tournament
