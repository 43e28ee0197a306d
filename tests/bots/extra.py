#!/usr/bin/env python3
"""extra: plays the first legal move, except that on `go` number --at (0-based, default 2) it
first sends a garbage line and then a legal move: that game is forfeited, and the late move must
not be taken as the answer to a later `go`."""
import argparse

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--at", type=int, default=2, help="the go answered with an extra line")
args = parser.parse_args()


def answer(line, count):
    move = "move " + legal_moves(line)[0]
    return f"hello\n{move}" if count == args.at else move


serve(answer, name="extra")
