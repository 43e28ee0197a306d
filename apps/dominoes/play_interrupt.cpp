#include "apps/dominoes/play_interrupt.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>

namespace dominoes_cli {
namespace {

// Whether a SIGINT came: set by the handler, read by the session (lock-free, so signal-safe).
std::atomic<int> g_interrupted{0};

extern "C" void on_interrupt(int sig) {
  if (g_interrupted.exchange(1) != 0) {
    ::signal(sig, SIG_DFL);
    ::raise(sig);
    return;
  }
  const int saved_errno = errno;  // open, dup2 and close are async-signal-safe
  const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null >= 0) {
    ::dup2(null, STDIN_FILENO);
    ::close(null);
  }
  errno = saved_errno;
}

}  // namespace

InterruptNote::InterruptNote() {
  g_interrupted = 0;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, &previous_);
}

InterruptNote::~InterruptNote() {
  ::sigaction(SIGINT, &previous_, nullptr);
}

bool InterruptNote::caught() {
  return g_interrupted.load() != 0;
}

}  // namespace dominoes_cli
