#!/usr/bin/env python3
"""illegal: handshakes fine, then answers every `go` with a well-formed move that is not legal:
the first tile of its hand on a side not listed in `legal` (on the lead, `L` is never listed),
or `pass` if every side of every tile is listed (a `go` always has a tile to play, so a pass is
never legal there). With --after N it first plays N legal moves (the first listed)."""
import argparse

from botlib import go_fields, legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--after", type=int, default=0, help="legal moves before the illegal ones")
args = parser.parse_args()


def illegal_move(line):
    fields, legal = go_fields(line), legal_moves(line)
    candidates = [tile + side for tile in fields["hand"].split(",") for side in "LR"]
    return next((move for move in candidates if move not in legal), "pass")


serve(lambda line, count: "move " + (legal_moves(line)[0] if count < args.after else illegal_move(line)),
      name="illegal")
