#!/usr/bin/env python3
"""Self-tests of tests/cli/table_rules.py on game records made by hand (no binary needed).

Each record below was played and scored by hand from docs/rules.md; the comments show the work.
Legal records must pass; broken copies (an illegal move, a missed pass, a wrong winner, wrong
points under each scoring and block rule, ...) must be rejected with a problem that names what is
wrong. Then the checker is sabotaged in several ways (two scoring rules swapped, the block rule
ignored, ...) and each sabotage must make some self-test fail, so the self-tests can fail.

Usage: /usr/bin/python3 table_rules_selftest.py   (exit 0 when every check holds)
Small sets keep the games short: double-3 (tiles 0-0 .. 3-3, ten of them), two tiles a seat.
"""
import copy
import sys
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))
import table_rules  # noqa: E402


# --- building records ------------------------------------------------------------------------

def rules(seats, **keys):
    """A record's `rules`: double-3, 2 tiles each, losers-pips, random leader, single games; with
    more seats the keys of docs/formats.md (partners with 4 seats, block team, next-leader
    alternate). Keyword names use _ for -."""
    made = {"double": 3, "hand-size": 2, "scoring": "losers-pips" if seats > 2 else "opponent-pips",
            "leader": "random", "target": 0}
    if seats > 2:
        made.update({"seats": seats, "partners": seats == 4, "block": "team", "next-leader": "alternate"})
    made.update({k.replace("_", "-"): v for k, v in keys.items()})
    return made


def move(text):
    """'1:2-3R' -> {"seat":1,"tile":"2-3","end":"R"}; '0:pass'; '2:2-2' (a lead)."""
    seat, what = text.split(":")
    if what == "pass":
        return {"seat": int(seat), "pass": True}
    if what[-1] in "LR":
        return {"seat": int(seat), "tile": what[:-1], "end": what[-1]}
    return {"seat": int(seat), "tile": what}


def record(the_rules, hands, leader, moves, pips, points, deal=0, game=0, match_game=None, **extra):
    seats = len(hands)
    made = {"deal": deal, "game": game}
    if match_game is not None:
        made["match_game"] = match_game
    made.update({"players": [f"p{s}" for s in range(seats)], "rules": the_rules, "leader": leader,
                 "hands": hands, "moves": [move(m) for m in moves], "pips": pips, "points": points})
    if seats > 2:
        made["teams"] = ([0, 1, 0, 1] if the_rules["partners"] else list(range(seats)))
    made.update(extra)
    return made


def changed(original, **members):
    """A copy of a record with some members replaced (moves given as texts)."""
    made = copy.deepcopy(original)
    for key, value in members.items():
        made[key] = [move(m) for m in value] if key == "moves" else value
    return made


def with_rules(original, **keys):
    return changed(original, rules={**original["rules"], **{k.replace("_", "-"): v for k, v in keys.items()}})


# --- the games, played by hand -----------------------------------------------------------------

# R1. Four seats in partnerships, leader heaviest-double. Dealt: s0 0-3 2-2, s1 1-1 1-2,
# s2 0-0 2-3, s3 0-1 1-3 (0-2 and 3-3 undrawn). Highest double dealt: 2-2, so s0 leads it.
#   s0 2-2 (ends 2|2); s1 1-2L (equal ends: left only; 1|2); s2 2-3R (1|3);
#   s3 1-3R (1|1); s0 holds 0-3: no 1, s1 can play, so s0 passes; s1 1-1L: out (domino).
# Left: s0 3, s1 0, s2 0, s3 1. Team 1 (s1, s3) wins. Losers (s0, s2) hold 3:
#   losers-pips 3; pip-difference 3 - (0 + 1) = 2; all-pips 3 + 1 = 4.
R1_HANDS = [["0-3", "2-2"], ["1-1", "1-2"], ["0-0", "2-3"], ["0-1", "1-3"]]
R1_MOVES = ["0:2-2", "1:1-2L", "2:2-3R", "3:1-3R", "0:pass", "1:1-1L"]
R1 = record(rules(4, leader="heaviest-double"), R1_HANDS, 0, R1_MOVES, [3, 0, 0, 1], [0, 3, 0, 3])
R1_DIFF = changed(with_rules(R1, scoring="pip-difference"), points=[0, 2, 0, 2])
R1_ALL = changed(with_rules(R1, scoring="all-pips"), points=[0, 4, 0, 4])
# Cut-throat: s1 alone wins, the losers s0, s2, s3 hold 3 + 0 + 1 = 4.
R1_CUT = changed(with_rules(R1, partners=False), points=[0, 4, 0, 0], teams=[0, 1, 2, 3])

# R2. Four seats, partnerships, leader alternate: deal 1 is led by seat (1 + 0) mod 4 = 1.
# Dealt: s0 1-1 2-2, s1 0-1 1-2, s2 0-0 2-3, s3 0-2 1-3 (0-3, 3-3 undrawn).
#   s1 1-2 (1|2); s2 2-3R (1|3, its only move); s3 1-3L (3|3). Nobody holds a 3: blocked.
# Left: s0 2 + 4 = 6, s1 1, s2 0, s3 2. Teams: team 0 = 6 + 0 = 6, team 1 = 1 + 2 = 3.
#   block team: team 1 wins; losers-pips 6, pip-difference 6 - 3 = 3, all-pips 9.
#   block lowest-seat: s2 (0) wins for team 0; losers-pips 3, pip-difference 3 - 6 < 0 so 0
#   (nobody is credited), all-pips 9.
R2_HANDS = [["1-1", "2-2"], ["0-1", "1-2"], ["0-0", "2-3"], ["0-2", "1-3"]]
R2_MOVES = ["1:1-2", "2:2-3R", "3:1-3L"]
R2 = record(rules(4, leader="alternate"), R2_HANDS, 1, R2_MOVES, [6, 1, 0, 2], [0, 6, 0, 6], deal=1)
R2_DIFF = changed(with_rules(R2, scoring="pip-difference"), points=[0, 3, 0, 3])
R2_ALL = changed(with_rules(R2, scoring="all-pips"), points=[0, 9, 0, 9])
R2_LOW = changed(with_rules(R2, block="lowest-seat"), points=[3, 0, 3, 0])
R2_LOW_DIFF = changed(with_rules(R2, block="lowest-seat", scoring="pip-difference"), points=[0, 0, 0, 0])
R2_LOW_ALL = changed(with_rules(R2, block="lowest-seat", scoring="all-pips"), points=[9, 0, 9, 0])
# Cut-throat: s2 (0 pips) wins alone; losers 6 + 1 + 2 = 9 under every scoring (s2 holds 0).
R2_CUT = changed(with_rules(R2, partners=False), points=[0, 0, 9, 0], teams=[0, 1, 2, 3])

# R7. Four seats, double-4, block lowest-seat: a tie for the fewest. Dealt: s0 1-2 4-4,
# s1 0-1 0-2, s2 1-3 2-3, s3 0-3 1-1 (every other 4 undrawn). Highest double: 4-4, s0 leads it;
# nobody holds a 4: blocked at once. Left: s0 3, s1 3, s2 9, s3 5.
#   lowest-seat: s0 (team 0) and s1 (team 1) share the fewest: nobody wins.
#   team: team 0 = 3 + 9 = 12, team 1 = 3 + 5 = 8: team 1 wins 12.
#   cut-throat (lowest-seat or team alike): s0 and s1 tie for the fewest: nobody wins.
R7_HANDS = [["1-2", "4-4"], ["0-1", "0-2"], ["1-3", "2-3"], ["0-3", "1-1"]]
R7 = record(rules(4, double=4, leader="heaviest-double", block="lowest-seat"), R7_HANDS, 0, ["0:4-4"],
            [3, 3, 9, 5], [0, 0, 0, 0])
R7_TEAM = changed(with_rules(R7, block="team"), points=[0, 12, 0, 12])
R7_CUT = changed(with_rules(R7, partners=False), teams=[0, 1, 2, 3])
# R7 with s1's and s2's hands exchanged: left 3, 9, 3, 5; s0 and s2 share the fewest, both of
# team 0, which wins the losers' 9 + 5 = 14.
R7_SAME = changed(R7, hands=[R7_HANDS[0], R7_HANDS[2], R7_HANDS[1], R7_HANDS[3]], pips=[3, 9, 3, 5],
                  points=[14, 0, 14, 0])

# R3. Three seats (cut-throat), random leader s0. Dealt: s0 1-2 2-2, s1 1-1 2-3, s2 0-1 1-3.
#   s0 1-2 (1|2); s1 2-3R (1|3); s2 1-3L (3|3). 0-3 and 3-3 are undrawn: blocked.
# Left: s0 4, s1 2, s2 1: s2 wins. Losers 4 + 2 = 6: losers-pips 6, pip-difference 5, all-pips 7.
R3_HANDS = [["1-2", "2-2"], ["1-1", "2-3"], ["0-1", "1-3"]]
R3 = record(rules(3), R3_HANDS, 0, ["0:1-2", "1:2-3R", "2:1-3L"], [4, 2, 1], [0, 0, 6])
R3_DIFF = changed(with_rules(R3, scoring="pip-difference"), points=[0, 0, 5])
R3_ALL = changed(with_rules(R3, scoring="all-pips"), points=[0, 0, 7])
# R3b: s2 holds 0-2 instead of 0-1: left 4, 2, 2; s1 and s2 tie for the fewest: nobody wins.
R3B = changed(R3, hands=[["1-2", "2-2"], ["1-1", "2-3"], ["0-2", "1-3"]], pips=[4, 2, 2], points=[0, 0, 0])

# R3c. Three seats, heaviest-double, no double dealt: all six non-doubles are dealt.
# Dealt: s0 0-1 1-3, s1 0-2 2-3, s2 0-3 1-2. Heaviest tile 2-3 (5 pips): s1 must lead it.
#   s1 2-3 (2|3); s2 0-3R (2|0); s0 0-1R (2|1, its only move); s1 0-2L: out (domino).
# Left: s0 4, s1 0, s2 3: s1 scores 7.
R3C = record(rules(3, leader="heaviest-double"), [["0-1", "1-3"], ["0-2", "2-3"], ["0-3", "1-2"]], 1,
             ["1:2-3", "2:0-3R", "0:0-1R", "1:0-2L"], [4, 0, 3], [0, 7, 0])

# R4. Two seats, double-2, two tiles each. s0 0-0 1-2, s1 1-1 2-2. s0 leads 1-2 (1|2); s1 2-2R;
# s0 holds only 0-0 and passes (s1 can play); s1 1-1L: out. s0 still holds 0-0 (0 pips): with
# two seats the fewer pips win, 0 against 0 is a draw.
R4 = record(rules(2, double=2), [["0-0", "1-2"], ["1-1", "2-2"]], 0,
            ["0:1-2", "1:2-2R", "0:pass", "1:1-1L"], [0, 0], [0, 0])

# R5. Two seats, double-3, three tiles each, leader alternate: deal 0 is led by seat 0.
# Dealt: s0 0-2 1-2 1-3, s1 1-1 2-2 2-3 (0-0, 0-1, 0-3, 3-3 undrawn).
#   s0 1-2 (1|2); s1 2-3R (1|3); s0 1-3L (3|3); nobody holds a 3: blocked.
# Left: s0 2, s1 6: s0 wins. opponent-pips 6, pip-difference 4, all-pips 8.
R5_HANDS = [["0-2", "1-2", "1-3"], ["1-1", "2-2", "2-3"]]
R5 = record(rules(2, hand_size=3, leader="alternate"), R5_HANDS, 0, ["0:1-2", "1:2-3R", "0:1-3L"],
            [2, 6], [6, 0])
R5_DIFF = changed(with_rules(R5, scoring="pip-difference"), points=[4, 0])
R5_ALL = changed(with_rules(R5, scoring="all-pips"), points=[8, 0])
# The other seating of the same deal: the players change seats, the hands stay (docs/rules.md).
R5_GAME1 = changed(R5, game=1, players=["p1", "p0"])

# Forfeits (rules.md, Forfeits).
# F2: R5 after s0's lead; s1 (three legal moves: 1-1L, 2-2R, 2-3R) answers illegally.
# Left s0 0-2 1-3 = 6, s1 1-1 2-2 2-3 = 11: s0 scores 11 under every scoring rule.
F2 = changed(with_rules(R5, scoring="all-pips"), moves=["0:1-2"], pips=[6, 11], points=[11, 0],
             forfeit="illegal", forfeit_seat=1)
# F4: R2 after two moves; s3 (1-3L or 1-3R: two moves) times out. Left 6, 1, 0, 6. Team 1
# forfeits: team 0 scores team 1's pips, 1 + 6 = 7, under every scoring rule.
F4 = changed(with_rules(R2, scoring="all-pips"), moves=["1:1-2", "2:2-3R"], pips=[6, 1, 0, 6],
             points=[7, 0, 7, 0], forfeit="timeout", forfeit_seat=3)
# F4c: the same position, s0 (not to move) crashes: team 1 scores team 0's pips, 6 + 0 = 6.
F4C = changed(F4, points=[0, 6, 0, 6], forfeit="crash", forfeit_seat=0)
# F3: R3 after s0's lead; s1 (1-1L or 2-3R) answers illegally. Left s0 4, s1 7, s2 5. A block
# among s0 and s2: s0 (4) wins; losers s1 + s2 = 12. pip-difference: 12 - 4 = 8.
F3 = changed(with_rules(R3, scoring="pip-difference"), moves=["0:1-2"], pips=[4, 7, 5],
             points=[8, 0, 0], forfeit="illegal", forfeit_seat=1)
F3_LOSERS = changed(with_rules(F3, scoring="losers-pips"), points=[12, 0, 0])
F3_ALL = changed(with_rules(F3, scoring="all-pips"), points=[16, 0, 0])
# F3 with one player in seats 0 and 1 (sides 0, 0, 1): s0's 4 pips are its own side's, so s2 (5)
# wins, the only seat of the other player; losers s0 + s1 = 11, pip-difference 11 - 5 = 6.
F3_SIDES = changed(F3, sides=[0, 0, 1], points=[0, 0, 6])

# Matches (rules.md, Matches; Three and four seats, Matches and The lead).
# R1 turned by k seats: seat s of R1 sits in seat s + k. The seat that went out (R1's s1) is
# then s1 + k, and the losers still hold 3.
R1_TURNED_1 = record(rules(4), [["0-1", "1-3"], ["0-3", "2-2"], ["1-1", "1-2"], ["0-0", "2-3"]], 1,
                     ["1:2-2", "2:1-2L", "3:2-3R", "0:1-3R", "1:pass", "2:1-1L"],
                     [1, 3, 0, 0], [3, 0, 3, 0])   # s2 out: team 0 scores 3
R1_TURNED_2 = record(rules(4), [["0-0", "2-3"], ["0-1", "1-3"], ["0-3", "2-2"], ["1-1", "1-2"]], 2,
                     ["2:2-2", "3:1-2L", "0:2-3R", "1:1-3R", "2:pass", "3:1-1L"],
                     [0, 1, 3, 0], [0, 3, 0, 3])   # s3 out: team 1 scores 3


def match(the_rules, *games, deal=1):
    """The games as one match: the same rules, deal and seating, match_game 0, 1, ..."""
    return [changed(g, rules=the_rules, deal=deal, match_game=i) for i, g in enumerate(games)]


# MA: target 9, next-leader alternate. Game 0 = R2 (led by seat 1, team 1 scores 6); game 1 led
# by seat 2 = R1 turned by 2 (team 1 scores 3): team 1's total 9 reaches 9, the match ends.
# Also right under next-leader same (alternate leader: seat (1 + 1) mod 4 = 2) and heaviest-double
# (2-2 is the highest double dealt in game 1, held by seat 2, who leads it).
MA_RULES = rules(4, leader="alternate", target=9)
MA = match(MA_RULES, R2, R1_TURNED_2)
# MW: next-leader winner. Game 0 = R2: blocked, team 1 wins, its seat with the fewest pips is s1
# (1 against 2). Game 1 = R1 turned by 1, led by s1: s2 goes out, team 0 scores 3 (totals 3 and 6).
# Game 2 led by s2 (who went out) = R1 turned by 2: team 1 scores 3, total 9: over.
MW_RULES = rules(4, leader="alternate", target=9, next_leader="winner")
MW = match(MW_RULES, R2, R1_TURNED_1, R1_TURNED_2)
# MC: three seats, next-leader winner, target 6. Game 0 = R3b (led by s0, nobody wins, so the seat
# after the leader, s1, leads next). Game 1 = R3 turned by 1 seat (s1 leads 1-2, s2 2-3R,
# s0 1-3L, blocked; left s0 1, s1 4, s2 2): s0 scores 4 + 2 = 6, which reaches 6.
R3_TURNED_1 = record(rules(3), [["0-1", "1-3"], ["1-2", "2-2"], ["1-1", "2-3"]], 1,
                     ["1:1-2", "2:2-3R", "0:1-3L"], [1, 4, 2], [6, 0, 0])
MC = match(rules(3, target=6, next_leader="winner"), R3B, R3_TURNED_1, deal=0)
# M2: two seats, target 6: a total must exceed 6. Leader alternate: seat (0 + g) mod 2.
# Game 0 = R5 (s0 +6: 6 is not above 6); game 1 = R5 with the hands swapped, led by s1
# (s1 +6); game 2 = R5 (s0 12 > 6): over.
R5_SWAPPED = changed(R5, hands=[R5_HANDS[1], R5_HANDS[0]], leader=1,
                     moves=["1:1-2", "0:2-3R", "1:1-3L"], pips=[6, 2], points=[0, 6])
M2 = match(rules(2, hand_size=3, leader="alternate", target=6), R5, R5_SWAPPED, R5, deal=0)


# --- what must pass and what must be rejected --------------------------------------------------

LEGAL = {
    "4 seats, partners, domino, losers-pips": [R1],
    "4 seats, partners, domino, pip-difference": [R1_DIFF],
    "4 seats, partners, domino, all-pips": [R1_ALL],
    "4 seats, cut-throat, domino": [R1_CUT],
    "4 seats, partners, blocked, block team, losers-pips": [R2],
    "4 seats, blocked, block team, pip-difference": [R2_DIFF],
    "4 seats, blocked, block team, all-pips": [R2_ALL],
    "4 seats, blocked, block lowest-seat, losers-pips": [R2_LOW],
    "4 seats, blocked, block lowest-seat, pip-difference below 0": [R2_LOW_DIFF],
    "4 seats, blocked, block lowest-seat, all-pips": [R2_LOW_ALL],
    "4 seats, cut-throat, blocked": [R2_CUT],
    "4 seats, block lowest-seat, seats of two teams tie": [R7],
    "4 seats, block team where lowest-seat would tie": [R7_TEAM],
    "4 seats, cut-throat, two seats tie for the fewest": [R7_CUT],
    "4 seats, block lowest-seat, partners tie": [R7_SAME],
    "3 seats, blocked, losers-pips": [R3],
    "3 seats, blocked, pip-difference": [R3_DIFF],
    "3 seats, blocked, all-pips": [R3_ALL],
    "3 seats, blocked, tie for the fewest": [R3B],
    "3 seats, heaviest-double without doubles": [R3C],
    "2 seats, domino against 0-0 is a draw": [R4],
    "2 seats, blocked, opponent-pips": [R5],
    "2 seats, blocked, losers-pips (the other name)": [changed(with_rules(R5, scoring="losers-pips"))],
    "2 seats, blocked, pip-difference": [R5_DIFF],
    "2 seats, blocked, all-pips": [R5_ALL],
    "2 seats, both seatings of a deal": [R5, R5_GAME1],
    "2 seats, forfeit scores the hand left": [F2],
    "4 seats, partners, forfeit": [F4],
    "4 seats, partners, crash of a seat not to move": [F4C],
    "3 seats, cut-throat forfeit, pip-difference": [F3],
    "3 seats, cut-throat forfeit, losers-pips": [F3_LOSERS],
    "3 seats, cut-throat forfeit, all-pips": [F3_ALL],
    "3 seats, cut-throat forfeit, one player in two seats": [F3_SIDES],
    "4 seats, match, next-leader alternate": MA,
    "4 seats, match, next-leader same": match({**MA_RULES, "next-leader": "same"}, R2, R1_TURNED_2),
    "4 seats, match, next-leader heaviest-double": match({**MA_RULES, "next-leader": "heaviest-double"},
                                                         R2, R1_TURNED_2),
    "4 seats, match, next-leader winner": MW,
    "3 seats, match, winner after nobody won": MC,
    "2 seats, match exceeds the target": M2,
}

# (what, records, a phrase the problem must contain)
BROKEN = [
    ("a tile that fits neither end", [changed(R1, moves=R1_MOVES[:2] + ["2:0-0R"])], "does not fit"),
    ("a tile not in the mover's hand", [changed(R1, moves=R1_MOVES[:2] + ["2:1-3R"])],
     "not in the seat's hand"),
    ("a missed pass", [changed(R1, moves=R1_MOVES[:4] + R1_MOVES[5:])], "turn order"),
    ("a pass when a tile fits", [changed(R1, moves=["0:2-2", "1:pass"] + R1_MOVES[2:])], "illegal pass"),
    ("R on equal ends", [changed(R1, moves=["0:2-2", "1:1-2R"] + R1_MOVES[2:])], "equal ends"),
    ("a lead with an end", [changed(R1, moves=["0:2-2L"] + R1_MOVES[1:])], "lead has no end"),
    ("a move after a domino", [changed(R1, moves=R1_MOVES + ["2:0-0L"])], "after the game ended"),
    ("moves stopping early", [changed(R1, moves=R1_MOVES[:-1])], "stop before the game ended"),
    ("a pass after a block", [changed(R2, moves=R2_MOVES + ["0:pass"])], "after the game ended (blocked"),
    ("4 seats, heaviest-double, the wrong tile led", [changed(R1, moves=["0:0-3"] + R1_MOVES[1:])], "leader"),
    ("4 seats, heaviest-double, the wrong seat led", [changed(R1, leader=1, moves=["1:1-1"])], "leader"),
    ("3 seats, heaviest tile, the wrong tile led", [changed(R3C, moves=["1:0-2"])], "leader"),
    ("alternate leader of deal 2 is seat 2", [changed(R2, deal=2)], "leader"),
    ("a wrong winner", [changed(R1, points=[3, 0, 3, 0])], "winner"),
    ("losers-pips scored as all-pips", [changed(R1, points=[0, 4, 0, 4])], "points"),
    ("pip-difference scored as losers-pips", [changed(R1_DIFF, points=[0, 3, 0, 3])], "points"),
    ("all-pips scored as pip-difference", [changed(R1_ALL, points=[0, 2, 0, 2])], "points"),
    ("block lowest-seat scored as block team", [changed(R2_LOW, points=[0, 6, 0, 6])], "winner"),
    ("block team scored as block lowest-seat", [changed(R2, points=[3, 0, 3, 0])], "winner"),
    ("pip-difference below 0 credited", [changed(R2_LOW_DIFF, points=[0, 3, 0, 3])], "winner"),
    ("a tie for the fewest credited", [changed(R3B, points=[0, 6, 0])], "winner"),
    ("a lowest-seat tie settled by the team totals", [changed(R7, points=[0, 12, 0, 12])], "winner"),
    ("a cut-throat tie settled by the next seat", [changed(R7_CUT, points=[0, 0, 0, 15])], "winner"),
    ("3 seats, pip-difference scored as all-pips", [changed(R3_DIFF, points=[0, 0, 7])], "points"),
    ("2 seats, pip-difference scored as opponent-pips", [changed(R5_DIFF, points=[6, 0])], "points"),
    ("2 seats, all-pips scored as opponent-pips", [changed(R5_ALL, points=[6, 0])], "points"),
    ("a partner not credited", [changed(R1, points=[0, 3, 0, 0])], "winner"),
    ("wrong pips", [changed(R1, pips=[3, 0, 0, 0])], "pips"),
    ("wrong teams", [changed(R1, teams=[0, 0, 1, 1])], "teams"),
    ("cut-throat record with partners' teams", [changed(R1_CUT, teams=[0, 1, 0, 1])], "teams"),
    ("no teams with 4 seats", [{k: v for k, v in R1.items() if k != "teams"}], "teams"),
    ("a two-seat record with teams", [changed(R5, teams=[0, 1])], "two-seat record carries"),
    ("partners with 3 seats", [with_rules(R3, partners=True)], "partners"),
    ("seats against players", [with_rules(R5, seats=3)], "seats"),
    ("a tile dealt twice", [changed(R1, hands=R1_HANDS[:3] + [["0-1", "2-2"]])], "dealt twice"),
    ("a hand of the wrong size", [changed(R5, hands=[["0-2", "1-2"], R5_HANDS[1]])], "hand-size"),
    ("an unsorted hand", [changed(R5, hands=[["1-2", "0-2", "1-3"], R5_HANDS[1]])], "not sorted"),
    ("the same deal with other hands", [R5, changed(R5_SWAPPED, game=1, deal=0)], "deal"),
    ("2 seats, a forfeit scored by the scoring rule", [changed(F2, points=[17, 0])], "points"),
    ("4 seats, a forfeit scored by the scoring rule", [changed(F4, points=[13, 0, 13, 0])], "points"),
    ("3 seats, a forfeit's pip-difference scored as losers-pips", [changed(F3, points=[12, 0, 0])], "points"),
    ("a timeout of a seat not to move", [changed(F4, forfeit_seat=2)], "not asked"),
    ("a timeout of a seat with a forced move", [changed(F4, moves=["1:1-2"], pips=[6, 1, 5, 6],
                                                        forfeit_seat=2)], "not asked"),
    ("a forfeit after the end", [changed(R5, forfeit="crash", forfeit_seat=1)], "forfeit"),
    ("4 seats, a match stopped below the target",
     match({**MA_RULES, "target": 10}, R2, R1_TURNED_2), "match"),
    ("4 seats, a match going on after the target",
     match(MA_RULES, R2, R1_TURNED_2, changed(R1_TURNED_2, leader=3, moves=[])), "match"),
    ("next-leader winner where alternate is the rule",
     match(MA_RULES, R2, R1_TURNED_1, R1_TURNED_2), "leader"),
    ("next-leader alternate where winner is the rule",
     match(MW_RULES, R2, R1_TURNED_2), "leader"),
    ("next-leader same with alternate: seat (d + g) mod S",
     match({**MA_RULES, "next-leader": "same"}, R2, R1_TURNED_1, R1_TURNED_2), "leader"),
    ("next-leader winner after partners tie: the first from the previous leader (s0), not s2",
     match(rules(4, double=4, leader="heaviest-double", block="lowest-seat", next_leader="winner",
                 target=100), R7_SAME, R1_TURNED_2, deal=0),
     "seat 2 led, next-leader winner gives seat 0 [reading R8]"),
    ("2 seats, a match ended at the target, not above it", M2[:1], "match"),
    ("3 seats, a match going past a total that reached the target",
     MC + [changed(R3_TURNED_1, rules=MC[0]["rules"], deal=0, match_game=2, leader=2,
                   moves=["2:1-1"])], "match"),
    ("a match game out of order", [M2[0], M2[2]], "match"),
]


def failures():
    """Every way the checker disagrees with the hand-made verdicts, one line each."""
    found = []
    for what, records in LEGAL.items():
        for problem in table_rules.check_records(records):
            found.append(f"legal record refused ({what}): {problem}")
    for what, records, phrase in BROKEN:
        problems = table_rules.check_records(records)
        if not any(phrase in p for p in problems):
            found.append(f"broken record accepted ({what}): no problem names '{phrase}' in {problems}")
    return found


# --- sabotage: a deliberately wrong checker must fail the self-tests ----------------------------
# Each sabotage replaces one function of table_rules with a wrong rule, through the originals.

ORIGINAL = {name: getattr(table_rules, name) for name in
            ("team_score", "winning_team", "forfeit_result", "team_with_fewest", "play_one",
             "legal_moves", "can_play")}


def swapped_scores(scoring, winners_pips, losers_pips):
    other = {"pip-difference": "all-pips", "all-pips": "pip-difference"}.get(scoring, scoring)
    return ORIGINAL["team_score"](other, winners_pips, losers_pips)


def losers_pips_as_all(scoring, winners_pips, losers_pips):
    return ORIGINAL["team_score"]("all-pips" if scoring == "losers-pips" else scoring,
                                  winners_pips, losers_pips)


def difference_below_zero(scoring, winners_pips, losers_pips):
    if scoring == "pip-difference":
        return losers_pips - winners_pips
    return ORIGINAL["team_score"](scoring, winners_pips, losers_pips)


def block_always_team(rules, teams, outcome, left):
    fake = copy.copy(rules)
    fake.block = "team"
    return ORIGINAL["winning_team"](fake, teams, outcome, left)


def tie_by_team_totals(rules, teams, outcome, left):
    winner = ORIGINAL["winning_team"](rules, teams, outcome, left)
    if winner is None and rules.block == "lowest-seat" and outcome.how == "blocked":
        return ORIGINAL["team_with_fewest"](teams, left, range(rules.seats))
    return winner


def forfeit_by_scoring(rules, teams, seat, left, sides, leader):
    winner, _ = ORIGINAL["forfeit_result"](rules, teams, seat, left, sides, leader)
    return winner, None


def forfeit_without_sides(rules, teams, seat, left, sides, leader):
    return ORIGINAL["forfeit_result"](rules, teams, seat, left, list(range(rules.seats)), leader)


def any_pass(move, hand, line, rules):
    return None if move.get("pass") else ORIGINAL["play_one"](move, hand, line, rules)


def blocked_when_mover_stuck(held, line, to_move):
    return not ORIGINAL["can_play"](held[to_move], line)


def right_on_equal_ends(hand, line):
    moves = ORIGINAL["legal_moves"](hand, line)
    return moves + [(t, "R") for t, end in moves if line[0] == line[1]]


def lowest_double(hands):
    doubles = [(seat, t) for seat, hand in enumerate(hands) for t in hand if t[0] == t[1]]
    return min(doubles, key=lambda seat_tile: seat_tile[1])


def winner_as_alternate(rules, teams, previous, outcome):
    return (previous["leader"] + 1) % rules.seats, ""


SABOTAGES = {  # what: (the function replaced, the wrong one)
    "pip-difference and all-pips swapped": ("team_score", swapped_scores),
    "losers-pips scored as all-pips": ("team_score", losers_pips_as_all),
    "pip-difference not cut at 0": ("team_score", difference_below_zero),
    "block lowest-seat played as block team": ("winning_team", block_always_team),
    "a lowest-seat tie between teams settled by the team totals": ("winning_team", tie_by_team_totals),
    "matches end on reaching the target with two seats too": ("match_over", lambda t, target, s: t >= target),
    "matches end only above the target with more seats": ("match_over", lambda t, target, s: t > target),
    "a pass allowed with a playable tile": ("play_one", any_pass),
    "block detection looks at the seat to move only": ("is_blocked", blocked_when_mover_stuck),
    "R allowed on equal ends": ("legal_moves", right_on_equal_ends),
    "the lowest double leads": ("heaviest_double_lead", lowest_double),
    "forfeits scored by the scoring rule": ("forfeit_result", forfeit_by_scoring),
    "a cut-throat forfeit blind to the player's other seat": ("forfeit_result", forfeit_without_sides),
    "next-leader winner played as alternate": ("next_leader", winner_as_alternate),
}


def sabotage_failures():
    """Sabotages that the self-tests did not catch (should be none)."""
    missed = []
    for what, (name, replacement) in SABOTAGES.items():
        with mock.patch.object(table_rules, name, replacement):
            if not failures():
                missed.append(what)
    return missed


def main():
    found = failures()
    for line in found:
        print("FAIL:", line)
    print(f"table_rules self-tests: {len(LEGAL)} legal files, {len(BROKEN)} broken ones, "
          f"{len(found)} failures")
    if found:  # a sabotage proves something only against self-tests that pass
        return 1
    missed = sabotage_failures()
    for what in missed:
        print(f"FAIL: sabotage not caught by the self-tests: {what}")
    print(f"sabotaged checkers: {len(SABOTAGES) - len(missed)} of {len(SABOTAGES)} caught")
    return 1 if found or missed else 0


if __name__ == "__main__":
    sys.exit(main())
