"""dominoes.run: the same config keys, checks, tables and files as `dominoes run`."""
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

# The columns measured rather than computed (results/README.md): they differ from run to run.
MEASURED = ("seconds", "a_ms_per_decision", "b_ms_per_decision")


def reproducible(row):
    """Returns a row's dict without its measured columns."""
    return {k: v for k, v in row.items() if k not in MEASURED}



def interrupted_after(delay, call):
    """Runs call() with SIGINT sent to this process `delay` seconds in (Python's own handler
    installed meanwhile), and re-raises what it raises with the seconds from the signal to the
    exception in the exception's `after_signal`."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)
    timer = threading.Timer(delay, interrupt)
    try:
        timer.start()
        call()
    except BaseException as e:
        e.after_signal = time.monotonic() - sent[0] if sent else float("inf")
        raise
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)

class RunTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def out(self, name):
        return os.path.join(self.dir, name)

    def test_rows_files_and_text(self):
        r = dominoes.run(players=["lowest", "random", "heuristic"], deals=200, seed=3, out=self.out("rr"))
        self.assertEqual([(x.player_a, x.player_b) for x in r],
                         [("lowest", "random"), ("lowest", "heuristic"), ("random", "heuristic")])
        for row in r:
            self.assertEqual(row.games, 400)  # duplicate deals: two games a deal
            self.assertEqual(row.a_wins + row.draws + row.b_wins, row.games)
            self.assertAlmostEqual(row.a_win_rate, (row.a_wins + row.draws / 2) / row.games)
            self.assertLessEqual(row.a_win_rate_ci95_low, row.a_win_rate)
            self.assertLessEqual(row.a_win_rate, row.a_win_rate_ci95_high)
        self.assertEqual(r.games_played, 3 * 400)
        self.assertEqual(sorted(os.path.basename(f) for f in r.files),
                         sorted(["summary.csv", "summary.md", "crosstable_points.csv",
                                 "crosstable_winrate.csv", "crosstable.md", "config.cfg",
                                 "summary.json", "crosstable_points_ci95.csv", "crosstable_winrate_ci95_low.csv",
                                 "crosstable_winrate_ci95_high.csv", "ratings.csv", "ratings.md"]))
        with open(self.out("rr/summary.md")) as f:
            self.assertEqual(str(r), f.read())
        self.assertIn("| A | B | games |", str(r))
        self.assertEqual(len(r.to_dicts()), 3)
        t = dominoes.run(players=("lowest", "random"), deals=10, out=self.out("tuple"))  # any sequence
        self.assertEqual(len(t), 1)

    def test_a_finished_runs_tables_are_never_replaced_by_another_experiment(self):
        class First:
            name = "first"

            def choose(self, observation, legal, rng):
                return legal[0]
        out = self.out("finished")
        dominoes.run(players=[First(), "random"], deals=30, seed=2, out=out)
        with open(os.path.join(out, "summary.csv")) as f:
            before = f.read()
        for players in ([First(), "lowest"], ["heuristic", "random"]):
            with self.assertRaisesRegex(ValueError, "holds the finished tables of another experiment"):
                dominoes.run(players=players, deals=30, seed=2, out=out)
            with open(os.path.join(out, "summary.csv")) as f:
                self.assertEqual(f.read(), before)
        again = dominoes.run(players=[First(), "random"], deals=30, seed=2, out=out)  # reprints
        self.assertEqual(again.games_played, 60)

    def test_an_external_bot_is_seated_by_name(self):
        # The Perl bot plays the first legal move, as this Python object does: the same table.
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        bot = "perl " + os.path.join(root, "clients", "perl", "firstlegal.pl")

        class First:
            name = "first"

            def choose(self, observation, legal, rng):
                return legal[0]

        by_bot = dominoes.run(players=["pl", "heuristic"], bots={"pl": bot}, deals=150,
                              format="head-to-head", out=self.out("bot"))
        by_python = dominoes.run(players=[First(), "heuristic"], deals=150,
                                 format="head-to-head", out=self.out("py"))
        keys = ("games", "a_wins", "draws", "b_wins", "a_points_per_game", "a_forfeits")
        self.assertEqual([getattr(by_bot[0], k) for k in keys],
                         [getattr(by_python[0], k) for k in keys])
        self.assertEqual(by_bot[0].a_forfeits, 0)
        with self.assertRaisesRegex(ValueError, "command is empty"):
            dominoes.run(players=["pl", "random"], bots={"pl": ""}, deals=5, out=self.out("x"))

    def test_sprt_grid_and_control_variate_keys(self):
        stopped = dominoes.run(players=["heuristic", "random"], format="head-to-head", deals=20000,
                               chunk=100, sprt="p0=0,p1=0.5", out=self.out("sprt"))
        row = stopped[0].to_dict()
        self.assertEqual(row["sprt_decision"], "H1 accepted")
        self.assertLess(row["deals_played"], 20000)
        self.assertEqual(row["deals_played"] * 2, stopped[0].games)
        grid = dominoes.run(players=["playout(playouts=2)", "random"], format="head-to-head",
                            deals=20, sweep=["1.playouts=2,4", "1.rollout=random,lowest"],
                            out=self.out("grid"))
        self.assertEqual([(r.to_dict()["1.playouts"], r.to_dict()["1.rollout"]) for r in grid],
                         [("2", "random"), ("2", "lowest"), ("4", "random"), ("4", "lowest")])
        adjusted = dominoes.run(players=["heuristic", "random"], format="head-to-head", deals=300,
                                duplicate=False, control_variate="on", out=self.out("cv"))
        self.assertIn("a_points_per_game_cv", adjusted[0].to_dict())
        with self.assertRaisesRegex(ValueError, "control-variate"):
            dominoes.run(players=["heuristic", "random"], deals=5, control_variate="maybe",
                         out=self.out("bad"))

    def test_thread_count_never_changes_the_rows(self):
        runs = []
        for threads in (1, 2):
            r = dominoes.run(players=["heuristic", "random"], deals=500, seed=9, threads=threads,
                             chunk=100, out=self.out(f"t{threads}"))
            runs.append(reproducible(r[0].to_dict()))
        self.assertEqual(runs[0], runs[1])

    def test_identical_players_net_zero_with_duplicate_deals(self):
        r = dominoes.run(players=["random", "random"], deals=300, out=self.out("same"))
        self.assertEqual(r[0].a_points_per_game, 0)
        self.assertEqual(r[0].a_wins, r[0].b_wins)

    def test_sweep_gives_one_row_per_value(self):
        r = dominoes.run(players=["playout(playouts=5)", "lowest"], deals=20, format="head-to-head",
                         sweep_param="playouts", sweep_values=["5", "10"], out=self.out("sweep"))
        self.assertEqual(len(r), 2)
        self.assertIn("playouts=10", r[1].player_a)

    def test_matches_and_rules(self):
        r = dominoes.run(players=["heuristic", "lowest"], deals=20, target=50, double=9, hand_size=10,
                         scoring="pip-difference", leader="alternate", duplicate=False,
                         format="head-to-head", out=self.out("match"))
        self.assertEqual(r[0].games, 20)  # one match a deal
        self.assertIn("double = 9", r.config)

    def test_bad_values_raise_value_error(self):
        cases = [
            (dict(deals=0), 'deals "0" is not valid: valid 1 to 2^40'),
            (dict(threads=2000), 'threads "2000" is not valid'),
            (dict(format="swiss"), 'format "swiss" is not valid: valid head-to-head, round-robin or gauntlet'),
            (dict(double=12), "double 12"),
            (dict(scoring="most"), 'scoring "most" is not valid'),
            (dict(out=""), "out is empty"),
        ]
        for kwargs, message in cases:
            with self.subTest(kwargs=kwargs):
                with self.assertRaises(ValueError) as caught:
                    dominoes.run(players=["lowest", "random"], **kwargs)
                self.assertIn(message, str(caught.exception))
        with self.assertRaisesRegex(ValueError, "format head-to-head needs exactly 2 players, got 3"):
            dominoes.run(players=["lowest", "random", "heuristic"], format="head-to-head")
        with self.assertRaisesRegex(ValueError, "player: unknown strategy"):
            dominoes.run(players=["lowest", "nope"])
        with self.assertRaisesRegex(ValueError, 'no keyword "dealz"; valid: .*deals'):
            dominoes.run(players=["lowest", "random"], dealz=5)
        with self.assertRaisesRegex(ValueError, "players: give a list"):
            dominoes.run(players="heuristic")

    def test_a_builtin_run_releases_the_gil(self):
        # While a run of built-in strategies goes on in another thread, this thread keeps running
        # Python code: it notes the time as it goes, and many of those times must fall in the
        # first half of the run. Were the GIL held through the run, this thread could run only
        # after it returned (and up to one switch interval, 5 ms, before the worker notes its end).
        span, done = [], threading.Event()

        def work():
            span.append(time.perf_counter())
            dominoes.run(players=["playout(playouts=20)", "random"], deals=400, threads=1,
                         out=self.out("gil"))
            span.append(time.perf_counter())
            done.set()
        worker = threading.Thread(target=work)
        worker.start()
        stamps = []
        while not done.is_set():
            stamps.append(time.perf_counter())
        worker.join()
        inside = [t for t in stamps if span[0] < t < (span[0] + span[1]) / 2]
        self.assertGreater(len(inside), 1000)

    def test_ctrl_c_stops_and_the_same_call_resumes(self):
        # A Python player sends this process SIGINT at its 2000th call (in the fourth chunk or so); the run stops with
        # KeyboardInterrupt, and the same call then finishes it with the tables of a run never
        # interrupted.
        class First:
            name = "first"

            def __init__(self, interrupt_at=None):
                self.calls, self.interrupt_at = 0, interrupt_at

            def choose(self, observation, legal, rng):
                self.calls += 1
                if self.calls == self.interrupt_at:
                    os.kill(os.getpid(), signal.SIGINT)
                return legal[0]
        args = dict(deals=2000, chunk=100, threads=1, seed=4)
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            with self.assertRaisesRegex(KeyboardInterrupt, "resumes"):
                dominoes.run(players=[First(interrupt_at=2000), "random"], out=self.out("cut"), **args)
        finally:
            signal.signal(signal.SIGINT, previous)
        with open(self.out("cut/journal.txt")) as f:  # finished chunks were kept
            self.assertTrue(any(line.startswith("chunk ") for line in f))
        resumed = First()
        cut = dominoes.run(players=[resumed, "random"], out=self.out("cut"), **args)
        whole = dominoes.run(players=[First(), "random"], out=self.out("whole"), **args)
        self.assertLess(cut.games_played, whole.games_played)  # it resumed, not restarted
        self.assertEqual(reproducible(cut[0].to_dict()), reproducible(whole[0].to_dict()))

    def test_progress_callback_runs_on_the_calling_thread_and_ends_exact(self):
        # A run of about two seconds: the callback comes about once a second and once at the end,
        # always on this thread; the last call's counts and running scores are the rows'.
        calls = []

        def progress(p):
            calls.append((threading.get_ident(), p))
        r = dominoes.run(players=["playout", "random", "heuristic"], deals=300, threads=1,
                         chunk=1000, out=self.out("progress"), progress=progress)
        self.assertGreaterEqual(len(calls), 2, "a call during the run and one at the end")
        self.assertEqual({ident for ident, _ in calls}, {threading.get_ident()})
        done = [p["deals_done"] for _, p in calls]
        self.assertEqual(done, sorted(done))
        last = calls[-1][1]
        self.assertEqual(last["deals_done"], 900)
        self.assertEqual(last["deals_total"], 900)
        self.assertEqual(last["games_done"], sum(row.games for row in r))
        self.assertEqual(set(last), {"deals_done", "deals_total", "games_done", "games_per_second",
                                     "elapsed_seconds", "eta_seconds", "current", "pairings"})
        self.assertGreater(last["games_per_second"], 0)
        for row, p in zip(r, last["pairings"]):
            self.assertEqual((p["player_a"], p["player_b"]), (row.player_a, row.player_b))
            self.assertEqual((p["deals_done"], p["deals_total"], p["games"]), (300, 300, row.games))
            self.assertAlmostEqual(p["a_points_per_game"], row.a_points_per_game, places=9)
            self.assertAlmostEqual(p["a_points_ci95"], row.a_points_ci95, places=9)

    def test_progress_true_writes_the_line_on_stderr_and_bad_values_are_refused(self):
        code = ("import dominoes; dominoes.run(players=['playout', 'heuristic'], deals=300, "
                "threads=1, out=%r, progress=True)" % self.out("stderr"))
        env = dict(os.environ, DOMINOES_PROGRESS_SECONDS="0.2")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                              timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = [l for l in done.stderr.splitlines() if l.startswith("deals ")]
        self.assertGreaterEqual(len(lines), 2, done.stderr)  # plain lines: stderr is a pipe here
        self.assertTrue(lines[-1].startswith("deals 300/300 (100.0%)  games 600  "), lines[-1])
        self.assertNotIn("\r", done.stderr)
        for bad in ("yes", 3):
            with self.assertRaisesRegex(ValueError, "progress .* is not valid: valid True"):
                dominoes.run(players=["random", "lowest"], deals=10, out=self.out("bad"), progress=bad)

    def test_ctrl_c_stops_a_strategy_stuck_in_choose(self):
        # A Python strategy whose choose() never returns (a Python loop, on a worker thread): the
        # interrupt reaches that thread too, and KeyboardInterrupt comes within 2 s (5 allowed).
        class Stuck:
            def choose(self, observation, legal, rng):
                while True:
                    pass
        with self.assertRaises(KeyboardInterrupt) as caught:
            interrupted_after(0.5, lambda: dominoes.run(
                players=[Stuck(), "heuristic"], format="head-to-head", deals=4, threads=1,
                out=self.out("stuck")))
        seconds = caught.exception.after_signal
        self.assertLess(seconds, 5, "KeyboardInterrupt %.2f s after SIGINT" % seconds)

    def test_second_ctrl_c_ends_a_process_whose_choose_blocks(self):
        # A choose() blocked in C (time.sleep) cannot be interrupted from another thread: the
        # second Ctrl-C ends the process at once with exit status 130, as the command line does.
        script = (
            "import dominoes, time\n"
            "class Sleeper:\n"
            "    def choose(self, observation, legal, rng):\n"
            "        time.sleep(1000)\n"
            "print('ready', flush=True)\n"
            f"dominoes.run(players=[Sleeper(), 'heuristic'], format='head-to-head', deals=2, "
            f"threads=1, out={self.out('sleeper')!r})\n")
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        try:
            self.assertEqual(child.stdout.readline().strip(), "ready")
            time.sleep(1.0)  # into the first choose()
            child.send_signal(signal.SIGINT)
            time.sleep(0.5)
            child.send_signal(signal.SIGINT)
            _, err = child.communicate(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        self.assertEqual(child.returncode, 130, err)
        self.assertIn("a second interrupt", err)

    def test_ctrl_c_inside_a_chunk_of_builtins_stops_at_once(self):
        # SIGINT half a second into a run whose single chunk lasts seconds: KeyboardInterrupt comes
        # within 2 s (5 allowed here), the chunk's finished first deals are journalled, and the same
        # call finishes with the rows of a run never interrupted.
        args = dict(players=["playout(playouts=500)", "heuristic"], deals=1000, chunk=1000,
                    threads=2, seed=6)
        with self.assertRaisesRegex(KeyboardInterrupt, "resumes") as caught:
            interrupted_after(0.5, lambda: dominoes.run(out=self.out("cut"), **args))
        seconds = caught.exception.after_signal
        self.assertLess(seconds, 5, "KeyboardInterrupt %.2f s after SIGINT" % seconds)
        with open(self.out("cut/journal.txt")) as f:
            entries = [line.split() for line in f if line.startswith("chunk ")]
        self.assertEqual(len(entries), 1)
        self.assertTrue(0 < int(entries[0][4]) < 1000, entries)  # a piece of the chunk
        cut = dominoes.run(out=self.out("cut"), **args)
        whole = dominoes.run(out=self.out("whole"), **args)
        self.assertEqual(cut.games_played + 2 * int(entries[0][4]), whole.games_played)
        a, b = cut[0].to_dict(), whole[0].to_dict()
        for measured in ("seconds", "a_ms_per_decision", "b_ms_per_decision"):  # timings differ
            del a[measured], b[measured]
        self.assertEqual(a, b)

    def test_players_named_name_colon_spec_show_their_names_and_play_the_same(self):
        # Display names (docs/experiments.md): the rows keep the specs and carry the names; every
        # number is the unnamed run's; the tables for people and the progress show the names.
        calls = []
        named = dominoes.run(players=["H: heuristic", "random", "low: lowest"], deals=100, seed=4,
                             out=self.out("named"), progress=calls.append)
        plain = dominoes.run(players=["heuristic", "random", "lowest"], deals=100, seed=4,
                             out=self.out("plain"))
        self.assertEqual([(r.player_a, r.player_b, r.name_a, r.name_b) for r in named],
                         [("heuristic", "random", "H", None), ("heuristic", "lowest", "H", "low"),
                          ("random", "lowest", None, "low")])
        self.assertEqual([(r.name_a, r.name_b) for r in plain], [(None, None)] * 3)
        self.assertEqual([reproducible(r.to_dict()) for r in named],
                         [reproducible(r.to_dict()) for r in plain])
        self.assertNotIn("name_a", named[0].to_dict())  # not a summary.csv column
        self.assertIn("| H | random | 200 |", str(named))
        self.assertIn("- low: `lowest`", str(named))
        self.assertEqual([p.get("name") for p in named.ratings["players"]], ["H", None, "low"])
        self.assertEqual(named.cross_tables["names"], ["H", None, "low"])
        self.assertEqual(named.cross_tables["players"], ["heuristic", "random", "lowest"])
        self.assertIn("player = H: heuristic\n", named.config)
        last = calls[-1]["pairings"]
        self.assertEqual([(p["label_a"], p["label_b"]) for p in last],
                         [("H", "random"), ("H", "low"), ("random", "low")])
        for bad, needle in [("heuristic: random", "strategy"), ("a b: random", "letters, digits"),
                            ("H: lowest", "its own name")]:
            with self.subTest(bad=bad), self.assertRaisesRegex(ValueError, needle):
                dominoes.run(players=["H: heuristic", bad], deals=10, out=self.out("bad"))

        class Colon:
            name = "M: mine"

            def choose(self, observation, legal, rng):
                return legal[0]
        with self.assertRaisesRegex(ValueError, "python strategy name \"M: mine\" holds ':'"):
            dominoes.run(players=[Colon(), "random"], deals=10, out=self.out("colon"))

    @unittest.skipUnless(CLI, "DOMINOES_CLI not set; ctest sets it")
    def test_messages_are_the_command_lines(self):
        for key, value, kwargs in [("deals", "0", dict(deals=0)), ("format", "swiss", dict(format="swiss")),
                                   ("double", "12", dict(double=12)), ("player", "nope", None),
                                   ("hand-size", "20", dict(hand_size=20))]:
            with self.subTest(key=key):
                args = [CLI, "run", "--player", "lowest", "--player", "random", f"--{key}={value}",
                        "--out", self.out("cli")]
                cli = subprocess.run(args, capture_output=True, text=True)
                self.assertEqual(cli.returncode, 2)
                players = ["lowest", "random"] + ([value] if kwargs is None else [])
                with self.assertRaises(ValueError) as caught:
                    dominoes.run(players=players, out=self.out("py"), **(kwargs or {}))
                self.assertIn(str(caught.exception), cli.stderr)


if __name__ == "__main__":
    unittest.main()
