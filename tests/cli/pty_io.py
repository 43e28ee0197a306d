"""Reading a program's output at a pseudo-terminal, for the tests that type at one
(ctrl_c_pty_test.py, play_pty_test.py). Standard library only."""
import os
import re
import select
import time


def read_until(fd, pattern, seconds):
    """Returns everything read from `fd` once `pattern` appears (or at the end or time-out)."""
    text = b""
    deadline = time.monotonic() + seconds
    while not re.search(pattern, text) and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        text += chunk
    return text


class Checks:
    """Named pass/fail checks: each prints "ok:" or "FAIL:" with its name (and, on failure, the
    detail); finish() prints the totals and returns the exit status (1 when any failed)."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, name, ok, detail=""):
        if not isinstance(detail, str):
            detail = repr(detail[-300:])
        print(("ok:   " if ok else "FAIL: ") + name + ("" if ok else " " + detail))
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
