#include "arena/tournament/run/file_syncer.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tournament {

FileSyncer::FileSyncer(int fd) : fd_(fd), thread_([this] { loop(); }) {}

FileSyncer::~FileSyncer() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void FileSyncer::request() {
  {
    std::lock_guard lock(mutex_);
    pending_ = true;
  }
  wake_.notify_one();
}

void FileSyncer::drain() {
  std::unique_lock lock(mutex_);
  ++draining_;
  wake_.notify_all();
  done_.wait(lock, [&] { return !pending_ && !busy_; });
  --draining_;
}

std::string FileSyncer::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

void FileSyncer::loop() {
  std::unique_lock lock(mutex_);
  auto last = std::chrono::steady_clock::now() - kMinInterval;
  while (true) {
    wake_.wait(lock, [&] { return pending_ || stop_; });
    if (!pending_) return;  // stopping, and nothing left to sync
    // Fast chunks come faster than the disk syncs; gather them, unless the run is ending.
    wake_.wait_until(lock, last + kMinInterval, [&] { return stop_ || draining_ > 0; });
    last = std::chrono::steady_clock::now();
    pending_ = false;
    busy_ = true;
    lock.unlock();
    const bool ok = ::fdatasync(fd_) == 0;
    const int reason = errno;
    lock.lock();
    if (!ok && error_.empty()) error_ = std::strerror(reason);
    busy_ = false;
    done_.notify_all();
  }
}

}  // namespace tournament
