"""The wheel scripts/python-env builds, repairs (auditwheel) and installs into build/venv: the
package imports from any folder without the build tree, its subpackage dominoes.learn too, the
`dominoes` and `solver` commands come with it (behind auditwheel's launchers), and the README's
Python example runs outside the repository."""

import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest

VENV_BIN = pathlib.Path(sys.executable).parent
SOURCE = pathlib.Path(__file__).resolve().parents[2]


def clean_env():
    """The environment without PYTHONPATH: only what pip installed is importable."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return env


def readme_python_example():
    """The Python program of the README's "Seat a Python strategy" (the heredoc's body)."""
    text = (SOURCE / "README.md").read_text()
    section = text.split("### 3. Seat a Python strategy", 1)[1]
    match = re.search(r"<<'EOF'\n(.*?)\nEOF\n", section, re.S)
    if not match:
        raise AssertionError("README.md's section 3 has no heredoc <<'EOF' ... EOF")
    return match.group(1)


class InstalledWheel(unittest.TestCase):
    def setUp(self):
        self.here = tempfile.mkdtemp(prefix="wheel-test-")

    def run_here(self, args, **kwargs):
        return subprocess.run(args, cwd=self.here, env=clean_env(), capture_output=True,
                              text=True, timeout=120, **kwargs)

    def test_package_imports_from_site_packages(self):
        done = self.run_here([sys.executable, "-c",
                              "import dominoes; print(dominoes.__file__); print(dominoes.__version__)"])
        self.assertEqual(done.returncode, 0, done.stderr)
        path, version = done.stdout.split()
        self.assertIn("site-packages", path)
        self.assertTrue(path.startswith(str(pathlib.Path(sys.prefix))), path)
        self.assertRegex(version, r"^\d+\.\d+\.\d+$")

    def test_python_m_dominoes_version_names_the_commit(self):
        # The wheel is built from this checkout, so the commit is known: not "unknown".
        done = self.run_here([sys.executable, "-m", "dominoes", "--version"])
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"^dominoes \d+\.\d+\.\d+, commit [0-9a-f]{7,}")

    def test_training_module_comes_with_it(self):
        done = self.run_here([sys.executable, "-m", "dominoes.learn", "--help"])
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("usage: python -m dominoes.learn", done.stdout)
        done = self.run_here([sys.executable, "-c", "import dominoes.learn.trainer as t; "
                              "print(t.__file__)"])
        self.assertIn("site-packages", done.stdout, done.stderr)

    def test_commands_come_with_it(self):
        for program in ("dominoes", "solver"):
            done = self.run_here([str(VENV_BIN / program), "--version"])
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertTrue(done.stdout.startswith(program + " "), done.stdout)
        # 6-6 cannot be played on ends 1|5: the 0-1 holder goes out and scores its 12 pips.
        done = self.run_here([str(VENV_BIN / "solver"), "block-dominoes", "--hands", "0-1/6-6",
                              "--ends", "1,5"])
        self.assertIn("value 12\n", done.stdout)

    def test_readme_example_runs_outside_the_repository(self):
        done = self.run_here([sys.executable, "-"], input=readme_python_example())
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("heaviest", done.stdout)
        rows = (pathlib.Path(self.here) / "out" / "python" / "summary.csv").read_text().splitlines()
        self.assertEqual(len(rows), 2)  # the header and one pairing
        self.assertIn("4000", rows[1])  # 2,000 deals, each played twice

    def test_plot_script_installed_beside_the_commands(self):
        if subprocess.run(["/usr/bin/python3", "-c", "import matplotlib"]).returncode != 0:
            self.skipTest("Debian's python3-matplotlib is not installed")
        done = self.run_here([str(VENV_BIN / "dominoes"), "run", "--player", "heuristic",
                              "--player", "random", "--deals", "50", "--quiet", "--out", "run",
                              "--plot"])
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue((pathlib.Path(self.here) / "run" / "crosstable_points.png").is_file(),
                        done.stderr)


if __name__ == "__main__":
    unittest.main()
