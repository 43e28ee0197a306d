// Reading a game's input file, or stdin for "-", with the failures a user can act on told apart:
// a directory or an oversized input is bad input (InputError, exit 2); a file that cannot be
// opened or read says the system's reason (IoError, exit 1). Lines and whole inputs are capped,
// so `/dev/zero` or a stray binary file gives an error instead of filling memory.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace solver_app {

/// Raised for input that cannot be a game's input (a directory, too large); exit code 2.
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Raised when a file cannot be opened or read; what() names it and gives the system's reason
/// (strerror). Exit code 1.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The most bytes one input may hold, and so one line of it: every game's input is far smaller.
inline constexpr std::size_t kMaxInputBytes = std::size_t{16} << 20;

/// An input file read once from start to end, by lines or whole.
class InputFile {
 public:
  /// Opens `path`, or stdin when it is "-". Throws InputError when it is a directory, IoError
  /// when it cannot be opened.
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  /// Reads the next line into `line` (without its '\n'); returns false at the end of the input.
  /// Throws InputError for a line longer than kMaxInputBytes, IoError on a read error.
  bool next_line(std::string& line);
  /// Returns the rest of the input. Throws InputError beyond kMaxInputBytes, IoError on a read
  /// error.
  std::string read_all();
  /// Returns the input's name for messages: the path quoted and cut, or "standard input".
  const std::string& name() const { return name_; }

 private:
  bool fill();  // appends the next block to buffer_; false at the end of the input
  std::string too_large() const;

  std::string name_;
  int fd_ = -1;
  bool owned_ = false;
  std::string buffer_;
  std::size_t pos_ = 0;      // first byte not yet returned
  std::size_t scanned_ = 0;  // bytes from pos_ on already searched for '\n'
};

}  // namespace solver_app
