#include "arena/tournament/play/games_writer.h"

#include <nlohmann/json.hpp>

#include "engine/dominoes/notation.h"
#include "engine/dominoes/rules_keys.h"

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

// The rules under their config keys (run_arguments.cpp), as a config file would write them: the
// seed's five keys in the order records have always had, then the seat-count keys when written
// (rules_key_written: never in a two-seat game at their defaults).
Json rules_json(const dominoes::Rules& rules) {
  Json j{{"double", rules.max_pip},
         {"hand-size", rules.hand_size},
         {"scoring", dominoes::to_string(rules.scoring, rules.seats)},
         {"leader", dominoes::to_string(rules.leader)},
         {"target", rules.match_target}};
  for (const auto& key : dominoes::rules_keys()) {
    if (j.contains(key.name) || !dominoes::rules_key_written(key, rules)) continue;
    const std::string value = key.values(rules).front();
    if (key.kind == common::KeyKind::kInteger)
      j[key.name] = std::stoi(value);
    else if (key.kind == common::KeyKind::kBoolean)
      j[key.name] = value == "true";
    else
      j[key.name] = value;
  }
  return j;
}

}  // namespace

std::string rules_json_text(const dominoes::Rules& rules) {
  return rules_json(rules).dump();
}

std::string game_record_json(const GameKey& key, const std::vector<std::string>& players,
                             const dominoes::Rules& rules, const dominoes::Deal& deal,
                             const dominoes::History& history, const GameOutcome& outcome) {
  Json j;
  j["deal"] = key.deal;
  j["game"] = key.game;
  if (key.match_game >= 0) j["match_game"] = key.match_game;
  j["players"] = players;
  j["rules"] = rules_json(rules);
  j["leader"] = deal.leader;
  Json hands = Json::array();
  for (int s = 0; s < deal.seats; ++s) hands.push_back(hand_json(deal.hands[s]));
  j["hands"] = std::move(hands);
  Json moves = Json::array();
  for (int k = 0; k < history.size(); ++k)
    moves.push_back(move_json(history[k], history.seat_of(k)));
  j["moves"] = std::move(moves);
  const auto seats = static_cast<std::size_t>(deal.seats);
  j["pips"] = std::vector<int>(outcome.pips.begin(), outcome.pips.begin() + seats);
  j["points"] = std::vector<int>(outcome.points.begin(), outcome.points.begin() + seats);
  if (deal.seats > 2) {
    j["teams"] = std::vector<int>(outcome.teams.begin(), outcome.teams.begin() + seats);
    j["sides"] = std::vector<int>(outcome.sides.begin(), outcome.sides.begin() + seats);
  }
  if (outcome.forfeited()) {
    j["forfeit"] = strategies::to_string(outcome.forfeit_reason);
    j["forfeit_seat"] = outcome.forfeit_seat;
  }
  return j.dump() + "\n";
}

}  // namespace tournament
