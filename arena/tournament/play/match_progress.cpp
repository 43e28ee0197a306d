#include "arena/tournament/play/match_progress.h"

namespace tournament {

dominoes::Deal MatchProgress::next_deal() const {
  dominoes::Deal deal = dominoes::make_deal(rules_, seed_, deal_index_, out_.games);
  if (out_.games > 0) set_next_leader(rules_, previous_, deal);
  return deal;
}

bool MatchProgress::record(const GameOutcome& game) {
  if (game.forfeited()) ++out_.forfeits[game.forfeit_seat];
  for (Seat s = 0; s < rules_.seats; ++s) {
    out_.decisions[s] += game.decisions[s];
    out_.timed[s] += game.timed[s];
    out_.decision_ns[s] += game.decision_ns[s];
    out_.totals[s] += game.points[s];
  }
  ++out_.games;
  out_.leader_net += game.leader_net();
  previous_ = game;
  const int to_win = dominoes::match_points_to_win(rules_);
  for (Seat s = 0; s < rules_.seats; ++s)
    if (out_.totals[s] >= to_win) {
      out_.winner = game.teams[s];
      return over_ = true;
    }
  if (out_.games < max_games_) return false;
  out_.decided = false;
  return over_ = true;
}

MatchOutcome play_match(const dominoes::Rules& rules, std::uint64_t seed, std::uint64_t deal_index,
                        SeatPlayers players, const GameCallback* on_game, int max_games,
                        std::uint64_t first_game_id, SeatSamplers samplers,
                        const SeatSides& sides) {
  MatchProgress match(rules, seed, deal_index, max_games);
  dominoes::History history;
  while (!match.over()) {
    const int g = match.games_played();
    const dominoes::Deal deal = match.next_deal();
    const SeatStreams streams(seed, deal_index, g, rules.seats);
    const GameOutcome game =
        play_game(rules, deal, players, streams.rngs(), &history,
                  first_game_id * static_cast<std::uint64_t>(kMaxMatchGames) + g, samplers, sides);
    if (on_game) (*on_game)(g, deal, history, game);
    match.record(game);
  }
  return match.outcome();
}

}  // namespace tournament
