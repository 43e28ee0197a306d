"""`python -m dominoes --version` prints the package's version and the commit it was built from:
the version of CMakeLists.txt's project() line, and a commit git finds in the source tree's
repository (the build adds "-dirty+diff.HASH" when the tree had uncommitted changes). Any other
arguments get one line on stderr and exit status 2."""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import unittest

SOURCE = pathlib.Path(__file__).resolve().parents[2]


def run_main(*args):
    return subprocess.run([sys.executable, "-m", "dominoes", *args], capture_output=True,
                          text=True, timeout=60, env=dict(os.environ))


class MainVersion(unittest.TestCase):
    def test_version_names_the_release_and_the_commit(self):
        release = re.search(r"project\(dominoes_tournament VERSION ([0-9.]+)",
                            (SOURCE / "CMakeLists.txt").read_text()).group(1)
        done = run_main("--version")
        self.assertEqual(done.returncode, 0, done.stderr)
        line = done.stdout.strip()
        self.assertRegex(line, rf"^dominoes {re.escape(release)}, commit \S+$")
        if shutil.which("git") and (SOURCE / ".git").exists():
            # A commit of this repository (the build may be older than the newest commit).
            built = line.rsplit(" ", 1)[1].split("-dirty+diff.")[0]
            known = subprocess.run(["git", "-C", str(SOURCE), "rev-parse", "--verify", "--quiet",
                                    built + "^{commit}"], capture_output=True, text=True)
            self.assertEqual(known.returncode, 0, f"{line}: git knows no commit {built}")

    def test_other_arguments_get_one_line_and_status_2(self):
        for args in ([], ["--versio"], ["--version", "x"]):
            with self.subTest(args=args):
                done = run_main(*args)
                self.assertEqual(done.returncode, 2)
                self.assertEqual(done.stdout, "")
                self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
                self.assertIn("--version", done.stderr)


if __name__ == "__main__":
    unittest.main()
