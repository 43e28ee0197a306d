#include "python/signal_poll.h"

#include <atomic>

namespace dominoes_python {
namespace {

// threading.main_thread().ident, noted at import (a process forked from another thread has a new
// main thread: its polls then run no handlers, as if on another thread).
std::atomic<unsigned long> g_main_thread{0};

}  // namespace

void SignalPoll::note_main_thread() {
  g_main_thread = pybind11::module_::import("threading")
                      .attr("main_thread")()
                      .attr("ident")
                      .cast<unsigned long>();
}

SignalPoll::SignalPoll()
    : on_main_thread_(PyThread_get_thread_ident() == g_main_thread.load()),
      next_(std::chrono::steady_clock::now() + kEvery) {}

SignalPoll::~SignalPoll() {
  if (!caught()) return;
  pybind11::gil_scoped_acquire gil;
  Py_XDECREF(type_);
  Py_XDECREF(value_);
  Py_XDECREF(traceback_);
}

bool SignalPoll::stop_now() noexcept {
  if (caught()) return true;
  return ++calls_ % kCallsPerClockRead == 0 && check_signals();
}

bool SignalPoll::check_signals() noexcept {
  if (caught()) return true;
  if (!on_main_thread_) return false;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_) return false;
  next_ = now + kEvery;
  pybind11::gil_scoped_acquire gil;
  // Runs the Python handlers of the signals that arrived. A handler that raises leaves the
  // exception set.
  if (PyErr_CheckSignals() == 0) return false;
  PyErr_Fetch(&type_, &value_, &traceback_);
  return caught();
}

void SignalPoll::raise_if_caught() {
  if (!caught()) return;
  PyErr_Restore(type_, value_, traceback_);  // hands the references back to the interpreter
  type_ = value_ = traceback_ = nullptr;
  throw pybind11::error_already_set();
}

}  // namespace dominoes_python
