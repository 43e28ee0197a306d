// What `dominoes dataset` spends per game and per row on one thread: a deal played with its game
// records written (the run's share), and recorded games turned into rows (the conversion's:
// parsing the record, replaying it, the observation tensor, mask and owners; with move values the
// open-hands solves), at two and four seats. Two threads convert about twice as fast
// (blocks of games, chunk_converter.h).
// Run: build/bin/bench_dataset  (items_per_second: games per second for BM_PlayWithRecords and
// BM_ParseRecords, rows per second for BM_Convert)
#include <benchmark/benchmark.h>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "arena/dataset/chunk_converter.h"
#include "arena/tournament/play/games_reader.h"
#include "arena/tournament/play/play_deal.h"
#include "engine/dominoes/rules.h"
#include "strategies/registry.h"

namespace {

tournament::ExperimentConfig config_for(int seats) {
  tournament::ExperimentConfig config;
  config.rules = dominoes::table_rules(seats);
  config.rules.match_target = 0;
  config.players = {"heuristic", "random"};
  return config;
}

// The records of `deals` deals of heuristic vs random (two games a deal), one game a line.
std::vector<std::string> recorded_games(int seats, int deals) {
  const tournament::ExperimentConfig config = config_for(seats);
  auto a = strategies::Registry::builtin().make("heuristic");
  auto b = strategies::Registry::builtin().make("random");
  const std::array<std::string, 2> specs = {"heuristic", "random"};
  std::string text;
  for (int i = 0; i < deals; ++i)
    tournament::play_deal(
        {.config = config, .deal_index = i, .players = {&a, &b}, .specs = specs, .records = &text});
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void BM_PlayWithRecords(benchmark::State& state) {
  const tournament::ExperimentConfig config = config_for(static_cast<int>(state.range(0)));
  auto a = strategies::Registry::builtin().make("heuristic");
  auto b = strategies::Registry::builtin().make("random");
  const std::array<std::string, 2> specs = {"heuristic", "random"};
  std::string records;
  tournament::DealContext deal{
      .config = config, .players = {&a, &b}, .specs = specs, .records = &records};
  std::int64_t games = 0;
  for (auto _ : state) {
    records.clear();
    games += tournament::play_deal(deal).games;
    ++deal.deal_index;
  }
  state.SetItemsProcessed(games);
}
BENCHMARK(BM_PlayWithRecords)->Arg(2)->Arg(4);

// Converts 500 recorded deals (1000 games) per iteration; range(0): seats, range(1): move values.
void BM_Convert(benchmark::State& state) {
  const int seats = static_cast<int>(state.range(0));
  const std::vector<std::string> lines = recorded_games(seats, 500);
  const std::vector<std::string> players = {"heuristic", "random"};
  dataset::ChunkConverter converter(config_for(seats).rules, players, state.range(1) != 0, 1);
  std::int64_t rows = 0;
  for (auto _ : state) {
    const auto converted = converter.rows_of(lines);
    rows += converted->rows();
    benchmark::DoNotOptimize(converted);
  }
  state.SetItemsProcessed(rows);
}
BENCHMARK(BM_Convert)
    ->Args({2, 0})
    ->Args({2, 1})
    ->Args({4, 0})
    ->Args({4, 1})
    ->Unit(benchmark::kMillisecond);

// The conversion's share spent reading the records' JSON: the 1000 games parsed, no rows made.
void BM_ParseRecords(benchmark::State& state) {
  const std::vector<std::string> lines = recorded_games(2, 500);
  for (auto _ : state)
    for (const std::string& line : lines)
      benchmark::DoNotOptimize(tournament::parse_game_record(line));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(lines.size()));
}
BENCHMARK(BM_ParseRecords)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
