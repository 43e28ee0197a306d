#!/usr/bin/env python3
"""forker: plays the first legal move for --after `go`s (default 2), then starts a child that keeps
the bot's stdout open (a `sleep`) and exits with status 3 without answering: a crash, even though
the pipe stays open."""
import argparse
import os
import subprocess
import sys

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--after", type=int, default=2, help="moves played before the crash")
args = parser.parse_args()


def answer(line, count):
    if count >= args.after:
        subprocess.Popen(["sleep", "30"])  # inherits stdout
        sys.stderr.write("forker: exiting, a child keeps stdout open\n")
        os._exit(3)
    return "move " + legal_moves(line)[0]


serve(answer, name="forker")
