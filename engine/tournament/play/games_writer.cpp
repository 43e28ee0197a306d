#include "engine/tournament/play/games_writer.h"

#include <nlohmann/json.hpp>

#include "engine/dominoes/notation.h"

namespace tournament {
namespace {

using Json = nlohmann::ordered_json;

Json hand_json(dominoes::TileSet hand) {
  Json tiles = Json::array();
  for (dominoes::Tile t : dominoes::reading_order(hand)) tiles.push_back(dominoes::to_string(t));
  return tiles;
}

Json move_json(dominoes::Move m, dominoes::Seat seat) {
  Json j{{"seat", seat}};
  if (m.is_pass()) {
    j["pass"] = true;
    return j;
  }
  j["tile"] = dominoes::to_string(m.tile());
  if (m.placement() != dominoes::Placement::kLead)
    j["end"] = m.placement() == dominoes::Placement::kLeft ? "L" : "R";
  return j;
}

// The rules under their config keys (run_arguments.cpp), as a config file would write them.
Json rules_json(const dominoes::Rules& rules) {
  return Json{{"double", rules.max_pip},
              {"hand-size", rules.hand_size},
              {"scoring", dominoes::to_string(rules.scoring)},
              {"leader", dominoes::to_string(rules.leader)},
              {"target", rules.match_target}};
}

}  // namespace

std::string game_record_json(const GameKey& key, const std::array<std::string, 2>& players,
                             const dominoes::Rules& rules, const dominoes::Deal& deal,
                             const dominoes::History& history, const GameOutcome& outcome) {
  Json j;
  j["deal"] = key.deal;
  j["game"] = key.game;
  if (key.match_game >= 0) j["match_game"] = key.match_game;
  j["players"] = players;
  j["rules"] = rules_json(rules);
  j["leader"] = deal.leader;
  j["hands"] = Json::array({hand_json(deal.hands[0]), hand_json(deal.hands[1])});
  Json moves = Json::array();
  for (int k = 0; k < history.size(); ++k) moves.push_back(move_json(history[k], history.seat_of(k)));
  j["moves"] = std::move(moves);
  j["pips"] = outcome.pips;
  j["points"] = outcome.points;
  if (outcome.forfeited()) {
    j["forfeit"] = strategies::to_string(outcome.forfeit_reason);
    j["forfeit_seat"] = outcome.forfeit_seat;
  }
  return j.dump() + "\n";
}

}  // namespace tournament
