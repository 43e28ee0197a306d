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
