#!/usr/bin/env python3
"""stderr_flood: handshakes fine, then at its first `go` writes --mib MiB (default 50) to stderr
(lines of 1000 bytes, then one line of a megabyte without its end) and exits with status 3 without
answering (a crash). A runner must keep its log and its messages small."""
import argparse
import os

from botlib import serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--mib", type=int, default=50, help="MiB written to stderr")
args = parser.parse_args()


def answer(line, count):
    chunk = (b"x" * 999 + b"\n") * 1024  # about 1 MiB
    for _ in range(args.mib):
        os.write(2, chunk)
    os.write(2, b"y" * (1 << 20))
    os._exit(3)


serve(answer, name="stderr_flood")
