// A dataset end to end: the rows' count and players checked against the game records read here
// on their own, chunk files byte-identical for one and two threads and after interruptions of the
// run or of the conversion, and the folders and configs a dataset refuses.
#include "arena/dataset/make_dataset.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "arena/dataset/dataset_folder.h"
#include "engine/dominoes/rules.h"
#include "engine/nets/tensor_file.h"
#include "strategies/registry.h"
#include "tests/test_files.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using test_files::read_text;
using test_files::TempDir;

dataset::DatasetRequest request_in(const std::string& out, bool move_values = false) {
  dataset::DatasetRequest r;
  r.config.players = {"random", "heuristic", "lowest"};
  r.config.deals = 30;
  r.config.chunk = 10;
  r.config.seed = 5;
  r.config.threads = 2;
  r.config.quiet = true;
  r.config.out_dir = out;
  r.move_values = move_values;
  return r;
}

dataset::DatasetResult make(const dataset::DatasetRequest& request,
                            const dataset::DatasetHooks& hooks = {}) {
  return dataset::make_dataset(strategies::Registry::builtin(), request, hooks);
}

// Every file of `dir` by name, with its bytes; the run's lock and journal aside.
std::map<std::string, std::string> files_of(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::directory_iterator(dir))
    files[entry.path().filename()] = read_text(entry.path());
  return files;
}

// Tensor `name` of the chunk file at `path` as bytes.
std::string tensor_bytes(const std::string& path, const std::string& name) {
  const nets::TensorFile file = nets::read_tensor_file(path);
  const nets::Tensor* t = file.find(name);
  EXPECT_NE(t, nullptr) << name;
  return t ? std::string(reinterpret_cast<const char*>(t->bytes.data()), t->bytes.size()) : "";
}

std::string config_error(const dataset::DatasetRequest& request) {
  try {
    make(request);
  } catch (const tournament::ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return e.what();
  }
  return "accepted";
}

TEST(MakeDataset, RowsAreTheRecordsTurnsWithTheirPlayers) {
  TempDir tmp;
  const auto result = make(request_in(tmp.sub("d")));
  ASSERT_TRUE(result.complete);
  // Three pairings of 30 deals, two games a deal, in chunks of 10 deals.
  EXPECT_EQ(result.chunks, 9);
  EXPECT_EQ(result.games, 180);
  // The records, read here: one row per move, and each seat's player as the record names it.
  std::vector<std::string> seat_players;  // the deciding player's spec, turn by turn
  std::int64_t moves = 0;
  std::istringstream records(read_text(tmp.sub("d/games.jsonl")));
  for (std::string line; std::getline(records, line);) {
    const Json record = Json::parse(line);
    for (const auto& move : record["moves"]) {
      seat_players.push_back(record["players"][move["seat"].get<int>()]);
      ++moves;
    }
  }
  EXPECT_EQ(result.rows, moves);
  const Json manifest = Json::parse(read_text(tmp.sub("d/dataset.json")));
  EXPECT_TRUE(manifest["complete"].get<bool>());
  EXPECT_EQ(manifest["rows"], moves);
  EXPECT_EQ(manifest["players"], Json::parse(R"([{"spec":"random","name":"random"},
                                                  {"spec":"heuristic","name":"heuristic"},
                                                  {"spec":"lowest","name":"lowest"}])"));
  // A round robin of three pairs them in this order; each chunk's games are its pairing's.
  EXPECT_EQ(manifest["pairings"], Json::parse(R"([["random","heuristic"],["random","lowest"],
                                                   ["heuristic","lowest"]])"));
  std::istringstream by_chunk(read_text(tmp.sub("d/games.jsonl")));
  for (const auto& chunk : manifest["chunks"]) {
    const Json& pairing = manifest["pairings"][chunk["pairing"].get<int>()];
    for (int g = 0; g < chunk["games"].get<int>(); ++g) {
      std::string line;
      ASSERT_TRUE(std::getline(by_chunk, line));
      const Json players = Json::parse(line)["players"];
      EXPECT_TRUE(players == pairing || players == Json::array({pairing[1], pairing[0]})) << line;
    }
  }
  std::vector<std::string> row_players;
  for (const auto& chunk : manifest["chunks"]) {
    const std::string bytes =
        tensor_bytes(tmp.sub("d/" + chunk["file"].get<std::string>()), "player");
    EXPECT_EQ(static_cast<std::int64_t>(bytes.size()), chunk["rows"].get<std::int64_t>());
    for (const char p : bytes)
      row_players.push_back(manifest["players"][static_cast<int>(p)]["spec"]);
  }
  EXPECT_EQ(row_players, seat_players);
}

TEST(MakeDataset, PlayersAreNamedAsTablesShowThem) {
  TempDir tmp;
  auto request = request_in(tmp.sub("d"));
  request.config.rules = dominoes::table_rules(4);
  request.config.rules.match_target = 0;
  request.config.players = {"heuristic & random", "L: lowest", "minimax(scenarios=9,depth=0)"};
  request.config.deals = 2;
  ASSERT_TRUE(make(request).complete);
  // A partner by its short label, a named side by its name, an unnamed one by its short label;
  // the spec in full, as the records name the seats.
  EXPECT_EQ(Json::parse(read_text(tmp.sub("d/dataset.json")))["players"],
            Json::parse(R"json([{"spec":"heuristic","name":"heuristic"},
                                {"spec":"random","name":"random"},
                                {"spec":"lowest","name":"L"},
                                {"spec":"minimax(scenarios=9,depth=0,exact=true,crn=true)",
                                 "name":"minimax(scenarios=9,depth=0)"}])json"));
}

TEST(MakeDataset, ChunksAreTheSameOnOneAndTwoThreads) {
  TempDir tmp;
  for (const int seats : {2, 4}) {
    auto one = request_in(tmp.sub("one" + std::to_string(seats)), true);
    one.config.rules = dominoes::table_rules(seats);
    one.config.rules.match_target = 0;
    one.config.threads = 1;
    auto two = one;
    two.config.out_dir = tmp.sub("two" + std::to_string(seats));
    two.config.threads = 2;
    ASSERT_TRUE(make(one).complete);
    ASSERT_TRUE(make(two).complete);
    auto a = files_of(one.config.out_dir), b = files_of(two.config.out_dir);
    a.erase("journal.txt");  // its lines hold each chunk's wall seconds
    b.erase("journal.txt");
    EXPECT_EQ(a.size(), 11u) << "9 chunks, the manifest and the records";
    EXPECT_TRUE(a == b) << seats << " seats";
  }
}

// A stop predicate that says stop once `dir` holds `files` chunk files.
std::function<bool()> stop_at_chunk_files(const std::string& dir, int files) {
  return [dir, files] {
    int n = 0;
    for (const auto& entry : fs::directory_iterator(dir))
      n += entry.path().extension() == ".safetensors";
    return n >= files;
  };
}

TEST(MakeDataset, AnInterruptedDatasetResumesToTheSameFiles) {
  TempDir tmp;
  const auto whole = request_in(tmp.sub("whole"), true);
  ASSERT_TRUE(make(whole).complete);
  // The run stopped after two chunks, then the conversion stopped after three chunk files.
  auto cut = whole;
  cut.config.out_dir = tmp.sub("cut");
  dataset::DatasetHooks stop_run;
  stop_run.run.stop_after_chunks = 2;
  const auto first = make(cut, stop_run);
  EXPECT_FALSE(first.complete);
  EXPECT_FALSE(first.run.complete);
  dataset::DatasetHooks stop_conversion;
  stop_conversion.run.should_stop = stop_at_chunk_files(cut.config.out_dir, 3);
  const auto second = make(cut, stop_conversion);
  EXPECT_TRUE(second.run.complete);
  EXPECT_FALSE(second.complete);
  EXPECT_EQ(second.chunks_converted, 3);
  EXPECT_FALSE(Json::parse(read_text(tmp.sub("cut/dataset.json")))["complete"].get<bool>());
  const auto third = make(cut);
  EXPECT_TRUE(third.complete);
  EXPECT_EQ(third.chunks_converted, 6);
  EXPECT_EQ(third.run.games_played, 0);
  auto a = files_of(whole.config.out_dir), b = files_of(cut.config.out_dir);
  a.erase("journal.txt");
  b.erase("journal.txt");
  EXPECT_TRUE(a == b);
  // A finished dataset made again plays and converts nothing, and its files stay.
  const auto again = make(cut);
  EXPECT_TRUE(again.complete);
  EXPECT_EQ(again.chunks_converted, 0);
  auto c = files_of(cut.config.out_dir);
  c.erase("journal.txt");
  EXPECT_TRUE(b == c);
}

TEST(MakeDataset, ADeletedChunkFileIsMadeAgain) {
  TempDir tmp;
  const auto request = request_in(tmp.sub("d"));
  ASSERT_TRUE(make(request).complete);
  const std::string chunk = tmp.sub("d/" + dataset::chunk_file_name(4));
  const std::string before = read_text(chunk);
  const std::string manifest = read_text(tmp.sub("d/dataset.json"));
  fs::remove(chunk);
  // Stopped before the chunk is made again: the manifest no longer says complete.
  dataset::DatasetHooks stop;
  stop.run.should_stop = [&] { return fs::exists(tmp.sub("d/journal.txt")) && !fs::exists(chunk); };
  EXPECT_FALSE(make(request, stop).complete);
  EXPECT_FALSE(Json::parse(read_text(tmp.sub("d/dataset.json")))["complete"].get<bool>());
  const auto again = make(request);
  EXPECT_EQ(again.chunks_converted, 1);
  EXPECT_EQ(read_text(chunk), before);
  EXPECT_EQ(read_text(tmp.sub("d/dataset.json")), manifest);
}

TEST(MakeDataset, AChunkFileThatIsNotOneIsRefused) {
  TempDir tmp;
  const auto request = request_in(tmp.sub("d"));
  ASSERT_TRUE(make(request).complete);
  const std::string chunk = tmp.sub("d/" + dataset::chunk_file_name(2));
  const std::vector<float> v = {1, 2};
  for (const std::string& bytes :
       {std::string("junk"), nets::tensor_file_bytes(std::vector<nets::Tensor>{
                                 nets::Tensor::of<float>("v", {2}, std::span<const float>(v))})}) {
    test_files::write_text(chunk, bytes);
    try {
      make(request);
      ADD_FAILURE() << "accepted";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()).rfind("chunk file \"", 0), 0u) << e.what();
      EXPECT_NE(std::string(e.what()).find(" is not a dataset chunk (\""), std::string::npos)
          << e.what();
    }
  }
}

TEST(MakeDataset, RecordsChangedAfterTheRunAreRefused) {
  TempDir tmp;
  const auto request = request_in(tmp.sub("d"));
  ASSERT_TRUE(make(request).complete);
  fs::remove(tmp.sub("d/" + dataset::chunk_file_name(0)));
  std::string records = read_text(tmp.sub("d/games.jsonl"));
  const auto at = records.find("\"leader\":") + 9;
  records[at] = records[at] == '0' ? '1' : '0';  // same size, another leader
  test_files::write_text(tmp.sub("d/games.jsonl"), records);
  try {
    make(request);
    ADD_FAILURE() << "accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("do not match the hash"), std::string::npos) << e.what();
  }
}

TEST(MakeDataset, AForeignFolderIsRefusedAndLeftAlone) {
  TempDir tmp;
  fs::create_directories(tmp.sub("mine"));
  test_files::write_text(tmp.sub("mine/notes.txt"), "mine");
  const std::string why = config_error(request_in(tmp.sub("mine")));
  EXPECT_NE(why.find("holds files that dominoes dataset did not write (\"notes.txt\")"),
            std::string::npos)
      << why;
  EXPECT_EQ(files_of(tmp.sub("mine")).size(), 1u);
  // What a process killed as it claimed a folder leaves there is no other file.
  fs::create_directories(tmp.sub("killed"));
  test_files::write_text(tmp.sub("killed/run.lock"), "123\n");
  test_files::write_text(tmp.sub("killed/dataset.json.partial"), "{");
  EXPECT_EQ(config_error(request_in(tmp.sub("killed"))), "accepted");
  test_files::write_text(tmp.sub("file"), "x");
  EXPECT_NE(config_error(request_in(tmp.sub("file"))).find("is a file, not a directory"),
            std::string::npos);
}

TEST(MakeDataset, AFolderOfAnotherConfigurationIsRefused) {
  TempDir tmp;
  ASSERT_TRUE(make(request_in(tmp.sub("d"))).complete);
  const auto before = files_of(tmp.sub("d"));
  auto more = request_in(tmp.sub("d"));
  more.config.deals = 40;
  const std::string deals = config_error(more);
  EXPECT_NE(deals.find("holds a dataset of another configuration (deals is \"30\" there and "
                       "\"40\" now)"),
            std::string::npos)
      << deals;
  const std::string values = config_error(request_in(tmp.sub("d"), true));
  EXPECT_NE(values.find("move-values is \"false\" there and \"true\" now"), std::string::npos)
      << values;
  EXPECT_TRUE(files_of(tmp.sub("d")) == before);
  // Threads and quiet change no row: the same dataset.
  auto threads = request_in(tmp.sub("d"));
  threads.config.threads = 1;
  EXPECT_EQ(config_error(threads), "accepted");
}

TEST(MakeDataset, MatchesStoppingRulesAndGamesOutAreRefused) {
  TempDir tmp;
  auto match = request_in(tmp.sub("m"));
  match.config.rules.match_target = 50;
  EXPECT_NE(config_error(match).find("target 50: a dataset is made of single games"),
            std::string::npos);
  auto sprt = request_in(tmp.sub("s"));
  sprt.config.players = {"random", "heuristic"};
  sprt.config.format = tournament::Format::kHeadToHead;
  sprt.config.sprt.enabled = true;
  EXPECT_NE(config_error(sprt).find("sprt:"), std::string::npos);
  auto precision = request_in(tmp.sub("p"));
  precision.config.precision = 1;
  EXPECT_NE(config_error(precision).find("precision:"), std::string::npos);
  auto games = request_in(tmp.sub("g"));
  games.config.games_out = tmp.sub("g.jsonl");
  EXPECT_NE(config_error(games).find("games-out:"), std::string::npos);
  for (const char* dir : {"m", "s", "p", "g"}) EXPECT_FALSE(fs::exists(tmp.sub(dir))) << dir;
}

TEST(MakeDataset, ConversionProgressLine) {
  dataset::ConversionProgress progress;
  EXPECT_EQ(dataset::conversion_text(progress), "") << "nothing before the conversion starts";
  progress.chunks = 10;
  progress.done = 4;       // one converted earlier, three now
  progress.converted = 3;  // ETA: 6 chunks left at this run's rate
  progress.rows = 1500;
  progress.start = std::chrono::steady_clock::now() - std::chrono::seconds(3);
  progress.started = true;
  const std::string line = dataset::conversion_text(progress);
  EXPECT_EQ(line.rfind("converting: chunks 4/10 (40.0%)  rows 1500  ", 0), 0u) << line;
  EXPECT_NE(line.find(" rows/s  elapsed 3s  ETA 6s"), std::string::npos) << line;
  EXPECT_EQ(dataset::conversion_text(progress, 20).size(), 20u);
  progress.converted = 0;
  EXPECT_NE(dataset::conversion_text(progress).find("ETA ?"), std::string::npos);
}

}  // namespace
