"""A small scripted DBP 1 runner for tests: starts a bot process, writes runner lines to it and
reads its answers with time limits. Independent of the C++ runner and of clients/python/dbp.py
(it parses the bot's lines itself). Standard library only.
"""
import os
import queue
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The dialogue of the short example of docs/protocol.md, runner side: (line, legal moves if it is a
# `go`).
EXAMPLE_NEWGAME = "newgame game=12 seat=0 rules=double=6,hand=7,scoring=opponent-pips seed=881726"
EXAMPLE_HAND = "hand 0-1,0-4,2-2,2-6,3-5,4-4,5-6"
EXAMPLE_LEAD = ("go line=- ends=- hand=0-1,0-4,2-2,2-6,3-5,4-4,5-6 opp=7 lacks=- "
                "legal=0-1,0-4,2-2,2-6,3-5,4-4,5-6 time=1000")
EXAMPLE_EVENTS = ("event 0 4-4", "event 1 1-4R")
EXAMPLE_SECOND = ("go line=4-4,4-1 ends=4,1 hand=0-1,0-4,2-2,2-6,3-5,5-6 opp=6 lacks=- "
                  "legal=0-4L,0-1R time=1000")
EXAMPLE_GAMEOVER = "gameover points=0,12 hands=2-2,2-6/5-5"


def legal_of(go_line):
    """Returns the legal moves listed in a `go` line (the test's own reading of the protocol)."""
    for word in go_line.split()[1:]:
        key, _, value = word.partition("=")
        if key == "legal":
            return value.split(",")
    raise ValueError(f"no legal= in {go_line!r}")


def is_ignored(line):
    """Returns whether the runner must ignore a bot line (empty, `#...`, `info ...`)."""
    return line == "" or line.startswith("#") or line.startswith("info ")


class ScriptedRunner:
    """One bot process driven line by line. Use as a context manager (it kills the bot)."""

    def __init__(self, command, newline="\n"):
        self.newline = newline
        self.stderr = tempfile.TemporaryFile()
        # A bot must flush its answers itself: unbuffered output would hide a missing flush.
        environment = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        self.process = subprocess.Popen(
            [str(part) for part in command], cwd=ROOT, env=environment, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.stderr)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)  # end of the bot's output

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self.stderr.close()

    def send(self, *lines):
        """Writes runner lines to the bot."""
        for line in lines:
            self.process.stdin.write((line + self.newline).encode("utf-8"))
        self.process.stdin.flush()

    def answer(self, seconds=2.0):
        """Returns the bot's next line the runner would not ignore; None at the end of output;
        raises AssertionError after `seconds` without one."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no answer within {seconds} s") from None
            if line is None or not is_ignored(line):
                return line

    def silent_for(self, seconds):
        """Returns True if the bot says nothing the runner would read for `seconds` (a line it
        does say is consumed)."""
        try:
            self.answer(seconds)
        except AssertionError:
            return True
        return False

    def handshake(self):
        """Sends `dbp 1` and `isready`; returns the `id` lines; raises AssertionError if the
        answers are not `id ...`* `dbpok` then `readyok`."""
        self.send("dbp 1")
        ids = []
        line = self.answer(10.0)
        while line is not None and line.startswith("id "):
            ids.append(line)
            line = self.answer(10.0)
        if line != "dbpok":
            raise AssertionError(f"expected dbpok after the id lines, got {line!r}")
        self.send("isready")
        line = self.answer(5.0)
        if line != "readyok":
            raise AssertionError(f"expected readyok, got {line!r}")
        return ids

    def go(self, go_line, seconds=2.0):
        """Sends a `go` and returns the move; raises AssertionError unless the answer is exactly
        `move X` with X one of the legal moves listed in `go_line`."""
        self.send(go_line)
        line = self.answer(seconds)
        legal = legal_of(go_line)
        words = (line or "").split(" ")
        if len(words) != 2 or words[0] != "move" or words[1] not in legal:
            raise AssertionError(f"expected 'move X' with X in {legal}, got {line!r}")
        return words[1]

    def exits_within(self, seconds):
        """Returns the bot's exit status if it exits within `seconds`, else None."""
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None

    def stderr_text(self):
        """Returns what the bot wrote to stderr so far."""
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")
