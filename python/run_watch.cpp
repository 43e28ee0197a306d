#include "python/run_watch.h"

#include <fcntl.h>
#include <poll.h>
#include <pybind11/stl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#include "arena/bots/bot_process.h"
#include "arena/tournament/run/progress.h"
#include "engine/common/posix_calls.h"
#include "engine/common/status_line.h"
#include "engine/search/search_limit.h"

namespace dominoes_python {
namespace {

using Clock = std::chrono::steady_clock;

// How often the watching thread looks for Ctrl-C (taking the GIL for a moment: cheap, and soon
// enough that a short run does not finish first), and how often it calls a callback or redraws a
// terminal's line; a log's lines come every log_interval_seconds().
constexpr auto kSignalPeriod = std::chrono::milliseconds(20);
constexpr auto kCallbackPeriod = std::chrono::seconds(1);
constexpr auto kTerminalPeriod = std::chrono::milliseconds(250);

// Ctrl-C reaches Python's C-level handler on whatever thread the kernel picks, and Python runs the
// Python-level handler (KeyboardInterrupt) only on the main thread once it holds the GIL, which
// it may wait long for while Python strategies take turns on it. So the run is stopped from
// here: while a watch runs on the main thread, Python's wakeup fd (signal.set_wakeup_fd, which
// the C handler writes each signal's number to) is a pipe that a thread of ours reads, stopping
// the run at once on SIGINT or SIGTERM without the GIL. The previous wakeup fd comes back after.
class SignalPipe {
 public:
  // Called with the GIL held. Off the main thread (where Python handles no signals) it does
  // nothing.
  explicit SignalPipe(std::atomic<bool>& stop) {
    if (common::make_pipe(fds_, true) != 0) return;
    try {
      previous_ = py::module_::import("signal").attr("set_wakeup_fd")(fds_[1]).cast<int>();
    } catch (py::error_already_set&) {  // not the main thread
      close_pipe();
      return;
    }
    thread_ = std::thread([this, &stop] { watch(stop); });
  }
  // Called with the GIL held.
  ~SignalPipe() {
    if (!thread_.joinable()) return;
    py::module_::import("signal").attr("set_wakeup_fd")(previous_);
    const char end = 0;  // no signal has number 0: the thread's cue to end
    [[maybe_unused]] const auto n = ::write(fds_[1], &end, 1);
    thread_.join();
    close_pipe();
  }
  SignalPipe(const SignalPipe&) = delete;
  SignalPipe& operator=(const SignalPipe&) = delete;

 private:
  void watch(std::atomic<bool>& stop) {
    for (;;) {
      pollfd ready{fds_[0], POLLIN, 0};
      if (::poll(&ready, 1, -1) < 0 && errno != EINTR) return;
      unsigned char signals[64];
      const auto n = ::read(fds_[0], signals, sizeof signals);
      for (ssize_t i = 0; i < n; ++i) {
        if (signals[i] == 0) return;
        if (signals[i] == SIGINT || signals[i] == SIGTERM) {
          stop = true;
          bots::kill_all_bot_processes();  // no game waits for a bot's answer
        }
      }
    }
  }
  void close_pipe() {
    ::close(fds_[0]);
    ::close(fds_[1]);
  }

  int fds_[2] = {-1, -1};
  int previous_ = -1;
  std::thread thread_;
};

py::object or_none(bool known, double value) {
  if (known) return py::float_(value);
  return py::none();
}

}  // namespace

py::dict progress_dict(const tournament::ProgressSnapshot& s) {
  py::dict d;
  d["deals_done"] = s.deals_done;
  d["deals_total"] = s.deals_total;
  d["games_done"] = s.games_done;
  d["games_per_second"] = s.games_per_second;
  d["elapsed_seconds"] = s.elapsed_seconds;
  d["eta_seconds"] = or_none(s.eta_seconds >= 0, s.eta_seconds);
  d["current"] = s.current;
  py::list pairings;
  for (const tournament::PairingProgress& p : s.pairings) {
    py::dict each;
    each["player_a"] = p.player_a;
    each["player_b"] = p.player_b;
    each["label_a"] = p.label_a;
    each["label_b"] = p.label_b;
    each["deals_done"] = p.deals_done;
    each["deals_total"] = p.deals_total;
    each["games"] = p.games;
    each["a_points_per_game"] = p.score.mean;
    each["a_points_ci95"] = or_none(p.a_net.n >= 2, p.score.ci95);
    pairings.append(each);
  }
  d["pairings"] = pairings;
  return d;
}

RunWatch::RunWatch(const py::object& progress) {
  if (progress.is_none() || (py::isinstance<py::bool_>(progress) && !progress.cast<bool>())) return;
  if (py::isinstance<py::bool_>(progress)) {
    to_stderr_ = true;
    terminal_ = py::module_::import("sys").attr("stderr").attr("isatty")().cast<bool>();
    return;
  }
  if (!PyCallable_Check(progress.ptr()))
    throw tournament::ConfigError("progress " + py::repr(progress).cast<std::string>() +
                                  " is not valid: valid True (a line on stderr), False or None "
                                  "(nothing), or a callable taking one dict");
  callback_ = progress;
}

void RunWatch::show(bool last) {
  const tournament::ProgressSnapshot s = live_.snapshot();
  if (!s.started) return;
  if (!callback_.is_none()) {
    callback_(progress_dict(s));
    return;
  }
  if (!to_stderr_) return;
  const py::object err = py::module_::import("sys").attr("stderr");
  if (terminal_) {
    const auto columns =
        py::module_::import("shutil").attr("get_terminal_size")().attr("columns").cast<long>();
    const std::string text =
        tournament::progress_text(s, columns > 1 ? static_cast<std::size_t>(columns - 1) : 0);
    err.attr("write")("\r" + text + "\x1b[K" + (last ? "\n" : ""));
  } else {
    err.attr("write")(tournament::progress_text(s) + "\n");
  }
  err.attr("flush")();
}

namespace {

// Raises KeyboardInterrupt in every thread inside a Python choose() that has not had one yet, so
// that a strategy stuck in a Python loop returns (a blocking call such as time.sleep ends first).
// Called with the GIL held.
void interrupt_choosers(std::set<unsigned long>& interrupted) {
  for (const unsigned long ident : threads_in_choose())
    if (interrupted.insert(ident).second) PyThreadState_SetAsyncExc(ident, PyExc_KeyboardInterrupt);
}

// A second Ctrl-C while the run still waits for its games in play (a choose() that does not
// return, stuck in a blocking call): the run cannot be left behind safely, so the process ends at
// once, as the command line's second Ctrl-C does, with what was journalled kept. Called with the
// GIL held.
[[noreturn]] void end_process_on_second_interrupt() {
  PyErr_Clear();
  std::fputs(
      "\ndominoes.run: a second interrupt while a strategy's choose() has not returned: ending "
      "the process (exit 130); finished work is in the journal\n",
      stderr);
  std::fflush(nullptr);
  std::_Exit(130);
}

}  // namespace

tournament::ExperimentResult RunWatch::run(
    tournament::RunHooks hooks,
    const std::function<tournament::ExperimentResult(const tournament::RunHooks&)>& play) {
  std::atomic<bool> stop = false;
  hooks.should_stop = [&stop, asked = hooks.should_stop] {
    return stop.load(std::memory_order_relaxed) || (asked && asked());
  };
  hooks.progress = &live_;
  tournament::ExperimentResult result;
  std::exception_ptr failure;  // what `play` threw, rethrown here
  std::exception_ptr watcher;  // what the callback threw, or the KeyboardInterrupt
  std::mutex mutex;
  std::condition_variable ended;
  bool done = false;
  const Clock::duration period =
      !callback_.is_none() ? Clock::duration(kCallbackPeriod)
      : terminal_          ? Clock::duration(kTerminalPeriod)
                           : std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double>(common::log_interval_seconds()));
  const SignalPipe signals(stop);
  std::set<unsigned long> interrupted;  // the threads already sent a KeyboardInterrupt
  search::clear_stop();
  {
    py::gil_scoped_release release;
    std::thread runner([&] {
      try {
        result = play(hooks);
      } catch (...) {
        failure = std::current_exception();
      }
      const std::lock_guard lock(mutex);
      done = true;
      ended.notify_all();
    });
    auto next_show = Clock::now() + period;
    std::unique_lock lock(mutex);
    while (!ended.wait_for(lock, kSignalPeriod, [&] { return done; })) {
      lock.unlock();
      {
        py::gil_scoped_acquire gil;
        try {
          if (PyErr_CheckSignals() != 0) throw py::error_already_set();
          if (Clock::now() >= next_show && !watcher) show(false), next_show += period;
        } catch (...) {
          if (watcher) end_process_on_second_interrupt();
          watcher = std::current_exception();
          stop = true;
          bots::kill_all_bot_processes();  // no game waits for a bot's answer
          search::request_stop();          // nor for an exact search (search_limit.h)
        }
        if (watcher) interrupt_choosers(interrupted);
      }
      lock.lock();
    }
    lock.unlock();
    runner.join();
  }
  search::clear_stop();  // later searches (a strategy's choose() from Python) run again
  // A Ctrl-C that stopped the run (or came as it ended) is raised here if the loop missed it.
  if (!watcher && PyErr_CheckSignals() != 0)
    watcher = std::make_exception_ptr(py::error_already_set());
  if (watcher) std::rethrow_exception(watcher);
  if (failure) std::rethrow_exception(failure);
  show(true);
  return result;
}

}  // namespace dominoes_python
