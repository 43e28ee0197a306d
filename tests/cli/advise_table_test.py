#!/usr/bin/env python3
"""`dominoes advise` at three and four seats against a brute force written here from docs/rules.md.

Small positions on a double-four set (15 tiles), few enough worlds that advise uses them all: this
test lists every deal of the other hands consistent with the counts and the values a seat lacks,
plays each printed move in each world, solves the rest of the hand by its own plain minimax with
every hand open (partners: team 0 maximizes its points minus the other team's, team 1 minimizes
them; cut-throat: seat 0 maximizes its own net points and every other seat minimizes them, the
paranoid value docs/play.md names), averages, and compares with the printed means (two decimals)
and the printed number of worlds. Nothing here comes from the engine. Standard library only.
Usage: advise_table_test.py PATH/TO/dominoes
"""
import itertools
import re
import subprocess
import sys
from functools import lru_cache

from pty_io import Checks  # beside this script

DOUBLE = 4
TILES = [(a, b) for a in range(DOUBLE + 1) for b in range(a, DOUBLE + 1)]


def tile(text):
    a, b = (int(v) for v in text.split("-"))
    return (min(a, b), max(a, b))


def pips(hand):
    return sum(a + b for a, b in hand)


def fits(t, value):
    return value in t


def other(t, value):
    return t[1] if t[0] == value else t[0]


def line_ends(line):
    """The open ends of a line written left to right, each tile's left value first."""
    return line[0][0], line[-1][1]


def outcome(hands, teams, out_seat):
    """The winning team and its score (docs/rules.md, "Who wins", "What the winners score",
    block = team, scoring = losers-pips); (None, 0) when nobody wins."""
    if out_seat is not None:
        winner = teams[out_seat]
    else:
        by_team = {}
        for seat, hand in enumerate(hands):
            by_team[teams[seat]] = by_team.get(teams[seat], 0) + pips(hand)
        fewest = min(by_team.values())
        leaders = [t for t, p in by_team.items() if p == fewest]
        if len(leaders) > 1:
            return None, 0
        winner = leaders[0]
    return winner, sum(pips(h) for s, h in enumerate(hands) if teams[s] != winner)


def solver(teams, maximizing):
    """Returns value(hands, left, right, mover): seat 0's team's net points at the end of the hand
    under open-hands play, `maximizing(seat)` saying which seats maximize it."""
    seats = len(teams)

    def net(hands, out_seat):
        winner, score = outcome(hands, teams, out_seat)
        return 0 if winner is None else score if winner == teams[0] else -score

    @lru_cache(maxsize=None)
    def value(hands, left, right, mover):
        moves = [(t, end) for t in hands[mover] for end in ("L", "R")
                 if fits(t, left if end == "L" else right)]
        if not moves:
            if not any(fits(t, left) or fits(t, right) for h in hands for t in h):
                return net(hands, None)  # blocked
            return value(hands, left, right, (mover + 1) % seats)  # a pass
        results = [after(hands, left, right, mover, t, end) for t, end in moves]
        return max(results) if maximizing(mover) else min(results)

    def after(hands, left, right, mover, t, end):
        rest = tuple(h - {t} if s == mover else h for s, h in enumerate(hands))
        if end == "L":
            left = other(t, left)
        else:
            right = other(t, right)
        if not rest[mover]:
            return net(rest, mover)  # domino
        return value(rest, left, right, (mover + 1) % seats)

    return after


def worlds(mine, line, counts, lacks):
    """Every deal of the other seats' hands (seat 1, 2, ... in turn order) from the unseen tiles:
    each seat its count, none carrying a value it lacks; the tiles left over are undrawn."""
    unseen = [t for t in TILES if t not in mine and t not in line]
    out = []

    def deal(seat, left, hands):
        if seat == len(counts) + 1:
            out.append(tuple(hands))
            return
        allowed = [t for t in left if not (set(t) & lacks.get(seat, set()))]
        for chosen in itertools.combinations(allowed, counts[seat - 1]):
            deal(seat + 1, [t for t in left if t not in chosen], hands + [frozenset(chosen)])

    deal(1, unseen, [frozenset(mine)])
    return out


def advise(binary, args):
    out = subprocess.run([binary, "advise"] + args, capture_output=True, text=True, timeout=60)
    return out.returncode, out.stdout + out.stderr


def check_position(check, binary, label, seats, partners, hand, line_text, counts, lacks):
    mine = [tile(t) for t in hand.split(",")]
    line = [tuple(int(v) for v in t.split("-")) for t in line_text.split(",")]
    args = ["--seats", str(seats), "--double", str(DOUBLE), "--hand-size", "3" if seats == 4 else "4",
            "--hand", hand, "--line", line_text, "--counts", ",".join(map(str, counts))]
    if lacks:
        args += ["--lacks", "/".join(",".join(map(str, sorted(lacks.get(s, [])))) or "-"
                                     for s in range(1, seats))]
    code, text = advise(binary, args)
    check(f"{label}: exit 0", code == 0, text)
    teams = [s % 2 for s in range(seats)] if partners else list(range(seats))
    maximizing = (lambda s: teams[s] == 0) if partners else (lambda s: s == 0)
    after = solver(teams, maximizing)
    left, right = line_ends(line)
    all_worlds = worlds(mine, {tile(f"{a}-{b}") for a, b in line}, counts, lacks)
    rows = re.findall(r"^(\d-\d)([LR]?) +([+-]?\d+\.\d\d)", text, re.M)
    check(f"{label}: every legal move is valued", len(rows) >= 2, text)
    for t_text, end, shown in rows:
        t = tile(t_text)
        mean = sum(after(w, left, right, 0, t, end or ("L" if fits(t, left) else "R"))
                   for w in all_worlds) / len(all_worlds)
        check(f"{label}: {t_text}{end} is worth {mean:.4f} over the {len(all_worlds)} worlds",
              abs(mean - float(shown)) <= 0.005 + 1e-9, text)
    check(f"{label}: all {len(all_worlds)} worlds are used and said to be",
          f"worlds: all {len(all_worlds)} deals of the other hands consistent with what you know, "
          "each solved exactly with every hand open" in text, text)
    return text


def main():
    binary = sys.argv[1]
    check = Checks()
    # Ends 1 and 4; you hold 1-4 and 0-4 (moves 1-4L, 1-4R, 0-4R). The other 7 unseen tiles: two
    # for seat 1, one each for your partner and seat 3, three undrawn: 7!/(2! 1! 1! 3!) = 420.
    line = "1-2,2-2,2-0,0-3,3-3,3-4"
    text = check_position(check, binary, "four seats", 4, True, "1-4,0-4", line, [2, 1, 1], {})
    check("four seats: the points are the team's under open-hands play",
          "points: your team's minus the other team's at the end of the hand, every hand open and "
          "played best by both teams, mean over the worlds" in text, text)
    # Seat 3 has shown it lacks 2: it holds none of 2-3, 2-4.
    check_position(check, binary, "four seats, seat 3 lacks 2", 4, True, "1-4,0-4", line, [2, 1, 1],
                   {3: {2}})
    # Three seats, cut-throat, 4 tiles each: the others hold two each of the 7 unseen, 3 undrawn.
    text = check_position(check, binary, "three seats", 3, False, "1-4,0-4", line, [2, 2], {})
    check("three seats: the points are paranoid",
          "every other seat playing against you" in text, text)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
