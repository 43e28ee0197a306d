// The experiment key table (experiment_keys.h) against its front doors: every key is accepted by
// the command line and by a config file with the same result and the same default, is in
// `dominoes run --help`, and reads back from config.cfg. The sample values are written out here,
// not taken from the table, so a key added to the table without a sample (or dropped from it)
// fails KeySamplesCoverTheTable.
#include "arena/tournament/config/experiment_keys.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/run_arguments.h"
#include "engine/dominoes/rules_keys.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

using Args = std::vector<std::string>;
using Values = std::vector<std::string>;

// Keys set together (a sweep needs its three keys, an SPRT a head-to-head) and the values each
// must read back as; every group also seats `players` in a head-to-head (unless it sets format).
struct Group {
  std::vector<std::pair<std::string, Values>> keys;
  Values players = {"random", "lowest"};
};

const std::vector<Group>& samples() {
  static const std::vector<Group> groups = {
      {{{"name", {"keys-test"}},
        {"deals", {"250"}},
        {"seed", {"18446744073709551615"}},
        {"threads", {"3"}}}},
      {{{"format", {"gauntlet"}}, {"duplicate", {"false"}}, {"quiet", {"true"}}}},
      {{{"target", {"100"}},
        {"double", {"9"}},
        {"hand-size", {"20"}},
        {"scoring", {"all-pips"}},
        {"leader", {"alternate"}}}},
      // seats comes after the keys it sets defaults for, on the command line and in the file:
      // only the readers' own order (seats first) keeps partners and next-leader as given.
      {{{"block", {"lowest-seat"}},
        {"next-leader", {"winner"}},
        {"partners", {"false"}},
        {"seats", {"4"}}}},
      {{{"control-variate", {"off"}},
        {"chunk", {"33"}},
        {"out", {"/tmp/keys-test-out"}},
        {"games-out", {"/tmp/keys-test-games.jsonl"}}}},
      {{{"player", {"lowest", "random"}}}, {}},
      {{{"sweep-player", {"2"}}, {"sweep-param", {"playouts"}}, {"sweep-values", {"3,4"}}},
       {"random", "playout(playouts=5,rollout=random,crn=true)"}},
      {{{"sprt", {"p0=0,p1=0.5,alpha=0.1,beta=0.05"}}, {"precision", {"0.25"}}}},
      {{{"sweep", {"1.playouts=3,4", "2.playouts=5,6"}}},
       {"playout(playouts=5,rollout=random,crn=true)",
        "playout(playouts=7,rollout=random,crn=true)"}},
      {{{"bot", {"mine=python3 mine.py", "theirs=./theirs"}}}},
  };
  return groups;
}

bool sets_format(const Group& g) {
  for (const auto& entry : g.keys)
    if (entry.first == "format") return true;
  return false;
}

Args base_args(const Group& g) {
  Args args;
  if (!sets_format(g)) args = {"--format", "head-to-head"};
  for (const auto& p : g.players) args.insert(args.end(), {"--player", p});
  return args;
}

// The group as command-line options: a boolean as its flag, a repeated key once per value.
Args command_line(const Group& g) {
  Args args = base_args(g);
  for (const auto& [key, values] : g.keys) {
    const ExperimentKey* k = find_experiment_key(key);
    for (const auto& value : values) {
      if (k && k->key.kind == common::KeyKind::kBoolean) {
        args.push_back((value == "true" ? "--" : "--no-") + key);
      } else {
        args.insert(args.end(), {"--" + key, value});
      }
    }
  }
  return args;
}

// The group as a config file's lines.
std::string config_file(const Group& g) {
  std::string text = sets_format(g) ? "" : "format = head-to-head\n";
  for (const auto& p : g.players) text += "player = " + p + "\n";
  for (const auto& [key, values] : g.keys)
    for (const auto& value : values) text += key + " = " + value + "\n";
  return text;
}

ExperimentConfig from_file(const std::string& text) {
  test_files::TempDir dir;
  const std::string path = dir.sub("keys.cfg");
  test_files::write_text(path, text);
  return parse_run_arguments({path}).config;
}

TEST(ExperimentKeysTest, KeySamplesCoverTheTable) {
  std::set<std::string> sampled, declared;
  for (const auto& g : samples())
    for (const auto& [key, values] : g.keys) sampled.insert(key);
  for (const auto& k : experiment_keys()) declared.insert(k.key.name);
  EXPECT_EQ(sampled, declared);
  // The rules keys are experiment keys too, spelled the same.
  for (const auto& rule : dominoes::rules_keys())
    EXPECT_TRUE(declared.count(rule.name)) << rule.name;
}

TEST(ExperimentKeysTest, CommandLineAndConfigFileReadEveryKeyAlike) {
  for (const auto& g : samples()) {
    const ExperimentConfig cli = parse_run_arguments(command_line(g)).config;
    const ExperimentConfig file = from_file(config_file(g));
    for (const auto& [key, values] : g.keys) {
      SCOPED_TRACE(key);
      const ExperimentKey* k = find_experiment_key(key);
      ASSERT_NE(k, nullptr);
      EXPECT_EQ(k->key.values(cli), values);
      EXPECT_EQ(k->key.values(file), values);
    }
    EXPECT_EQ(to_ini(cli), to_ini(file));
  }
}

TEST(ExperimentKeysTest, DefaultsAreTheSameThroughEveryDoor) {
  // Hand-written defaults (README and docs/formats.md have said these all along).
  const std::map<std::string, Values> expected = {{"name", {"default"}},
                                                  {"deals", {"100000"}},
                                                  {"seed", {"1"}},
                                                  {"threads", {"0"}},
                                                  {"format", {"round-robin"}},
                                                  {"duplicate", {"true"}},
                                                  {"target", {"0"}},
                                                  {"double", {"6"}},
                                                  {"hand-size", {"7"}},
                                                  {"scoring", {"opponent-pips"}},
                                                  {"leader", {"random"}},
                                                  {"control-variate", {"auto"}},
                                                  {"chunk", {"1000"}},
                                                  {"out", {}},
                                                  {"games-out", {}},
                                                  {"player", {}},
                                                  {"sweep-player", {"1"}},
                                                  {"sweep-param", {}},
                                                  {"sweep-values", {}},
                                                  {"sprt", {}},
                                                  {"precision", {"0"}},
                                                  {"sweep", {}},
                                                  {"quiet", {"false"}},
                                                  {"bot", {}},
                                                  {"seats", {"2"}},
                                                  {"partners", {"false"}},
                                                  {"block", {"team"}},
                                                  {"next-leader", {"same"}}};
  const ExperimentConfig fresh;
  const ExperimentConfig file = from_file("player = random\nplayer = lowest\n");
  const ExperimentConfig cli =
      parse_run_arguments({"--player", "random", "--player", "lowest"}).config;
  for (const auto& k : experiment_keys()) {
    SCOPED_TRACE(k.key.name);
    ASSERT_TRUE(expected.count(k.key.name));
    EXPECT_EQ(k.key.values(fresh), expected.at(k.key.name));
    if (k.key.name == "player" || k.key.name == "out") continue;  // given, and filled by validate
    EXPECT_EQ(k.key.values(file), expected.at(k.key.name));
    EXPECT_EQ(k.key.values(cli), expected.at(k.key.name));
  }
}

TEST(ExperimentKeysTest, EveryKeyIsInTheHelpAndEveryBooleanIsAFlagPair) {
  const std::string help = parse_run_arguments({"--help"}).help_text;
  const auto options = run_option_names();
  const std::set<std::string> offered(options.begin(), options.end());
  for (const auto& k : experiment_keys()) {
    SCOPED_TRACE(k.key.name);
    EXPECT_NE(help.find("--" + k.key.name + " "), std::string::npos);
    EXPECT_TRUE(offered.count("--" + k.key.name));
    EXPECT_EQ(offered.count("--no-" + k.key.name),
              k.key.kind == common::KeyKind::kBoolean ? 1u : 0u);
  }
}

TEST(ExperimentKeysTest, AFlagDoesNotSwallowTheNextWord) {
  test_files::TempDir dir;
  // Before booleans were flags, `--quiet --out DIR` read DIR as the config file.
  const ExperimentConfig c = parse_run_arguments({"--quiet", "--out", dir.sub("o"), "--player",
                                                  "random", "--player", "lowest"})
                                 .config;
  EXPECT_TRUE(c.quiet);
  EXPECT_EQ(c.out_dir, dir.sub("o"));
  // A config file after a flag is still the config file.
  const std::string path = dir.sub("a.cfg");
  test_files::write_text(path, "player = random\nplayer = lowest\ndeals = 7\n");
  const ExperimentConfig d = parse_run_arguments({"--no-duplicate", path}).config;
  EXPECT_FALSE(d.duplicate);
  EXPECT_EQ(d.deals, 7);
  // The command line's flag wins over the file's key, in both directions.
  test_files::write_text(path,
                         "player = random\nplayer = lowest\nduplicate = false\nquiet = true\n");
  const ExperimentConfig e = parse_run_arguments({path, "--duplicate", "--no-quiet"}).config;
  EXPECT_TRUE(e.duplicate);
  EXPECT_FALSE(e.quiet);
}

TEST(ExperimentKeysTest, FlagsWithValuesAreOneClearLine) {
  for (const Args& args : {Args{"--quiet", "true"}, Args{"--quiet=false"},
                           Args{"--no-duplicate", "maybe"}, Args{"--quiet", "--no-quiet"}}) {
    try {
      parse_run_arguments(args);
      ADD_FAILURE() << args[0] << " accepted";
    } catch (const ConfigError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.find('\n'), std::string::npos);
      EXPECT_NE(message.find("--no-"), std::string::npos) << message;
    }
  }
}

TEST(ExperimentKeysTest, BadValuesNameTheKeyAndTheValidValues) {
  for (const auto& [key, bad] :
       std::vector<std::pair<std::string, std::string>>{{"deals", "0"},
                                                        {"seed", "-1"},
                                                        {"threads", "2000"},
                                                        {"format", "swiss"},
                                                        {"target", "200000"},
                                                        {"scoring", "most"},
                                                        {"leader", "eldest"},
                                                        {"control-variate", "maybe"},
                                                        {"chunk", "0"},
                                                        {"precision", "-1"},
                                                        {"sweep-player", "0"}}) {
    SCOPED_TRACE(key);
    const ExperimentKey* k = find_experiment_key(key);
    ExperimentConfig c;
    try {
      k->key.set(c, bad);
      ADD_FAILURE() << key << " accepted " << bad;
    } catch (const std::exception& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind(key + " \"" + bad + "\" is not valid: valid ", 0), 0u) << message;
      EXPECT_NE(message.find(k->key.valid), std::string::npos) << message;
    }
  }
}

TEST(RulesKeysTest, RulesFromReadsEveryKeyAndNamesTheValidOnes) {
  const dominoes::Rules r = dominoes::rules_from({{"target", "50"},
                                                  {"double", "4"},
                                                  {"hand-size", "6"},
                                                  {"scoring", "pip-difference"},
                                                  {"leader", "heaviest-double"}});
  EXPECT_EQ(r.match_target, 50);
  EXPECT_EQ(r.max_pip, 4);
  EXPECT_EQ(r.hand_size, 6);
  EXPECT_EQ(r.scoring, dominoes::ScoringRule::kPipDifference);
  EXPECT_EQ(r.leader, dominoes::LeaderRule::kHeaviestDouble);
  try {
    dominoes::rules_from({{"hand_size", "3"}});
    ADD_FAILURE() << "hand_size accepted";
  } catch (const common::KeyError& e) {
    EXPECT_NE(std::string(e.what()).find("target, double, hand-size, scoring, leader"),
              std::string::npos)
        << e.what();
  }
  // The pair is judged as a whole: 8 tiles each do not fit a double-3 set (10 tiles).
  EXPECT_THROW(dominoes::rules_from({{"double", "3"}, {"hand-size", "8"}}), common::KeyError);
}

}  // namespace
}  // namespace tournament

namespace tournament {
namespace {

// --seats on the command line sets the other seat-count keys' defaults, but not over a value the
// config file gave: each key is read from the command line if it gives it, else from the file.
TEST(ExperimentKeysTest, SeatsOnTheCommandLineKeepsTheFilesRulesKeys) {
  test_files::TempDir dir;
  const std::string path = dir.sub("seats.cfg");
  test_files::write_text(path, "player = random\nplayer = lowest\nleader = random\ntarget = 0\n");
  const ExperimentConfig c = parse_run_arguments({path, "--seats", "4"}).config;
  EXPECT_EQ(c.rules.seats, 4);
  EXPECT_EQ(c.rules.leader, dominoes::LeaderRule::kRandom);
  EXPECT_EQ(c.rules.match_target, 0);
  EXPECT_TRUE(c.rules.partners);  // not given anywhere: the four-seat default
  EXPECT_EQ(c.rules.next_leader, dominoes::NextLeaderRule::kAlternate);
  const ExperimentConfig plain =
      parse_run_arguments({"--player", "random", "--player", "lowest", "--seats", "3"}).config;
  EXPECT_EQ(plain.rules.leader, dominoes::LeaderRule::kHeaviestDouble);
  EXPECT_EQ(plain.rules.match_target, 100);
  EXPECT_FALSE(plain.rules.partners);
}

}  // namespace
}  // namespace tournament
