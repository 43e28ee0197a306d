// One running bot process and its pipes (docs/protocol.md, "Lines" and "Time limits and failures").
//
// The command runs under /bin/sh -c in a process group of its own, so that the terminal's Ctrl-C
// reaches the runner only (which then ends its bots itself) and so that stopping a bot also stops
// any process the bot started. Its stdin and stdout are pipes to the runner; its stderr goes
// straight to a log file. Every wait has a deadline and uses poll() on this process's own pipes
// only, so one slow bot never blocks another thread. Writes are queued and sent without blocking
// when the runner next waits for an answer (or push() is called): a game's events then reach the
// bot in one write with the `go` that needs them, instead of waking it once per line. A bot that
// stops reading is found out at the next deadline.
//
// The deadlines are on the bot's clock (now()): steady time less the time the runner itself did not
// run while it waited (stopped by Ctrl-Z or SIGSTOP, or starved of the CPU), so that a paused run
// does not charge its bots for the pause and forfeit their games.
//
// SIGPIPE is ignored by the runner once the first bot starts (a bot that exits must not kill the
// runner when it writes); the bot itself starts with every signal at its default.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

struct pollfd;  // <poll.h>

namespace bots {

using Clock = std::chrono::steady_clock;

/// The most bytes a bot's log holds: past it, the log is cut to a line saying so (BotProcess).
inline constexpr std::uint64_t kMaxLogBytes = std::uint64_t{8} << 20;

/// Outcome of waiting for a line from the bot.
enum class ReadStatus {
  kLine,      ///< a line arrived
  kTimeout,   ///< the deadline passed first
  kClosed,    ///< the bot closed its stdout or exited
  kOverlong,  ///< the bot sent a line longer than 64 KiB (the rest of it is skipped)
};

/// A started bot process. Not copyable; stopping it (stop(), kill(), the destructor) is final.
class BotProcess {
 public:
  /// Starts `command` through /bin/sh -c in directory `dir` (empty: the current one). Its stderr
  /// is read by the runner whenever it waits on the bot and appended to the file `log_path`
  /// (created with its directory; empty: dropped); when the log would pass kMaxLogBytes it is cut
  /// to a line saying so, and the newest output follows.
  /// Throws std::runtime_error with the system's reason when the pipes, the log file or the
  /// process cannot be made (a command that does not exist starts, and its shell exits 127).
  BotProcess(const std::string& command, const std::string& dir, const std::string& log_path);
  /// Ends the process as stop() does.
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  /// Returns the process id of the shell that runs the command (also its process group id).
  pid_t pid() const { return pid_; }

  /// Returns the bot's clock, which every deadline below is on: steady time less the time this
  /// runner was seen stalled while waiting on the bot. Each wait is a poll of at most 100 ms; one
  /// that returns more than 20 ms after its timeout did not run for the excess (the runner was
  /// stopped by Ctrl-Z or SIGSTOP, or starved of the CPU), and the excess is left out. The part of
  /// a pause before the wait was due (at most 100 ms) still counts; a stall outside a wait is not
  /// seen. (A suspended machine needs none of this: the steady clock stops with it.)
  Clock::time_point now() const { return Clock::now() - stalled_; }

  /// Queues `line` (a newline is added); flush() or push() writes it. A bot that has exited
  /// makes no error here: it shows at the next read.
  void send(const std::string& line);
  /// Writes as much of the queue as the pipe takes now, without waiting.
  void push();
  /// Waits until every queued byte is written or `deadline` (on now()'s clock) passes; returns
  /// false on the deadline or when the bot no longer reads (exited).
  bool flush(Clock::time_point deadline);
  /// Waits for the next line from the bot's stdout until `deadline` (on now()'s clock); on kLine,
  /// `line` holds it without its "\n" or "\r\n" (text not ended by "\n" is not a line, even when
  /// the bot exits after it: unended_line()). Returns kTimeout once the deadline has passed
  /// even when more lines are waiting (a bot that floods lines still runs out of time), kClosed
  /// when the bot closed its stdout or exited (checked every 100 ms, so a process the bot started
  /// that keeps the pipe open does not hide the exit), kOverlong for a line past 64 KiB.
  ReadStatus read_line(Clock::time_point deadline, std::string& line);
  /// Returns what the bot wrote after its last complete line: text that read_line() does not
  /// take as a line until a '\n' ends it (nor when the bot exits first); "" when there is none.
  std::string unended_line() const;
  /// Drops everything the bot has written and the runner has not read yet.
  void discard_input();

  /// Asks the bot to exit (`quit`, then its stdin closed), waits up to `grace` for it, then
  /// kills its process group and reaps it. Idempotent.
  void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));
  /// Kills the process group at once and reaps it (after a time-out). Idempotent.
  void kill();
  /// Returns true until the process has been stopped or killed or is seen to have exited.
  bool running();
  /// Returns a description of how the process ended ("exited with status 1", "killed by signal
  /// 9"), or "still running".
  std::string exit_description() const { return exit_text_; }
  /// Returns what the bot left running in its process group when it exited by itself, as
  /// "N process(es) (names)" (killed since), or "" when nothing was (or it did not exit by itself).
  const std::string& left_behind() const { return left_behind_; }

 private:
  int wait(::pollfd* fds, int count, Clock::time_point deadline);  // one poll slice, stalls counted
  int millis_until(Clock::time_point deadline) const;
  bool take_line(std::string& line);
  void skip_rest_of_line();
  bool leader_exited() const;
  void reap(bool wait);
  void close_fds();
  void drain_stderr();  // moves what the bot wrote to stderr into the log, without waiting
  void log_bytes(const char* data, std::size_t size);
  pid_t pid_ = -1;
  int to_bot_ = -1;            // write end of the bot's stdin
  int from_bot_ = -1;          // read end of the bot's stdout
  int err_from_bot_ = -1;      // read end of the bot's stderr
  int log_ = -1;               // the log file, appended to
  Clock::duration stalled_{};  // the runner's stalls seen while waiting (now())
  std::string outbox_;
  std::string inbox_;
  bool eof_ = false;
  bool skipping_ = false;  // inside an overlong line: drop input up to its newline
  bool reaped_ = false;
  std::string exit_text_ = "still running";
  std::string left_behind_;
};

/// Appends `text` to the log file open (O_APPEND) as `fd`, first cutting the log to a line saying
/// so when it would pass kMaxLogBytes. Does nothing for fd < 0; a failed write is ignored (the
/// log is a help, never a reason to stop a game).
void append_to_log(int fd, std::string_view text);

/// Makes SIGINT, SIGTERM and SIGHUP kill every bot (kill_all_bot_processes) and then end the
/// process as the signal would: for commands that start bots outside a run (check-bot).
void end_bots_on_signals();

/// Kills every bot process group still alive (SIGKILL). Async-signal-safe: the runner's second
/// Ctrl-C calls it before the runner dies, so no bot outlives it.
void kill_all_bot_processes() noexcept;

}  // namespace bots
