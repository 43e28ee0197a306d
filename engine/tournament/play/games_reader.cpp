#include "engine/tournament/play/games_reader.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/common/text.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/rules.h"

namespace tournament {
namespace {

dominoes::Move move_of(const nlohmann::json& mj) {
  if (mj.contains("pass")) return dominoes::Move::pass();
  const dominoes::Tile t = dominoes::parse_tile(mj.at("tile").get<std::string>(), dominoes::kMaxPip);
  const auto placement = !mj.contains("end")  ? dominoes::Placement::kLead
                         : mj.at("end") == "L" ? dominoes::Placement::kLeft
                                               : dominoes::Placement::kRight;
  return dominoes::Move(t, placement);
}

}  // namespace

GameRecord parse_game_record(const std::string& line) {
  const nlohmann::json record = nlohmann::json::parse(line);
  GameRecord game;
  for (int s = 0; s < 2; ++s) {
    game.players[s] = record.at("players").at(s).get<std::string>();
    for (const auto& t : record.at("hands").at(s))
      game.hands[s].insert(dominoes::parse_tile(t.get<std::string>(), dominoes::kMaxPip));
  }
  game.leader = record.at("leader").get<int>();
  if (game.leader != 0 && game.leader != 1) throw std::invalid_argument("leader must be 0 or 1");
  for (const auto& mj : record.at("moves")) game.moves.push_back({mj.at("seat").get<int>(), move_of(mj)});
  return game;
}

void read_game_records(const std::string& path,
                       const std::function<void(const GameRecord&)>& each) {
  common::LimitedFile in(path, "games file", kGameRecordsLimits);
  for (std::string line; in.next_line(line);) {
    if (common::trimmed(line).empty()) continue;
    try {
      each(parse_game_record(line));
    } catch (const std::exception& e) {
      throw GameRecordError(in.name() + " line " + std::to_string(in.line_number()) +
                            ": not a game record (" + common::quoted(e.what(), 120) + ")");
    }
  }
}

void replay(const GameRecord& record, const ReplayVisitor& visit) {
  dominoes::State state = dominoes::start_state(record.hands[0], record.hands[1], record.leader);
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
