"""`python -m dominoes.learn`: --help names every option and output; a run prints its epochs and a
last line and writes its files; bad input (a missing data folder, a dataset of another format, a
player not in the dataset, bad sizes, an output folder that is not the trainer's or was made for
another configuration) is one line on stderr and exit status 2, before any training."""

import contextlib
import io
import json
import os
import pty
import shutil
import subprocess
import sys
import tempfile
import unittest

from dominoes.learn import __main__ as cli

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "cli"))
import learn_datasets as ld  # noqa: E402
import pty_io  # noqa: E402

TINY = ["--hidden", "8", "--epochs", "1", "--no-plot"]


class CommandLine(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="learn-cli-")
        cls.data = ld.write_dataset(os.path.join(cls.dir, "data"), ld.policy_rows(400, 1)[0])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def run_main(self, args):
        """(exit status, stdout, stderr) of the command line `args`, in this process."""
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(args)
            except SystemExit as e:
                status = e.code
        return status, out.getvalue(), err.getvalue()

    def refused(self, args, *words):
        status, out, err = self.run_main(args)
        self.assertEqual(status, 2, err)
        self.assertEqual(len(err.splitlines()), 1, err)
        self.assertTrue(err.startswith("python -m dominoes.learn: "), err)
        for word in words:
            self.assertIn(word, err)
        return err

    def test_help_explains_every_option_and_output(self):
        done = subprocess.run([sys.executable, "-m", "dominoes.learn", "--help"],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        for word in ("belief", "policy", "value", "--data", "--out", "--hidden", "--epochs",
                     "--batch", "--lr", "--seed", "--player", "--held-out", "--threads",
                     "--soft-targets", "--regress-values", "--regress-advantages", "regret",
                     "--no-plot", "KIND.safetensors", "KIND.json",
                     "metrics.json", "curve.csv", "curve.png", "checkpoint.pt", "resumes"):
            self.assertIn(word, done.stdout)

    def test_progress_at_a_terminal_only(self):
        # Through a pseudo-terminal the epoch's progress line is drawn (at least once an epoch,
        # at its end; at most every PROGRESS_INTERVAL seconds before), then gives way to the
        # epoch's line; through a pipe (the test above) there is none.
        out = self.path("tty")
        pid, fd = pty.fork()
        if pid == 0:  # the child: the command, its stderr the terminal
            os.execv(sys.executable, [sys.executable, "-m", "dominoes.learn", "policy", "--data",
                                      self.data, "--out", out, "--player", "teacher",
                                      "--epochs", "2", "--hidden", "8", "--no-plot"])
        seen = pty_io.read_until(fd, rb"policy model in [^\n]*\n", 300)
        _, status = os.waitpid(pid, 0)
        text = seen.decode()
        self.assertEqual(os.waitstatus_to_exitcode(status), 0, text)
        for epoch in (1, 2):
            self.assertRegex(text, rf"\repoch {epoch}/2: [0-9,]+ of [0-9,]+ rows \(100\.0%\), "
                                   rf"[0-9,]+ examples/s, ETA 0 s")
            self.assertIn(f"\r\x1b[Kepoch {epoch}/2: training loss ", text)

    def test_a_run_prints_its_epochs_and_writes_its_files(self):
        out = self.path("run")
        status, stdout, stderr = self.run_main(["policy", "--data", self.data, "--out", out,
                                                "--player", "teacher", "--epochs", "2",
                                                "--hidden", "8,8", "--no-plot"])
        self.assertEqual(status, 0, stderr)
        self.assertIn("epoch 1/2: training loss ", stderr)
        self.assertIn("epoch 2/2: training loss ", stderr)
        self.assertNotIn("\r", stderr)  # no progress line where stderr is not a terminal
        self.assertIn(f"policy model in {out}: 2 epochs at ", stdout)
        self.assertIn("held-out log_loss ", stdout)
        self.assertEqual(sorted(os.listdir(out)), ["checkpoint.pt", "curve.csv", "metrics.json",
                                                   "policy.json", "policy.safetensors",
                                                   "training.json"])
        with open(os.path.join(out, "policy.json")) as f:
            card = json.load(f)
        self.assertEqual(card["training"]["command"],
                         f"python -m dominoes.learn policy --data {self.data} --out {out} "
                         f"--player teacher --epochs 2 --hidden 8,8 --no-plot")
        self.assertEqual(card["training"]["hidden"], [8, 8])
        status, stdout, _ = self.run_main(["policy", "--data", self.data, "--out", out,
                                           "--player", "teacher", "--epochs", "2", "--hidden",
                                           "8,8", "--no-plot"])
        self.assertEqual(status, 0)
        self.assertIn("already trained", stdout)

    def test_bad_data(self):
        self.refused(["policy", "--data", self.path("nowhere"), "--out", self.path("o1"), *TINY],
                     "data ", "is not a folder")
        other = ld.write_dataset(self.path("other"), ld.policy_rows(50, 2)[0],
                                 manifest={"format": "something-else"})
        self.refused(["policy", "--data", other, "--out", self.path("o2"), *TINY],
                     '"something-else"', 'expected "dominoes-dataset"')
        self.refused(["policy", "--data", self.data, "--out", self.path("o3"), "--player",
                      "minimax", *TINY], 'player "minimax" is not in the dataset',
                     '"teacher", "heuristic"')
        self.refused(["policy", "--data", self.data, "--out", self.path("o4"), "--soft-targets",
                      "1", *TINY], "soft targets need move values")
        self.refused(["policy", "--data", self.data, "--out", self.path("o6"),
                      "--regress-values", *TINY], "value regression and regrets need move values")
        self.refused(["policy", "--data", self.data, "--out", self.path("o5"), "--held-out",
                      "0.001", *TINY], "leave no held-out rows")
        for name in ("o1", "o2", "o3", "o4", "o5", "o6"):  # refused before the folder was made
            self.assertFalse(os.path.exists(self.path(name)), name)

    def test_bad_sizes(self):
        base = ["policy", "--data", self.data, "--out", self.path("sizes")]
        self.refused(base + ["--hidden", "0"], "--hidden 0", "from 1 to 65536")
        self.refused(base + ["--hidden", "64,x"], "--hidden", "'64,x'")
        self.refused(base + ["--epochs", "0"], "--epochs 0")
        self.refused(base + ["--batch", "-3"], "--batch -3")
        self.refused(base + ["--lr", "0"], "--lr 0.0")
        self.refused(base + ["--lr", "nan"], "--lr nan")
        self.refused(base + ["--held-out", "1"], "--held-out 1.0")
        self.refused(base + ["--threads", "0"], "--threads 0")
        self.refused(base + ["--seed", "-1"], "--seed -1")
        self.refused(["belief", "--data", self.data, "--out", self.path("s"), "--soft-targets",
                      "1"], "--soft-targets is for policy models only")
        self.refused(["value", "--data", self.data, "--out", self.path("s"), "--regress-values"],
                     "--regress-values is for policy models only")
        self.refused(base + ["--regress-values", "--soft-targets", "1"],
                     "two objectives: give one")
        self.refused(base + ["--regress-values", "--regress-advantages"],
                     "--regress-values and --regress-advantages are two objectives: give one")
        self.refused(["belief", "--data", self.data, "--out", self.path("s"),
                      "--regress-advantages"], "--regress-advantages is for policy models only")
        self.refused(["tree", "--data", self.data, "--out", self.path("s")], "'tree'")
        self.refused(["policy", "--out", self.path("s")], "--data")
        self.assertFalse(os.path.exists(self.path("sizes")))

    def test_an_output_folder_of_another_kind_or_configuration(self):
        foreign = self.path("foreign")
        os.makedirs(foreign)
        with open(os.path.join(foreign, "notes.txt"), "w") as f:
            f.write("mine\n")
        self.refused(["policy", "--data", self.data, "--out", foreign, *TINY],
                     "is not a training folder (it holds notes.txt, and no training.json)",
                     "choose a new or empty --out")
        with open(os.path.join(foreign, "notes.txt")) as f:
            self.assertEqual(f.read(), "mine\n")  # never touched
        a_file = os.path.join(foreign, "notes.txt")
        self.refused(["policy", "--data", self.data, "--out", a_file, *TINY], "is not a folder")
        mine = self.path("mine")
        status, _, err = self.run_main(["policy", "--data", self.data, "--out", mine, *TINY])
        self.assertEqual(status, 0, err)
        err = self.refused(["policy", "--data", self.data, "--out", mine, "--lr", "0.01", *TINY],
                           "holds the training of another configuration",
                           'lr is "0.001" there and "0.01" now',
                           "choose another --out, or train that configuration again")
        self.refused(["value", "--data", self.data, "--out", mine, *TINY],
                     'kind is "policy" there and "value" now')
        grown = ld.write_dataset(self.path("grown"), ld.policy_rows(500, 1)[0])
        self.refused(["policy", "--data", grown, "--out", mine, *TINY], "dataset is \"")


if __name__ == "__main__":
    unittest.main()
