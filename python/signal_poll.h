// Ctrl-C for long C++ calls from Python. Python's signal handler only notes a SIGINT; the
// KeyboardInterrupt is raised when the interpreter next runs Python code on the main thread, which
// a search running with the GIL released never does: a decision of minutes ignored Ctrl-C. A
// SignalPoll, made the thread's search::StopPoll for the call (engine/search/search_limit.h), runs
// the interpreter's signal handlers at most every 100 ms from inside the search's checks (taking
// the GIL only then); when one raises, the search stops at its next check and the call re-raises
// that exception (KeyboardInterrupt) instead of returning.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>

#include "engine/search/search_limit.h"

namespace dominoes_python {

/// Polls Python's signal handlers for a search running on this thread without the GIL.
class SignalPoll final : public search::StopPoll {
 public:
  /// Notes the interpreter's main thread (threading.main_thread()), the only one Python runs
  /// signal handlers on; call with the GIL held when the module is imported.
  static void note_main_thread();

  /// Make it with the GIL held. On a thread other than the main one it never takes the GIL:
  /// Python delivers no signal there, and a daemon thread that takes the GIL while the
  /// interpreter shuts down is ended on the spot (pthread_exit), which must not unwind through
  /// a search.
  SignalPoll();
  /// Drops a caught exception that was not re-raised (takes the GIL for it).
  ~SignalPoll() override;
  SignalPoll(const SignalPoll&) = delete;
  SignalPoll& operator=(const SignalPoll&) = delete;

  /// Returns true once a signal handler raised (the exception is kept for raise_if_caught); every
  /// 64th call runs check_signals(). Call without the GIL.
  bool stop_now() noexcept override;
  /// Returns true once a signal handler raised; runs the handlers (with the GIL) when 100 ms have
  /// passed since it last did. Call without the GIL.
  bool check_signals() noexcept;
  /// Returns true when a signal handler raised.
  bool caught() const { return type_ != nullptr; }
  /// Throws pybind11::error_already_set carrying the exception a signal handler raised, when one
  /// did; else returns. Call with the GIL held.
  void raise_if_caught();

 private:
  static constexpr std::chrono::milliseconds kEvery{100};
  bool on_main_thread_ = false;
  static constexpr unsigned kCallsPerClockRead = 64;  // a check may come every few nanoseconds
  unsigned calls_ = 0;
  std::chrono::steady_clock::time_point next_;
  PyObject* type_ = nullptr;  // the raised exception (PyErr_Fetch), owned until re-raised
  PyObject* value_ = nullptr;
  PyObject* traceback_ = nullptr;
};

}  // namespace dominoes_python
