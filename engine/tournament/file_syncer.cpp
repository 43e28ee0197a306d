#include "engine/tournament/file_syncer.h"

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
  wake_.notify_one();
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
  done_.wait(lock, [&] { return !pending_ && !busy_; });
}

std::string FileSyncer::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

void FileSyncer::loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return pending_ || stop_; });
    if (!pending_) return;  // stopping, and nothing left to sync
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
