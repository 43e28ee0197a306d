#!/usr/bin/env python3
"""sleeper: handshakes fine and plays the first legal move for --after N `go`s (default 0), then
on the next `go` sleeps --seconds S (default 30: far past any move time) before answering it."""
import argparse
import time

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--after", type=int, default=0, help="moves answered in time")
parser.add_argument("--seconds", type=float, default=30.0, help="how long to sleep on a go")
args = parser.parse_args()


def answer(line, count):
    if count >= args.after:
        time.sleep(args.seconds)
    return "move " + legal_moves(line)[0]


serve(answer, name="sleeper")
