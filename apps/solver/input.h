// Reading a game's input file, or stdin for "-", with the failures a user can act on told apart:
// a directory or an oversized input is bad input (InputError, exit 2); a file that cannot be
// opened or read says the system's reason (IoError, exit 1). Lines and whole inputs are capped,
// so `/dev/zero` or a stray binary file gives an error instead of filling memory.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>

#include "engine/common/limited_file.h"

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

/// An input file read once from start to end, by lines or whole, through the reader every file
/// of the project is read with (engine/common/limited_file.h), with pipes and standard input
/// allowed: a puzzle may come from `cat` or a generator.
class InputFile {
 public:
  /// Opens `path`, or stdin when it is "-". Throws InputError when it is a directory, IoError
  /// when it cannot be opened.
  explicit InputFile(const std::string& path);

  /// Reads the next line into `line` (without its '\n'); returns false at the end of the input.
  /// Throws InputError for a line longer than kMaxInputBytes or an input larger than that,
  /// IoError on a read error.
  bool next_line(std::string& line);
  /// Returns the rest of the input. Throws as next_line().
  std::string read_all();
  /// Returns the input's name for messages: the path quoted and cut, or "standard input".
  const std::string& name() const { return reader_->name(); }

 private:
  std::unique_ptr<common::LimitedReader> reader_;
};

}  // namespace solver_app
