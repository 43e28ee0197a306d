"""One table behind every front door (issue 21): dominoes.run's keywords, its rows, ratings and
cross tables against the command line and the files it writes. Sample values are written out here,
not read from the table, so a key added without one fails test_samples_cover_the_table."""
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import types
import unittest

import dominoes

CLI = os.environ.get("DOMINOES_CLI")

# Python keyword -> (value, the command line's words for it), one group per line of keys that go
# together (a sweep needs its three keys, an SPRT a head-to-head).
GROUPS = [
    {"name": ("keys-test", ["--name", "keys-test"]), "deals": (250, ["--deals", "250"]),
     "seed": (2**64 - 1, ["--seed", str(2**64 - 1)]), "threads": (3, ["--threads", "3"])},
    {"format": ("gauntlet", ["--format", "gauntlet"]), "duplicate": (False, ["--no-duplicate"]),
     "quiet": (False, ["--no-quiet"])},
    {"target": (100, ["--target", "100"]), "double": (9, ["--double", "9"]),
     "hand_size": (20, ["--hand-size", "20"]), "scoring": ("all-pips", ["--scoring", "all-pips"]),
     "leader": ("alternate", ["--leader", "alternate"])},
    # seats last: it sets the defaults of the others, which must still read as given.
    {"block": ("lowest-seat", ["--block", "lowest-seat"]), "next_leader": ("winner", ["--next-leader", "winner"]),
     "partners": (False, ["--no-partners"]), "seats": (4, ["--seats", "4"]),
     "players": (["random", "lowest"], [])},  # playout plays two seats only
    {"control_variate": ("off", ["--control-variate", "off"]), "chunk": (33, ["--chunk", "33"]),
     "games_out": ("GAMES", ["--games-out", "GAMES"])},
    {"sweep_player": (2, ["--sweep-player", "2"]), "sweep_param": ("playouts", ["--sweep-param", "playouts"]),
     "sweep_values": (["3", "4"], ["--sweep-values", "3,4"])},
    {"sprt": ("p0=0,p1=0.5", ["--sprt", "p0=0,p1=0.5"]), "precision": (0.25, ["--precision", "0.25"])},
    {"sweep": (["1.playouts=3,4"], ["--sweep", "1.playouts=3,4"])},
    {"bots": ({"mine": "python3 mine.py"}, ["--bot", "mine=python3 mine.py"])},
    {"out": ("OUT", ["--out", "OUT"]), "players": (["lowest", "random"], [])},
]
PLAYERS = ["playout(playouts=5)", "playout(playouts=6)"]


class KeysTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def concrete(self, value):
        if isinstance(value, str):
            return value.replace("GAMES", os.path.join(self.dir, "g.jsonl")).replace("OUT", os.path.join(self.dir, "o"))
        if isinstance(value, list):
            return [self.concrete(v) for v in value]
        return value

    def test_samples_cover_the_table(self):
        table = {k["python_name"] for k in dominoes.keys("experiment")}
        sampled = {name for group in GROUPS for name in group}
        self.assertEqual(table, sampled)
        self.assertEqual([k["name"] for k in dominoes.keys("rules")],
                         ["seats", "target", "double", "hand-size", "scoring", "leader", "partners",
                          "block", "next-leader"])

    def test_every_keyword_is_in_the_docstring(self):
        for key in dominoes.keys("experiment"):
            self.assertIn("  " + key["python_name"] + ": ", dominoes.run.__doc__)

    @unittest.skipUnless(CLI, "DOMINOES_CLI not set; ctest sets it")
    def test_every_key_reads_as_the_command_line_reads_it(self):
        out = os.path.join(self.dir, "o")
        for group in GROUPS:
            with self.subTest(keys=sorted(group)):
                keywords = {name: self.concrete(value) for name, (value, _) in group.items()}
                keywords.setdefault("players", PLAYERS)
                keywords.setdefault("out", out)
                if "sprt" in group:
                    keywords["format"] = "head-to-head"
                words = ["--out", out] if "out" not in group else []
                for name, (_, cli) in group.items():
                    words += [self.concrete(w) for w in cli]
                for p in keywords["players"]:
                    words += ["--player", p]
                if "sprt" in group:
                    words += ["--format", "head-to-head"]
                from_cli = subprocess.run([CLI, "run", *words, "--print-config"], check=True,
                                          capture_output=True, text=True).stdout
                self.assertEqual(dominoes.config(**keywords), from_cli)

    @unittest.skipUnless(CLI, "DOMINOES_CLI not set; ctest sets it")
    def test_defaults_are_the_command_lines(self):
        out = os.path.join(self.dir, "o")
        from_cli = subprocess.run([CLI, "run", "--player", "random", "--player", "lowest", "--out", out,
                                   "--print-config"], check=True, capture_output=True, text=True).stdout
        self.assertEqual(dominoes.config(["random", "lowest"], out=out), from_cli)
        for key in dominoes.keys("experiment"):  # only quiet differs, and the docstring says so
            if key["python_default"] != key["default"]:
                self.assertEqual((key["name"], key["python_default"]), ("quiet", "true"))
        self.assertIn("default True in Python", dominoes.run.__doc__)

    def test_unknown_and_mistyped_keywords_are_one_value_error(self):
        self.assertIn("precision = 0.5", dominoes.config(["random", "lowest"], precision=0.5))
        cases = [
            (dict(precison=0.5), 'no keyword "precison"; valid: '),
            (dict(deals="100"), "deals='100' (a str) is not valid: give an int, 1 to 2^40"),
            (dict(duplicate=1), "duplicate=1 (a int) is not valid: give True or False"),
            (dict(seed=1.5), "seed=1.5 (a float) is not valid: give an int"),
            (dict(sweep="1.playouts=3"), "sweep='1.playouts=3' (a str) is not valid: give a list of str"),
            (dict(bots=["x"]), "give a dict {name: command}"),
            (dict(hand_size=0), 'hand-size "0" is not valid: valid 1 to the set'),
        ]
        for kwargs, message in cases:
            with self.subTest(kwargs=kwargs):
                with self.assertRaises(ValueError) as caught:
                    dominoes.run(["random", "lowest"], out=os.path.join(self.dir, "x"), **kwargs)
                self.assertIn(message, str(caught.exception))
                self.assertNotIn("\n", str(caught.exception))
        with self.assertRaisesRegex(ValueError, "valid: .*precision"):
            dominoes.run(["random", "lowest"], precison=0.5)

    def test_rules_keywords(self):
        self.assertEqual(dominoes.Rules(hand_size=5, double=4).hand_size, 5)
        self.assertEqual(repr(dominoes.Rules()),
                         "Rules(target=0, double=6, hand_size=7, scoring='opponent-pips', leader='random')")
        with self.assertRaisesRegex(ValueError, 'Rules has no keyword "hand"; valid: seats, target, double, hand_size'):
            dominoes.Rules(hand=3)
        with self.assertRaisesRegex(ValueError, "hand_size='3' is not valid: give an int"):
            dominoes.Rules(hand_size="3")


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def close(python_value, csv_cell):
    """Whether a row's value matches summary.csv's cell (rounded there, empty for None)."""
    if python_value is None:
        return csv_cell == ""
    if isinstance(python_value, float):
        return abs(python_value - float(csv_cell)) <= 10 ** -(len(csv_cell.split(".")[-1]) if "." in csv_cell else 0) or \
            f"{python_value:.4g}" == csv_cell
    return str(python_value) == csv_cell


class RowsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp()
        cls.rr = dominoes.run(["random", "lowest", "heuristic"], deals=30, seed=3,
                              out=os.path.join(cls.dir, "rr"))
        cls.sweep = dominoes.run(["playout(playouts=3)", "lowest"], deals=10, format="head-to-head",
                                 sweep=["1.playouts=3,4"], duplicate=False, out=os.path.join(cls.dir, "sw"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def test_rows_hold_every_column_of_summary_csv_in_its_order(self):
        for results, folder in ((self.rr, "rr"), (self.sweep, "sw")):
            table = read_csv(os.path.join(self.dir, folder, "summary.csv"))
            header, lines = table[0], table[1:]
            self.assertEqual(len(results), len(lines))
            for row, line in zip(results, lines):
                d = row.to_dict()
                self.assertEqual(list(d), header)
                for (name, value), cell in zip(d.items(), line):
                    self.assertTrue(close(value, cell), f"{folder} {name}: {value!r} vs {cell!r}")
                    self.assertEqual(row[name], value)
                    if name[0].isalpha():
                        self.assertEqual(getattr(row, name), value)
        self.assertEqual(list(self.sweep[0].to_dict())[0], "1.playouts")
        self.assertIsNone(self.rr[0].sprt_llr)  # no SPRT: empty in the CSV, None here
        self.assertIsNone(self.sweep[0].penta_ll)  # no duplicate deals
        self.assertEqual(self.rr[0].penta_ll, self.rr[0]["penta_ll"])
        self.assertIsInstance(self.rr[0].penta_ll, int)
        self.assertEqual([c["name"] for c in dominoes.keys("columns")], read_csv(os.path.join(self.dir, "rr", "summary.csv"))[0])

    def test_ratings_and_cross_tables_are_the_files(self):
        ratings = read_csv(os.path.join(self.dir, "rr", "ratings.csv"))
        self.assertEqual(list(self.rr.ratings["players"][0]), ratings[0])
        for player, line in zip(self.rr.ratings["players"], ratings[1:]):
            for (name, value), cell in zip(player.items(), line):
                self.assertTrue(close(value, cell), f"{name}: {value!r} vs {cell!r}")
        points = read_csv(os.path.join(self.dir, "rr", "crosstable_points.csv"))
        tables = self.rr.cross_tables
        self.assertEqual(tables["players"], ["random", "lowest", "heuristic"])
        for i, row in enumerate(tables["points_per_game"]):
            self.assertIsNone(row[i])
            for j, value in enumerate(row):
                self.assertTrue(close(value, points[i + 1][j + 1]), f"{i},{j}: {value!r} vs {points[i + 1][j + 1]!r}")
        self.assertIsNone(self.sweep.ratings)  # a head-to-head sweep has neither
        self.assertIsNone(self.sweep.cross_tables)

    def test_to_pandas_without_pandas_says_what_to_do(self):
        saved = sys.modules.get("pandas")
        sys.modules["pandas"] = None  # import pandas now fails, as when it is not installed
        try:
            with self.assertRaisesRegex(ImportError, "needs pandas.*python3-pandas.*to_dicts"):
                self.rr.to_pandas()
        finally:
            if saved is None:
                del sys.modules["pandas"]
            else:
                sys.modules["pandas"] = saved

    def test_to_pandas_hands_pandas_the_plain_tables(self):
        calls = []
        fake = types.ModuleType("pandas")
        fake.DataFrame = lambda data, **kw: calls.append((data, kw)) or "frame"
        saved = sys.modules.get("pandas")
        sys.modules["pandas"] = fake
        try:
            self.assertEqual(self.rr.to_pandas(), "frame")
            self.assertEqual(calls[-1][0], self.rr.to_dicts())
            self.assertEqual(calls[-1][1]["columns"], list(self.rr[0].to_dict()))
            self.rr.to_pandas("ratings")
            self.assertEqual(calls[-1][0], self.rr.ratings["players"])
            self.rr.to_pandas("win_rate")
            self.assertEqual(calls[-1][0], self.rr.cross_tables["win_rate"])
            self.assertEqual(calls[-1][1]["index"], ["random", "lowest", "heuristic"])
            with self.assertRaisesRegex(ValueError, "no ratings"):
                self.sweep.to_pandas("ratings")
            with self.assertRaisesRegex(ValueError, 'table "elo" is not valid: valid rows'):
                self.rr.to_pandas("elo")
        finally:
            if saved is None:
                del sys.modules["pandas"]
            else:
                sys.modules["pandas"] = saved


if __name__ == "__main__":
    unittest.main()
