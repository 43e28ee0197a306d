// The process and descriptor calls whose best form is Linux's own. Each function below uses the
// Linux (glibc) call where the system has it and a plain POSIX fallback elsewhere (macOS, the
// BSDs). The fallbacks are compiled on every system, under the same names in namespace
// common::posix_fallback, so that the unit tests run them on Linux too
// (tests/common/posix_calls_test.cpp) and they are never dead, untested code.
#pragma once

#include <spawn.h>

#include <string>

namespace common {

/// Makes a pipe: fds[0] its read end, fds[1] its write end, both close-on-exec, and both
/// non-blocking when `nonblocking`. Returns 0, or -1 with errno set (then no descriptor is left
/// open). Linux: pipe2, which sets the flags atomically (a thread that spawns a process at that
/// moment cannot pass the pipe on); elsewhere pipe, then fcntl on each end.
int make_pipe(int fds[2], bool nonblocking);

/// Adds to `actions` the closing, in the child that posix_spawn starts, of every descriptor from
/// `first` up, except those the actions themselves put in place (adddup2 targets below `first`).
/// Returns 0, or an errno value. glibc 2.34 and later: posix_spawn_file_actions_addclosefrom_np.
/// Elsewhere: marks every descriptor from `first` up that is open now close-on-exec (POSIX
/// spawns close those); a descriptor another thread opens without O_CLOEXEC between this call and
/// the spawn can still reach the child.
int close_from_in_child(posix_spawn_file_actions_t* actions, int first);

/// Makes this process the reaper of its descendants' orphans: a process that a child leaves
/// behind becomes this process's child when its parent ends, instead of init's. Returns true when
/// the system did so (Linux: prctl(PR_SET_CHILD_SUBREAPER)), false where it has no such call (the
/// orphans then go to init, and only their process group can still reach them).
bool adopt_orphans();

/// Returns the absolute path of the running program's file, or "" when the system does not say.
/// Linux: the link /proc/self/exe (which reads "PATH (deleted)" once a rebuild replaced the file:
/// the caller decides what that means); macOS: _NSGetExecutablePath; elsewhere "".
std::string executable_path();

namespace posix_fallback {

/// make_pipe by pipe and fcntl (POSIX.1-2008).
int make_pipe(int fds[2], bool nonblocking);

/// close_from_in_child by marking the open descriptors close-on-exec; `actions` is unused.
int close_from_in_child(posix_spawn_file_actions_t* actions, int first);

/// adopt_orphans where there is no such call: returns false.
bool adopt_orphans();

/// executable_path where the system does not say: returns "".
std::string executable_path();

}  // namespace posix_fallback

}  // namespace common
