// engine/common/posix_calls.h: the Linux calls and their POSIX fallbacks (the path macOS and the
// BSDs take) run side by side here, on Linux, and must do the same: each check is a fact the
// system reports about the result (fcntl's flags, a child that cannot write to a descriptor, a
// grandchild that waitpid can reap), not the functions' own word.
#include "engine/common/posix_calls.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

extern char** environ;

namespace {

using MakePipe = int (*)(int[2], bool);
using CloseFrom = int (*)(posix_spawn_file_actions_t*, int);

bool has_fd_flag(int fd, int flag) {
  return (::fcntl(fd, F_GETFD) & flag) != 0;
}
bool has_status_flag(int fd, int flag) {
  return (::fcntl(fd, F_GETFL) & flag) != 0;
}

void expect_pipe(MakePipe make, bool nonblocking) {
  int fds[2] = {-1, -1};
  ASSERT_EQ(make(fds, nonblocking), 0);
  for (int fd : fds) {
    EXPECT_TRUE(has_fd_flag(fd, FD_CLOEXEC)) << "fd " << fd;
    EXPECT_EQ(has_status_flag(fd, O_NONBLOCK), nonblocking) << "fd " << fd;
  }
  ASSERT_EQ(::write(fds[1], "ok", 2), 2);
  char got[2] = {};
  ASSERT_EQ(::read(fds[0], got, 2), 2);
  EXPECT_EQ(std::string(got, 2), "ok");
  ::close(fds[0]), ::close(fds[1]);
}

TEST(PosixCalls, PipesAreCloseOnExecAndNonBlockingWhenAsked) {
  for (MakePipe make : {MakePipe{common::make_pipe}, MakePipe{common::posix_fallback::make_pipe}})
    for (bool nonblocking : {false, true}) expect_pipe(make, nonblocking);
}

// Spawns a shell that tries to write to `fd`, with `close_from(actions, 3)` (none when null) and
// its stdout sent to a pipe; returns what it wrote there: "open\n" or "closed\n".
std::string child_finds(int fd, CloseFrom close_from) {
  int out[2];
  EXPECT_EQ(common::make_pipe(out, false), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  if (close_from) {
    EXPECT_EQ(close_from(&actions, 3), 0);
  }
  const std::string script = "(echo x >&" + std::to_string(fd) + ") && echo open || echo closed";
  std::string sh = "sh", dash_c = "-c", cmd = script;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  pid_t pid = -1;
  EXPECT_EQ(::posix_spawn(&pid, "/bin/sh", &actions, nullptr, argv, environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  std::string text;
  char buf[256];
  for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;) text.append(buf, n);
  ::close(out[0]);
  ::waitpid(pid, nullptr, 0);
  return text;
}

TEST(PosixCalls, SpawnedChildGetsNoDescriptorFromThreeUp) {
  // A descriptor opened without O_CLOEXEC: a plain spawn passes it on (the control, so the test
  // can fail), and each form of close_from_in_child keeps it from the child.
  const int inherited = ::open("/dev/null", O_WRONLY);
  ASSERT_GE(inherited, 3);
  EXPECT_EQ(child_finds(inherited, nullptr), "open\n");
  for (CloseFrom close_from : {CloseFrom{common::close_from_in_child},
                               CloseFrom{common::posix_fallback::close_from_in_child}}) {
    ASSERT_FALSE(has_fd_flag(inherited, FD_CLOEXEC));
    EXPECT_EQ(child_finds(inherited, close_from), "closed\n");  // and stdout still reached us
    ::fcntl(inherited, F_SETFD, 0);  // the fallback marked it: unmark it for the next form
  }
  ::close(inherited);
}

TEST(PosixCalls, OrphansAreAdoptedOnLinuxAndNotByTheFallback) {
  EXPECT_FALSE(common::posix_fallback::adopt_orphans());
#ifdef __linux__
  ASSERT_TRUE(common::adopt_orphans());
  // sh starts a sleep in the background and exits: its orphan is ours to reap.
  FILE* sh = ::popen("sh -c 'sleep 30 >/dev/null 2>&1 & echo $!'", "r");
  ASSERT_NE(sh, nullptr);
  int orphan = 0;
  ASSERT_EQ(std::fscanf(sh, "%d", &orphan), 1);
  ::pclose(sh);
  ::kill(orphan, SIGKILL);
  EXPECT_EQ(::waitpid(orphan, nullptr, 0), orphan);  // ECHILD (-1) had init adopted it
#endif
}

TEST(PosixCalls, ExecutablePathNamesThisTestProgram) {
  EXPECT_EQ(common::posix_fallback::executable_path(), "");
#ifdef __linux__
  const std::filesystem::path exe = common::executable_path();
  EXPECT_TRUE(exe.is_absolute()) << exe;
  EXPECT_EQ(exe.filename(), "unit_tests");
  EXPECT_TRUE(std::filesystem::is_regular_file(exe)) << exe;
#endif
}

}  // namespace
