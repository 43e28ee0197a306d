#!/usr/bin/env python3
"""badhello: answers `dbp 1` with a garbage line before `dbpok`, then plays the first legal move:
its handshake fails, and its late `dbpok` must never be read as an answer to `go`."""
import sys

from botlib import legal_moves, send

for raw in sys.stdin:
    line = raw.rstrip("\r\n")
    if line == "dbp 1":
        send("hello")
        send("dbpok")
    elif line == "isready":
        send("readyok")
    elif line.startswith("go "):
        send("move " + legal_moves(line)[0])
    elif line == "quit":
        break
