#include "engine/common/whole_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "engine/common/limited_file.h"
#include "engine/common/text.h"

namespace common {
namespace {

std::runtime_error cannot_write(const std::filesystem::path& path, const std::string& why) {
  return std::runtime_error("cannot write " + common::quoted(path.string()) + ": " + why);
}

// Throws when `partial` exists and is not a regular file (a leftover of a killed write is one).
void check_partial(const std::filesystem::path& partial) {
  struct stat info {};
  if (::lstat(partial.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
    throw cannot_write(partial, std::string("it is ") + common::file_kind(info.st_mode) +
                                    " (remove it: the writer creates this file anew)");
}

// Creates `partial` for writing, refusing to follow or reuse anything but a leftover regular file.
int create_partial(const std::filesystem::path& partial) {
  const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
  int fd = ::open(partial.c_str(), flags, 0644);
  if (fd < 0 && errno == EEXIST) {
    check_partial(partial);
    ::unlink(partial.c_str());  // a regular file: what an earlier, killed write left
    fd = ::open(partial.c_str(), flags, 0644);
  }
  if (fd < 0) throw cannot_write(partial, std::strerror(errno));
  return fd;
}

// Writes all of `text` to `fd`; returns false with errno set when it cannot.
bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

void check_replaceable(const std::filesystem::path& path) {
  check_partial(path.string() + ".partial");
  struct stat info {};
  if (::lstat(path.c_str(), &info) == 0) {
    if (!S_ISREG(info.st_mode))
      throw cannot_write(path, std::string("it is ") + common::file_kind(info.st_mode) +
                                   " (give a regular file or a new path: the output replaces it)");
    return;
  }
  const std::filesystem::path folder =
      path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec))
    throw cannot_write(path, "its folder " + common::quoted(folder.string()) + " does not exist");
}

void write_whole_file(const std::filesystem::path& path, const std::string& text) {
  check_replaceable(path);
  const std::filesystem::path partial = path.string() + ".partial";
  const int fd = create_partial(partial);
  const bool written = write_all(fd, text);
  const int write_errno = errno;
  if (::close(fd) != 0 || !written) {
    ::unlink(partial.c_str());
    throw cannot_write(partial, std::strerror(written ? errno : write_errno));
  }
  if (::rename(partial.c_str(), path.c_str()) != 0) {
    const int rename_errno = errno;
    ::unlink(partial.c_str());
    throw std::runtime_error("cannot rename " + common::quoted(partial.string()) + " to " +
                             common::quoted(path.string()) + ": " + std::strerror(rename_errno));
  }
}

}  // namespace common
