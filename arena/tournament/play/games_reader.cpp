#include "arena/tournament/play/games_reader.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/common/text.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/rules_keys.h"

namespace tournament {
namespace {

dominoes::Move move_of(const nlohmann::json& mj) {
  if (mj.contains("pass")) return dominoes::Move::pass();
  const dominoes::Tile t =
      dominoes::parse_tile(mj.at("tile").get<std::string>(), dominoes::kMaxPip);
  const auto placement = !mj.contains("end")   ? dominoes::Placement::kLead
                         : mj.at("end") == "L" ? dominoes::Placement::kLeft
                                               : dominoes::Placement::kRight;
  return dominoes::Move(t, placement);
}

// The "rules" object of a record (games_writer.h), under the rules keys (rules_keys.h), read and
// checked by that table: the seed's five keys are needed, the seat-count keys optional (a
// two-seat record leaves them out at their defaults).
dominoes::Rules rules_of(const nlohmann::json& rj) {
  std::vector<std::pair<std::string, std::string>> given;
  for (const auto& key : dominoes::rules_keys()) {
    if (!rj.contains(key.name) && dominoes::rules_key_written(key, dominoes::Rules{})) {
      rj.at(key.name);  // throws, naming the missing key
    }
    if (!rj.contains(key.name)) continue;
    const nlohmann::json& value = rj.at(key.name);
    std::string text;
    if (key.kind == common::KeyKind::kInteger)
      text = std::to_string(value.get<int>());
    else if (key.kind == common::KeyKind::kBoolean)
      text = value.get<bool>() ? "true" : "false";
    else
      text = value.get<std::string>();
    given.emplace_back(key.name, text);
  }
  return dominoes::rules_from(given);
}

// Reads a per-seat array of `seats` integers (pips, points).
std::array<int, dominoes::kMaxSeats> seat_numbers(const nlohmann::json& record, const char* key,
                                                  int seats) {
  const auto& a = record.at(key);
  if (!a.is_array() || a.size() != static_cast<std::size_t>(seats))
    throw std::invalid_argument(std::string(key) + " must list " + std::to_string(seats) +
                                " seats");
  std::array<int, dominoes::kMaxSeats> out{};
  for (int s = 0; s < seats; ++s) out[s] = a.at(s).get<int>();
  return out;
}

// "teams", when given, must be what the record's rules make of its seats (rules.h team_of): a
// reader such as the viewer scores the game by it, so a contradicting list would show a wrong
// winner.
void check_teams(const nlohmann::json& record, const GameRecord& game) {
  if (!record.contains("teams")) return;
  dominoes::Rules rules = game.rules ? *game.rules : dominoes::Rules{};
  rules.seats = game.seats;
  const auto teams = seat_numbers(record, "teams", game.seats);
  for (int s = 0; s < game.seats; ++s)
    if (teams[s] != dominoes::team_of(rules, s))
      throw std::invalid_argument("teams must be the rules' teams: seat " + std::to_string(s) +
                                  " is on team " + std::to_string(dominoes::team_of(rules, s)) +
                                  ", not " + std::to_string(teams[s]));
}

}  // namespace

GameRecord parse_game_record(const std::string& line) {
  const nlohmann::json record = nlohmann::json::parse(line);
  GameRecord game;
  if (record.contains("rules")) game.rules = rules_of(record.at("rules"));
  for (const char* key : {"match_game", "deal", "game"})
    if (record.contains(key) && !record.at(key).is_number_integer())
      throw std::invalid_argument(std::string(key) + " must be an integer");
  if (record.contains("match_game")) game.match_game = record.at("match_game").get<int>();
  if (record.contains("deal")) game.deal = record.at("deal").get<std::int64_t>();
  if (record.contains("game")) game.game = record.at("game").get<int>();
  const auto& players = record.at("players");
  game.seats = game.rules ? game.rules->seats : static_cast<int>(players.size());
  if (!players.is_array() || players.size() != static_cast<std::size_t>(game.seats) ||
      game.seats < 2 || game.seats > dominoes::kMaxSeats)
    throw std::invalid_argument("players must list the rules' " + std::to_string(game.seats) +
                                " seats");
  const int max_pip = game.rules ? game.rules->max_pip : dominoes::kMaxPip;
  for (int s = 0; s < game.seats; ++s) {
    game.players[s] = players.at(s).get<std::string>();
    for (const auto& t : record.at("hands").at(s))
      game.hands[s].insert(dominoes::parse_tile(t.get<std::string>(), max_pip));
    if (game.rules && game.hands[s].size() != game.rules->hand_size)
      throw std::invalid_argument("hand " + std::to_string(s) + " does not hold the rules' " +
                                  std::to_string(game.rules->hand_size) + " distinct tiles");
  }
  game.leader = record.at("leader").get<int>();
  if (game.leader < 0 || game.leader >= game.seats)
    throw std::invalid_argument("leader must be a seat, 0 to " + std::to_string(game.seats - 1));
  for (const auto& mj : record.at("moves"))
    game.moves.push_back({mj.at("seat").get<int>(), move_of(mj)});
  game.pips = seat_numbers(record, "pips", game.seats);
  game.points = seat_numbers(record, "points", game.seats);
  check_teams(record, game);
  if (record.contains("sides"))
    for (const int side : seat_numbers(record, "sides", game.seats))
      if (side < 0 || side >= game.seats)
        throw std::invalid_argument("sides must name each seat's side, 0 to " +
                                    std::to_string(game.seats - 1));
  return game;
}

int required_lead(const GameRecord& record) {
  if (record.seats <= 2 || !record.rules) return -1;
  const dominoes::Rules& rules = *record.rules;
  const bool later = record.match_game > 0 && rules.next_leader != dominoes::NextLeaderRule::kSame;
  const bool heaviest = later ? rules.next_leader == dominoes::NextLeaderRule::kHeaviestDouble
                              : rules.leader == dominoes::LeaderRule::kHeaviestDouble;
  if (!heaviest) return -1;
  return dominoes::heaviest_tile_holder(record.hands, record.seats).tile;
}

void read_game_records(const std::string& path,
                       const std::function<void(const GameRecord&)>& each) {
  read_game_record_lines(path, kGameRecordsLimits,
                         [&](const GameRecord& record, const std::string&) { each(record); });
}

void read_game_record_lines(
    const std::string& path, const common::ReadLimits& limits,
    const std::function<void(const GameRecord&, const std::string& line)>& each) {
  common::LimitedFile in(path, "games file", limits);
  for (std::string line; in.next_line(line);) {
    if (common::trimmed(line).empty()) continue;
    try {
      each(parse_game_record(line), line);
    } catch (const std::exception& e) {
      throw GameRecordError(in.name() + " line " + std::to_string(in.line_number()) +
                            ": not a game record (" + common::quoted(e.what(), 120) + ")");
    }
  }
}

void replay(const GameRecord& record, const ReplayVisitor& visit) {
  dominoes::Deal deal;
  deal.hands = record.hands;
  deal.seats = record.seats;
  deal.leader = record.leader;
  deal.lead_tile = required_lead(record);
  dominoes::State state = dominoes::start_state(deal);
  for (const RecordedMove& m : record.moves) {
    const dominoes::MoveList legal = dominoes::legal_moves(state);
    if (m.seat != state.to_move || (m.move.is_pass() ? !legal.empty() : !legal.contains(m.move)))
      throw std::invalid_argument("move " + dominoes::to_string(m.move) + " of seat " +
                                  std::to_string(m.seat) + " is not legal there");
    visit(state, legal, m.move);
    dominoes::apply(state, m.move);
  }
}

}  // namespace tournament
