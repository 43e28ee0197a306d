#!/usr/bin/env python3
"""`solver equilibrium`, `solver exploitability` and `solver block-dominoes` at a terminal.

On a pseudo-terminal a long solve prints a progress line on stderr about every second
("iteration N: exploitability E, value V (T s)") before its result, and `solver exploitability`
says when each player is measured; piped, neither appears (equilibrium_cli_test.sh reads the
piped output). Standard library only. Usage: equilibrium_pty_test.py PATH/TO/solver
"""
import os
import pty
import re
import sys

from pty_io import Checks, read_until  # beside this script


def run_at_terminal(command, seconds):
    """Returns the whole screen of `command` run on a pseudo-terminal, and its exit status."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(command[0], command)
    screen = read_until(fd, rb"(?!)", seconds)  # a pattern that never matches: read to the end
    _, status = os.waitpid(pid, 0)
    return screen.decode(errors="replace"), os.waitstatus_to_exitcode(status)


def main():
    solver = os.path.abspath(sys.argv[1])
    check = Checks()

    # double-4 with 3 tiles, about 0.1 to 0.3 s per iteration here: a progress line each second.
    screen, code = run_at_terminal([solver, "equilibrium", "--double", "4", "--hand", "3",
                                    "--target", "1e-9", "--max-iterations", "40"], 300)
    check("the solve exits 0", code == 0, f"exit {code}: {screen[-300:]!r}")
    progress = re.findall(r"iteration (\d+): exploitability [0-9.e-]+, value [0-9.-]+ \([0-9.]+ s\)", screen)
    check("progress lines are drawn", len(progress) >= 1, repr(screen[:300]))
    check("the iterations in them grow", [int(p) for p in progress] == sorted(int(p) for p in progress))
    result = re.search(r"(^|\n)value [0-9.]+\r?\n", screen)
    check("the result comes after the progress, value first",
          result is not None and result.start() > screen.rfind("iteration "), repr(screen[-300:]))
    check("the target is reported as not reached", "not reached (raise --max-iterations)" in screen)

    screen, code = run_at_terminal([solver, "exploitability", "--double", "3", "--hand", "2",
                                    "--player", "random", "--player", "heuristic"], 120)
    check("exploitability exits 0", code == 0, f"exit {code}")
    check("each player is announced when measured",
          "measured random in" in screen and "measured heuristic in" in screen, repr(screen[:300]))
    check("the table follows the announcements",
          screen.find("game-value") > screen.find("measured heuristic in"))
    # solver block-dominoes on four 13-tile double-nine hands (hours exact): its progress line
    # counts nodes at a terminal, about four times a second, until --time-limit prints unknown.
    hands = "/".join(",".join(f"{a}-{b}" for a, b in hand) for hand in double_nine_hands())
    screen, code = run_at_terminal([solver, "block-dominoes", "--double", "9", "--hands", hands,
                                    "--time-limit", "2.5"], 60)
    check("block-dominoes stopped by its time limit exits 3", code == 3, f"exit {code}")
    nodes = [int(n) for n in re.findall(r"searching: (\d+) nodes", screen)]
    check("block-dominoes draws its progress at least once a second", len(nodes) >= 3,
          repr(screen[:300]))
    check("the node counts grow", nodes == sorted(nodes) and nodes[-1] > nodes[0], str(nodes))
    check("then says unknown", "unknown: the search reached its time limit" in screen,
          repr(screen[-300:]))
    return check.finish()


def double_nine_hands():
    """Four hands of 13 tiles of the double-nine set, dealt by a fixed shuffle."""
    tiles = [(a, b) for b in range(10) for a in range(b + 1)]
    order = sorted(range(len(tiles)), key=lambda k: (k * 37) % len(tiles))
    dealt = [tiles[k] for k in order]
    return [dealt[13 * s:13 * (s + 1)] for s in range(4)]


if __name__ == "__main__":
    sys.exit(main())
