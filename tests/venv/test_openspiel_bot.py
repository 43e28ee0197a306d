"""clients/python/openspiel_bot.py, the bot protocol's seat for OpenSpiel's algorithms: the build's
`dominoes check-bot` passes it at two and four seats (IS-MCTS, MCTS, and CFR on the variant it
solved), and a small `dominoes run` seats it without a forfeit. DOMINOES_CLI names the dominoes
program; the bot runs with this venv's python and inherits PYTHONPATH (the build's package).
"""

import csv
import os
import shlex
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BOT = os.path.join(REPO, "clients", "python", "openspiel_bot.py")


def cli():
    path = os.environ.get("DOMINOES_CLI")
    if not path:
        raise unittest.SkipTest("DOMINOES_CLI is not set: it names the dominoes program")
    return path


def bot_command(*options):
    return " ".join(shlex.quote(word) for word in (sys.executable, BOT, *options))


class OpenSpielBot(unittest.TestCase):
    def check_bot(self, command, *options):
        result = subprocess.run([cli(), "check-bot", command, *options], capture_output=True,
                                text=True, timeout=240)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("verdict: ok", result.stdout)
        self.assertIn("went the same way", result.stdout)  # replays: reproducible
        return result.stdout

    def test_ismcts_two_and_four_seats(self):
        self.check_bot(bot_command("--simulations", "50"), "--games", "4")
        out = self.check_bot(bot_command("--simulations", "50"), "--games", "2", "--seats", "4")
        self.assertIn("4 seats", out)

    def test_mcts_and_cfr(self):
        self.check_bot(bot_command("--algorithm", "mcts", "--simulations", "50"), "--games", "4")
        # CFR's policy where it was solved (double-2, 2 tiles each), IS-MCTS elsewhere
        with tempfile.TemporaryDirectory() as folder:
            log = os.path.join(folder, "bot.log")
            self.check_bot(bot_command("--algorithm", "cfr"), "--games", "4", "--double", "2",
                           "--hand-size", "2", "--log", log)
            with open(log) as f:
                self.assertNotIn("not the solved variant", f.read())
            self.check_bot(bot_command("--algorithm", "cfr", "--simulations", "20"), "--games",
                           "2", "--log", log)
            with open(log) as f:
                self.assertIn("not the solved variant", f.read())

    def test_bad_option_is_one_clear_line(self):
        result = subprocess.run([sys.executable, BOT, "--simulations", "0"], capture_output=True,
                                text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--simulations: 0 is out of range: valid 1..1000000",
                      result.stderr.splitlines()[-1])

    def test_seated_in_a_run(self):
        with tempfile.TemporaryDirectory() as out:
            result = subprocess.run(
                [cli(), "run", "--bot", "os=" + bot_command("--simulations", "50"),
                 "--player", "os", "--player", "random", "--deals", "3", "--out", out],
                capture_output=True, text=True, timeout=240)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            with open(os.path.join(out, "summary.csv")) as f:
                row = next(csv.DictReader(f))
        self.assertEqual((row["player_a"], row["games"], row["a_forfeits"]), ("os", "6", "0"))


if __name__ == "__main__":
    unittest.main()
