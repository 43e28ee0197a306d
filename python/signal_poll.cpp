#include "python/signal_poll.h"

namespace dominoes_python {

SignalPoll::SignalPoll() : next_(std::chrono::steady_clock::now() + kEvery) {}

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
  const auto now = std::chrono::steady_clock::now();
  if (now < next_) return false;
  next_ = now + kEvery;
  pybind11::gil_scoped_acquire gil;
  // Runs the Python handlers of the signals that arrived (only on the main thread, where Python
  // delivers them; elsewhere it returns 0 at once). A handler that raises leaves the exception set.
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
