// One run at a time per output directory: an advisory lock (flock) on OUT/run.lock, held for the
// run's lifetime and released by the kernel when the process exits, however it exits. Two runs on
// one directory would append to one journal and one games file and corrupt both.
#pragma once

#include <string>

namespace tournament {

/// Holds the lock of one output directory.
class OutputLock {
 public:
  /// Returns the lock of `dir` (which must exist), holding it. The lock file records this
  /// process's id. Throws ConfigError (experiment_config.h) naming the holder's process id when
  /// another run holds it, std::runtime_error with the system's reason when the lock file cannot
  /// be created.
  static OutputLock acquire(const std::string& dir);

  OutputLock(OutputLock&& other) noexcept;
  OutputLock& operator=(OutputLock&&) = delete;
  OutputLock(const OutputLock&) = delete;
  /// Deletes the lock file and releases the lock.
  ~OutputLock();

 private:
  OutputLock(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_ = -1;
};

}  // namespace tournament
