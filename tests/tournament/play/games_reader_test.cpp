// The game-record reader (play/games_reader.h) against what was really played: deals played by
// play_deal with records on are read back, and each record must give the deal that make_deal
// deals for that (seed, deal) (an independent source of the hands and the leader), a replay
// through the rules engine that ends where the record says (every hand's pips, from the tiles the
// replay leaves in the hands), and the players' names. Malformed and illegal records are refused.
#include "arena/tournament/play/games_reader.h"

#include <gtest/gtest.h>

#include <array>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/play/play_deal.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/state.h"
#include "strategies/registry.h"

namespace tournament {
namespace {

// The records of deals [0, deals) of heuristic vs random with duplicate deals.
std::vector<std::string> played_records(const ExperimentConfig& config, int deals) {
  auto a = strategies::Registry::builtin().make("heuristic");
  auto b = strategies::Registry::builtin().make("random");
  const std::array<std::string, 2> specs = {"heuristic", "random"};
  std::string text;
  for (int i = 0; i < deals; ++i)
    play_deal(
        {.config = config, .deal_index = i, .players = {&a, &b}, .specs = specs, .records = &text});
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

int pips_of(dominoes::TileSet hand) {
  int pips = 0;
  for (const dominoes::Tile t : hand) pips += dominoes::tile_pips(t);
  return pips;
}

TEST(GamesReaderTest, RecordsReadBackToTheDealsAndMovesPlayed) {
  ExperimentConfig config;
  config.seed = 31;
  const auto lines = played_records(config, 20);
  ASSERT_EQ(lines.size(), 40u) << "duplicate deals: two games a deal";
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::string& line = lines[k];
    const nlohmann::json j = nlohmann::json::parse(line);
    const GameRecord record = parse_game_record(line);
    // Deal i's two games, in order.
    EXPECT_EQ(record.deal, static_cast<std::int64_t>(k / 2)) << line;
    EXPECT_EQ(record.game, static_cast<int>(k % 2)) << line;
    // Both games of a duplicate pair are the deal's game 0; game 1 seats the players the other
    // way round on the same hands.
    const dominoes::Deal deal =
        dominoes::make_deal(config.rules, config.seed, j.at("deal").get<std::uint64_t>(), 0);
    EXPECT_EQ(record.hands[0], deal.hands[0]) << line;
    EXPECT_EQ(record.hands[1], deal.hands[1]) << line;
    EXPECT_EQ(record.leader, deal.leader) << line;
    ASSERT_TRUE(record.rules.has_value()) << line;
    EXPECT_EQ(*record.rules, config.rules) << line;
    EXPECT_EQ(record.players[0] + record.players[1],
              j.at("game") == 0 ? "heuristicrandom" : "randomheuristic");
    auto left = record.hands;
    int visited = 0;
    replay(record, [&](const dominoes::State& state, const dominoes::MoveList& legal,
                       dominoes::Move played) {
      EXPECT_EQ(state.to_move, record.moves[visited].seat);
      EXPECT_TRUE(played.is_pass() ? legal.empty() : legal.contains(played));
      if (!played.is_pass()) left[state.to_move].erase(played.tile());
      ++visited;
    });
    EXPECT_EQ(visited, static_cast<int>(record.moves.size()));
    EXPECT_EQ(pips_of(left[0]), j.at("pips").at(0).get<int>()) << line;
    EXPECT_EQ(pips_of(left[1]), j.at("pips").at(1).get<int>()) << line;
  }
}

TEST(GamesReaderTest, RefusesMalformedAndIllegalRecords) {
  EXPECT_ANY_THROW(parse_game_record("{\"deal\":1}"));
  EXPECT_ANY_THROW(parse_game_record("not json"));
  EXPECT_ANY_THROW(parse_game_record(
      R"({"players":["a","b"],"leader":2,"hands":[["0-0"],["1-1"]],"moves":[]})"));
  // 1-1 does not fit a line ending in 0s, and seat 1 moves out of turn.
  const GameRecord illegal =
      parse_game_record(R"({"players":["a","b"],"leader":0,"hands":[["0-0","0-1"],["1-1","2-2"]],)"
                        R"("moves":[{"seat":0,"tile":"0-0"},{"seat":1,"tile":"1-1","end":"R"}],)"
                        R"("pips":[1,6],"points":[6,0]})");
  EXPECT_THROW(replay(illegal, [](const auto&, const auto&, auto) {}), std::invalid_argument);
  const GameRecord out_of_turn =
      parse_game_record(R"({"players":["a","b"],"leader":0,"hands":[["0-0"],["1-1"]],)"
                        R"("moves":[{"seat":1,"tile":"1-1"}],"pips":[0,2],"points":[2,0]})");
  EXPECT_THROW(replay(out_of_turn, [](const auto&, const auto&, auto) {}), std::invalid_argument);
}

// A record without its outcome, or with rules its hands break, is refused.
TEST(GamesReaderTest, RefusesRecordsWithoutOutcomeOrAgainstTheirRules) {
  const std::string start =
      R"({"players":["a","b"],"leader":0,"hands":[["0-0"],["1-1"]],"moves":[])";
  EXPECT_NO_THROW(parse_game_record(start + R"(,"pips":[0,2],"points":[2,0]})"));
  EXPECT_ANY_THROW(parse_game_record(start + R"(,"points":[2,0]})"));
  EXPECT_ANY_THROW(parse_game_record(start + R"(,"pips":[0],"points":[2,0]})"));
  const std::string rules = R"(,"pips":[0,2],"points":[2,0],"rules":{"double":6,"hand-size":1,)"
                            R"("scoring":"all-pips","leader":"random","target":0}})";
  const GameRecord with_rules = parse_game_record(start + rules);
  ASSERT_TRUE(with_rules.rules.has_value());
  EXPECT_EQ(with_rules.rules->scoring, dominoes::ScoringRule::kAllPips);
  EXPECT_EQ(with_rules.rules->hand_size, 1);
  // Hands of one tile where the rules deal two, a tile outside a double-2 set, a bad rule name.
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = start + rules;
    return text.replace(text.find(from), from.size(), to);
  };
  EXPECT_ANY_THROW(parse_game_record(replaced("\"hand-size\":1", "\"hand-size\":2")));
  EXPECT_ANY_THROW(parse_game_record(replaced("\"double\":6", "\"double\":0")));
  EXPECT_ANY_THROW(parse_game_record(replaced("all-pips", "most-pips")));
  EXPECT_ANY_THROW(parse_game_record(replaced("[\"1-1\"]", "[\"7-7\"]")));
}

}  // namespace
}  // namespace tournament
