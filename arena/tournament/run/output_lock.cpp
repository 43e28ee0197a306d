#include "arena/tournament/run/output_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "arena/tournament/config/experiment_config.h"
#include "engine/common/text.h"

namespace tournament {
namespace {

// Returns the process id written in the lock file `fd`, or "" when there is none yet: the
// holder takes the lock first and writes its id just after (truncating the file first), so a
// run refused in between read an empty file and said "process unknown". An id whose process is
// gone was left by a run that was killed: the holder has not written its own yet.
std::string written_holder(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  const std::string text(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
  const std::string first = common::trimmed(text.substr(0, text.find('\n')));
  const auto pid = common::parse_int<pid_t>(first);
  if (!pid || *pid <= 0 || (::kill(*pid, 0) != 0 && errno != EPERM)) return "";
  return first;
}

// Returns the holder's process id, waiting up to half a second for it to be written.
std::string holder_of(int fd) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    if (std::string pid = written_holder(fd); !pid.empty()) return pid;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return "unknown";
}

// True when `fd` is still the file at `path`: a run that finished may have deleted the lock file
// between our open and our flock, and a lock on a deleted file excludes nobody.
bool still_linked(int fd, const std::string& path) {
  struct stat held {
  }, named{};
  return ::fstat(fd, &held) == 0 && ::stat(path.c_str(), &named) == 0 &&
         held.st_ino == named.st_ino && held.st_dev == named.st_dev;
}

}  // namespace

OutputLock OutputLock::acquire(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / kLockFile).string();
  while (true) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
      throw std::runtime_error("cannot create lock file " + common::quoted(path) + ": " +
                               std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const std::string pid = holder_of(fd);
      ::close(fd);
      throw ConfigError("output directory " + common::quoted(dir) +
                        " is in use by another run (process " + pid +
                        "); wait for it to finish or choose another --out");
    }
    if (!still_linked(fd, path)) {
      ::close(fd);
      continue;
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) < 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      throw std::runtime_error("cannot write lock file " + common::quoted(path) + ": " + why);
    }
    return OutputLock(path, fd);
  }
}

OutputLock::OutputLock(OutputLock&& o) noexcept : path_(std::move(o.path_)), fd_(o.fd_) {
  o.fd_ = -1;
}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // while still holding the lock, so no one else owns this file yet
  ::close(fd_);
}

}  // namespace tournament
