#!/usr/bin/env python3
"""Ctrl-C typed at a terminal, as a person would (issue 8, defect 6).

`dominoes run` runs on a pseudo-terminal, so its progress line is drawn; the test waits for that
line, types Ctrl-C (the terminal sends SIGINT to the run), and reads the screen: the progress line
is ended, the run says it stops after the current chunk, prints the command that resumes, and exits
130 with its finished chunks in the journal. Running the printed command then finishes the run.
Standard library only. Usage: ctrl_c_pty_test.py PATH/TO/dominoes
"""
import os
import pty
import re
import shlex
import subprocess
import sys
import tempfile

from pty_io import Checks, read_until  # beside this script


def main():
    binary = os.path.abspath(sys.argv[1])
    check = Checks()

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run")
        command = [binary, "run", "--player", "random", "--player", "heuristic",
                   "--deals", "5000000", "--chunk", "2000", "--threads", "2", "--out", out]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(binary, command)
        screen = read_until(fd, rb"deals \d+/", 20)
        check("the progress line is drawn on a terminal", b"deals " in screen, repr(screen[-200:]))
        os.write(fd, b"\x03")  # Ctrl-C: the terminal turns it into SIGINT for the run
        screen += read_until(fd, rb"resume with: [^\r\n]*\r?\n", 30)
        screen += read_until(fd, rb"$^", 2)  # whatever is left, until the terminal closes
        _, status = os.waitpid(pid, 0)
        os.close(fd)
        text = screen.decode("utf-8", "replace")
        code = os.waitstatus_to_exitcode(status)
        check("the run exits 130", code == 130, "exit %d" % code)
        check("it says it stops and keeps every finished game",
              "stopping: the games in play finish and every finished game is kept" in text,
              repr(text[-300:]))
        # What a terminal shows of each line: the text after its last carriage return.
        lines = [l.split("\r")[-1] for l in text.replace("\r\n", "\n").split("\n")]
        resume = [l for l in lines if l.startswith("resume with: ")]
        check("the resume command starts a line of its own", len(resume) == 1, repr(text[-300:]))
        interrupted = [l for l in lines if "interrupted:" in l]
        check("the progress line was cleared before the report",
              len(interrupted) == 1 and interrupted[0].startswith("interrupted:") and
              not any(re.search(r"deals \d+/\d+", l) for l in lines[lines.index(interrupted[0]):]),
              repr(interrupted))
        journal = os.path.join(out, "journal.txt")
        chunks = 0
        if os.path.exists(journal):
            with open(journal) as f:
                chunks = sum(1 for l in f if l.startswith("chunk ") and l.endswith("\n"))
        check("finished games are in the journal", chunks >= 1, "%d chunks" % chunks)
        if resume:
            args = shlex.split(resume[0][len("resume with: "):]) + ["--quiet"]
            done = subprocess.run(args, capture_output=True, text=True, timeout=120)
            check("the printed command resumes", done.returncode == 0 and
                  re.search(r"resumed [1-9]\d* chunks", done.stderr) is not None, done.stderr)
            with open(os.path.join(out, "summary.csv")) as f:
                check("and finishes every game", ",10000000," in f.read())
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
