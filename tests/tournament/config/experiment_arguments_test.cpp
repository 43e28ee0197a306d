// Another command reading an experiment as `run` does (parse_experiment_arguments): every
// experiment key and the config file, its own flags instead of run's, and its own name and
// options in its messages.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arena/tournament/config/run_arguments.h"
#include "tests/test_files.h"

namespace tournament {
namespace {

const ExperimentCommand& sample() {
  static const ExperimentCommand command{
      "sample", "Usage: dominoes sample ...\n\n", {{"extra", "an extra flag"}}, "samples"};
  return command;
}

std::string refusal(const std::vector<std::string>& args) {
  try {
    parse_experiment_arguments(args, sample());
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return e.what();
  }
  return "accepted";
}

TEST(ExperimentArguments, KeysFileAndOwnFlags) {
  test_files::TempDir tmp;
  const std::string file = tmp.sub("x.cfg");
  test_files::write_text(file, "deals = 7\nplayer = random\nplayer = lowest\n");
  const RunRequest r = parse_experiment_arguments({file, "--seed", "9", "--extra"}, sample());
  EXPECT_EQ(r.config.deals, 7);
  EXPECT_EQ(r.config.seed, 9u);
  EXPECT_EQ(r.config.players, (std::vector<std::string>{"random", "lowest"}));
  EXPECT_EQ(r.flags, (std::set<std::string>{"extra"}));
  EXPECT_EQ(r.config_path, file);
  EXPECT_TRUE(parse_experiment_arguments({"--deals", "3"}, sample()).flags.empty());
}

TEST(ExperimentArguments, OutDefaultsUnderTheCommandsRoot) {
  EXPECT_EQ(parse_experiment_arguments({"--name", "abc"}, sample()).config.out_dir, "samples/abc");
  EXPECT_EQ(parse_experiment_arguments({"--out", "o"}, sample()).config.out_dir, "o");
}

TEST(ExperimentArguments, HelpHoldsTheUsageAndEveryOption) {
  const RunRequest r = parse_experiment_arguments({"--help"}, sample());
  ASSERT_TRUE(r.help);
  EXPECT_EQ(r.help_text.rfind("Usage: dominoes sample", 0), 0u);
  for (const char* option : {"--extra", "--print-config", "--deals", "--player", "--seats"})
    EXPECT_NE(r.help_text.find(option), std::string::npos) << option;
  for (const char* run_only : {"--shard", "--mpi", "--plot", "--restart"})
    EXPECT_EQ(r.help_text.find(run_only), std::string::npos) << run_only;
}

TEST(ExperimentArguments, RunsOwnOptionsAreUnknownHere) {
  for (const std::string option : {"--shard", "--mpi", "--plot", "--restart"}) {
    const std::string why = refusal({option});
    EXPECT_NE(why.find("unknown option \"" + option + "\""), std::string::npos) << why;
    EXPECT_NE(why.find("valid options: --help, --print-config, --extra, name, deals"),
              std::string::npos)
        << why;
  }
  EXPECT_NE(refusal({"--deals"}).find("see dominoes sample --help"), std::string::npos);
  EXPECT_NE(refusal({"--deals", "0"}).find("deals"), std::string::npos);
}

}  // namespace
}  // namespace tournament
