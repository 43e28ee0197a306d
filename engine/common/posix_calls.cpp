#include "engine/common/posix_calls.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#ifdef __linux__
#include <sys/prctl.h>
#endif
#ifdef __APPLE__
#include <mach-o/dyld.h>
#endif

// glibc 2.34 brought posix_spawn_file_actions_addclosefrom_np.
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define DOMINOES_HAVE_ADDCLOSEFROM 1
#endif

namespace common {
namespace posix_fallback {
namespace {

// Sets `flag` in the descriptor flags (F_SETFD) or the status flags (F_SETFL) of `fd`.
bool add_flag(int fd, int get, int set, int flag) {
  const int flags = ::fcntl(fd, get);
  return flags >= 0 && ::fcntl(fd, set, flags | flag) == 0;
}

// Returns the descriptors from `first` up that are open now: the entries of /dev/fd (macOS, the
// BSDs, Linux) less the one reading it, or, where /dev/fd cannot be listed, every number below
// the descriptor limit (at most 65,536 of them) that fcntl finds open.
std::vector<int> open_descriptors_from(int first) {
  std::vector<int> open;
  if (DIR* dir = ::opendir("/dev/fd")) {
    const int own = ::dirfd(dir);
    while (const dirent* entry = ::readdir(dir)) {
      char* end = nullptr;
      const long fd = std::strtol(entry->d_name, &end, 10);
      if (*end == '\0' && end != entry->d_name && fd >= first && fd != own && fd <= INT_MAX)
        open.push_back(static_cast<int>(fd));
    }
    ::closedir(dir);
    return open;
  }
  long limit = ::sysconf(_SC_OPEN_MAX);
  if (limit < 0 || limit > 65536) limit = 65536;
  for (int fd = first; fd < limit; ++fd)
    if (::fcntl(fd, F_GETFD) >= 0) open.push_back(fd);
  return open;
}

}  // namespace

int make_pipe(int fds[2], bool nonblocking) {
  int made[2];
  if (::pipe(made) != 0) return -1;
  for (int fd : made) {
    if (add_flag(fd, F_GETFD, F_SETFD, FD_CLOEXEC) &&
        (!nonblocking || add_flag(fd, F_GETFL, F_SETFL, O_NONBLOCK)))
      continue;
    const int err = errno;
    ::close(made[0]), ::close(made[1]);
    errno = err;
    return -1;
  }
  fds[0] = made[0], fds[1] = made[1];
  return 0;
}

int close_from_in_child(posix_spawn_file_actions_t*, int first) {
  for (int fd : open_descriptors_from(first))
    if (!add_flag(fd, F_GETFD, F_SETFD, FD_CLOEXEC) && errno != EBADF) return errno;
  return 0;
}

bool adopt_orphans() {
  return false;
}

std::string executable_path() {
  return "";
}

}  // namespace posix_fallback

int make_pipe(int fds[2], bool nonblocking) {
#ifdef __linux__
  return ::pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
#else
  return posix_fallback::make_pipe(fds, nonblocking);
#endif
}

int close_from_in_child(posix_spawn_file_actions_t* actions, int first) {
#ifdef DOMINOES_HAVE_ADDCLOSEFROM
  return ::posix_spawn_file_actions_addclosefrom_np(actions, first);
#else
  return posix_fallback::close_from_in_child(actions, first);
#endif
}

bool adopt_orphans() {
#ifdef __linux__
  return ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
#else
  return posix_fallback::adopt_orphans();
#endif
}

std::string executable_path() {
#if defined(__linux__)
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? "" : exe.string();
#elif defined(__APPLE__)
  std::uint32_t size = 0;
  _NSGetExecutablePath(nullptr, &size);  // asks for the size the path needs
  std::string path(size, '\0');
  if (_NSGetExecutablePath(path.data(), &size) != 0) return "";
  path.resize(path.find('\0'));
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::canonical(path, ec);
  return ec ? path : real.string();
#else
  return posix_fallback::executable_path();
#endif
}

}  // namespace common
