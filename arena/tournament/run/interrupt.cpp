#include "arena/tournament/run/interrupt.h"

#include <unistd.h>

#include <atomic>
#include <csignal>

#include "arena/bots/bot_process.h"
#include "engine/search/search_limit.h"

namespace tournament {
namespace {

std::atomic<int> g_caught{0};  // the only state a signal handler may touch
struct sigaction g_old_int {
}, g_old_term{};

extern "C" void on_signal(int sig) {
  int expected = 0;
  if (!g_caught.compare_exchange_strong(expected, sig)) {
    // Second signal: stop at once, as the signal would have without us, and take the bots along
    // (they sit in process groups of their own, out of the terminal's reach).
    bots::kill_all_bot_processes();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  // First signal: the run sees g_caught between deals. The bots end now, so that no game waits
  // for a bot's answer, and so do the long decisions in play at their next stop check (a decision
  // of minutes would otherwise hold the run); the deals they were in are dropped (chunk_player.h).
  bots::kill_all_bot_processes();
  search::request_stop();
  static constexpr char kNote[] =
      "\nstopping: the games in play finish and every finished game is kept; press Ctrl-C again "
      "to stop at once\n";
  [[maybe_unused]] const auto n = ::write(STDERR_FILENO, kNote, sizeof kNote - 1);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_caught = 0;
  search::clear_stop();
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_old_int);
  sigaction(SIGTERM, &action, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
  search::clear_stop();  // searches after the run (the next run, a Python call) run again
}

int InterruptGuard::caught() {
  return g_caught.load();
}

}  // namespace tournament
