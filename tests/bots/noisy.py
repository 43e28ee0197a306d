#!/usr/bin/env python3
"""noisy: a legal bot (first legal move) that surrounds every answer with what the runner must
ignore: `info` lines (some mentioning moves), `#` comments, empty lines, and stderr output."""
import sys

from botlib import legal_moves, send, serve


def chatter(line):
    sys.stderr.write(f"noisy: stderr sees {line!r}\n")
    sys.stderr.flush()
    for noise in ("info thinking about " + line, "# move 9-9L is a comment, not a move", "",
                  "info move 9-9L is only talk", "#"):
        send(noise)


def answer(line, count):
    chatter("before the move")
    return "move " + legal_moves(line)[0]


serve(answer, name="noisy", on_message=lambda line: line == "quit" or chatter(line))
