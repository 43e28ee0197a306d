"""botlib: the few lines the misbehaving test bots share (standard library only).

These bots exist to test the runner's side of docs/protocol.md (time-outs, crashes, illegal and
garbled answers, noise, slow starts, bots that will not quit). They deliberately do not use
clients/python/dbp.py, so the runner's tests do not change when that helper does.
"""
import sys


def send(line):
    """Writes one line to the runner and flushes it."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def go_fields(line):
    """Returns the key=value fields of a `go` line as a dict of strings."""
    return dict(word.split("=", 1) for word in line.split()[1:] if "=" in word)


def legal_moves(line):
    """Returns the legal moves listed in a `go` line."""
    return go_fields(line)["legal"].split(",")


def serve(answer_go, name="testbot", on_message=None, stop_on_quit=True):
    """Plays DBP 1: handshake, isready, and `go` answered by `answer_go(line, count)` (count: the
    number of earlier `go`s), which returns the line to send or None to send nothing.
    `on_message(line)` sees every message first. Returns at `quit` (if stop_on_quit) or EOF.
    """
    count = 0
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        if on_message:
            on_message(line)
        command = line.split(" ", 1)[0]
        if command == "dbp":
            send(f"id name {name}")
            send("dbpok")
        elif command == "isready":
            send("readyok")
        elif command == "go":
            answer = answer_go(line, count)
            count += 1
            if answer is not None:
                send(answer)
        elif command == "quit" and stop_on_quit:
            return
