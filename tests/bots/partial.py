#!/usr/bin/env python3
"""partial: handshakes properly, then answers `go` with part of a line: the text of its move,
flushed but never ended by a newline, so the runner cannot take it as an answer. Then it hangs
(it waits for the runner), or with --exit it exits at once."""
import argparse
import sys
import time

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--exit", action="store_true", help="exit right after the partial line")
args = parser.parse_args()


def answer_partially(line, count):
    sys.stdout.write("move " + legal_moves(line)[0])  # no newline: the mistake under test
    sys.stdout.flush()
    if args.exit:
        sys.exit(0)
    time.sleep(3600)


serve(answer_partially, name="partial")
