// Reading a file the user named, within limits. Every reader of a file (config files, journals,
// strategy files, opponent models, game records, bot logs) goes through here, so each refuses the
// same inputs the same way, in one line:
//   - anything but a regular file (a directory, a FIFO, a device such as /dev/zero, a socket),
//     before a byte is read: an endless input can neither hang a command nor fill its memory;
//   - a line longer than the reader's cap, and a file larger than its total cap;
//   - bytes that are not UTF-8 text, where the reader asks for text (every format we read is
//     ASCII or UTF-8; a stray byte would otherwise fail much later, e.g. writing summary.json).
// A symbolic link is followed: what counts is the file it names.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "engine/common/text.h"

namespace common {

/// Raised when a file cannot be read or is refused. what() is one line naming the file and the
/// reason. error_number() is the system's errno when the file could not be opened or read (for
/// example ENOENT for a missing file), 0 when its kind or content was refused (bad input).
class ReadError : public std::runtime_error {
 public:
  explicit ReadError(const std::string& what, int error_number = 0)
      : std::runtime_error(what), error_number_(error_number) {}
  /// Returns errno of the failed open or read, or 0 for a refused kind of file or content.
  int error_number() const { return error_number_; }

 private:
  int error_number_;
};

/// What one reader accepts.
struct ReadLimits {
  std::size_t max_line_bytes = std::size_t{1} << 20;        ///< bytes per line, without the '\n'
  std::uint64_t max_total_bytes = std::uint64_t{64} << 20;  ///< bytes in the whole file
  bool utf8 = true;  ///< refuse a line that is not UTF-8 text
};

/// Returns `bytes` as a short size for messages: "1 MiB", "64 KiB", "100 bytes".
inline std::string size_text(std::uint64_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

/// Returns what kind of file `mode` (st_mode) is, for messages: "a directory", "a FIFO", ...
inline const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISREG(mode)) return "a regular file";
  return "not a regular file";
}

/// Throws ReadError unless `path` names a regular file (a symbolic link is followed):
/// error_number() is errno when it cannot be examined (ENOENT: it does not exist), 0 when it is
/// another kind of file. For readers that must seek and so cannot use LimitedFile.
inline void require_regular_file(const std::string& path, const std::string& what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    const int error = errno;
    throw ReadError(
        "cannot read " + what + " " + common::quoted(path) + ": " + std::strerror(error), error);
  }
  if (!S_ISREG(info.st_mode))
    throw ReadError(what + " " + common::quoted(path) + " is " + file_kind(info.st_mode) +
                    ", not a regular file");
}

/// Returns the error for an input `name` larger than `limits` allow.
inline ReadError larger_than(const std::string& name, const ReadLimits& limits) {
  return ReadError(name + " is larger than " + size_text(limits.max_total_bytes) +
                   ": not a file of this kind");
}

/// An open input (a file descriptor) read once from start to end, by lines or whole, within
/// ReadLimits. LimitedFile below opens a file the user named with it; a reader of standard input
/// or of a pipe (the solver's puzzles) uses it directly.
class LimitedReader {
 public:
  /// Reads `fd`, named `name` in messages (`what "path"`, or "standard input"); closes it when
  /// done if `owns_fd`.
  LimitedReader(int fd, std::string name, ReadLimits limits, bool owns_fd)
      : name_(std::move(name)), limits_(limits), fd_(fd), owns_fd_(owns_fd) {}
  ~LimitedReader() {
    if (owns_fd_) ::close(fd_);
  }
  LimitedReader(const LimitedReader&) = delete;
  LimitedReader& operator=(const LimitedReader&) = delete;

  /// Reads the next line into `line` (without its '\n'); returns false at the end of the file.
  /// Throws ReadError for a line longer than the limit, a file larger than the limit, bytes that
  /// are not UTF-8 (when limited to text) and a failed read.
  bool next_line(std::string& line) {
    for (;;) {
      const std::size_t end = buffer_.find('\n', pos_ + scanned_);
      if (end != std::string::npos) return take(line, end, end + 1);
      scanned_ = buffer_.size() - pos_;
      if (scanned_ > limits_.max_line_bytes) throw too_long(line_number_ + 1);
      if (!fill()) break;
    }
    if (pos_ == buffer_.size()) return false;
    return take(line, buffer_.size(), buffer_.size());  // a last line without '\n'
  }

  /// Returns the rest of the file, every line of it checked as next_line() does.
  std::string read_all() {
    std::string text, line;
    while (next_line(line)) {
      text += line;
      if (buffer_[pos_ - 1] == '\n') text += '\n';  // take() left pos_ past the line
    }
    return text;
  }

  /// Returns the number of lines returned so far (the last one's number, 1-based).
  int line_number() const { return line_number_; }
  /// Returns the file's name for messages: `what "path"`.
  const std::string& name() const { return name_; }

 protected:
  ReadError too_large() const { return larger_than(name_, limits_); }

 private:
  // Returns [pos_, end) as `line` and moves past it to `next`.
  bool take(std::string& line, std::size_t end, std::size_t next) {
    ++line_number_;
    if (end - pos_ > limits_.max_line_bytes) throw too_long(line_number_);
    line.assign(buffer_, pos_, end - pos_);
    pos_ = next;
    scanned_ = 0;
    if (limits_.utf8)
      if (const std::size_t bad = invalid_utf8_at(line); bad != std::string::npos)
        throw ReadError(name_ + " line " + std::to_string(line_number_) + " is not UTF-8 text " +
                        "(byte " + hex_byte(line[bad]) + " at column " + std::to_string(bad + 1) +
                        ")");
    return true;
  }

  // Appends the next block to buffer_ (dropping what was returned); false at the end of the file.
  bool fill() {
    if (pos_ > 0) {
      buffer_.erase(0, pos_);
      pos_ = 0;
    }
    char block[1 << 16];
    for (;;) {
      const ssize_t got = ::read(fd_, block, sizeof block);
      if (got > 0) {
        total_ += static_cast<std::uint64_t>(got);
        if (total_ > limits_.max_total_bytes) throw too_large();  // a file that grew meanwhile
        buffer_.append(block, static_cast<std::size_t>(got));
        return true;
      }
      if (got == 0) return false;
      if (errno != EINTR) {
        const int error = errno;
        throw ReadError("cannot read " + name_ + ": " + std::strerror(error), error);
      }
    }
  }

  static std::string hex_byte(char c) {
    static constexpr char kHex[] = "0123456789abcdef";
    const auto b = static_cast<unsigned char>(c);
    return std::string("0x") + kHex[b >> 4] + kHex[b & 15];
  }
  ReadError too_long(int line) const {
    return ReadError(name_ + " line " + std::to_string(line) + " is longer than " +
                     size_text(limits_.max_line_bytes) + ": not a file of this kind");
  }

  std::string name_;
  ReadLimits limits_;
  int fd_ = -1;
  bool owns_fd_ = false;
  std::string buffer_;
  std::size_t pos_ = 0;      // first byte not yet returned
  std::size_t scanned_ = 0;  // bytes from pos_ on already searched for '\n'
  std::uint64_t total_ = 0;
  int line_number_ = 0;
};

/// A file the user named, read once from start to end within ReadLimits: only a regular file.
class LimitedFile : public LimitedReader {
 public:
  /// Opens `path` for reading; `what` names the kind of file in messages ("config file"). Throws
  /// ReadError naming the reason when it cannot be opened (error_number() is errno) or is not a
  /// regular file (0), or is larger than the limit. A FIFO is opened without waiting for a writer.
  LimitedFile(const std::string& path, const std::string& what, ReadLimits limits)
      : LimitedReader(open_regular(path, what + " " + common::quoted(path), limits),
                      what + " " + common::quoted(path), limits, true) {}

 private:
  // Returns a descriptor of the regular file at `path`, or throws as the constructor says.
  static int open_regular(const std::string& path, const std::string& name, ReadLimits limits) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
      const int error = errno;
      throw ReadError("cannot read " + name + ": " + std::strerror(error), error);
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
      const char* kind = file_kind(info.st_mode);
      ::close(fd);
      throw ReadError(name + " is " + kind + ", not a regular file");
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (static_cast<std::uint64_t>(info.st_size) > limits.max_total_bytes) {
      ::close(fd);
      throw larger_than(name, limits);
    }
    return fd;
  }
};

/// Returns the whole file at `path` (see LimitedFile for `what`, the limits and the errors).
inline std::string read_limited_file(const std::string& path, const std::string& what,
                                     ReadLimits limits) {
  LimitedFile file(path, what, limits);
  return file.read_all();
}

/// Reads one line of at most `max_bytes` bytes from `in` into `line` (without its '\n'), reading
/// no further than that, so an endless line costs no memory; returns false at the end of the
/// input. Throws ReadError naming `name` (e.g. "standard input") for a longer line.
inline bool read_limited_line(std::istream& in, std::string& line, std::size_t max_bytes,
                              const std::string& name) {
  line.clear();
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') return true;
    if (line.size() == max_bytes)
      throw ReadError(name + ": a line longer than " + size_text(max_bytes));
    line.push_back(static_cast<char>(c));
  }
  return !line.empty();
}

}  // namespace common
