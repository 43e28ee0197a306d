#!/usr/bin/env python3
"""crasher: handshakes fine and plays the first legal move for --after N `go`s (default 2), then
exits with status --status (default 3) on the next `go`, without answering it (a crash mid-game)."""
import argparse
import sys

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--after", type=int, default=2, help="moves played before the crash")
parser.add_argument("--status", type=int, default=3, help="exit status of the crash")
args = parser.parse_args()


def answer(line, count):
    if count >= args.after:
        sys.stderr.write("crasher: exiting mid-game on purpose\n")
        sys.exit(args.status)
    return "move " + legal_moves(line)[0]


serve(answer, name="crasher")
