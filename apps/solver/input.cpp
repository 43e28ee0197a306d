#include "apps/solver/input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/common/text.h"

namespace solver_app {

InputFile::InputFile(const std::string& path)
    : name_(path == "-" ? "standard input" : common::quoted(path)) {
  if (path == "-") {
    fd_ = STDIN_FILENO;
  } else {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw IoError("cannot open " + name_ + ": " + std::strerror(errno));
    owned_ = true;
  }
  // Opening a directory for reading succeeds on Linux; only the first read fails (EISDIR).
  struct stat info {};
  if (::fstat(fd_, &info) == 0 && S_ISDIR(info.st_mode))
    throw InputError(name_ + " is a directory: give a file");
}

InputFile::~InputFile() {
  if (owned_) ::close(fd_);
}

bool InputFile::fill() {
  if (pos_ > 0) {  // drop what was returned, so the buffer holds at most one line and a block
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
  char block[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd_, block, sizeof block);
    if (got > 0) {
      buffer_.append(block, static_cast<std::size_t>(got));
      return true;
    }
    if (got == 0) return false;
    if (errno != EINTR) throw IoError("cannot read " + name_ + ": " + std::strerror(errno));
  }
}

std::string InputFile::too_large() const {
  return name_ + " is larger than " + std::to_string(kMaxInputBytes >> 20) +
         " MiB (or has a line that long): not a puzzle";
}

bool InputFile::next_line(std::string& line) {
  for (;;) {
    const std::size_t end = buffer_.find('\n', pos_ + scanned_);
    if (end != std::string::npos) {
      line.assign(buffer_, pos_, end - pos_);
      pos_ = end + 1;
      scanned_ = 0;
      return true;
    }
    scanned_ = buffer_.size() - pos_;
    if (scanned_ > kMaxInputBytes) throw InputError(too_large());
    if (!fill()) break;
  }
  if (pos_ == buffer_.size()) return false;
  line.assign(buffer_, pos_);  // a last line without '\n'
  pos_ = buffer_.size();
  scanned_ = 0;
  return true;
}

std::string InputFile::read_all() {
  while (fill())
    if (buffer_.size() - pos_ > kMaxInputBytes) throw InputError(too_large());
  std::string rest = buffer_.substr(pos_);
  pos_ = buffer_.size();
  scanned_ = 0;
  return rest;
}

}  // namespace solver_app
