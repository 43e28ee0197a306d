// `dominoes play`'s settings (apps/dominoes/play_settings.h): the defaults its help promises at
// two and four seats, the refusals of a misplaced --partner, an omniscient --with and numbers out
// of range, and the records file: appended to, never emptied, and refused when it is not a
// regular file.
#include "apps/dominoes/play_settings.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "apps/dominoes/command_options.h"
#include "apps/dominoes/play_command.h"
#include "tests/test_files.h"

namespace {

using dominoes_cli::PlaySettings;
using dominoes_cli::UsageError;

// Returns the settings of `dominoes play ARGS`.
PlaySettings settings_of(const std::vector<std::string>& args) {
  return dominoes_cli::read_play_settings(
      dominoes_cli::read_options(args, dominoes_cli::play_options(), "play"));
}

// Returns the one-line message of the UsageError that `dominoes play ARGS` raises, or "" when it
// raises none.
std::string refusal(const std::vector<std::string>& args) {
  try {
    settings_of(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(PlaySettings, TwoSeatDefaultsAreTheHelpTexts) {
  // play --help: --against and --with default to minimax, --games to 1, --samples to 1000; two
  // seats play single games (target 0).
  const PlaySettings s = settings_of({"--seed", "7"});
  EXPECT_EQ(s.rules.seats, 2);
  EXPECT_EQ(s.rules.match_target, 0);
  EXPECT_EQ(s.opponent_name, "minimax");
  EXPECT_EQ(s.advisor_name, "minimax");
  EXPECT_FALSE(s.partner.has_value());
  EXPECT_EQ(s.partner_name, "");
  EXPECT_EQ(s.games, 1);
  EXPECT_EQ(s.seed, 7u);
  EXPECT_FALSE(s.hint);
  EXPECT_EQ(s.limits.samples, 1000);
  EXPECT_EQ(s.games_out, "");
}

TEST(PlaySettings, FourSeatDefaultsAreTheHelpTexts) {
  // play --help: more than two seats default to heuristic everywhere, 100 samples, matches to 100.
  const PlaySettings s = settings_of({"--seats", "4", "--hint", "--games", "0"});
  EXPECT_EQ(s.rules.seats, 4);
  EXPECT_TRUE(s.rules.partners);
  EXPECT_EQ(s.rules.match_target, 100);
  EXPECT_EQ(s.opponent_name, "heuristic");
  EXPECT_EQ(s.advisor_name, "heuristic");
  ASSERT_TRUE(s.partner.has_value());
  EXPECT_EQ(s.partner_name, "heuristic");
  EXPECT_EQ(s.games, 0);  // until the person stops
  EXPECT_TRUE(s.hint);
  EXPECT_EQ(s.limits.samples, 100);
}

TEST(PlaySettings, TheStrategiesAreReadAsTypedWithoutTheSpacesAround) {
  const PlaySettings s =
      settings_of({"--seats", "4", "--against", " random ", "--partner", "lowest"});
  EXPECT_EQ(s.opponent_name, "random");
  EXPECT_EQ(s.partner_name, "lowest");
}

TEST(PlaySettings, APartnerNeedsAFourSeatPartnership) {
  EXPECT_NE(refusal({"--partner", "heuristic"}).find("you play --against alone"),
            std::string::npos);
  EXPECT_NE(refusal({"--seats", "3", "--partner", "heuristic"}).find("--against fills every"),
            std::string::npos);
  EXPECT_NE(refusal({"--seats", "4", "--no-partners", "--partner", "heuristic"})
                .find("--partner needs a four-seat partnership (--seats 4)"),
            std::string::npos);
}

TEST(PlaySettings, BadValuesAreRefusedInOneLineNamingTheOption) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--games", "100001"},
                                               {"--games", "-1"},
                                               {"--samples", "0"},
                                               {"--samples", "1000001"},
                                               {"--seed", "x"},
                                               {"--with", "omniscient"},
                                               {"--against", "nosuch"},
                                               {"--seats", "4", "--against", "softmax"},
                                               {"--games-out", "  "}}) {
    const std::string why = refusal(args);
    EXPECT_NE(why.find(args[args.size() - 2]), std::string::npos) << args[0] << ": " << why;
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  }
  EXPECT_EQ(refusal({"--games", "100000", "--samples", "1000000"}), "");
}

TEST(PlayRecords, AnExistingFileIsAppendedToNotEmptied) {
  test_files::TempDir dir;
  const std::string path = dir.sub("games.jsonl");
  test_files::write_text(path, "an earlier line\n");
  {
    auto out = dominoes_cli::open_play_records(path);
    *out << "a new line\n";
  }
  EXPECT_EQ(test_files::read_text(path), "an earlier line\na new line\n");
  auto fresh = dominoes_cli::open_play_records(dir.sub("new.jsonl"));
  EXPECT_TRUE(fresh && *fresh);
}

TEST(PlayRecords, OnlyARegularFileOrANewPathTakesRecords) {
  test_files::TempDir dir;
  const std::string fifo = dir.sub("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {fifo, dir.sub("")}) {
    try {
      dominoes_cli::open_play_records(path);
      ADD_FAILURE() << path << " was taken";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("give a regular file or a new path"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_THROW(dominoes_cli::open_play_records(dir.sub("no/such/folder/games.jsonl")), UsageError);
}

}  // namespace
