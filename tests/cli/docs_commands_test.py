#!/usr/bin/env python3
"""Every shell command of docs/*.md runs, at small sizes, and exits 0.

Each fenced block of docs/*.md whose info string starts with sh, bash or shell is run (README.md
is left to readme_commands_test.py, which runs all of its blocks as written), except blocks whose
info string also says `no-run` (hours of work, a cluster, a build of the project) or `pending`
(a command not on this branch yet). A block runs under `bash -e -o pipefail`, in doc order, in
one scratch copy of the repository shared by every block (so a block may read what an earlier
one of the same page wrote, as a reader typing them would), with `build/` linked to the real
build, standard input empty and a limit of 120 s. Before running, each command is made small:

  --deals N, --deals=N, deals=N   N becomes min(N, 20)
  dominoes run without --deals    gets --deals 20 (a committed config would play for minutes)
  --games N (a number)            N becomes min(N, 2)
  /tmp/...                        a folder inside the scratch copy
Relative outputs (out/..., results/default/) land in the scratch copy, never in the repository.

A block that calls mpirun is skipped (and said so) where mpirun is not installed; as root the
test sets Open MPI's OMPI_ALLOW_RUN_AS_ROOT variables, as docs/scale-out.md says to.

A failure names the page and the line of the command that failed, its exit code, the command
as run and the end of its stderr. Before the documents, the test runs a made-up page holding a
failing command and checks that it reports that page and line, so the test itself can fail.

Usage: docs_commands_test.py SOURCE_DIR BUILD_DIR [--include-pending] [DOC.md ...]
  DOC.md: run only these pages (absolute, or relative to SOURCE_DIR or to SOURCE_DIR/docs)
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from markdown_blocks import code_blocks  # beside this script

SHELLS = {"sh", "bash", "shell"}
SMALL_DEALS, SMALL_GAMES, BLOCK_SECONDS = 20, 2, 120


def commands(body):
    """Splits a block into [(line number, command text)]: lines joined at a trailing backslash, a
    here-document kept whole, blank and comment-only lines dropped."""
    result, k = [], 0
    while k < len(body):
        number, text = body[k]
        k += 1
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        parts = [text]
        while parts[-1].endswith("\\") and k < len(body):
            parts.append(body[k][1])
            k += 1
        heredoc = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", parts[0])
        if heredoc:
            while k < len(body):
                parts.append(body[k][1])
                k += 1
                if parts[-1].strip() == heredoc.group(1):
                    break
        result.append((number, "\n".join(parts)))
    return result


def smaller(command, tmp):
    """The command at test size (see the module's docstring)."""
    command = re.sub(r"(--deals[= ]\s*|\bdeals\s*=\s*)(\d+)",
                     lambda m: m.group(1) + str(min(int(m.group(2)), SMALL_DEALS)), command)
    command = re.sub(r"(--games[= ]\s*)(\d+)\b",
                     lambda m: m.group(1) + str(min(int(m.group(2)), SMALL_GAMES)), command)
    if (re.search(r"\bdominoes run\b", command) and not re.search(r"--deals\b|\bdeals=", command)
            and not re.search(r"(^|\s)(--help|-h)(\s|$)", command)):
        command = re.sub(r"\bdominoes run\b", f"dominoes run --deals {SMALL_DEALS}", command)
    return re.sub(r"(?<![\w.])/tmp/", f"{tmp}/", command)


def scratch_copy(root, build, where):
    """Copies the repository's files (tracked and new, as in the work tree; without git, every
    file but .git, build*/ and out/) into `where` and links build/ to the real build."""
    listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=root,
                            capture_output=True)
    if listed.returncode == 0:
        for name in filter(None, listed.stdout.split(b"\0")):
            source = root / os.fsdecode(name)
            if source.is_file():
                (where / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, where / os.fsdecode(name))
    else:
        shutil.copytree(root, where, symlinks=True, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".git", "build*", "out"))
    link = where / "build"
    if link.is_symlink() or link.exists():
        shutil.rmtree(link) if link.is_dir() and not link.is_symlink() else link.unlink()
    link.symlink_to(build)


def run_page(label, blocks, copy, tmp, env, include_pending, report):
    """Runs the shell blocks of one page; returns [failure message]."""
    failures = []
    for fence_line, info, body in blocks:
        if not info or info[0] not in SHELLS:
            continue
        words = set(info[1:])
        where = f"{label}:{fence_line}"
        if "no-run" in words or ("pending" in words and not include_pending):
            report(f"SKIP {where} ({'no-run' if 'no-run' in words else 'pending'})")
            continue
        steps = commands(body)
        if not steps:
            continue
        if any(re.search(r"(^|[\s;&|(])mpirun\s", text) for _, text in steps) and \
                not shutil.which("mpirun", path=env["PATH"]):
            report(f"SKIP {where} (calls mpirun, which is not installed)")
            continue
        script = ["set -e -o pipefail",
                  "trap 'echo \"__docs_commands_failed_at $__doc_line\" >&2' ERR"]
        as_run = {}
        for number, text in steps:
            as_run[number] = smaller(text, tmp)
            script += [f"__doc_line={number}", as_run[number]]
        started = time.monotonic()
        # A session of its own, so that a block over its time is ended with everything it started.
        process = subprocess.Popen(["bash", "-c", "\n".join(script) + "\n"], cwd=copy, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            _, stderr = process.communicate(timeout=BLOCK_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            failures.append(f"{where}: the block ran over {BLOCK_SECONDS} s")
            report(f"FAIL {failures[-1]}")
            continue
        seconds = time.monotonic() - started
        if process.returncode == 0:
            report(f"ok   {where} ({len(steps)} commands, {seconds:.1f} s)")
            continue
        marks = re.findall(r"__docs_commands_failed_at (\d+)", stderr)
        line = int(marks[-1]) if marks else steps[0][0]
        stderr = re.sub(r"__docs_commands_failed_at \d+\n?", "", stderr).strip()
        failures.append(f"{label}:{line}: exited {process.returncode}: {as_run.get(line, '?')}\n"
                        f"    stderr (end): {stderr[-600:]}")
        report(f"FAIL {failures[-1]}")
    return failures


def self_check(copy, tmp, env):
    """A made-up page with a failing command on line 6 must be reported as failing there."""
    page = Path(tmp) / "selfcheck.md"
    page.write_text("# self-check\n\n```sh\ntrue\nbuild/bin/dominoes strategies >/dev/null\n"
                    "build/bin/dominoes run --player heuristic --no-such-option 1\n"
                    "echo never reached\n```\n")
    failures = run_page("selfcheck.md", code_blocks(page), copy, tmp, env, False, lambda _: None)
    return len(failures) == 1 and failures[0].startswith("selfcheck.md:6: exited 2: ")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) < 2:
        sys.exit(__doc__)
    root, build = Path(args[0]).resolve(), Path(args[1]).resolve()
    include_pending = "--include-pending" in sys.argv[1:]
    pages = [next((c for c in (Path(p), root / p, root / "docs" / p) if c.is_absolute() and c.exists()),
                  root / "docs" / p) for p in args[2:]] or sorted((root / "docs").glob("*.md"))
    for needed in (build / "bin" / "dominoes", build / "bin" / "solver"):
        if not needed.exists():
            sys.exit(f"FAIL: no {needed}: build the project first (scripts/setup)")
    env = dict(os.environ)
    if os.geteuid() == 0:  # docs/scale-out.md: as root, Open MPI wants these
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        copy, tmp = Path(scratch) / "repo", Path(scratch) / "tmp"
        copy.mkdir()
        tmp.mkdir()
        scratch_copy(root, build, copy)
        if not self_check(copy, tmp, env):
            print("FAIL: the self-check's broken command was not reported at selfcheck.md:6")
            sys.exit(1)
        print("self-check: a failing command is reported with its page and line")
        failures = []
        for page in pages:
            label = str(page.relative_to(root)) if root in page.parents else str(page)
            failures += run_page(label, code_blocks(page), copy, str(tmp), env, include_pending,
                                 print)
    print(f"{len(pages)} pages in {time.monotonic() - started:.1f} s")
    if failures:
        print(f"{len(failures)} failing block(s):")
        for failure in failures:
            print("  " + failure)
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
