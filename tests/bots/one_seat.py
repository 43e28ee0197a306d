#!/usr/bin/env python3
"""one_seat: a bot that checks, from its own seat, that the runner talks to it as the player of
one seat: one `newgame` and one `hand` per game, each move's `event` once, and every `go` whose
`line`, `ends` and `hand` are what its own replay of the events gives. Any breach is written to
standard error as a line starting "VIOLATION:" (the test reads the bot's log); it then answers
the first legal move as usual. Standard library only; it does not use clients/python/dbp.py."""
import sys

from botlib import go_fields, legal_moves, serve


class Seat:
    def __init__(self):
        self.in_game = False

    def violation(self, what):
        print("VIOLATION: " + what, file=sys.stderr, flush=True)

    def newgame(self, line):
        if self.in_game:
            self.violation("a second newgame before gameover: " + line)
        fields = go_fields(line)
        self.in_game, self.seat, self.hand = True, fields.get("seat"), None
        self.line, self.ends = [], None  # tiles as laid, left to right; the open ends

    def dealt(self, line):
        if self.hand is not None:
            self.violation("a second hand in one game: " + line)
        self.hand = set(line.split(" ", 1)[1].split(","))

    def event(self, line):
        _, seat, move = line.split()
        if move == "pass":
            return
        side, tile = (move[-1], move[:-1]) if move[-1] in "LR" else ("", move)
        a, b = (int(v) for v in tile.split("-"))
        if seat == self.seat:
            if tile not in self.hand:
                self.violation(f"my seat played {tile}, which my hand does not hold")
            self.hand.discard(tile)
        if self.ends is None:
            self.line, self.ends = [(a, b)], (a, b)
        elif side == "L":
            laid = (a, b) if b == self.ends[0] else (b, a)
            self.line.insert(0, laid)
            self.ends = (laid[0], self.ends[1])
        else:
            laid = (a, b) if a == self.ends[1] else (b, a)
            self.line.append(laid)
            self.ends = (self.ends[0], laid[1])

    def go(self, line, _count):
        fields = go_fields(line)
        mine = ",".join(f"{a}-{b}" for a, b in self.line) or "-"
        ends = f"{self.ends[0]},{self.ends[1]}" if self.ends else "-"
        if fields.get("line") != mine or fields.get("ends") != ends:
            self.violation(f"go says line={fields.get('line')} ends={fields.get('ends')}, "
                           f"my replay {mine} ends={ends}")
        if set(fields.get("hand", "").split(",")) != self.hand:
            self.violation(f"go says hand={fields.get('hand')}, mine is {sorted(self.hand)}")
        return "move " + legal_moves(line)[0]

    def message(self, line):
        word = line.split(" ", 1)[0]
        if word == "newgame":
            self.newgame(line)
        elif word == "hand":
            self.dealt(line)
        elif word == "event":
            self.event(line)
        elif word == "gameover":
            self.in_game = False


seat = Seat()
serve(seat.go, name="one-seat", on_message=seat.message)
