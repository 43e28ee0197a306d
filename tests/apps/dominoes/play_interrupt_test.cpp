// Ctrl-C during `dominoes play` (apps/dominoes/play_interrupt.h): the first SIGINT is only noted
// and leaves standard input at its end, a second one ends the process by SIGINT, and the handler
// before the note comes back. Each case runs in a child process (a death test), since it changes
// the process's signal handling and standard input.
#include "apps/dominoes/play_interrupt.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>

namespace {

using dominoes_cli::InterruptNote;

TEST(PlayInterruptDeathTest, TheFirstCtrlCIsNotedAndStandardInputEnds) {
  EXPECT_EXIT(
      {
        // Standard input is a pipe holding a byte: a read would return it, were stdin kept.
        int fds[2];
        if (::pipe(fds) != 0 || ::write(fds[1], "x", 1) != 1 || ::dup2(fds[0], STDIN_FILENO) < 0)
          std::_Exit(3);
        const InterruptNote note;
        if (InterruptNote::caught()) std::_Exit(2);
        ::raise(SIGINT);
        char byte = 0;
        // /dev/null is on standard input now: a read returns 0 bytes at once.
        std::_Exit(InterruptNote::caught() && ::read(STDIN_FILENO, &byte, 1) == 0 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(PlayInterruptDeathTest, ASecondCtrlCEndsTheProcessBySigint) {
  EXPECT_EXIT(
      {
        const InterruptNote note;
        ::raise(SIGINT);
        ::raise(SIGINT);
        std::_Exit(0);
      },
      ::testing::KilledBySignal(SIGINT), "");
}

TEST(PlayInterruptDeathTest, ThePreviousHandlerComesBackAndANewNoteStartsClear) {
  EXPECT_EXIT(
      {
        ::signal(SIGINT, SIG_IGN);
        {
          const InterruptNote note;
          ::raise(SIGINT);
        }
        struct sigaction now {};
        ::sigaction(SIGINT, nullptr, &now);
        const InterruptNote again;
        std::_Exit(now.sa_handler == SIG_IGN && !InterruptNote::caught() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
