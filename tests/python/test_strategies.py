"""Strategies from Python: built-in ones by spec, and Python objects seated in dominoes.run,
checked against the command line's game records and tables."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
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


def games_with_streams(strategy, deals, streams):
    """Plays `deals` games of `strategy` against itself, seat s drawing from streams[s]; returns
    every move."""
    moves = []
    for deal in deals:
        g = dominoes.Game(seed=9, deal=deal)
        while not g.is_terminal():
            move = strategy.choose(g.observation(), streams[g.to_move])
            g.apply(move)
            moves.append(move)
    return moves


class SharedStrategyTest(unittest.TestCase):
    """One built-in strategy object used from several Python threads: its decisions take turns
    (a lock per object, the GIL released meanwhile), so nothing is corrupted and each thread's
    moves are those it makes alone with the same streams."""

    SPECS = ["ismcts(iterations=300)", "minimax(scenarios=8)", "epimc(scenarios=8)", "adapt",
             "resolve(iterations=20)"]

    def test_threads_sharing_one_strategy_play_what_each_plays_alone(self):
        # In a child process: before the lock, two threads in one search crashed the interpreter
        # ("double free or corruption", a segfault) more often than not.
        script = (
            "import threading, dominoes, sys\n"
            "sys.path.insert(0, %r)\n"
            "from test_strategies import games_with_streams\n"
            "spec = sys.argv[1]\n"
            "def streams(k): return [dominoes.Rng(100 * k + seat) for seat in (0, 1)]\n"
            "deals = {k: range(6 * k, 6 * k + 6) for k in range(3)}\n"
            "alone = {k: games_with_streams(dominoes.strategy(spec), deals[k], streams(k)) for k in deals}\n"
            "shared, together = dominoes.strategy(spec), {}\n"
            "def play(k): together[k] = games_with_streams(shared, deals[k], streams(k))\n"
            "threads = [threading.Thread(target=play, args=(k,)) for k in deals]\n"
            "[t.start() for t in threads]\n"
            "[t.join() for t in threads]\n"
            "print('same' if together == alone else 'different: %%r %%r' %% (together, alone))\n"
        ) % os.path.dirname(os.path.abspath(__file__))
        for spec in self.SPECS:
            if spec == "adapt":  # it learns from game to game: no per-thread replay to compare
                continue
            done = subprocess.run([sys.executable, "-c", script, spec], capture_output=True,
                                  text=True, timeout=600)
            self.assertEqual((done.returncode, done.stdout.strip()), (0, "same"),
                             spec + ": " + done.stderr[-500:])

    def test_a_learning_strategy_shared_by_threads_does_not_crash(self):
        script = (
            "import threading, dominoes\n"
            "s = dominoes.strategy('adapt')\n"
            "def play(k):\n"
            "    for deal in range(8):\n"
            "        g = dominoes.Game(seed=k, deal=deal)\n"
            "        while not g.is_terminal():\n"
            "            g.apply(s.choose(g.observation()))\n"
            "threads = [threading.Thread(target=play, args=(k,)) for k in range(3)]\n"
            "[t.start() for t in threads]\n"
            "[t.join() for t in threads]\n"
            "print('ok')\n")
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              timeout=600)
        self.assertEqual((done.returncode, done.stdout.strip()), (0, "ok"), done.stderr[-500:])


class CtrlCTest(unittest.TestCase):
    """Ctrl-C (SIGINT) during a long choose() raises KeyboardInterrupt within about a second: each
    decision below takes seconds (ismcts) to minutes. In a child process, sent SIGINT 0.5 s into
    the decision."""

    LONG = ["minimax(scenarios=1000000)", "ismcts(iterations=1000000)",
            "playout(playouts=10000000)", "epimc(scenarios=100000,enumerate=0,samples=100000)",
            "inference(scenarios=1000000,enumerate=0,samples=10000000)",
            "resolve(slots=1000000000,hands=10000000)"]

    def interrupt_choose(self, spec):
        """Returns (what the child printed after the choose, seconds from SIGINT to its exit)."""
        script = (
            "import dominoes, sys\n"
            "s = dominoes.strategy(sys.argv[1])\n"
            "g = dominoes.Game(seed=1, deal=0)\n"
            "while len(g.legal_moves()) < 3:\n"
            "    g.apply(g.legal_moves()[0])\n"
            "print('ready', flush=True)\n"
            "try:\n"
            "    s.choose(g.observation())\n"
            "    print('returned', flush=True)\n"
            "except KeyboardInterrupt:\n"
            "    print('KeyboardInterrupt', flush=True)\n")
        child = subprocess.Popen([sys.executable, "-c", script, spec], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        try:
            self.assertEqual(child.stdout.readline().strip(), "ready", spec)
            time.sleep(0.5)  # into the decision
            child.send_signal(signal.SIGINT)
            sent = time.monotonic()
            child.wait(timeout=10)
            return child.stdout.read().strip(), time.monotonic() - sent
        except subprocess.TimeoutExpired:
            return "still deciding 10 s after SIGINT", float("inf")
        finally:
            if child.poll() is None:
                child.kill()
            child.communicate()

    def test_ctrl_c_stops_a_long_choose(self):
        for spec in self.LONG:
            said, seconds = self.interrupt_choose(spec)
            self.assertEqual(said, "KeyboardInterrupt", spec)
            self.assertLess(seconds, 3, "%s: KeyboardInterrupt %.2f s after SIGINT" % (spec, seconds))

    def test_ctrl_c_stops_a_wait_for_the_strategys_turn(self):
        # A daemon thread holds the object in a decision of minutes; the main thread's choose()
        # waits for its turn, and Ctrl-C ends the wait. The process then exits cleanly with the
        # daemon thread still deciding (a poll taking the GIL there aborted the interpreter).
        script = (
            "import dominoes, threading, time, signal, os\n"
            "s = dominoes.strategy('minimax(scenarios=1000000)')\n"
            "g = dominoes.Game(seed=1, deal=0)\n"
            "while len(g.legal_moves()) < 3:\n"
            "    g.apply(g.legal_moves()[0])\n"
            "threading.Thread(target=lambda: s.choose(g.observation()), daemon=True).start()\n"
            "time.sleep(0.3)\n"
            "threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
            "start = time.monotonic()\n"
            "try:\n"
            "    s.choose(g.observation())\n"
            "except KeyboardInterrupt:\n"
            "    print('KeyboardInterrupt after %.1f s' % (time.monotonic() - start))\n")
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr[-500:])
        self.assertRegex(done.stdout, r"^KeyboardInterrupt after (1|2)\.\d s$")

    def test_the_strategy_decides_again_after_an_interrupt(self):
        # Interrupted half a second into a decision of 1.5 s of CPU, then asked again: it answers.
        s = dominoes.strategy("minimax(scenarios=1000000,time-ms=1500)")
        g = dominoes.Game(seed=1, deal=0)
        while len(g.legal_moves()) < 3:
            g.apply(g.legal_moves()[0])
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
            timer.start()
            with self.assertRaises(KeyboardInterrupt):
                s.choose(g.observation())
            timer.join()
        finally:
            signal.signal(signal.SIGINT, previous)
        self.assertIn(s.choose(g.observation()), g.legal_moves())


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
