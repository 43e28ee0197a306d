// Every reader of a file a user names, against the inputs that once hung a command or filled its
// memory (issue 20): an endless input (/dev/zero), a FIFO, a directory, a line of megabytes, bytes
// that are not UTF-8. Each must refuse in one short line naming the file, within seconds. A new
// reader is one more row of kReaders; engine/common/limited_file.h is what the readers share.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <functional>
#include <string>

#include "arena/bots/bot_strategy.h"
#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/run_arguments.h"
#include "arena/tournament/play/games_reader.h"
#include "arena/tournament/run/journal.h"
#include "engine/common/limited_file.h"
#include "engine/common/text.h"
#include "strategies/belief/opponent_model.h"
#include "strategies/equilibrium/equilibrium_strategy.h"
#include "strategies/spec.h"
#include "tests/test_files.h"

namespace {

using test_files::TempDir;

// A reader: reads the file at `path` as its command would and returns the error it reports (the
// exception's text, or what the command printed on stderr); empty when it read the file.
struct Reader {
  const char* name;
  std::function<std::string(const std::string& path, const TempDir& dir)> read;
};

template <typename Error, typename Read>
std::string error_of(Read read) {
  try {
    read();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

const Reader kReaders[] = {
    {"config file",
     [](const std::string& path, const TempDir&) {
       return error_of<tournament::ConfigError>([&] { tournament::parse_run_arguments({path}); });
     }},
    {"bot declarations",
     [](const std::string& path, const TempDir&) {
       return error_of<tournament::ConfigError>(
           [&] { tournament::parse_bot_declarations({path}); });
     }},
    {"journal resumed",
     [](const std::string& path, const TempDir&) {
       return error_of<tournament::ConfigError>([&] {
         tournament::Journal::open(path, {{"deals", "1"}}, false);
       });
     }},
    {"journal merged",
     [](const std::string& path, const TempDir&) {
       return error_of<tournament::ConfigError>([&] { tournament::read_journal(path); });
     }},
    {"strategy file",
     [](const std::string& path, const TempDir&) {
       return error_of<strategies::SpecError>([&] { strategies::load_saved_strategy(path); });
     }},
    {"opponent model",
     [](const std::string& path, const TempDir&) {
       return error_of<std::invalid_argument>([&] { strategies::load_softmax_model(path); });
     }},
    {"game records",
     [](const std::string& path, const TempDir&) {
       return error_of<std::exception>(
           [&] { tournament::read_game_records(path, [](const tournament::GameRecord&) {}); });
     }},
};

// An input and what the error must mention (empty: anything, so long as there is an error).
struct Input {
  const char* name;
  std::function<std::string(const TempDir& dir)> make;  // returns the path
  const char* must_mention;
};

const Input kInputs[] = {
    {"endless device",
     [](const TempDir& dir) {
       const std::string link = dir.sub("endless");  // a link, so nothing is ever written to /dev
       EXPECT_EQ(::symlink("/dev/zero", link.c_str()), 0);
       return link;
     },
     "character device"},
    {"fifo",
     [](const TempDir& dir) {
       const std::string fifo = dir.sub("fifo");
       EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
       return fifo;
     },
     "FIFO"},
    {"directory",
     [](const TempDir& dir) {
       const std::string sub = dir.sub("directory");
       std::filesystem::create_directory(sub);
       return sub;
     },
     "directory"},
    {"eight megabyte line",
     [](const TempDir& dir) {
       const std::string path = dir.sub("long-line");
       test_files::write_text(path, std::string(std::size_t{8} << 20, 'x') + "\n");
       return path;
     },
     " than "},  // "longer than" a line's cap or "larger than" the file's
    {"bytes that are not UTF-8",
     [](const TempDir& dir) {
       const std::string path = dir.sub("latin1");
       test_files::write_text(path, "name = caf\xe9\xff\xfe\n");
       return path;
     },
     ""},
};

void PrintTo(const Reader& r, std::ostream* os) {
  *os << r.name;
}
void PrintTo(const Input& i, std::ostream* os) {
  *os << i.name;
}

class FileReaders : public testing::TestWithParam<std::tuple<Reader, Input>> {
 protected:
  // A reader that waits on the FIFO or reads /dev/zero for ever fails the test instead of hanging.
  void SetUp() override { ::alarm(60); }
  void TearDown() override { ::alarm(0); }
};

TEST_P(FileReaders, RefuseInOneLineNamingTheFile) {
  const auto& [reader, input] = GetParam();
  TempDir dir;
  const std::string path = input.make(dir);
  const std::string error = reader.read(path, dir);
  ASSERT_FALSE(error.empty()) << reader.name << " accepted the " << input.name;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_LE(error.size(), 300u) << error;
  EXPECT_NE(error.find(common::quoted(path)), std::string::npos)
      << "the error does not name the file as common::quoted does: " << error;
  EXPECT_NE(error.find(input.must_mention), std::string::npos)
      << "the error does not say \"" << input.must_mention << "\": " << error;
  EXPECT_EQ(common::invalid_utf8_at(error), std::string::npos)
      << "the error echoes bytes that are not UTF-8: " << common::quoted(error, 300);
  EXPECT_FALSE(std::filesystem::exists(path + ".partial")) << "the reader wrote beside its input";
}

std::string name_of(const testing::TestParamInfo<std::tuple<Reader, Input>>& info) {
  std::string name = std::string(std::get<0>(info.param).name) + "_" + std::get<1>(info.param).name;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryReader, FileReaders,
                         testing::Combine(testing::ValuesIn(kReaders), testing::ValuesIn(kInputs)),
                         name_of);

}  // namespace
