#include "arena/bots/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "arena/bots/process_table.h"
#include "engine/common/posix_calls.h"
#include "engine/common/text.h"

extern char** environ;

namespace bots {
namespace {

constexpr std::size_t kMaxLine = 64 * 1024;
constexpr auto kExitCheck = std::chrono::milliseconds(100);
// A poll that returns more than this past its timeout counts the excess as a stall of the runner
// (BotProcess::now()); less is ordinary scheduling delay.
constexpr auto kStallSlack = std::chrono::milliseconds(20);

// The live bots' process groups, for kill_all_bot_processes(): a fixed table of atomics, the only
// state a signal handler may read. A run has at most a few bots per thread.
constexpr int kMaxLive = 1024;
std::atomic<pid_t> g_live[kMaxLive];

void remember(pid_t pid) {
  for (auto& slot : g_live) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void forget(pid_t pid) {
  for (auto& slot : g_live) {
    pid_t mine = pid;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

std::runtime_error system_error(const std::string& what, int err) {
  return std::runtime_error(what + ": " + std::strerror(err));
}

int open_log(const std::string& path) {
  if (path.empty()) return -1;  // the bot's stderr is read and dropped
  const std::filesystem::path p(path);
  std::error_code ec;
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw system_error("cannot open the bot log " + common::quoted(path), errno);
  return fd;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "ended";
}

// Spawns `command` with the given fds as its stdin, stdout and stderr, in its own process group,
// every signal at its default and none blocked.
pid_t spawn(const std::string& command, const std::string& dir, int in, int out, int err) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_adddup2(&actions, err, 2);
  // Nothing else of the runner's (its journal, the tables) is the bot's to write.
  if (const int rc = common::close_from_in_child(&actions, 3); rc != 0) {
    posix_spawn_file_actions_destroy(&actions);
    throw system_error("cannot start " + common::quoted(command), rc);
  }
  if (!dir.empty()) posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setsigmask(&attr, &none);
  std::string sh = "sh", dash_c = "-c", cmd = command;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0)
    throw system_error("cannot start " + common::quoted(command) +
                           (dir.empty() ? "" : " in " + common::quoted(dir)),
                       rc);
  return pid;
}

// Returns the processes of group `group` other than its leader that are still alive (not
// zombies), in words (describe_processes), or "" when there are none.
std::string group_members(pid_t group) {
  std::vector<ProcessEntry> members;
  for (const ProcessEntry& p : live_processes())
    if (p.group == group && p.pid != group) members.push_back(p);
  return describe_processes(members);
}

}  // namespace

namespace {

extern "C" void kill_bots_and_die(int sig) {
  kill_all_bot_processes();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

void end_bots_on_signals() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::signal(sig, kill_bots_and_die);
}

void kill_all_bot_processes() noexcept {
  for (auto& slot : g_live) {
    const pid_t pid = slot.load();
    if (pid > 0) ::kill(-pid, SIGKILL);
  }
}

BotProcess::BotProcess(const std::string& command, const std::string& dir,
                       const std::string& log_path) {
  static std::once_flag ignore_sigpipe;
  std::call_once(ignore_sigpipe, [] { ::signal(SIGPIPE, SIG_IGN); });
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  try {
    for (int* p : {in, out, err})
      if (common::make_pipe(p, false) != 0) throw system_error("cannot make a pipe", errno);
    log_ = open_log(log_path);
    pid_ = spawn(command, dir, in[0], out[1], err[1]);
  } catch (...) {
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1], log_})
      if (fd >= 0) ::close(fd);
    throw;
  }
  remember(pid_);
  ::close(in[0]), ::close(out[1]), ::close(err[1]);
  to_bot_ = in[1];
  from_bot_ = out[0];
  err_from_bot_ = err[0];
  // A larger pipe lets a bot write a burst to stderr between the runner's reads without waiting
  // (Linux only; elsewhere the pipe keeps its system's size, and a burst waits for the reads).
#ifdef F_SETPIPE_SZ
  ::fcntl(err_from_bot_, F_SETPIPE_SZ, 1 << 20);
#endif
  for (int fd : {to_bot_, from_bot_, err_from_bot_})
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

BotProcess::~BotProcess() {
  stop();
  if (log_ >= 0) ::close(log_);
}

void BotProcess::drain_stderr() {
  char buf[1 << 16];
  while (err_from_bot_ >= 0) {
    const ssize_t n = ::read(err_from_bot_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    if (n <= 0) {  // the end, or an error: nothing more to read
      ::close(err_from_bot_);
      err_from_bot_ = -1;
      return;
    }
    log_bytes(buf, static_cast<std::size_t>(n));
  }
}

void BotProcess::log_bytes(const char* data, std::size_t size) {
  append_to_log(log_, std::string_view(data, size));
}

void append_to_log(int fd, std::string_view text) {
  if (fd < 0) return;
  struct stat info {};
  if (::fstat(fd, &info) == 0 &&
      static_cast<std::uint64_t>(info.st_size) + text.size() > kMaxLogBytes) {
    // Cut, not rotated: the log is a help for reading the end of a failure, and a bot that
    // floods stderr (or the runner's notes on a chatty bot) must not fill the disk.
    [[maybe_unused]] const int cut = ::ftruncate(fd, 0);
    const std::string note = "# dominoes: this log passed " + std::to_string(kMaxLogBytes >> 20) +
                             " MiB, so what came before this line was cut\n";
    [[maybe_unused]] const auto w = ::write(fd, note.data(), note.size());
  }
  while (!text.empty()) {
    const ssize_t w = ::write(fd, text.data(), text.size());
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;  // the log is a help, never a reason to stop a game
    text.remove_prefix(static_cast<std::size_t>(w));
  }
}

void BotProcess::send(const std::string& line) {
  if (to_bot_ < 0) return;
  outbox_ += line;
  outbox_ += '\n';
}

void BotProcess::push() {
  while (!outbox_.empty() && to_bot_ >= 0) {
    const ssize_t n = ::write(to_bot_, outbox_.data(), outbox_.size());
    if (n > 0) {
      outbox_.erase(0, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      if (n < 0 && errno != EAGAIN) {  // EPIPE: the bot is gone; the next read says so
        outbox_.clear();
        ::close(to_bot_);
        to_bot_ = -1;
      }
      return;
    }
  }
}

// Milliseconds from now() to `deadline`, rounded up, at least 0: poll()'s timeout.
int BotProcess::millis_until(Clock::time_point deadline) const {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now()).count();
  return left <= 0 ? 0 : left > 1'000'000'000 ? 1'000'000'000 : static_cast<int>(left);
}

// poll() for one slice: until `deadline` (on now()'s clock) or kExitCheck, whichever comes first.
// A poll that comes back well after its timeout did not run for the excess (the runner was
// stopped, or starved of the CPU): that time is added to stalled_, so it counts against no
// deadline. Since every wait is one slice, at most one slice of a pause is charged to the bot.
int BotProcess::wait(::pollfd* fds, int count, Clock::time_point deadline) {
  const int timeout = millis_until(std::min(deadline, now() + kExitCheck));
  const auto started = Clock::now();
  const int ready = ::poll(fds, static_cast<nfds_t>(count), timeout);
  const auto over = Clock::now() - started - std::chrono::milliseconds(timeout);
  if (over > kStallSlack) stalled_ += over;
  return ready;
}

bool BotProcess::flush(Clock::time_point deadline) {
  while (!outbox_.empty() && to_bot_ >= 0) {
    pollfd p[2] = {{to_bot_, POLLOUT, 0}, {err_from_bot_, POLLIN, 0}};
    const int ready = wait(p, 2, deadline);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return false;
    if (ready == 0) {  // a slice without room in the pipe
      if (now() >= deadline) return false;
      continue;
    }
    drain_stderr();
    push();
  }
  return to_bot_ >= 0;
}

bool BotProcess::take_line(std::string& line) {
  // Only a line ended by '\n' is a message (docs/protocol.md, "Lines"): text after the last one
  // stays in the inbox, even once the bot has exited, for unended_line() to report.
  const auto newline = inbox_.find('\n');
  if (newline == std::string::npos) return false;
  line.assign(inbox_, 0, newline);
  inbox_.erase(0, newline + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

std::string BotProcess::unended_line() const {
  return skipping_ ? std::string() : inbox_;
}

// Drops input up to and including the next newline (the rest of an overlong line).
void BotProcess::skip_rest_of_line() {
  const auto newline = inbox_.find('\n');
  if (newline == std::string::npos) {
    inbox_.clear();
    return;
  }
  inbox_.erase(0, newline + 1);
  skipping_ = false;
}

ReadStatus BotProcess::read_line(Clock::time_point deadline, std::string& line) {
  for (;;) {
    // The deadline first: a bot that floods lines must still run out of time.
    if (now() >= deadline) return ReadStatus::kTimeout;
    if (skipping_) skip_rest_of_line();
    if (!skipping_ && take_line(line)) return ReadStatus::kLine;
    if (!skipping_ && inbox_.size() >= kMaxLine) {
      skipping_ = true;
      skip_rest_of_line();
      return ReadStatus::kOverlong;
    }
    if (eof_ || from_bot_ < 0) return ReadStatus::kClosed;
    // One slice at a time (wait()), so that a bot that exited while a process it started still
    // holds its stdout open is seen to be gone (a crash) rather than waited for until the deadline.
    pollfd p[2] = {{from_bot_, POLLIN, 0}, {err_from_bot_, POLLIN, 0}};
    const int ready = wait(p, 2, deadline);
    if (ready < 0 && errno == EINTR) continue;
    drain_stderr();  // stderr is the runner's to read too: a bot that fills the pipe would wait
    if (ready == 0 || p[0].revents == 0) {  // nothing on stdout: has the bot gone?
      if (leader_exited()) eof_ = true;     // (what it wrote before it exited is in the pipe)
      continue;
    }
    char buf[4096];
    const ssize_t n = ::read(from_bot_, buf, sizeof buf);
    if (n > 0)
      inbox_.append(buf, static_cast<std::size_t>(n));
    else if (n == 0 || (errno != EAGAIN && errno != EINTR))
      eof_ = true;
  }
}

void BotProcess::discard_input() {
  while (!eof_ && from_bot_ >= 0) {
    char buf[4096];
    const ssize_t n = ::read(from_bot_, buf, sizeof buf);
    if (n <= 0) break;
  }
  inbox_.clear();
  skipping_ = false;
}

bool BotProcess::leader_exited() const {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid_;
}

void BotProcess::stop(std::chrono::milliseconds grace) {
  if (reaped_) return;
  send("quit");
  push();
  // Its stdin is closed (EOF tells a bot that missed `quit`); its stdout stays open and is
  // drained until it exits, so a bot that still prints while quitting is not hit by SIGPIPE.
  if (to_bot_ >= 0) ::close(to_bot_);
  to_bot_ = -1;
  const auto deadline = now() + grace;
  for (;;) {
    // WNOWAIT (leader_exited): the exited bot stays a zombie, so its process group id cannot be
    // reused before reap() kills what is left of the group.
    if (leader_exited()) break;
    if (now() >= deadline) break;
    std::string discarded;
    if (read_line(std::min(deadline, now() + std::chrono::milliseconds(5)), discarded) ==
        ReadStatus::kClosed)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  close_fds();
  reap(true);
}

void BotProcess::kill() {
  if (reaped_) return;
  close_fds();
  reap(true);
}

bool BotProcess::running() {
  if (reaped_) return false;
  if (leader_exited()) {
    close_fds();
    reap(true);
    return false;
  }
  return true;
}

void BotProcess::reap(bool wait) {
  // A bot that exited by itself must have ended what it started: what is left is named (the
  // leader stays a zombie until the waitpid below, so the group id is not reused meanwhile).
  if (leader_exited()) {
    left_behind_ = group_members(pid_);
    if (!left_behind_.empty()) {
      const std::string note = "# dominoes: the bot exited but left " + left_behind_ +
                               " running in its process group: killed\n";
      log_bytes(note.data(), note.size());
    }
  }
  ::kill(-pid_, SIGKILL);  // the group: the bot and anything it started
  int status = 0;
  pid_t got;
  do got = ::waitpid(pid_, &status, wait ? 0 : WNOHANG);
  while (got < 0 && errno == EINTR);
  drain_stderr();  // its last words: the group is dead, so what it wrote is in the pipe
  if (err_from_bot_ >= 0) ::close(err_from_bot_);
  err_from_bot_ = -1;
  if (got != pid_) return;
  reaped_ = true;
  exit_text_ = describe_status(status);
  forget(pid_);
}

void BotProcess::close_fds() {
  drain_stderr();
  if (to_bot_ >= 0) ::close(to_bot_);
  if (from_bot_ >= 0) ::close(from_bot_);
  to_bot_ = from_bot_ = -1;
  outbox_.clear();
}

}  // namespace bots
