// Syncing a file to the disk on a background thread. fdatasync costs milliseconds (about 5 ms
// measured on this project's machines), ten times what a whole chunk of the fast strategies takes,
// so the runner asks for a sync after each chunk and goes on playing while this thread waits for
// the disk. Requests that come faster than kMinInterval are gathered into one sync (a journal
// write during a sync waits for it, which cost the default experiment 13% when every chunk was
// synced): a power cut loses at most the chunks of the last kMinInterval; a kill loses nothing,
// since every line is already with the operating system.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace tournament {

/// Syncs one open file descriptor to the disk whenever asked, on its own thread.
class FileSyncer {
 public:
  /// The shortest time between two syncs while the run goes on.
  static constexpr std::chrono::milliseconds kMinInterval{250};

  /// Starts the thread for `fd`, which must stay open until this object is destroyed.
  explicit FileSyncer(int fd);
  /// Waits for the last requested sync, then stops the thread.
  ~FileSyncer();
  FileSyncer(const FileSyncer&) = delete;
  FileSyncer& operator=(const FileSyncer&) = delete;

  /// Asks for a sync of everything written so far; returns at once.
  void request();
  /// Waits until every requested sync is done (at once, not after kMinInterval).
  void drain();
  /// Returns the system's reason for the first failed sync, or an empty string.
  std::string error() const;

 private:
  void loop();
  int fd_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, done_;
  bool pending_ = false, busy_ = false, stop_ = false;
  int draining_ = 0;
  std::string error_;
  std::thread thread_;
};

}  // namespace tournament
