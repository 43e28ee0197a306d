"""Every ```python block of docs/*.md runs as written, each alone, in a temporary folder, with the
venv's python (gymnasium, pettingzoo, open-spiel installed) and the build's package: the pages
teach each front door with an example a reader can paste."""

import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"


def python_blocks():
    """(page, first line, code) of every ```python block under docs/."""
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text()
        for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            yield page.name, text[:match.start()].count("\n") + 2, match.group(1)


class DocsPythonBlocks(unittest.TestCase):
    def test_every_block_runs(self):
        blocks = list(python_blocks())
        self.assertGreater(len(blocks), 3)
        for page, line, code in blocks:
            with self.subTest(page=page, line=line):
                done = subprocess.run([sys.executable, "-c", code], cwd=tempfile.mkdtemp(),
                                      env=dict(os.environ), capture_output=True, text=True,
                                      timeout=240)
                last = (done.stderr.strip().splitlines() or [""])[-1]
                self.assertEqual(done.returncode, 0, f"docs/{page}:{line}: {last}")


if __name__ == "__main__":
    unittest.main()
