#!/usr/bin/env python3
"""unflushed: handshakes properly, then forgets to flush its answers to `go`: each `move` line is
written to stdout, which a pipe makes block buffered, and stays in the bot's buffer, so the runner
never sees it and the bot times out (check-bot must ask whether it flushed its output). With
--info it first sends (and flushes) an `info` line, so the runner hears from it but gets no move."""
import argparse
import sys

from botlib import legal_moves, send, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--info", action="store_true", help="send a flushed info line before the move")
args = parser.parse_args()
# Block buffered whatever the environment says (PYTHONUNBUFFERED, python3 -u), as a pipe makes it.
sys.stdout = open(sys.stdout.fileno(), "w", buffering=8192, closefd=False)


def answer_unflushed(line, count):
    if args.info:
        send("info thinking")
    sys.stdout.write("move " + legal_moves(line)[0] + "\n")  # no flush: the mistake under test
    return None


serve(answer_unflushed, name="unflushed")
