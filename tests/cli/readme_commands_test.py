#!/usr/bin/env python3
"""The README's commands work and leave the repository clean; the documents' links lead somewhere.

1. README.md is at most 200 lines, keeps the test command `scripts/test` (CI calls it) and opens
   with a table of contents.
2. Every shell block of README.md (```sh, ```bash) is run, except blocks whose info string says
   `no-run` (building and testing the project itself) or `pending` (a command that does not exist
   yet on this branch; --include-pending runs those too). In docs/*.md only blocks marked
   `runnable` are run. Each block runs under `bash -e` in a scratch copy of the repository (every
   tracked or new file as it is in the work tree, committed to a fresh git repository, with
   `build/` pointing at the real build), standard input empty, and must exit 0; afterwards
   `git status --porcelain` of the copy must still be empty: examples may write only to ignored
   places (out/, results/default/) or outside the repository.
3. Every relative link in README.md and docs/**/*.md must reach a file inside the repository and,
   with an anchor, a heading of that file (GitHub's heading ids).

Usage: readme_commands_test.py SOURCE_DIR BUILD_DIR [--include-pending]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import markdown_blocks  # beside this script

ROOT, BUILD = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
INCLUDE_PENDING = "--include-pending" in sys.argv[3:]
SHELLS = {"sh", "bash", "shell"}
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def code_blocks(path):
    """Yields (first line number, info words, text) of each fenced block of a Markdown file."""
    for fence_line, info, body in markdown_blocks.code_blocks(path):
        yield fence_line, info, "\n".join(text for _, text in body) + "\n"


def blocks_to_run():
    """Returns [(where, text)] to run and [(where, why)] skipped."""
    run, skipped = [], []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        is_readme = path.name == "README.md" and path.parent == ROOT
        for line, info, text in code_blocks(path):
            if not info or info[0] not in SHELLS:
                continue
            where = f"{path.relative_to(ROOT)}:{line}"
            words = set(info[1:])
            if "pending" in words and not INCLUDE_PENDING:
                skipped.append((where, "pending: the command is not on this branch yet"))
            elif "no-run" in words:
                skipped.append((where, "no-run"))
            elif is_readme or "runnable" in words or "pending" in words:
                run.append((where, text))
    return run, skipped


def check_readme_shape():
    text = (ROOT / "README.md").read_text()
    lines = text.split("\n")
    count = len(lines) - (1 if text.endswith("\n") else 0)
    if count > 200:
        fail(f"README.md has {count} lines; at most 200")
    if not re.search(r"^scripts/test\b", text, re.M):
        fail("README.md no longer shows the test command `scripts/test` at the start of a line")
    head = "\n".join(lines[:20])
    if len(re.findall(r"\]\(#[^)]+\)", head)) < 3:
        fail("README.md has no table of contents (links to its own headings) in its first 20 lines")
    print(f"README.md: {count} lines")


def slug(heading):
    """GitHub's id of a heading: lower case, punctuation dropped, spaces to hyphens."""
    heading = re.sub(r"`|\*\*|\*", "", heading).strip().lower()
    heading = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", heading)
    return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")


def anchors(path):
    ids = set()
    in_code = False
    for line in path.read_text().split("\n"):
        if re.match(r"^\s*(`{3,}|~{3,})", line):
            in_code = not in_code
        elif not in_code and (m := re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)):
            base = slug(m.group(1))
            name, n = base, 0
            while name in ids:
                n += 1
                name = f"{base}-{n}"
            ids.add(name)
    return ids


def check_links():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
    checked = 0
    for page in pages:
        text = page.read_text()
        text = re.sub(r"^\s*(`{3,}|~{3,}).*?^\s*\1", "", text, flags=re.M | re.S)  # no code blocks
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"^[a-z]+:", target):
                continue  # http:, https:, mailto:
            checked += 1
            file_part, _, anchor = target.partition("#")
            dest = (page.parent / file_part).resolve() if file_part else page
            where = f"{page.relative_to(ROOT)}: link {target}"
            if ROOT not in dest.parents and dest != ROOT:
                fail(f"{where} leaves the repository")
            elif not dest.exists():
                fail(f"{where} leads to no file")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                fail(f"{where}: {dest.relative_to(ROOT)} has no heading with id #{anchor}")
    print(f"checked {checked} links in {len(pages)} pages")


def scratch_copy(where):
    listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            (where / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, where / os.fsdecode(name))
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@localhost"]
    subprocess.run(git + ["init", "-q"], cwd=where, check=True)
    subprocess.run(git + ["add", "-A"], cwd=where, check=True)
    subprocess.run(git + ["commit", "-qm", "scratch copy"], cwd=where, check=True)
    (where / "build").symlink_to(BUILD)
    # .gitignore's `/build*/` matches directories only; the link stands for the build directory.
    with open(where / ".git" / "info" / "exclude", "a") as exclude:
        exclude.write("/build\n")


def status(where):
    return subprocess.run(["git", "status", "--porcelain"], cwd=where, capture_output=True,
                          text=True, check=True).stdout


def run_blocks():
    run, skipped = blocks_to_run()
    for where, why in skipped:
        print(f"SKIP {where} ({why})")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "repo"
        copy.mkdir()
        scratch_copy(copy)
        if status(copy):
            fail(f"the scratch copy is not clean before any command:\n{status(copy)}")
            return
        for where, text in run:
            try:
                result = subprocess.run(["bash", "-e", "-c", text], cwd=copy, capture_output=True,
                                        text=True, stdin=subprocess.DEVNULL, timeout=600)
            except subprocess.TimeoutExpired:
                fail(f"{where}: the block ran over 600 s")
                continue
            if result.returncode != 0:
                fail(f"{where}: the block exited {result.returncode}:\n{text}"
                     f"stderr (end): {result.stderr[-800:]}")
            elif dirty := status(copy):
                fail(f"{where}: the block changed tracked or unignored files:\n{dirty}")
                subprocess.run(["git", "stash", "-u", "-q"], cwd=copy)  # the next block starts clean
            else:
                print(f"ok   {where}")
    print(f"ran {len(run)} blocks, skipped {len(skipped)}")


check_readme_shape()
check_links()
if subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], cwd=ROOT,
                  capture_output=True).returncode != 0:
    print(f"SKIP running the blocks: {ROOT} is not a git checkout")
    sys.exit(1 if failures else 77)
run_blocks()
if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("ok")
