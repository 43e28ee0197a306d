#include "engine/tournament/play_deal.h"

#include <stdexcept>
#include <string>

#include "engine/tournament/game_loop.h"
#include "engine/tournament/games_writer.h"

namespace tournament {
namespace {

void count_result(int a_net, DealTally& t) {
  ++t.games;
  if (a_net > 0) ++t.a_wins;
  else if (a_net < 0) ++t.b_wins;
  else ++t.draws;
  t.a_net += a_net;
}

// One single game of `deal` with A in seat `a_seat`.
void single_game(const ExperimentConfig& c, std::int64_t i, const dominoes::Deal& deal, int a_seat,
                 std::array<strategies::Player*, 2> seats, const std::array<std::string, 2>& specs,
                 std::string* records, DealTally& t) {
  const auto deal_id = static_cast<std::uint64_t>(i);
  dominoes::Rng r0 = seat_stream(c.seed, deal_id, 0, 0);
  dominoes::Rng r1 = seat_stream(c.seed, deal_id, 0, 1);
  dominoes::History history;
  const GameOutcome g = play_game(c.rules, deal, seats, {&r0, &r1}, &history);
  count_result(a_seat == 0 ? g.net0() : -g.net0(), t);
  ++t.leader_games;
  t.leader_net += g.leader_net();
  if (records)
    *records += game_record_json({i, a_seat, -1}, {specs[a_seat], specs[1 - a_seat]}, deal,
                                 history, g);
}

// One match with A in seat `a_seat`.
void single_match(const ExperimentConfig& c, std::int64_t i, int a_seat,
                  std::array<strategies::Player*, 2> seats, const std::array<std::string, 2>& specs,
                  std::string* records, DealTally& t) {
  GameCallback record = [&](int g, const dominoes::Deal& deal, const dominoes::History& history,
                            const GameOutcome& outcome) {
    *records += game_record_json({i, a_seat, g}, {specs[a_seat], specs[1 - a_seat]}, deal,
                                 history, outcome);
  };
  const MatchOutcome m = play_match(c.rules, c.seed, static_cast<std::uint64_t>(i), seats,
                                    records ? &record : nullptr);
  // A match without a winner is not a draw: counting it as one would hide a broken run.
  if (!m.decided)
    throw std::runtime_error("the match of deal " + std::to_string(i) + " reached " +
                             std::to_string(m.games) + " games without passing the target");
  ++t.games;
  t.a_net += m.totals[a_seat] - m.totals[1 - a_seat];
  if (m.winner == a_seat) ++t.a_wins;
  else ++t.b_wins;
  t.leader_games += m.games;
  t.leader_net += m.leader_net;
}

}  // namespace

DealTally play_deal(const ExperimentConfig& c, std::int64_t deal_index, strategies::Player& a,
                    strategies::Player& b, const std::array<std::string, 2>& specs,
                    std::string* records) {
  DealTally t;
  if (c.rules.match_target > 0) {
    single_match(c, deal_index, 0, {&a, &b}, specs, records, t);
    if (c.duplicate) single_match(c, deal_index, 1, {&b, &a}, specs, records, t);
    return t;
  }
  // Both games of a duplicate pair share the deal: dealt once.
  const dominoes::Deal deal =
      dominoes::make_deal(c.rules, c.seed, static_cast<std::uint64_t>(deal_index), 0);
  single_game(c, deal_index, deal, 0, {&a, &b}, specs, records, t);
  if (c.duplicate) single_game(c, deal_index, deal, 1, {&b, &a}, specs, records, t);
  return t;
}

}  // namespace tournament
