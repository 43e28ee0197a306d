#!/usr/bin/env python3
"""A test bot that writes every line the runner sends to standard error ("got: LINE"), so a test
can read the messages from the bot's log, and answers `go` with the first legal move. Written
without clients/python/dbp.py, so that a mistake there cannot hide one in the runner."""
import sys

for line in sys.stdin:
    line = line.rstrip("\n")
    print("got: " + line, file=sys.stderr, flush=True)
    word = line.split(" ", 1)[0]
    if word == "dbp":
        print("id name transcript\ndbpok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        fields = dict(w.split("=", 1) for w in line.split()[1:])
        print("move " + fields["legal"].split(",")[0], flush=True)
    elif word == "quit":
        break
