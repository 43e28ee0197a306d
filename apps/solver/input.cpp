#include "apps/solver/input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/common/text.h"

namespace solver_app {
namespace {

// Every game's input is far smaller than the cap; the input need not be UTF-8 (bad bytes are the
// parsers' to name).
constexpr common::ReadLimits kInputLimits{kMaxInputBytes, kMaxInputBytes, false};

// Runs `read`, turning the reader's errors into the solver's: a system error (errno) is an
// IoError (exit 1), a refused input an InputError (exit 2).
template <typename Read>
auto translated(Read read) {
  try {
    return read();
  } catch (const common::ReadError& e) {
    if (e.error_number() != 0) throw IoError(e.what());
    throw InputError(e.what());
  }
}

}  // namespace

InputFile::InputFile(const std::string& path) {
  const std::string name = path == "-" ? "standard input" : common::quoted(path);
  int fd = STDIN_FILENO;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw IoError("cannot open " + name + ": " + std::strerror(errno));
  }
  reader_ = std::make_unique<common::LimitedReader>(fd, name, kInputLimits, path != "-");
  // Opening a directory for reading succeeds on Linux; only the first read fails (EISDIR).
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode))
    throw InputError(name + " is a directory: give a file");
}

bool InputFile::next_line(std::string& line) {
  return translated([&] { return reader_->next_line(line); });
}

std::string InputFile::read_all() {
  return translated([&] { return reader_->read_all(); });
}

}  // namespace solver_app
