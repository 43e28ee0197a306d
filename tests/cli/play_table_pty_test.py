#!/usr/bin/env python3
"""`dominoes play` at a four-seat partnership table and a three-seat cut-throat table, typed at a
pseudo-terminal, in single hands (--target 0; play_match_pty_test.py plays their default matches).

Each session types `hint` once and then 1 at every prompt, saves its games (--games-out) and
plays them to the end. The screen is read back as a person reads it and checked against the saved
records, which are themselves checked by the test suite's second rules implementation
(table_rules.py, written from docs/rules.md): every move shown is the record's move, every
position shown gives each seat the tile count and the lacked values that a replay of the record
written here gives, each game's end shows every hand left, the pips and the points of the record,
and the final score is the sum of the points by team. Standard library only.
Usage: play_table_pty_test.py PATH/TO/dominoes
"""
import json
import os
import pty
import re
import shutil
import signal
import sys
import tempfile
import time

from pty_io import Checks, read_until  # beside this script
import table_rules  # beside this script

PROMPT = rb"your move> $"


def spawn(binary, args):
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary] + args)
    return pid, fd


def finish(pid, fd):
    """Returns the child's exit code and the rest of its output; a hang is killed (-2)."""
    rest = read_until(fd, rb"(?!)", 10)
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


def play_session(binary, args):
    """Types hint once, then 1 at every prompt, to the end; returns (exit code, screen text)."""
    pid, fd = spawn(binary, args)
    screen, hinted = b"", False
    for _ in range(400):
        part = read_until(fd, PROMPT + rb"|final score[^\n]*\n", 30)
        screen += part
        if b"final score" in part or not part:
            break
        os.write(fd, b"1\n" if hinted else b"hint\n")
        hinted = True
    code, rest = finish(pid, fd)
    return code, (screen + rest).decode().replace("\r", "")


def record_moves(record):
    return ["pass" if m.get("pass") else m["tile"] + m.get("end", "") for m in record["moves"]]


def ends_after(record, count):
    """The open ends after the record's first `count` moves, and each seat's lacked values and
    tiles played then: a replay written from docs/rules.md ("Moves")."""
    seats = len(record["hands"])
    left = right = None
    lacks = [set() for _ in range(seats)]
    played = [0] * seats
    for m in record["moves"][:count]:
        seat = m["seat"]
        if m.get("pass"):
            lacks[seat] |= {left, right}
            continue
        a, b = int(m["tile"][0]), int(m["tile"][2])
        played[seat] += 1
        if left is None:
            left, right = a, b
        elif m["end"] == "L":
            left = b if a == left else a
        else:
            right = b if a == right else a
    return lacks, played


def names_of(seats, partners):
    return ["you"] + [("partner" if partners and s == 2 else f"seat {s}") for s in range(1, seats)]


def read_games(screen, seats, partners):
    """Splits the screen into games: each a list of events in order, ('move', text) for every move
    shown and ('position', {name: (count, lacks)}, hand) for every position shown to the person."""
    names = names_of(seats, partners)
    games = []
    position = None
    for line in screen.split("\n"):
        line = line.replace("your move> ", "")
        if line.startswith("=== game "):
            games.append([])
            continue
        if not games:
            continue
        events = games[-1]
        m = re.match(r"^(seat \d|partner) +\S+: (\d+) tiles?(?:, has shown it lacks ([\d, ]+))?$", line)
        if m:
            lacks = {int(v) for v in m.group(3).split(", ")} if m.group(3) else set()
            position = position if position is not None else {}
            position[m.group(1)] = (int(m.group(2)), lacks)
            continue
        m = re.match(r"^you {6}(.*?) +\(\d+ pips\)$", line)
        if m and position is not None:
            events.append(("position", position, m.group(1).split()))
            position = None
            continue
        for pattern in (r"^(?:seat \d|partner) plays (\S+)$", r"^your only move, (\S+), is played$",
                        r"^moves +1\) (\S+)"):
            m = re.match(pattern, line)
            if m:
                events.append(("move", m.group(1)))
        if re.match(r"^(?:seat \d|partner) passes: it has no", line) or line.endswith(": you pass"):
            events.append(("move", "pass"))
    assert all(n in names for g in games for e in g if e[0] == "position" for n in e[1]), names
    return games


def check_session(check, label, screen, records, seats, partners, specs):
    names = names_of(seats, partners)
    check(f"{label}: every game is saved", len(records) == 2 and
          len(re.findall(r"--- game \d over", screen)) == 2, str(len(records)))
    for r in records:
        check(f"{label}: the record is a legal, rightly scored game (table_rules)",
              table_rules.check_record(r) == [], str(table_rules.check_record(r)))
        check(f"{label}: the record seats the person and the strategies", r["players"] == specs,
              str(r["players"]))
    games = read_games(screen, seats, partners)
    check(f"{label}: the screen shows both games", len(games) == len(records), str(len(games)))
    for g, (events, r) in enumerate(zip(games, records)):
        shown = [e[1] for e in events if e[0] == "move"]
        check(f"{label}: game {g + 1}'s moves on the screen are the record's", shown == record_moves(r),
              f"{shown} vs {record_moves(r)}")
        done, bad = 0, []
        for e in events:
            if e[0] == "move":
                done += 1
                continue
            lacks, played = ends_after(r, done)
            for seat in range(1, seats):
                want = (len(r["hands"][seat]) - played[seat], lacks[seat])
                if e[1].get(names[seat]) != want:
                    bad.append((done, names[seat], e[1].get(names[seat]), want))
            if len(e[2]) != len(r["hands"][0]) - played[0]:
                bad.append((done, "you", e[2]))
        check(f"{label}: game {g + 1}: every position shows each seat's count and passes", not bad, str(bad[:3]))
        block = screen.split(f"--- game {g + 1} over")[1].split("\n\n")[0]
        for seat in range(seats):
            row = re.search(rf"^{names[seat]}: +left (.*?) +\( *(\d+) pips\)", block, re.M)
            played = {m["tile"] for m in r["moves"] if m.get("seat") == seat and "tile" in m}
            left = sorted(set(r["hands"][seat]) - played)
            ok = row is not None and int(row.group(2)) == r["pips"][seat] and \
                (row.group(1).split() if row.group(1) != "(none)" else []) == left
            check(f"{label}: game {g + 1}: {names[seat]}'s hand left and pips", ok, block)
        winners = [s for s in range(seats) if r["points"][s] > 0]
        if not winners:
            check(f"{label}: game {g + 1}: nobody scores", "nobody scores" in block, block)
        else:
            team = r["teams"][winners[0]]
            who = ("your team" if team == 0 else "seats 1 and 3") if partners else names[winners[0]]
            verb = "score" if who in ("you", "seats 1 and 3") else "scores"
            check(f"{label}: game {g + 1}: the winners and their points",
                  f"{who} {verb} {r['points'][winners[0]]}\n" in block + "\n", block)
    teams = records[0]["teams"] if records else []
    # A team's points in a game: every seat of it is credited with them (0 when it did not win).
    totals = {t: sum(max(r["points"][s] for s in range(seats) if teams[s] == t) for r in records)
              for t in set(teams)}
    if partners:
        want = f"final score after 2 games: your team {totals.get(0)}, seats 1 and 3 {totals.get(1)}"
    else:
        want = "final score after 2 games: " + ", ".join(f"{names[t]} {totals.get(t)}" for t in range(seats))
    check(f"{label}: the final score is the records' points by team", want in screen, want)


def main():
    binary = os.path.abspath(sys.argv[1])
    check = Checks()
    folder = tempfile.mkdtemp(prefix="play-table-")
    try:
        games = os.path.join(folder, "four.jsonl")
        code, screen = play_session(binary, ["play", "--seats", "4", "--target", "0", "--partner", "heuristic",
                                             "--against", "lowest", "--seed", "31", "--games", "2",
                                             "--games-out", games])
        check("four seats: exit 0", code == 0, str(code))
        check("four seats: the teams are named", "in two teams: you (seat 0) and your partner, heuristic, in "
              "seat 2, against lowest in seats 1 and 3" in screen, screen[:300])
        check("four seats: the hint values the moves for the team",
              "hint: expected points (your team's minus the other team's at the end of the hand" in screen
              and "each solved exactly with every hand open" in screen and "heuristic would play" in screen,
              screen[:2000])
        with open(games) as f:
            records = [json.loads(line) for line in f]
        check_session(check, "four seats", screen, records, 4, True,
                      ["person", "lowest", "heuristic", "lowest"])

        games = os.path.join(folder, "three.jsonl")
        code, screen = play_session(binary, ["play", "--seats", "3", "--target", "0", "--against", "heuristic",
                                             "--seed", "5", "--games", "2", "--games-out", games])
        check("three seats: exit 0", code == 0, str(code))
        check("three seats: cut-throat is said", "at 3 seats, each for itself: you (seat 0) against "
              "heuristic in seats 1 and 2" in screen, screen[:300])
        with open(games) as f:
            records = [json.loads(line) for line in f]
        check_session(check, "three seats", screen, records, 3, False, ["person", "heuristic", "heuristic"])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
