"""Strategies from Python: built-in ones by spec, and Python objects seated in dominoes.run,
checked against the command line's game records and tables."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

import dominoes

CLI = os.environ.get("DOMINOES_CLI")


def seed_order_lowest(observation, legal):
    """The seed's decide_random, written again from its description: moves written [X, Y] (a lead
    as [low, high]; a tile on end E as [other value, E]) sorted by X then Y; take the first."""
    if legal == ["pass"]:
        return "pass"
    left, right = observation.ends if observation.ends else (None, None)

    def key(move):
        a, b = int(move[0]), int(move[2])
        if len(move) == 3:
            return (min(a, b), max(a, b))
        end = left if move[3] == "L" else right
        other = b if a == end else a
        return (other, end)

    return min(legal, key=key)


class PyLowest:
    name = "pylowest"

    def choose(self, observation, legal, rng):
        return seed_order_lowest(observation, legal)


class PyRandom:
    """Uniform over the legal moves, drawn from the seat's stream as the built-in random does."""
    name = "pyrandom"

    def __init__(self):
        self.calls = 0

    def choose(self, observation, legal, rng):
        self.calls += 1
        return legal[rng.below(len(legal))]


def record_moves(record):
    out = []
    for m in record["moves"]:
        out.append("pass" if m.get("pass") else m["tile"] + m.get("end", ""))
    return out


class BuiltinStrategyTest(unittest.TestCase):
    def test_spec_is_canonical_and_bad_specs_raise_value_error(self):
        s = dominoes.strategy("minimax(scenarios=20)")
        self.assertTrue(s.spec.startswith("minimax(scenarios=20,depth="))
        self.assertFalse(s.omniscient)
        self.assertTrue(dominoes.strategy("omniscient").omniscient)
        with self.assertRaisesRegex(ValueError, 'unknown strategy "nope": valid strategies are'):
            dominoes.strategy("nope")
        with self.assertRaisesRegex(ValueError, 'no parameter "foo"'):
            dominoes.strategy("minimax(foo=1)")
        names = [s["name"] for s in dominoes.strategies()]
        self.assertTrue({"random", "lowest", "heuristic", "minimax"} <= set(names))
        for s in dominoes.strategies():
            self.assertTrue(s["method"] and s["source"], s["name"])

    def test_every_builtin_plays_legal_moves_to_the_end(self):
        for spec in ["random", "lowest", "heuristic", "playout(playouts=20)", "minimax(scenarios=5)", "omniscient"]:
            s = dominoes.strategy(spec, seed=3)
            g = dominoes.Game(seed=8, deal=2)
            while not g.is_terminal():
                move = s.choose(g.observation())
                self.assertIn(move, g.legal_moves())
                g.apply(move)

    def test_lowest_agrees_with_the_seed_order_written_here(self):
        lowest = dominoes.strategy("lowest")
        for i in range(40):
            g = dominoes.Game(seed=21, deal=i)
            while not g.is_terminal():
                o = g.observation()
                self.assertEqual(lowest.choose(o), seed_order_lowest(o, g.legal_moves()))
                g.apply(g.legal_moves()[-1])

    def test_observation_must_be_the_seat_to_move(self):
        g = dominoes.Game(seed=1, deal=0)
        with self.assertRaisesRegex(ValueError, "turn"):
            dominoes.strategy("heuristic").choose(g.observation(1 - g.to_move))


@unittest.skipUnless(CLI, "DOMINOES_CLI (the dominoes program) not set; ctest sets it")
class AgainstTheCommandLineTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_python_loop_replays_the_cli_game_records(self):
        # The CLI's records of lowest vs random; the same deals played here by a Python loop with
        # the built-in strategies and the seat streams must give the same moves and points.
        seed, deals = 17, 30
        games = os.path.join(self.dir, "games.jsonl")
        subprocess.run([CLI, "run", "--player", "lowest", "--player", "random", "--format", "head-to-head",
                        "--deals", str(deals), "--seed", str(seed), "--out", os.path.join(self.dir, "out"),
                        "--games-out", games, "--quiet"], check=True, capture_output=True)
        with open(games) as f:
            records = [json.loads(line) for line in f]
        self.assertEqual(len(records), 2 * deals)
        for r in records:
            g = dominoes.Game(seed=seed, deal=r["deal"])
            self.assertEqual(g.hands, r["hands"])
            self.assertEqual(g.leader, r["leader"])
            players = [dominoes.strategy(spec) for spec in r["players"]]
            streams = [dominoes.Rng.seat_stream(seed, r["deal"], 0, seat) for seat in (0, 1)]
            while not g.is_terminal():
                seat = g.to_move
                g.apply(players[seat].choose(g.observation(), streams[seat]))
            self.assertEqual(g.history, record_moves(r))
            self.assertEqual(g.points(), r["points"])

    def test_python_strategies_give_the_builtin_tables(self):
        common = dict(deals=300, seed=5, format="head-to-head", threads=2)
        builtin = dominoes.run(players=["lowest", "random"], out=os.path.join(self.dir, "a"), **common)
        rnd = PyRandom()
        python = dominoes.run(players=[PyLowest(), rnd], out=os.path.join(self.dir, "b"), **common)
        self.assertGreater(rnd.calls, 0)
        a, b = builtin[0].to_dict(), python[0].to_dict()
        for d in (a, b):
            for measured in ("player_a", "player_b", "seconds", "a_ms_per_decision", "b_ms_per_decision"):
                del d[measured]
        self.assertEqual(a, b)
        # and the CLI's summary.csv agrees with the rows dominoes.run returned
        subprocess.run([CLI, "run", "--player", "lowest", "--player", "random", "--format", "head-to-head",
                        "--deals", "300", "--seed", "5", "--out", os.path.join(self.dir, "c"), "--quiet"],
                       check=True, capture_output=True)
        def cut(path):  # summary.csv without its measured columns: a/b_ms_per_decision, seconds
            with open(path) as f:
                return [line.rsplit(",", 3)[0] for line in f]
        self.assertEqual(cut(os.path.join(self.dir, "a", "summary.csv")), cut(os.path.join(self.dir, "c", "summary.csv")))


class PythonStrategyErrorsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def run_with(self, player):
        return dominoes.run(players=[player, "random"], deals=20, threads=2, out=os.path.join(self.dir, "x"))

    def test_an_illegal_answer_is_reported(self):
        class Bad:
            name = "bad"

            def choose(self, observation, legal, rng):
                return "pass"
        with self.assertRaisesRegex(RuntimeError, 'python strategy "bad" returned pass, not a legal move: valid'):
            self.run_with(Bad())

    def test_an_exception_inside_choose_is_reported(self):
        class Boom:
            def choose(self, observation, legal, rng):
                raise KeyError("no idea")
        with self.assertRaisesRegex(RuntimeError, 'python strategy "boom".*no idea'):
            self.run_with(Boom())

    def test_names_must_not_clash(self):
        class Lowest:
            def choose(self, observation, legal, rng):
                return legal[0]
        with self.assertRaisesRegex(ValueError, 'name "lowest" is taken by a built-in strategy'):
            self.run_with(Lowest())
        with self.assertRaisesRegex(ValueError, "neither a spec string nor an object"):
            self.run_with(42)


if __name__ == "__main__":
    unittest.main()
