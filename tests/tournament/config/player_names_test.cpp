// Players' display names (config/player_names.h): `NAME: SPEC` from the command line, a config
// file and a config set in code; names refused with one line; config.cfg keeping them; the result
// keys (and so the journal's check and the fingerprint) ignoring them; the progress labels.
// Expected values are written out by hand.
#include "arena/tournament/config/player_names.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

#include "arena/tournament/config/build_fingerprint.h"
#include "arena/tournament/config/config_error.h"
#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/run_arguments.h"
#include "strategies/registry.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

ExperimentConfig named_parse(const Args& args) {
  return parse_run_arguments(args).config;
}

// Expects the arguments to be refused with one line holding every needle.
void expect_name_refused(const Args& args, std::initializer_list<std::string> needles) {
  std::string shown;
  for (const auto& a : args) shown += " " + a;
  SCOPED_TRACE("args:" + shown);
  try {
    parse_run_arguments(args);
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    for (const auto& needle : needles)
      EXPECT_NE(message.find(needle), std::string::npos) << message << " lacks " << needle;
  }
}

Args two_named(const std::string& first, const std::string& second) {
  return {"--player", first, "--player", second, "--out", "/tmp/unused-player-names-test"};
}

TEST(PlayerNameSplitTest, ANameIsTheTextBeforeTheFirstColonAheadOfAnyParenthesis) {
  const NamedSpec a = split_player("M200: minimax(scenarios=200,depth=0)");
  EXPECT_EQ(a.name, "M200");
  EXPECT_EQ(a.spec, "minimax(scenarios=200,depth=0)");
  const NamedSpec b = split_player("  inf.v2+x_1-a :inference(model=fitted:a/b.model)  ");
  EXPECT_EQ(b.name, "inf.v2+x_1-a");
  EXPECT_EQ(b.spec, "inference(model=fitted:a/b.model)");
  // A ':' inside the parameters is the spec's own.
  const NamedSpec c = split_player("inference(model=fitted:a/b.model)");
  EXPECT_EQ(c.name, "");
  EXPECT_EQ(c.spec, "inference(model=fitted:a/b.model)");
  const NamedSpec d = split_player("heuristic");
  EXPECT_EQ(d.name, "");
  EXPECT_EQ(d.spec, "heuristic");
  EXPECT_EQ(split_player("abcdefghijklmnopqrstuvwx: random").name, "abcdefghijklmnopqrstuvwx");
}

TEST(PlayerNameSplitTest, BadNamesAreOneLineNamingThePlayerAndWhatIsValid) {
  for (const char* text : {": random", "a b: random", "abcdefghijklmnopqrstuvwxy: random",
                           "a/b: random", "é: random", "x=1: random", "M200:", "M200:   "}) {
    SCOPED_TRACE(text);
    try {
      split_player(text);
      ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("player \"", 0), 0u) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      const bool says_valid =
          message.find("letters, digits, '-', '_', '.' or '+'") != std::string::npos ||
          message.find("NAME: SPEC") != std::string::npos;
      EXPECT_TRUE(says_valid) << message;
    }
  }
}

TEST(PlayerNamesConfigTest, NamesComeFromTheCommandLineAndSpecsBecomeCanonical) {
  const ExperimentConfig c = named_parse(two_named("M0: minimax(depth=0)", "random"));
  EXPECT_EQ(c.players, (std::vector<std::string>{
                           "minimax(scenarios=200,depth=0,exact=true,crn=true)", "random"}));
  EXPECT_EQ(c.player_names, (std::vector<std::string>{"M0", ""}));
  ASSERT_EQ(c.labels.size(), 1u);
  EXPECT_EQ(c.labels[0], (std::vector<std::string>{"M0", "random"}));
  EXPECT_EQ(shown_players(c), (std::vector<std::string>{"M0", "random"}));
}

TEST(PlayerNamesConfigTest, ValidatingTwiceKeepsTheNames) {
  ExperimentConfig c = named_parse(two_named("A: heuristic", "B: random"));
  validate(c, strategies::Registry::builtin());
  EXPECT_EQ(c.player_names, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(c.players, (std::vector<std::string>{"heuristic", "random"}));
}

TEST(PlayerNamesConfigTest, AConfigSetInCodeTakesNamesToo) {
  ExperimentConfig c;
  c.players = {"H: heuristic", "lowest"};
  c.out_dir = "/tmp/unused-player-names-test";
  validate(c, strategies::Registry::builtin());
  EXPECT_EQ(c.player_names, (std::vector<std::string>{"H", ""}));
  EXPECT_EQ(c.players, (std::vector<std::string>{"heuristic", "lowest"}));
}

TEST(PlayerNamesConfigTest, RefusedNames) {
  expect_name_refused(two_named("heuristic: random", "lowest"),
                      {"player \"heuristic: random\"", "\"heuristic\"", "strategy"});
  expect_name_refused(two_named("A: random", "A: heuristic"),
                      {"\"A\"", "player 2's", "its own name"});
  // A name that is another player's shown spec.
  expect_name_refused(two_named("lowest", "lowest: heuristic"), {"\"lowest\""});
  expect_name_refused(two_named("a,b: random", "lowest"), {"\"a,b\"", "letters, digits"});
  expect_name_refused(two_named("Q: nosuch", "lowest"), {"unknown strategy", "nosuch"});
}

TEST(PlayerNamesConfigTest, ANameMayBeItsOwnStrategysName) {
  const ExperimentConfig c = named_parse(two_named("minimax: minimax(depth=2)", "random"));
  EXPECT_EQ(c.player_names[0], "minimax");
}

TEST(PlayerNamesConfigTest, ConfigCfgKeepsTheNamesAndReadsBackToThem) {
  const ExperimentConfig c = named_parse(two_named("M0: minimax(depth=0)", "random"));
  const std::string ini = to_ini(c);
  EXPECT_NE(ini.find("\nplayer = M0: minimax(scenarios=200,depth=0,exact=true,crn=true)\n"),
            std::string::npos)
      << ini;
  EXPECT_NE(ini.find("\nplayer = random\n"), std::string::npos) << ini;
  const fs::path file =
      fs::temp_directory_path() / ("player_names_test_" + std::to_string(::getpid()) + ".cfg");
  std::ofstream(file) << ini;
  const ExperimentConfig back = named_parse({file.string()});
  fs::remove(file);
  EXPECT_EQ(back.player_names, c.player_names);
  EXPECT_EQ(back.players, c.players);
  EXPECT_EQ(to_ini(back), ini);
}

TEST(PlayerNamesConfigTest, NamesNeverChangeTheResultKeysOrTheFingerprint) {
  const ExperimentConfig named = named_parse(two_named("M0: minimax(depth=0)", "R: random"));
  const ExperimentConfig renamed = named_parse(two_named("Other: minimax(depth=0)", "random"));
  const ExperimentConfig unnamed = named_parse(two_named("minimax(depth=0)", "random"));
  EXPECT_EQ(result_keys(named), result_keys(unnamed));
  EXPECT_EQ(result_keys(renamed), result_keys(unnamed));
  for (const auto& [key, value] : result_keys(named)) {
    if (key == "player") {
      EXPECT_EQ(value.find(':'), std::string::npos) << value;
    }
  }
  EXPECT_EQ(run_fingerprint(named), run_fingerprint(unnamed));
}

TEST(PlayerNamesConfigTest, ASweptPlayerKeepsItsNameInEveryLineup) {
  const ExperimentConfig c = named_parse({"--player", "M: minimax(depth=0)", "--player", "random",
                                          "--format", "head-to-head", "--sweep", "1.scenarios=5,7",
                                          "--out", "/tmp/unused-player-names-test"});
  ASSERT_EQ(c.labels.size(), 2u);
  for (const auto& labels : c.labels) EXPECT_EQ(labels, (std::vector<std::string>{"M", "random"}));
  EXPECT_EQ(c.lineups[1][0], "minimax(scenarios=7,depth=0,exact=true,crn=true)");
}

TEST(PlayerNamesConfigTest, UnnamedPlayersAreLabelledShortlyForTheProgressLine) {
  const ExperimentConfig c =
      named_parse(two_named("minimax(scenarios=200,depth=0,exact=true)", "playout(playouts=50)"));
  ASSERT_EQ(c.labels.size(), 1u);
  EXPECT_EQ(c.labels[0], (std::vector<std::string>{"minimax(depth=0)", "playout(playouts=50)"}));
  EXPECT_EQ(c.player_names, (std::vector<std::string>{"", ""}));
}

}  // namespace
}  // namespace tournament
