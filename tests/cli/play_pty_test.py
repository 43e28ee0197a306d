#!/usr/bin/env python3
"""`dominoes play` at a pseudo-terminal, typed as a person would (issue 9).

The terminal echoes what is typed and turns Enter into a newline; Ctrl-D at the start of a line is
end of input. The test types a bad move and reads the reason, plays a listed move by its notation
in lower case and sees it on the line, then types Ctrl-D: the program says it stopped, shows the
score and exits 0. A second session plays a whole game by always typing 1 and must end with the
final score and exit 0. A third session saves its games (--games-out), plays one whole game,
types HELP and Hint in capitals (commands in any case), then hint and at once Ctrl-C (which may
come while the program works, not at the prompt): the program says it was
interrupted, shows the score so far and exits 130; the file holds that one game, whose points are
the score shown, and `dominoes view` takes it. Standard library only.
Usage: play_pty_test.py PATH/TO/dominoes
"""
import json
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from pty_io import Checks, read_until  # beside this script

PROMPT = rb"your move> $"


def spawn(binary, args):
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary] + args)
    return pid, fd


def finish(pid, fd):
    """Returns the child's exit code after reading what is left on its terminal; a child still
    running 10 s after its terminal went quiet is killed (exit code -2): a hang fails, not waits."""
    rest = read_until(fd, rb"(?!)", 10)  # a pattern that never matches: read to the end
    deadline = time.monotonic() + 10
    done, status = os.waitpid(pid, os.WNOHANG)
    while done == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
        done, status = os.waitpid(pid, os.WNOHANG)
    os.close(fd)
    if done == 0:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        return -2, rest
    return (os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1), rest


def main():
    binary = os.path.abspath(sys.argv[1])
    check = Checks()

    args = ["play", "--against", "lowest", "--leader", "alternate", "--seed", "23"]
    pid, fd = spawn(binary, args)
    screen = read_until(fd, PROMPT, 20)
    check("the prompt appears on the terminal", re.search(PROMPT, screen) is not None, screen)
    moves = re.search(rb"moves +(.*)\r?\n", screen)
    check("the legal moves are listed", moves is not None, screen)

    os.write(fd, b"zz\n")
    reply = read_until(fd, PROMPT, 10)
    check("a bad move is re-asked with its reason", b'"zz" is not a move' in reply, reply)
    check("what was typed is echoed", reply.startswith(b"zz"), reply)

    # The person leads game 1: the second listed move is a bare tile; type it in lower case with
    # its halves swapped, as a person might.
    second = re.search(rb"2\) (\d)-(\d)", moves.group(1)) if moves else None
    tile = second.group(1) + b"-" + second.group(2) if second else b"0-0"
    os.write(fd, second.group(2) + b"-" + second.group(1) + b"\n" if second else b"1\n")
    reply = read_until(fd, PROMPT, 20)
    first_line = re.search(rb"line +([0-9 -]+)", reply)
    check("the typed tile lies on the line", first_line is not None and tile in first_line.group(1),
          reply)

    os.write(fd, b"\x04")  # Ctrl-D at the start of a line: end of input
    code, rest = finish(pid, fd)
    check("Ctrl-D stops the game", b"stopped during game 1." in rest, rest)
    check("and shows the score so far", b"final score after 0 games: you 0, lowest 0" in rest, rest)
    check("Ctrl-D exits 0", code == 0, str(code).encode())

    # A whole game, typing 1 at every prompt.
    pid, fd = spawn(binary, args[:-1] + ["24"])  # another deal
    screen = b""
    for _ in range(40):
        part = read_until(fd, PROMPT + rb"|final score[^\n]*\n", 20)
        screen += part
        if b"final score" in part or not part:
            break
        os.write(fd, b"1\n")
    code, rest = finish(pid, fd)
    screen += rest
    check("a whole game ends with both hands shown", b"game 1 over" in screen and
          re.search(rb"you: +left", screen) is not None, screen)
    check("and the final score", re.search(rb"final score after 1 game: you \d+, lowest \d+", screen)
          is not None, screen)
    check("a whole game exits 0", code == 0, str(code).encode())

    saved_session(binary, args, check)
    return check.finish()


def saved_session(binary, args, check):
    """--games-out, commands in capitals, Ctrl-C with the score so far."""
    folder = tempfile.mkdtemp(prefix="play-pty-")
    try:
        saved_games(binary, args, check, os.path.join(folder, "mine.jsonl"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def saved_games(binary, args, check, games):
    pid, fd = spawn(binary, args[:-1] + ["25", "--games", "0", "--games-out", games])
    screen = b""
    for _ in range(40):  # game 1 to its end, typing 1 at every prompt
        part = read_until(fd, PROMPT, 20)
        screen += part
        if b"=== game 2" in part or not part:
            break
        os.write(fd, b"1\n")
    check("the first game ends and the second begins", b"=== game 2" in screen, screen)
    os.write(fd, b"HELP\n")
    reply = read_until(fd, PROMPT, 10)
    check("HELP in capitals is the help command", b"type a move's number" in reply, reply)
    os.write(fd, b"Hint\n")
    reply = read_until(fd, PROMPT, 30)
    check("Hint in mixed case is the hint command", b"hint: expected points" in reply, reply)
    # Ctrl-C (the terminal sends SIGINT) right after a command, so that it comes while the program
    # works rather than waits at the prompt: it must not then wait for input.
    os.write(fd, b"hint\n\x03")
    code, rest = finish(pid, fd)
    score = re.search(rb"final score after 1 game: you (\d+), lowest (\d+)", rest)
    check("Ctrl-C says the game was interrupted", b"interrupted during game 2." in rest, rest)
    check("and shows the score so far", score is not None, rest)
    check("Ctrl-C exits 130", code == 130, str(code).encode())
    with open(games) as f:
        records = [json.loads(line) for line in f if line.strip()]
    check("--games-out holds the finished game only", len(records) == 1, str(len(records)))
    if records and score:
        r = records[0]
        check("the record names the person and the strategy", r["players"] == ["person", "lowest"],
              str(r["players"]))
        check("the record's points are the score shown",
              r["points"] == [int(score.group(1)), int(score.group(2))], str(r["points"]))
    view = subprocess.run([binary, "view", games], capture_output=True, text=True, timeout=30)
    check("dominoes view takes the saved games", view.returncode == 0 and "1 game" in view.stdout,
          view.stderr)


if __name__ == "__main__":
    sys.exit(main())
