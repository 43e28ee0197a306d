// A journal that cannot be written (a full disk; here the file-size limit, which fails a write
// the same way) leaves nothing of its own behind: no journal.txt.partial, no journal.txt, and an
// error with the system's reason.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "arena/tournament/run/journal.h"

namespace tournament {
namespace {

// While alive, the process may write files of at most `bytes` bytes; a longer write fails with
// EFBIG instead of raising SIGXFSZ.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    ::getrlimit(RLIMIT_FSIZE, &old_);
    rlimit limit = old_;
    limit.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &limit);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &old_);
    std::signal(SIGXFSZ, old_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit old_{};
  void (*old_handler_)(int) = SIG_DFL;
};

TEST(JournalWriteTest, AFailedWriteLeavesNoPartialFile) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("dominoes_journal_write_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "journal.txt").string();
  // A header of about 20 kB: past the 4 kB limit, and past stdio's buffer, so fwrite fails.
  JournalKeys keys;
  for (int i = 0; i < 200; ++i) keys.emplace_back("player", std::string(100, 'x'));
  std::string error;
  {
    const FileSizeLimit limit(4096);
    try {
      Journal::open(path, keys, false);
    } catch (const std::runtime_error& e) {
      error = e.what();
    }
  }
  EXPECT_NE(error.find("File too large"), std::string::npos) << error;
  EXPECT_FALSE(std::filesystem::exists(path + ".partial")) << "the half-written copy was left";
  EXPECT_FALSE(std::filesystem::exists(path));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tournament
