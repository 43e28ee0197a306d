#!/usr/bin/env python3
"""Game records of 2, 3 and 4 seats replayed move by move by a second rules implementation.

First the self-tests of tests/cli/table_rules.py (hand-made records, and sabotaged checkers that
must fail them). Then `dominoes run --games-out` plays thousands of games across seat counts and
rule parameters (docs/rules.md, "Three and four seats"), and tests/cli/table_rules.py, written from
the documents alone, replays every record: legal moves, passes, blocks, the winner, the points
under the record's rules, the leader, match totals against the target. Each run's records must
also carry the rules its command line asked for, and the runs together must show what the
replay is there to check (blocked hands, passes, hands nobody wins, matches of several games).

Usage: table_rules_replay_test.py PATH/TO/dominoes   (run with /usr/bin/python3)

A run the binary refuses (an option it does not know, such as --seats before the engine plays
three and four seats) is a FAIL with the command and the binary's own line, never a skip.
"""
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import table_rules  # noqa: E402
import table_rules_selftest  # noqa: E402

DOMINOES = Path(sys.argv[1]).resolve()
PLAYERS = ["--player", "heuristic", "--player", "random", "--format", "head-to-head"]
LOSERS = "losers-pips"  # the default scoring's name with more seats; opponent-pips also reads as it

# The runs: (flags, deals, the rules each record must carry). The seat options are those of
# docs/rules.md, "Three and four seats", and docs/formats.md, "Rules keys": --seats, --partners /
# --no-partners, --block, --next-leader, and --target (100 by default with more than two seats).
# The lead adjusts the flags here if the runner spells them otherwise.
TWO_SEATS = [
    ([], 500, {"double": 6, "hand-size": 7, "scoring": "opponent-pips", "leader": "random", "target": 0}),
    (["--scoring", "pip-difference", "--leader", "heaviest-double"], 300,
     {"scoring": "pip-difference", "leader": "heaviest-double"}),
    (["--scoring", "all-pips", "--leader", "alternate", "--double", "9", "--hand-size", "10"], 300,
     {"scoring": "all-pips", "leader": "alternate", "double": 9, "hand-size": 10}),
    (["--double", "3", "--hand-size", "4", "--scoring", "all-pips"], 300,
     {"double": 3, "hand-size": 4}),
    (["--target", "50", "--leader", "alternate"], 100, {"target": 50, "leader": "alternate"}),
    (["--target", "30", "--leader", "heaviest-double", "--scoring", "pip-difference"], 100,
     {"target": 30, "leader": "heaviest-double"}),
]
MORE_SEATS = [
    # Three seats: the written defaults (heaviest-double lead), then other rules.
    (["--seats", "3", "--target", "0"], 500,
     {"seats": 3, "partners": False, "leader": "heaviest-double", "next-leader": "alternate",
      "block": "team", "scoring": LOSERS, "double": 6, "hand-size": 7, "target": 0}),
    (["--seats", "3", "--target", "0", "--leader", "random", "--scoring", "all-pips"], 300,
     {"seats": 3, "leader": "random", "scoring": "all-pips"}),
    (["--seats", "3", "--target", "0", "--leader", "alternate", "--double", "9", "--hand-size", "10",
      "--scoring", "pip-difference"], 300,
     {"seats": 3, "leader": "alternate", "double": 9, "hand-size": 10, "scoring": "pip-difference"}),
    (["--seats", "3", "--target", "0", "--double", "3", "--hand-size", "3", "--leader", "random"], 300,
     {"seats": 3, "double": 3, "hand-size": 3}),
    (["--seats", "3", "--next-leader", "winner"], 40, {"seats": 3, "target": 100, "next-leader": "winner"}),
    # Four seats in partnerships.
    (["--seats", "4", "--target", "0"], 500,
     {"seats": 4, "partners": True, "leader": "heaviest-double", "next-leader": "alternate",
      "block": "team", "scoring": LOSERS, "double": 6, "hand-size": 7, "target": 0}),
    (["--seats", "4", "--target", "0", "--block", "lowest-seat", "--scoring", "pip-difference"], 300,
     {"seats": 4, "block": "lowest-seat", "scoring": "pip-difference"}),
    (["--seats", "4", "--target", "0", "--leader", "random", "--scoring", "all-pips"], 300,
     {"seats": 4, "leader": "random", "scoring": "all-pips"}),
    (["--seats", "4", "--target", "0", "--double", "9", "--hand-size", "10"], 300,
     {"seats": 4, "double": 9, "hand-size": 10}),
    (["--seats", "4", "--target", "0", "--double", "4", "--hand-size", "3", "--partners"], 300,
     {"seats": 4, "partners": True, "double": 4, "hand-size": 3}),
    (["--seats", "4"], 40, {"seats": 4, "partners": True, "target": 100, "next-leader": "alternate"}),
    (["--seats", "4", "--next-leader", "same", "--leader", "alternate"], 30,
     {"seats": 4, "next-leader": "same", "leader": "alternate"}),
    (["--seats", "4", "--next-leader", "winner", "--block", "lowest-seat"], 30,
     {"seats": 4, "next-leader": "winner", "block": "lowest-seat"}),
    (["--seats", "4", "--next-leader", "heaviest-double", "--leader", "random"], 30,
     {"seats": 4, "next-leader": "heaviest-double", "leader": "random"}),
    # Four seats cut-throat.
    (["--seats", "4", "--no-partners", "--target", "0"], 300, {"seats": 4, "partners": False}),
    (["--seats", "4", "--no-partners", "--target", "0", "--block", "lowest-seat", "--scoring",
      "pip-difference", "--leader", "alternate"], 300,
     {"seats": 4, "partners": False, "block": "lowest-seat", "leader": "alternate"}),
    (["--seats", "4", "--no-partners", "--target", "0", "--double", "4", "--hand-size", "3",
      "--leader", "random", "--scoring", "all-pips"], 300,
     {"seats": 4, "partners": False, "double": 4, "hand-size": 3}),
    (["--seats", "4", "--no-partners", "--next-leader", "winner"], 30,
     {"seats": 4, "partners": False, "next-leader": "winner", "target": 100}),
]

# Forfeits (docs/rules.md, Forfeits): an external bot that answers illegally (tests/bots/illegal.py,
# one legal move first) plays heuristic; the forfeit's points do not follow the scoring rule.
BOT_CONFIG = ("player = ill\nplayer = heuristic\nformat = head-to-head\n\n[bot.ill]\n"
              "command = {python} {bot} --after 1\nrestarts = 1000\n")
FORFEITS = [
    (["--scoring", "all-pips", "--threads", "1"], 20, {"scoring": "all-pips"}),
    (["--seats", "4", "--target", "0", "--scoring", "all-pips", "--threads", "1"], 20,
     {"seats": 4, "partners": True}),
    (["--seats", "4", "--no-partners", "--target", "0", "--scoring", "pip-difference",
      "--threads", "1"], 10, {"seats": 4, "partners": False}),
    (["--seats", "3", "--target", "0", "--scoring", "pip-difference", "--threads", "1"], 10,
     {"seats": 3}),
]

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def run(players, flags, deals, scratch, number):
    """Records of one `dominoes run` (the command is printed), or None when it fails."""
    games = scratch / f"games-{number}.jsonl"
    command = [str(DOMINOES), "run", *players, *flags, "--deals", str(deals), "--seed", "22",
               "--games-out", str(games), "--out", str(scratch / f"out-{number}"), "--quiet"]
    shown = " ".join(["dominoes", *command[1:]])
    print("command:", shown)
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        fail(f"`{shown}` exited {done.returncode}: {said}")
        return None
    return [json.loads(line) for line in games.read_text().splitlines()]


def same_rule(key, got, want):
    if key == "scoring":  # one rule, two names (docs/rules.md; reading R3 of table_rules.py)
        return table_rules.SCORINGS.get(got) == table_rules.SCORINGS.get(want)
    return got == want


def check_run(flags, deals, want, records, tally):
    """The records carry the asked rules, replay cleanly, and number as many as the deals ask."""
    label = " ".join(flags) or "(defaults)"
    if not records:
        fail(f"{label}: no game records")
        return
    for key, value in want.items():
        got = {r.get("rules", {}).get(key) for r in records}
        if not all(same_rule(key, g, value) for g in got):
            fail(f"{label}: records carry {key} = {sorted(map(str, got))}, the command asked for {value}")
    single = want.get("target", records[0]["rules"]["target"]) == 0
    seatings = 2 if len(records[0]["players"]) == 2 or records[0]["rules"].get("partners") else None
    if single and seatings and len(records) != seatings * deals:
        fail(f"{label}: {len(records)} records for {deals} duplicate deals (want {seatings * deals})")
    report(label, table_rules.check_records(records))
    count(records, tally)


def report(label, problems):
    """Each kind of problem (its first word and any reading it rests on) with two examples, so
    that one frequent kind does not hide the others."""
    kinds = {}
    for problem in problems:
        said = problem.split("): ", 1)[-1]
        kind = said.split(":", 1)[0] + (" [reading" + said.rsplit("[reading", 1)[1]
                                        if "[reading" in said else "")
        kinds.setdefault(kind, []).append(problem)
    for kind, found in kinds.items():
        for problem in found[:2]:
            fail(f"{label}: {problem}")
        if len(found) > 2:
            fail(f"{label}: ... {len(found) - 2} more '{kind}' problems")


def count(records, tally):
    """What the records show, per seat count: endings, passes, leaders under `random`, matches."""
    for record in records:
        seats = len(record["players"])
        problems, rules, outcome = table_rules.replay_record(record)
        if outcome is None:
            continue
        tally[seats]["records"] += 1
        tally[seats][outcome.how] += 1
        tally[seats]["passes"] += sum(1 for m in record["moves"] if m.get("pass"))
        tally[seats]["nobody wins"] += not any(record["points"])
        tally[seats]["matches of 2+ games"] += record.get("match_game") == 1
        if rules.leader == "random" and record.get("match_game", 0) == 0:
            tally[seats][f"random leader {record['leader']}"] += 1


def check_coverage(tally):
    """The runs must have shown what the replay checks, or the replay proved little."""
    for seats in (2, 3, 4):
        seen = tally[seats]
        print(f"{seats} seats: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
        for what, least in (("records", 1000), ("domino", 100), ("blocked", 20), ("passes", 100),
                            ("nobody wins", 1), ("matches of 2+ games", 5), ("forfeit", 10)):
            if seen[what] < least:
                fail(f"{seats} seats: {seen[what]} {what} in the replayed records, want at least {least}")
        leads = [seen[f"random leader {s}"] for s in range(seats)]
        # rules.md: a random leader is a seat drawn uniformly: each within half and 1.5 times its share
        if sum(leads) < 300 or not all(0.5 < n * seats / sum(leads) < 1.5 for n in leads):
            fail(f"{seats} seats: random leaders by seat {leads}, not near uniform (or under 300)")


def main():
    print("--- self-tests of tests/cli/table_rules.py")
    if table_rules_selftest.main() != 0:
        fail("the self-tests of tests/cli/table_rules.py fail (above)")
    tally = {seats: Counter() for seats in (2, 3, 4)}
    with tempfile.TemporaryDirectory() as scratch:
        config = Path(scratch) / "bot.cfg"
        config.write_text(BOT_CONFIG.format(python=sys.executable,
                                            bot=Path(__file__).resolve().parents[1] / "bots" / "illegal.py"))
        runs = [(PLAYERS, *r) for r in TWO_SEATS + MORE_SEATS] + [([str(config)], *r) for r in FORFEITS]
        for number, (players, flags, deals, want) in enumerate(runs):
            records = run(players, flags, deals, Path(scratch), number)
            if records is not None:
                check_run(flags, deals, want, records, tally)
    check_coverage(tally)
    print(f"{sum(t['records'] for t in tally.values())} records replayed; "
          f"{len(failures)} failures" + ("" if failures else ": PASS"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
