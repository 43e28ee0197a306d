#!/usr/bin/env python3
"""`dominoes play` playing matches at a pseudo-terminal: four seats in partnerships to 20 points,
and the default match of a three-seat table.

The four-seat session (--target 20, seed 7: a match of three hands in which both teams score)
types `hint` once and then 1 at every prompt, saves its hands (--games-out) and plays the match to
its end. The screen is read back as a person reads it: each hand's announced points add up, hand
by hand, to the running match score shown after it; the match ends after the first hand that
brings a team to the target, and that team is named the winner; the first hand is led by the
holder of 6-6 with it, and each later hand by the seat after the previous hand's leader, as the
screen announces before it. The saved records are checked by the test suite's second rules
implementation (table_rules.py, written from docs/rules.md: legal moves, points, the leaders of a
match's later hands, match totals against the target), and each hand's points on the screen must
be its record's. Standard library only.
Usage: play_match_pty_test.py PATH/TO/dominoes
"""
import json
import os
import re
import shutil
import sys
import tempfile

from play_table_pty_test import PROMPT, finish, play_session, spawn  # beside this script
from pty_io import Checks, read_until  # beside this script
import table_rules  # beside this script

SEATS = {"you": 0, "seat 1": 1, "partner": 2, "seat 3": 3}
TARGET = 20


def read_hands(screen):
    """Returns the hands on the screen in order, each a dict: number, leader (a name), lead tile
    (or None), points (team -> points scored), match score (team -> total) and the next leader
    announced after it (or None)."""
    hands = []
    for block in re.split(r"\n(?==== match 1(?: of 1)?, hand )", screen)[1:]:
        head = re.match(r"=== match 1(?: of 1)?, hand (\d+): (you|seat \d|partner) leads?(?: (\d-\d))? ===",
                        block)
        hand = {"number": int(head.group(1)), "leader": head.group(2), "tile": head.group(3),
                "points": {0: 0, 1: 0}, "score": None, "next": None}
        scored = re.search(r"^(your team|seats 1 and 3) scores? (\d+)$", block, re.M)
        if scored:
            hand["points"][0 if scored.group(1) == "your team" else 1] = int(scored.group(2))
        hand["nobody"] = "a tied block: nobody scores" in block
        score = re.search(rf"^match score: your team (\d+), seats 1 and 3 (\d+) \(to {TARGET}\)$", block, re.M)
        if score:
            hand["score"] = {0: int(score.group(1)), 1: int(score.group(2))}
        nxt = re.search(r"^next hand: (you|seat \d|partner) leads?(?: \(|$)", block, re.M)
        if nxt:
            hand["next"] = nxt.group(1)
        hands.append(hand)
    return hands


def check_four_seats(check, binary, folder):
    games = os.path.join(folder, "match.jsonl")
    code, screen = play_session(binary, ["play", "--seats", "4", "--target", str(TARGET), "--seed", "7",
                                         "--partner", "heuristic", "--against", "heuristic",
                                         "--games-out", games])
    check("four seats: exit 0", code == 0, str(code))
    check("four seats: the match and its target are announced",
          f"Each match goes to {TARGET} points: the first team to reach them wins" in screen, screen[:400])
    check("four seats: the hint says what its points are",
          "hint: expected points (your team's minus the other team's at the end of the hand, every "
          "hand open and played best by both teams)" in screen and "each solved exactly with every "
          "hand open" in screen, screen[:3000])
    hands = read_hands(screen)
    check("four seats: the match has several hands", len(hands) >= 2, str(len(hands)))
    check("four seats: the hands are numbered 1, 2, ...",
          [h["number"] for h in hands] == list(range(1, len(hands) + 1)), str(hands))
    # The running score is the sum of the hands' points, and only the last hand reaches the target.
    totals, bad = {0: 0, 1: 0}, []
    for h in hands:
        for team in (0, 1):
            totals[team] += h["points"][team]
        if h["score"] != totals:
            bad.append((h["number"], h["score"], dict(totals)))
        if sum(h["points"].values()) == 0 and not h["nobody"]:
            bad.append((h["number"], "no points and no tie announced"))
    check("four seats: each match score is the sum of the hands' points so far", not bad, str(bad))
    reached = [max(h["score"].values()) >= TARGET if h["score"] else None for h in hands]
    check("four seats: the match ends with the first hand that reaches the target",
          reached == [False] * (len(hands) - 1) + [True], str(reached))
    winner = max(totals, key=totals.get)
    name = "your team wins" if winner == 0 else "seats 1 and 3 win"
    check("four seats: the winner is announced",
          f"=== match 1 over after {len(hands)} hands: {name} ===" in screen, screen[-600:])
    check("four seats: the final score counts the match won",
          f"final score after 1 match (matches won): your team {1 - winner}, seats 1 and 3 {winner}"
          in screen, screen[-400:])
    # Leaders: the holder of 6-6 leads it, then the next seat in turn, as announced.
    check("four seats: the first hand is led with 6-6", hands[0]["tile"] == "6-6", str(hands[0]))
    for before, after in zip(hands, hands[1:]):
        check(f"four seats: hand {after['number']} is led by the seat after hand {before['number']}'s",
              SEATS[after["leader"]] == (SEATS[before["leader"]] + 1) % 4 and after["tile"] is None,
              f"{before['leader']} then {after['leader']}")
        check(f"four seats: hand {after['number']}'s leader was announced", before["next"] == after["leader"],
              str(before["next"]))
    check("four seats: no next leader after the last hand", hands[-1]["next"] is None, str(hands[-1]))
    # The records, by the second rules implementation.
    with open(games) as f:
        records = [json.loads(line) for line in f]
    check("four seats: every hand is saved", len(records) == len(hands), str(len(records)))
    problems = table_rules.check_records(records)
    check("four seats: the records are legal hands of one match, rightly scored and led (table_rules)",
          problems == [], str(problems[:5]))
    check("four seats: the records are the match's hands in order",
          [r.get("match_game") for r in records] == list(range(len(hands))) and
          all(r["rules"]["target"] == TARGET for r in records), str([r.get("match_game") for r in records]))
    for h, r in zip(hands, records):
        points = {r["teams"][s]: r["points"][s] for s in range(4)}
        check(f"four seats: hand {h['number']}: the points shown are the record's", points == h["points"],
              f"{points} vs {h['points']}")
        check(f"four seats: hand {h['number']}: the leader shown is the record's",
              SEATS[h["leader"]] == r["leader"], f"{h['leader']} vs {r['leader']}")
    first = records[0]
    check("four seats: the first leader holds 6-6", "6-6" in first["hands"][first["leader"]], str(first["hands"]))


def check_three_seats(check, binary):
    """A three-seat table plays a match to 100 by default; quit stops it with the match score."""
    pid, fd = spawn(binary, ["play", "--seats", "3", "--seed", "5"])
    screen = read_until(fd, PROMPT, 30)
    os.write(fd, b"quit\n")
    code, rest = finish(pid, fd)
    text = (screen + rest).decode().replace("\r", "")
    check("three seats: exit 0 after quit", code == 0, str(code))
    check("three seats: a match to 100 by default",
          "Each match goes to 100 points: the first seat to reach them wins" in text and
          "=== match 1 of 1, hand 1: " in text, text[:600])
    check("three seats: quit names the hand and shows the match score",
          "stopped during hand 1 of match 1.\nmatch score: you 0, seat 1 0, seat 2 0 (to 100)\n"
          "final score after 0 matches (matches won): you 0, seat 1 0, seat 2 0" in text, text[-400:])


def main():
    binary = os.path.abspath(sys.argv[1])
    check = Checks()
    folder = tempfile.mkdtemp(prefix="play-match-")
    try:
        check_four_seats(check, binary, folder)
        check_three_seats(check, binary)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
