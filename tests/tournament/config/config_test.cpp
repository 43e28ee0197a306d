// `dominoes run`'s arguments (docs/experiments.md and docs/formats.md): the built-in default,
// config files with command-line overrides, every kind of bad input rejected with one line naming
// it and the valid range, and to_ini read back to the same experiment.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/run_arguments.h"
#include "engine/common/text.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

// A config file in the temp directory, removed at the end.
class TempFile {
 public:
  explicit TempFile(const std::string& text) {
    static int counter = 0;
    path_ = (fs::temp_directory_path() / ("dominoes_config_test_" + std::to_string(::getpid()) +
                                          "_" + std::to_string(counter++) + ".cfg"))
                .string();
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out << text;
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

ExperimentConfig parse(const Args& args) {
  const RunRequest r = parse_run_arguments(args);
  EXPECT_FALSE(r.help);
  return r.config;
}

// Expects parse_run_arguments(args) to throw ConfigError whose message is one line holding every
// string of `needles`.
void expect_error(const Args& args, std::initializer_list<std::string> needles) {
  std::string shown;
  for (const auto& a : args) shown += " " + a;
  SCOPED_TRACE("args:" + shown);
  try {
    parse_run_arguments(args);
    ADD_FAILURE() << "no ConfigError";
  } catch (const ConfigError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << "not one line: " << message;
    EXPECT_FALSE(message.empty());
    for (const auto& needle : needles)
      EXPECT_NE(message.find(needle), std::string::npos)
          << "message \"" << message << "\" does not mention \"" << needle << "\"";
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw something else than ConfigError: " << e.what();
  }
}

const Args kTwoPlayers = {"--player", "random", "--player", "heuristic"};

Args with_players(Args args) {
  args.insert(args.end(), kTwoPlayers.begin(), kTwoPlayers.end());
  return args;
}

// ---------------------------------------------------------------------------------------------
// Defaults and overrides

TEST(ConfigDefaultsTest, NoArgumentsGiveTheBuiltInQuickRoundRobin) {
  const ExperimentConfig c = parse({});
  EXPECT_EQ(c.name, "default");
  EXPECT_EQ(c.format, Format::kRoundRobin);
  // The fast strategies, each once.
  EXPECT_EQ(c.players, (std::vector<std::string>{"lowest", "random", "heuristic"}));
  EXPECT_EQ(c.seed, 1u);
  EXPECT_EQ(c.threads, 0);
  EXPECT_TRUE(c.duplicate);
  EXPECT_EQ(c.rules, dominoes::Rules{});
  EXPECT_EQ(c.rules.max_pip, 6);
  EXPECT_EQ(c.rules.hand_size, 7);
  EXPECT_EQ(c.rules.match_target, 0);
  EXPECT_TRUE(c.out_dir == "results/default" || c.out_dir == "results/default/") << c.out_dir;
  EXPECT_TRUE(c.games_out.empty());
  EXPECT_GE(c.deals, 1);
  EXPECT_GE(c.chunk, 1);
  EXPECT_FALSE(c.quiet);
}

TEST(ConfigDefaultsTest, HelpIsReportedNotRun) {
  const RunRequest r = parse_run_arguments({"--help"});
  EXPECT_TRUE(r.help);
  for (const char* key : {"--deals", "--seed", "--threads", "--player", "--format", "--duplicate",
                          "--target", "--out", "--games-out", "--name"})
    EXPECT_NE(r.help_text.find(key), std::string::npos) << key << " missing from help";
}

TEST(ConfigOptionsTest, EveryOptionIsApplied) {
  const ExperimentConfig c = parse({"--name",
                                    "exp1",
                                    "--deals",
                                    "250",
                                    "--seed",
                                    "18446744073709551615",
                                    "--threads",
                                    "3",
                                    "--player",
                                    "heuristic",
                                    "--player",
                                    "lowest",
                                    "--format",
                                    "head-to-head",
                                    "--no-duplicate",
                                    "--target",
                                    "100",
                                    "--double",
                                    "9",
                                    "--hand-size",
                                    "27",
                                    "--scoring",
                                    "all-pips",
                                    "--leader",
                                    "heaviest-double",
                                    "--out",
                                    "/tmp/x",
                                    "--games-out",
                                    "/tmp/g.jsonl",
                                    "--chunk",
                                    "33",
                                    "--quiet"});
  EXPECT_EQ(c.name, "exp1");
  EXPECT_EQ(c.deals, 250);
  EXPECT_EQ(c.seed, 18446744073709551615ull);
  EXPECT_EQ(c.threads, 3);
  EXPECT_EQ(c.players, (std::vector<std::string>{"heuristic", "lowest"}));
  EXPECT_EQ(c.format, Format::kHeadToHead);
  EXPECT_FALSE(c.duplicate);
  EXPECT_EQ(c.games_per_deal(), 1);
  EXPECT_EQ(c.rules.match_target, 100);
  EXPECT_EQ(c.rules.max_pip, 9);
  EXPECT_EQ(c.rules.hand_size, 27);  // 55 tiles in a double-9 set: at most 27 each
  EXPECT_EQ(c.rules.scoring, dominoes::ScoringRule::kAllPips);
  EXPECT_EQ(c.rules.leader, dominoes::LeaderRule::kHeaviestDouble);
  EXPECT_EQ(c.out_dir, "/tmp/x");
  EXPECT_EQ(c.games_out, "/tmp/g.jsonl");
  EXPECT_EQ(c.chunk, 33);
  EXPECT_TRUE(c.quiet);
}

TEST(ConfigOptionsTest, EqualsSignFormAndDefaultOutDirFollowTheName) {
  const ExperimentConfig c =
      parse(with_players({"--deals=12", "--name=quick", "--format=gauntlet"}));
  EXPECT_EQ(c.deals, 12);
  EXPECT_EQ(c.format, Format::kGauntlet);
  EXPECT_TRUE(c.out_dir == "results/quick" || c.out_dir == "results/quick/") << c.out_dir;
}

TEST(ConfigOptionsTest, RepeatedPlayersKeepTheirOrderAndAreCanonical) {
  const ExperimentConfig c = parse({"--player", "lowest", "--player", " heuristic ", "--player",
                                    "random()", "--player", "lowest"});
  EXPECT_EQ(c.players, (std::vector<std::string>{"lowest", "heuristic", "random", "lowest"}));
}

TEST(ConfigFileTest, FileIsReadAndCommandLineWins) {
  TempFile file(
      "# a comment\n"
      "name = from_file\n"
      "deals = 10\n"
      "seed = 7\n"
      "threads = 1\n"
      "format = gauntlet\n"
      "duplicate = false\n"
      "target = 61\n"
      "double = 8\n"
      "hand-size = 9\n"
      "scoring = pip-difference\n"
      "leader = alternate\n"
      "chunk = 5\n"
      "player = lowest\n"
      "player = random\n"
      "player = heuristic\n");
  // The file alone.
  const ExperimentConfig f = parse({file.path()});
  EXPECT_EQ(f.name, "from_file");
  EXPECT_EQ(f.deals, 10);
  EXPECT_EQ(f.seed, 7u);
  EXPECT_EQ(f.threads, 1);
  EXPECT_EQ(f.format, Format::kGauntlet);
  EXPECT_FALSE(f.duplicate);
  EXPECT_EQ(f.rules.match_target, 61);
  EXPECT_EQ(f.rules.max_pip, 8);
  EXPECT_EQ(f.rules.hand_size, 9);
  EXPECT_EQ(f.rules.scoring, dominoes::ScoringRule::kPipDifference);
  EXPECT_EQ(f.rules.leader, dominoes::LeaderRule::kAlternate);
  EXPECT_EQ(f.chunk, 5);
  EXPECT_EQ(f.players, (std::vector<std::string>{"lowest", "random", "heuristic"}));
  EXPECT_TRUE(f.out_dir == "results/from_file" || f.out_dir == "results/from_file/");

  // Options after the file override it, key by key; the players list is replaced, not extended.
  const ExperimentConfig c =
      parse({file.path(), "--deals", "20", "--seed=9", "--format", "round-robin", "--player",
             "heuristic", "--player", "lowest", "--double", "6", "--out", "elsewhere"});
  EXPECT_EQ(c.deals, 20);
  EXPECT_EQ(c.seed, 9u);
  EXPECT_EQ(c.format, Format::kRoundRobin);
  EXPECT_EQ(c.players, (std::vector<std::string>{"heuristic", "lowest"}));
  EXPECT_EQ(c.rules.max_pip, 6);
  EXPECT_EQ(c.out_dir, "elsewhere");
  // Untouched keys still come from the file.
  EXPECT_EQ(c.name, "from_file");
  EXPECT_EQ(c.threads, 1);
  EXPECT_FALSE(c.duplicate);
  EXPECT_EQ(c.rules.hand_size, 9);
  EXPECT_EQ(c.rules.match_target, 61);
  EXPECT_EQ(c.chunk, 5);
}

// ---------------------------------------------------------------------------------------------
// Bad input: ConfigError, one line, naming the key, the bad text and what is valid

TEST(ConfigErrorTest, BadDeals) {
  expect_error(with_players({"--deals", "0"}), {"deals", "\"0\"", "1 to 2^40"});
  expect_error(with_players({"--deals", "-3"}), {"deals", "-3", "1 to 2^40"});
  expect_error(with_players({"--deals", "abc"}), {"deals", "abc", "1 to 2^40"});
  expect_error(with_players({"--deals", "12x"}), {"deals", "12x"});
  expect_error(with_players({"--deals", "1e3"}), {"deals", "1e3"});
  expect_error(with_players({"--deals", "99999999999999999999999"}),
               {"deals", "99999999999999999999999"});
}

TEST(ConfigErrorTest, BadSet) {
  expect_error(with_players({"--double", "1"}), {"double", "1", "2..9"});
  expect_error(with_players({"--double", "10"}), {"double", "10", "2..9"});
}

TEST(ConfigErrorTest, BadHandSize) {
  // A double-6 set has 28 tiles: at most 14 each.
  expect_error(with_players({"--hand-size", "15"}), {"hand-size", "15", "14"});
  expect_error(with_players({"--hand-size", "0"}), {"hand-size", "0", "1"});
  // A double-9 set has 55 tiles: at most 27 each.
  expect_error(with_players({"--double", "9", "--hand-size", "28"}), {"hand-size", "28", "27"});
  EXPECT_EQ(parse(with_players({"--hand-size", "14"})).rules.hand_size, 14);
}

TEST(ConfigErrorTest, BadNumbersOfOtherKeys) {
  expect_error(with_players({"--threads", "-1"}), {"threads", "-1", "0"});
  expect_error(with_players({"--threads", "many"}), {"threads", "many"});
  expect_error(with_players({"--seed", "-1"}), {"seed", "-1"});
  expect_error(with_players({"--seed", "18446744073709551616"}), {"seed", "18446744073709551616"});
  expect_error(with_players({"--target", "-5"}), {"target", "-5", "0"});
  expect_error(with_players({"--chunk", "0"}), {"chunk", "\"0\"", "1 to 2^30"});
}

TEST(ConfigErrorTest, BadWords) {
  expect_error(with_players({"--format", "foo"}),
               {"format", "foo", "head-to-head", "round-robin", "gauntlet"});
  expect_error(with_players({"--duplicate", "maybe"}), {"duplicate", "maybe", "true", "false"});
  expect_error(with_players({"--quiet", "yes"}), {"quiet", "yes", "true", "false"});
  expect_error(with_players({"--scoring", "most"}), {"scoring", "most", "opponent-pips"});
  expect_error(with_players({"--leader", "eldest"}), {"leader", "eldest", "random"});
  expect_error(with_players({"--name", "a/b"}), {"name", "a/b"});
}

TEST(ConfigErrorTest, UnknownOption) {
  expect_error(with_players({"--dealz", "5"}), {"dealz", "deals"});
}

TEST(ConfigErrorTest, OptionGivenTwice) {
  expect_error(with_players({"--deals", "5", "--deals", "6"}), {"deals"});
}

TEST(ConfigErrorTest, TwoConfigFiles) {
  TempFile a("player = random\nplayer = lowest\n");
  TempFile b("player = random\nplayer = lowest\n");
  expect_error({a.path(), b.path()}, {});
}

TEST(ConfigErrorTest, UnknownKeyInFile) {
  TempFile file("player = random\nplayer = lowest\ndealz = 5\n");
  expect_error({file.path()}, {"dealz", file.path()});
}

TEST(ConfigErrorTest, BadValueInFile) {
  TempFile file("player = random\nplayer = lowest\ndeals = 0\n");
  expect_error({file.path()}, {"deals", "\"0\"", "1 to 2^40"});
}

TEST(ConfigErrorTest, UnreadableFile) {
  const std::string path = "/nonexistent_dir_for_dominoes_test/experiment.cfg";
  expect_error({path}, {path});
}

// --games-out's records are renamed over what it names at the end, so only a regular file or a
// new path may be named; links and special files are made in a temp directory, never in /dev.
TEST(ConfigErrorTest, GamesOutThatIsNotARegularFileIsRefusedBeforeAnyGame) {
  test_files::TempDir dir;
  const std::string regular = dir.sub("old.jsonl"), fifo = dir.sub("fifo"), sub = dir.sub("sub");
  test_files::write_text(regular, "");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_directory(sub);
  ASSERT_EQ(::symlink("/dev/null", dir.sub("to-device").c_str()), 0);
  ASSERT_EQ(::symlink(regular.c_str(), dir.sub("to-file").c_str()), 0);
  ASSERT_EQ(::symlink(dir.sub("nowhere").c_str(), dir.sub("dangling").c_str()), 0);
  const Args out = {"--out", dir.sub("tables")};
  const auto games_out = [&](const std::string& path) {
    Args args = with_players(out);
    args.insert(args.end(), {"--games-out", path});
    return args;
  };
  expect_error(games_out(fifo), {"games-out", "a FIFO", "regular file"});
  expect_error(games_out(sub), {"games-out", "a directory"});
  expect_error(games_out(dir.sub("to-device")), {"games-out", "a symbolic link"});
  expect_error(games_out(dir.sub("to-file")), {"games-out", "a symbolic link"});
  expect_error(games_out(dir.sub("dangling")), {"games-out", "a symbolic link"});
  ASSERT_EQ(::mkfifo((dir.sub("new.jsonl") + ".partial").c_str(), 0600), 0);
  expect_error(games_out(dir.sub("new.jsonl")), {"games-out", "new.jsonl.partial", "a FIFO"});
  EXPECT_EQ(parse(games_out(regular)).games_out, regular);
  EXPECT_EQ(parse(games_out(dir.sub("fresh.jsonl"))).games_out, dir.sub("fresh.jsonl"));
  EXPECT_TRUE(fs::is_fifo(fifo));
}

// Every text summary.json holds must be UTF-8 (nlohmann::json refuses to write anything else):
// refused before the first game, in a message that is itself UTF-8.
TEST(ConfigErrorTest, TextThatIsNotUtf8IsRefusedBeforeAnyGame) {
  test_files::TempDir dir;
  const std::string latin1 = "caf\xe9";
  const std::string out = dir.sub("tables");
  const auto refused = [&](Args args, const std::string& key) {
    SCOPED_TRACE(key);
    try {
      parse_run_arguments(args);
      ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind(key + " ", 0), 0u) << message;
      EXPECT_NE(message.find("UTF-8"), std::string::npos) << message;
      EXPECT_EQ(common::invalid_utf8_at(message), std::string::npos)
          << common::quoted(message, 300);
    }
  };
  refused(with_players({"--name", latin1, "--out", out}), "name");
  refused(with_players({"--out", dir.sub(latin1)}), "out");
  refused(with_players({"--out", out, "--games-out", dir.sub(latin1)}), "games-out");
  refused(
      {"--bot", "mybot=echo " + latin1, "--player", "mybot", "--player", "random", "--out", out},
      "bot.mybot.command");
  TempFile section("player = mybot\nplayer = random\n[bot.mybot]\ncommand = echo\ndir = /tmp/" +
                   latin1 + "\n");
  // The config file reader refuses the bytes first, naming the file and line.
  expect_error({section.path(), "--out", out}, {"line 5", "UTF-8"});
  EXPECT_EQ(parse(with_players({"--name", "caf\xc3\xa9", "--out", out})).name, "caf\xc3\xa9");
}

// Boost would keep the last of a repeated [bot.NAME] key and merge a repeated section.
TEST(ConfigErrorTest, BotSectionKeyOrSectionGivenTwice) {
  TempFile key(
      "player = mybot\nplayer = random\n[bot.mybot]\ncommand = a\ntime-ms = 5\ncommand = b\n");
  expect_error({key.path()}, {"\"command\" is given twice in [bot.mybot]"});
  TempFile section(
      "player = mybot\nplayer = random\n[bot.mybot]\ncommand = a\n[bot.x]\ncommand = c\n"
      "[bot.mybot]  # again\ntime-ms = 9\n");
  expect_error({section.path()}, {"section \"[bot.mybot]\" is given twice"});
  TempFile once("player = mybot\nplayer = random\n[bot.mybot]\ncommand = a\ntime-ms = 5\n");
  EXPECT_EQ(parse({once.path()}).bots.at(0).command, "a");
}

TEST(ConfigErrorTest, BadPlayers) {
  expect_error({"--player", "nosuch", "--player", "random"}, {"nosuch", "heuristic"});
  expect_error({"--player", "random(x=1)", "--player", "random"}, {"random", "x"});
  expect_error({"--player", "heuristic(", "--player", "random"}, {"heuristic("});
  expect_error({"--player", "random,lowest", "--player", "random"}, {"random,lowest"});
  expect_error({"--player", "", "--player", "random"}, {"player"});
}

TEST(ConfigErrorTest, WrongNumberOfPlayers) {
  expect_error({"--format", "head-to-head", "--player", "random", "--player", "lowest", "--player",
                "heuristic"},
               {"head-to-head", "2", "3"});
  expect_error({"--player", "random"}, {"2", "1"});
  expect_error({"--format", "gauntlet", "--player", "random"}, {"gauntlet", "2"});
  TempFile no_players("deals = 5\n");
  expect_error({no_players.path()}, {"player"});
}

// ---------------------------------------------------------------------------------------------
// to_ini

// Reads `text` back as a config file.
ExperimentConfig read_back(const std::string& text) {
  TempFile file(text);
  return parse({file.path()});
}

TEST(ConfigIniTest, ToIniReadsBackToTheSameExperiment) {
  const std::vector<Args> cases = {
      {},  // the built-in default
      {"--name",
       "exp2",
       "--deals",
       "250",
       "--seed",
       "18446744073709551615",
       "--threads",
       "3",
       "--player",
       "heuristic",
       "--player",
       "lowest",
       "--format",
       "head-to-head",
       "--no-duplicate",
       "--target",
       "100",
       "--double",
       "9",
       "--hand-size",
       "27",
       "--scoring",
       "all-pips",
       "--leader",
       "heaviest-double",
       "--games-out",
       "/tmp/g.jsonl",
       "--chunk",
       "33"},
      {"--format", "gauntlet", "--player", "random()", "--player", " lowest", "--player",
       "heuristic", "--scoring", "pip-difference", "--leader", "alternate", "--double", "7"},
  };
  for (const Args& args : cases) {
    const ExperimentConfig original = parse(args);
    const std::string ini = to_ini(original);
    SCOPED_TRACE(ini);
    const ExperimentConfig back = read_back(ini);
    EXPECT_EQ(to_ini(back), ini);
    EXPECT_EQ(result_keys(back), result_keys(original));
    // Field by field, independently of to_ini.
    EXPECT_EQ(back.name, original.name);
    EXPECT_EQ(back.deals, original.deals);
    EXPECT_EQ(back.seed, original.seed);
    EXPECT_EQ(back.threads, original.threads);
    EXPECT_EQ(back.players, original.players);
    EXPECT_EQ(back.format, original.format);
    EXPECT_EQ(back.duplicate, original.duplicate);
    EXPECT_EQ(back.rules, original.rules);
    EXPECT_EQ(back.games_out, original.games_out);
    EXPECT_EQ(back.chunk, original.chunk);
  }
}

// Text that means something to the INI reader ('#' starts a comment) must still read back as
// written, or be refused when the config is made.
TEST(ConfigIniTest, IniSpecialCharactersSurviveOrAreRefused) {
  for (const char* name : {"run#2"}) {
    SCOPED_TRACE(std::string("name \"") + name + "\"");
    ExperimentConfig original;
    try {
      original = parse(with_players({"--name", name}));
    } catch (const ConfigError&) {
      continue;  // refused up front: fine
    }
    EXPECT_EQ(read_back(to_ini(original)).name, original.name);
  }
}

// The result keys decide what a journal may be resumed with (journal.h compares them): everything
// that changes the tables' contents changes them; the thread count, the name and progress lines
// do not.
TEST(ConfigIniTest, ResultKeysCoverWhatDecidesTheTables) {
  const ExperimentConfig base = parse(with_players({}));
  const auto keys = result_keys(base);
  auto changed = [&](auto edit) {
    ExperimentConfig c = base;
    edit(c);
    return result_keys(c) != keys;
  };
  EXPECT_FALSE(changed([](ExperimentConfig& c) { c.threads = 7; }));
  EXPECT_FALSE(changed([](ExperimentConfig& c) { c.quiet = true; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.deals += 1; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.seed += 1; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.chunk += 1; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.duplicate = false; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.format = Format::kGauntlet; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.players[0] = "lowest"; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.rules.match_target = 50; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.rules.hand_size = 6; }));
  EXPECT_TRUE(changed([](ExperimentConfig& c) { c.rules.max_pip = 7; }));
  EXPECT_TRUE(
      changed([](ExperimentConfig& c) { c.rules.scoring = dominoes::ScoringRule::kAllPips; }));
  EXPECT_TRUE(
      changed([](ExperimentConfig& c) { c.rules.leader = dominoes::LeaderRule::kAlternate; }));
}

// ---------------------------------------------------------------------------------------------
// Grid sweeps (issue 10): `sweep = P.PARAM=V1,...`, the cartesian product, first varying slowest.

TEST(ConfigGridTest, TwoByThreeGridGivesSixLineupsFirstSweepSlowest) {
  const ExperimentConfig c = parse({"--player", "playout(rollout=lowest)", "--player", "minimax",
                                    "--format", "head-to-head", "--sweep",
                                    "1.rollout=random,lowest", "--sweep", "2.scenarios=7, 8,9"});
  // Written out by hand: rollout is the outer loop, scenarios the inner; every spec canonical
  // (all parameters, in the registry's order, as `dominoes strategies` lists them).
  auto playout = [](const char* rollout) {
    return "playout(playouts=1000,rollout=" + std::string(rollout) + ",crn=true)";
  };
  auto minimax = [](const char* scenarios) {
    return "minimax(scenarios=" + std::string(scenarios) + ",depth=10,exact=true,crn=true)";
  };
  const std::vector<std::vector<std::string>> want = {
      {playout("random"), minimax("7")}, {playout("random"), minimax("8")},
      {playout("random"), minimax("9")}, {playout("lowest"), minimax("7")},
      {playout("lowest"), minimax("8")}, {playout("lowest"), minimax("9")}};
  EXPECT_EQ(c.lineups, want);
  ASSERT_EQ(c.grid.size(), 2u);
  EXPECT_EQ(c.grid[1].values, (std::vector<std::string>{"7", "8", "9"}));
}

TEST(ConfigGridTest, TwoParametersOfOnePlayerAndConfigFileKeys) {
  TempFile file(
      "player = minimax\nplayer = random\nsweep = 1.depth=0,3\nsweep = 1.scenarios=5,6\n");
  const ExperimentConfig c = parse({file.path()});
  ASSERT_EQ(c.lineups.size(), 4u);
  EXPECT_EQ(c.lineups[1][0], "minimax(scenarios=6,depth=0,exact=true,crn=true)");
  EXPECT_EQ(c.lineups[2][0], "minimax(scenarios=5,depth=3,exact=true,crn=true)");
  for (const auto& lineup : c.lineups) EXPECT_EQ(lineup[1], "random");
  // The command line's sweeps replace the file's, as its players do.
  EXPECT_EQ(parse({file.path(), "--sweep", "1.depth=2"}).lineups.size(), 1u);
}

TEST(ConfigGridTest, GridRoundTripsThroughToIniAndIsAResultKey) {
  const ExperimentConfig c =
      parse({"--sweep", "1.depth=0,3", "--sweep", "2.playouts=4,9", "--player", "minimax",
             "--player", "playout", "--player", "random"});
  const std::string ini = to_ini(c);
  EXPECT_NE(ini.find("sweep = 1.depth=0,3\nsweep = 2.playouts=4,9\n"), std::string::npos) << ini;
  const ExperimentConfig back = read_back(ini);
  EXPECT_EQ(to_ini(back), ini);
  EXPECT_EQ(back.lineups, c.lineups);
  ExperimentConfig other = c;
  other.grid[0].values.push_back("5");
  EXPECT_NE(result_keys(other), result_keys(c));
}

TEST(ConfigGridTest, OneParameterKeysStillWork) {
  const ExperimentConfig c = parse({"--player", "random", "--player", "playout", "--sweep-player",
                                    "2", "--sweep-param", "playouts", "--sweep-values", "3,4"});
  ASSERT_EQ(c.lineups.size(), 2u);
  EXPECT_EQ(c.lineups[1][1], "playout(playouts=4,rollout=random,crn=true)");
}

TEST(ConfigGridTest, BadGridsAreOneLineErrors) {
  const Args two = {"--player", "random", "--player", "playout"};
  auto with = [&](Args extra) {
    extra.insert(extra.end(), two.begin(), two.end());
    return extra;
  };
  expect_error(with({"--sweep", "2.bogus=1,2"}), {"sweep", "bogus"});
  expect_error(with({"--sweep", "2.playouts=1,x"}), {"sweep", "playouts", "x"});
  expect_error(with({"--sweep", "3.playouts=1,2"}), {"sweep", "player 3", "1..2"});
  expect_error(with({"--sweep", "0.playouts=1,2"}), {"sweep", "player"});
  expect_error(with({"--sweep", "2.playouts="}), {"sweep", "no values"});
  expect_error(with({"--sweep", "2.playouts=1,,2"}), {"sweep", "empty value"});
  expect_error(with({"--sweep", "2.playouts=1,1"}), {"sweep", "repeated"});
  expect_error(with({"--sweep", "playouts=1,2"}), {"sweep", "P.PARAM"});
  expect_error(with({"--sweep", "2.playouts=1", "--sweep", "2.playouts=5"}),
               {"2.playouts", "twice"});
  expect_error(
      with({"--sweep", "2.playouts=1", "--sweep-param", "playouts", "--sweep-values", "3"}),
      {"sweep", "sweep-param"});
}

}  // namespace
}  // namespace tournament
