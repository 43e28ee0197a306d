#!/usr/bin/env python3
"""slowstart: on `dbp 1`, sleeps --seconds S (default 3) before its `dbpok`, then plays the first
legal move. Within the 10 s handshake limit it must be accepted; above it, refused."""
import argparse
import time

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--seconds", type=float, default=3.0, help="delay before dbpok")
args = parser.parse_args()


def on_message(line):
    if line.startswith("dbp"):
        time.sleep(args.seconds)


serve(lambda line, count: "move " + legal_moves(line)[0], name="slowstart", on_message=on_message)
