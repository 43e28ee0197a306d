#!/usr/bin/env python3
"""The JSON Schemas of docs/schemas/ against real files (docs/formats.md).

Small `dominoes run`s write game records (--games-out) and summary.json files in every shape the
runner has: duplicate and single games, a match target, a round robin with ratings, an SPRT, a grid
sweep, an external bot that forfeits. Each record and file must pass its schema, and so must every
committed results/**/summary.json. Then broken copies of real records and files must be rejected,
so the schemas are known to bite. Each game record is also replayed by a small rules engine written
here from docs/rules.md (not the project's), which checks that the moves are legal, that the pips
left match the hands, and that the points follow the scoring rule.

Usage: docs_schemas_test.py PATH/TO/dominoes SOURCE_DIR   (run with /usr/bin/python3, which has
Debian's python3-jsonschema)
"""
import copy
import json
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import jsonschema
except ImportError:
    sys.exit("FAIL: python3-jsonschema is not installed for this python "
             f"({sys.executable}); scripts/install-packages installs it")

DOMINOES, ROOT = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def validator(name):
    schema = json.loads((ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


RECORD, SUMMARY = validator("game-record"), validator("summary")


def first_error(v, document):
    error = next(iter(sorted(v.iter_errors(document), key=lambda e: list(e.path))), None)
    return None if error is None else f"{'/'.join(map(str, error.path)) or '(top)'}: {error.message[:160]}"


# --- an independent replay of a record (docs/rules.md) -----------------------------------------

def tile_values(text):
    low, high = (int(v) for v in text.split("-"))
    return low, high


def replay_problem(record, scoring="opponent-pips"):
    """Returns why the record breaks the rules, or None."""
    hands = [[tile_values(t) for t in hand] for hand in record["hands"]]
    dealt = [t for hand in hands for t in hand]
    if len(set(dealt)) != len(dealt):
        return "a tile is dealt twice"
    left = right = None
    seat = record["leader"]
    passes_in_row = 0
    for k, move in enumerate(record["moves"]):
        if move["seat"] != seat:
            return f"move {k} is by seat {move['seat']}, but seat {seat} is to move"
        hand = hands[seat]
        fits = [t for t in hand if left is None or left in t or right in t]
        if move.get("pass"):
            if fits:
                return f"move {k}: seat {seat} passes holding a playable tile"
            passes_in_row += 1
            if passes_in_row == 2:
                return f"move {k}: two passes in a row (the game was blocked before)"
        else:
            passes_in_row = 0
            tile = tile_values(move["tile"])
            if tile not in hand:
                return f"move {k}: {move['tile']} is not in seat {seat}'s hand"
            end = move.get("end")
            if left is None:
                if end is not None:
                    return f"move {k}: the lead has an end"
                left, right = tile
            elif end == "L" and left in tile:
                left = tile[0] + tile[1] - left
            elif end == "R" and right in tile:
                right = tile[0] + tile[1] - right
            else:
                return f"move {k}: {move['tile']}{end or ''} does not fit the ends {left},{right}"
            hand.remove(tile)
            if not hand and k != len(record["moves"]) - 1 and "forfeit" not in record:
                return f"move {k}: the game goes on after a domino"
        seat = 1 - seat
    pips = [sum(a + b for a, b in hand) for hand in hands]
    if pips != record["pips"]:
        return f"pips {record['pips']}, but the hands left hold {pips}"
    if "forfeit" in record:
        loser = record["forfeit_seat"]
        want = [0, 0]
        want[1 - loser] = pips[loser]
    else:
        ended = not hands[0] or not hands[1] or all(
            not any(left in t or right in t for t in hand) for hand in hands)
        if not ended:
            return "the game stops while a seat can still play"
        want = [0, 0]
        if pips[0] != pips[1]:
            winner = 0 if pips[0] < pips[1] else 1
            loser_pips, winner_pips = pips[1 - winner], pips[winner]
            want[winner] = {"opponent-pips": loser_pips, "pip-difference": loser_pips - winner_pips,
                            "all-pips": loser_pips + winner_pips}[scoring]
    if want != record["points"]:
        return f"points {record['points']}, but the rules give {want}"
    return None


# --- real files ---------------------------------------------------------------------------------

def run(out, *args):
    command = [str(DOMINOES), "run", *args, "--out", str(out), "--quiet"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        fail(f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip()[-300:]}")


def check_records(path, scoring="opponent-pips"):
    records = []
    if not path.is_file():
        fail(f"no game records in {path}")
        return records
    for n, line in enumerate(path.read_text().splitlines(), 1):
        record = json.loads(line)
        records.append(record)
        if (why := first_error(RECORD, record)) is not None:
            fail(f"{path.name} line {n} fails the game-record schema: {why}")
        # The replay here knows two seats; table_rules_replay replays three and four.
        elif "teams" not in record and (why := replay_problem(copy.deepcopy(record), scoring)) is not None:
            fail(f"{path.name} line {n} breaks the rules: {why}")
    return records


def check_summary(path):
    if not path.is_file():
        fail(f"no {path}")
        return None
    document = json.loads(path.read_text())
    if (why := first_error(SUMMARY, document)) is not None:
        fail(f"{path} fails the summary schema: {why}")
    return document


with tempfile.TemporaryDirectory() as tmp:
    tmp = Path(tmp)
    bot = ROOT / "tests" / "bots" / "illegal.py"
    (tmp / "bot.cfg").write_text(
        "player = ill\nplayer = random\nformat = head-to-head\n\n"
        f"[bot.ill]\ncommand = {sys.executable} {bot} --after 1\nrestarts = 1000\n")
    runs = {  # name: (arguments, scoring)
        "duplicate": (["--player", "heuristic", "--player", "random", "--format", "head-to-head",
                       "--deals", "40"], "opponent-pips"),
        "single-pip-difference": (["--player", "lowest", "--player", "random", "--format",
                                   "head-to-head", "--deals", "30", "--no-duplicate",
                                   "--scoring", "pip-difference", "--leader", "alternate"],
                                  "pip-difference"),
        "match-all-pips": (["--player", "heuristic", "--player", "lowest", "--format",
                            "head-to-head", "--deals", "4", "--target", "30", "--scoring",
                            "all-pips", "--leader", "heaviest-double"], "all-pips"),
        "round-robin-double-4": (["--player", "random", "--player", "lowest", "--player",
                                  "heuristic", "--deals", "20", "--double", "4", "--hand-size",
                                  "5"], "opponent-pips"),
        "named-gauntlet": (["--player", "R.1: random", "--player", "lowest", "--player",
                            "h+: heuristic", "--format", "gauntlet", "--deals", "10"],
                           "opponent-pips"),
        "sprt": (["--player", "heuristic", "--player", "random", "--format", "head-to-head",
                  "--deals", "2000", "--chunk", "100", "--sprt", "p0=0,p1=0.5"], "opponent-pips"),
        "sweep": (["--player", "minimax(depth=2)", "--player", "random", "--format",
                   "head-to-head", "--deals", "3", "--sweep", "1.scenarios=2,4",
                   "--sweep", "1.depth=1,2"], "opponent-pips"),
        "bot-forfeits": ([str(tmp / "bot.cfg"), "--deals", "3", "--threads", "1"], "opponent-pips"),
        "four seats": (["--seats", "4", "--target", "0", "--player", "P: heuristic & random",
                        "--player", "lowest", "--player", "random", "--deals", "5"], "losers-pips"),
        "three-seat matches": (["--seats", "3", "--target", "30", "--player", "heuristic",
                                "--player", "random", "--format", "head-to-head", "--deals", "2",
                                "--next-leader", "winner"], "losers-pips"),
    }
    documents = {}
    all_records = []
    for name, (args, scoring) in runs.items():
        games = tmp / f"{name}.jsonl"
        run(tmp / name, *args, "--games-out", str(games))
        records = check_records(games, scoring)
        all_records += records
        documents[name] = check_summary(tmp / name / "summary.json")
        print(f"checked {name}: {len(records)} records and summary.json")

    # The runs above must have produced every optional member the schemas describe.
    shapes = {
        "a record of a match (match_game)": any("match_game" in r for r in all_records),
        "a forfeited record (forfeit)": any("forfeit" in r for r in all_records),
        "a record with a pass": any(m.get("pass") for r in all_records for m in r["moves"]),
        "a four-seat record (teams)": any(len(r.get("teams", [])) == 4 for r in all_records),
        "a three-seat record": any(len(r["players"]) == 3 for r in all_records),
        "a summary of a four-seat table (rules.seats)": any(
            d and d["rules"].get("seats") == 4 for d in documents.values()),
        "a summary with ratings": any(d and d["ratings"] for d in documents.values()),
        "a summary with an SPRT": any(d and d["sprt"] for d in documents.values()),
        "a summary with display names (name_a, name_b)": any(
            d and any("name_a" in row and "name_b" in row for row in d["rows"])
            for d in documents.values()),
        "a rating with a display name": any(
            d and d["ratings"] and any("name" in p for p in d["ratings"]["players"])
            for d in documents.values()),
        "a summary with sweep columns": any(
            d and any("1.scenarios" in row for row in d["rows"]) for d in documents.values()),
    }
    for shape, seen in shapes.items():
        if not seen:
            fail(f"the test runs made no {shape}: the schema's part for it went unchecked")

    committed = sorted((ROOT / "results").glob("**/summary.json"))
    if not committed:
        fail("no committed results/**/summary.json found")
    for path in committed:
        check_summary(path)
    print(f"checked {len(committed)} committed summary.json files")

    # --- broken copies must be rejected --------------------------------------------------------
    record = next(r for r in all_records if any(m.get("pass") for m in r["moves"]))
    summary = documents["sprt"]

    def broken_record(change):
        r = copy.deepcopy(record)
        change(r)
        return r

    def broken_summary(change):
        d = copy.deepcopy(summary)
        change(d)
        return d

    def set_first_tile_move(r, key, value):
        next(m for m in r["moves"] if "tile" in m)[key] = value

    bad_records = {
        "no moves": broken_record(lambda r: r.pop("moves")),
        "a tile written high-low": broken_record(lambda r: r["hands"][0].__setitem__(0, "5-3")),
        "a tile outside double-9": broken_record(lambda r: r["hands"][1].__setitem__(0, "3-10")),
        "an end other than L or R": broken_record(
            lambda r: set_first_tile_move(r, "end", "X")),
        "a pass that is false": broken_record(
            lambda r: next(m for m in r["moves"] if "pass" in m).__setitem__("pass", False)),
        "a move with both a tile and a pass": broken_record(
            lambda r: set_first_tile_move(r, "pass", True)),
        "three seats' points": broken_record(lambda r: r["points"].append(0)),
        "negative pips": broken_record(lambda r: r["pips"].__setitem__(0, -1)),
        "seat 2": broken_record(lambda r: r.__setitem__("leader", 2)),
        "a member the format does not have": broken_record(lambda r: r.__setitem__("winner", 0)),
        "a forfeit without its seat": broken_record(lambda r: r.__setitem__("forfeit", "crash")),
        "an unknown forfeit reason": broken_record(
            lambda r: r.update({"forfeit": "bored", "forfeit_seat": 0})),
        "game 2 of a pair": broken_record(lambda r: r.__setitem__("game", 2)),
    }
    bad_summaries = {
        "schema 2": broken_summary(lambda d: d.__setitem__("schema", 2)),
        "a row without games": broken_summary(lambda d: d["rows"][0].pop("games")),
        "games as text": broken_summary(lambda d: d["rows"][0].__setitem__("games", "400")),
        "an SPRT verdict the runner never writes": broken_summary(
            lambda d: d["sprt"].__setitem__("decision", "maybe")),
        "a win rate above 1": broken_summary(lambda d: d["rows"][0].__setitem__("a_win_rate", 1.5)),
        "an unknown row column": broken_summary(lambda d: d["rows"][0].__setitem__("elo", 3)),
        "no tool": broken_summary(lambda d: d.pop("tool")),
        "a rules set of double-10": broken_summary(lambda d: d["rules"].__setitem__("double", 10)),
        "player as one string": broken_summary(
            lambda d: d["config"].__setitem__("player", "heuristic")),
        "a null seconds": broken_summary(lambda d: d["rows"][0].__setitem__("seconds", None)),
        "a display name with a colon": broken_summary(
            lambda d: d["rows"][0].__setitem__("name_a", "M: minimax")),
        "a display name of 25 characters": broken_summary(
            lambda d: d["rows"][0].__setitem__("name_b", "x" * 25)),
        "an empty display name": broken_summary(lambda d: d["rows"][0].__setitem__("name_a", "")),
        "a display name that is not text": broken_summary(
            lambda d: d["rows"][0].__setitem__("name_a", 7)),
    }
    for what, document in bad_records.items():
        if first_error(RECORD, document) is None:
            fail(f"the game-record schema accepts a record with {what}")
    for what, document in bad_summaries.items():
        if first_error(SUMMARY, document) is None:
            fail(f"the summary schema accepts a summary.json with {what}")
    # The replay must bite too: records that pass the schema but break the rules.
    illegal = {
        "a pass while holding a playable tile": broken_record(
            lambda r: r["moves"].insert(1, {"seat": r["moves"][1]["seat"], "pass": True})),
        "points the scoring rule does not give": broken_record(
            lambda r: r.__setitem__("points", [p + 1 if p else 0 for p in r["points"]])),
        "pips that do not match the hands": broken_record(
            lambda r: r["pips"].__setitem__(0, r["pips"][0] + 1)),
    }
    for what, r in illegal.items():
        if first_error(RECORD, r) is not None:
            fail(f"the record with {what} should pass the schema (the replay is meant to catch it)")
        elif replay_problem(copy.deepcopy(r)) is None:
            fail(f"the replay accepts a record with {what}")
    print(f"rejected {len(bad_records)} broken records, {len(bad_summaries)} broken summaries "
          f"and {len(illegal)} records that break the rules")

if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("ok")
