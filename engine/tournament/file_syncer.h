// Syncing a file to the disk on a background thread. fdatasync costs milliseconds (about 5 ms
// measured on this project's machines), as long as a whole chunk of fast strategies takes, so the
// runner asks for a sync after each chunk and goes on playing while this thread waits for the disk.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace tournament {

/// Syncs one open file descriptor to the disk whenever asked, on its own thread.
class FileSyncer {
 public:
  /// Starts the thread for `fd`, which must stay open until this object is destroyed.
  explicit FileSyncer(int fd);
  /// Waits for the last requested sync, then stops the thread.
  ~FileSyncer();
  FileSyncer(const FileSyncer&) = delete;
  FileSyncer& operator=(const FileSyncer&) = delete;

  /// Asks for a sync of everything written so far; returns at once.
  void request();
  /// Waits until every requested sync is done.
  void drain();
  /// Returns the system's reason for the first failed sync, or an empty string.
  std::string error() const;

 private:
  void loop();
  int fd_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, done_;
  bool pending_ = false, busy_ = false, stop_ = false;
  std::string error_;
  std::thread thread_;
};

}  // namespace tournament
