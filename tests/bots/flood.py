#!/usr/bin/env python3
"""flood: handshakes fine, then answers its first `go` with endless `info` lines and never a move
(a runner must still time it out, and must not log it all)."""
import os

from botlib import serve


def answer(line, count):
    chunk = b"info thinking hard\n" * 2000
    while True:
        os.write(1, chunk)


serve(answer, name="flood")
