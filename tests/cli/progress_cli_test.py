#!/usr/bin/env python3
"""Live progress and Ctrl-C (issue 21), through the programs as people run them.

1. In a log (stderr a pipe), `dominoes run` writes a plain progress line every
   DOMINOES_PROGRESS_SECONDS (30 s unless set; 0.1 here) and a last one; the last line's deals,
   games and running score with its 95% interval are recomputed here by hand from the run's own
   game records (A's points minus B's per deal, Student's t interval over deals, halved per game).
   --quiet writes none.
2. At a terminal (a pseudo-terminal), the line is redrawn in place several times a second. Ctrl-C
   then stops the run within 2 s (the test allows 5 s and prints the time measured) with the
   chunk in play journalled as its finished first deals; the resumed run ends with the tables and
   the game records of a run never interrupted, byte for byte (the measured times aside).
3. `solver equilibrium` shows its progress from the tree's build on, in a log and at a terminal;
   --quiet shows none.
Standard library only. Usage: progress_cli_test.py PATH/TO/dominoes PATH/TO/solver
"""
import json
import math
import os
import pty
import re
import signal
import subprocess
import sys
import tempfile
import time

from pty_io import Checks, read_until  # beside this script

LINE = re.compile(r"^deals (\d+)/(\d+) \(([0-9.]+)%\)  games (\d+)  (\d+) games/s  elapsed (\S+)  "
                  r"ETA (\S+)(?:  \|  \[1/1\] (\S+) vs (\S+) ([+-]\d+\.\d{3}) \+/- (\S+))?$")
# Slow enough strategies that a run lasts a few seconds on two threads.
PLAYERS = ["--player", "playout", "--player", "heuristic"]


def t_quantile_975(dof):
    """Student's t 0.975 quantile: bisection on the CDF, itself Simpson's rule on the density."""
    log_c = math.lgamma((dof + 1) / 2) - math.lgamma(dof / 2) - 0.5 * math.log(dof * math.pi)

    def cdf(x):
        steps = 2000
        h = x / steps
        total = 0.0
        for i in range(steps + 1):
            weight = 1 if i in (0, steps) else (4 if i % 2 else 2)
            total += weight * math.exp(log_c - (dof + 1) / 2 * math.log1p((i * h) ** 2 / dof))
        return 0.5 + total * h / 3

    low, high = 0.0, 20.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if cdf(mid) < 0.975 else (low, mid)
    return (low + high) / 2


def score_from_records(path, player_a):
    """A's points per game minus B's and the 95% half-width, from the game records by hand."""
    net = {}
    games = 0
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            a_seat = record["players"].index(player_a)
            points = record["points"]
            net[record["deal"]] = net.get(record["deal"], 0) + points[a_seat] - points[1 - a_seat]
            games += 1
    values = list(net.values())
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return n, games, mean / 2, t_quantile_975(n - 1) * sd / math.sqrt(n) / 2


def without_timings(csv_text):
    """summary.csv without the measured columns (milliseconds per decision, seconds)."""
    rows = [line.split(",") for line in csv_text.splitlines()]
    keep = [i for i, name in enumerate(rows[0])
            if name not in ("a_ms_per_decision", "b_ms_per_decision", "seconds")]
    return "\n".join(",".join(row[i] for i in keep) for row in rows)


def without_timing_cells(markdown):
    """summary.md without the last two cells (ms per decision, seconds) of its table's rows."""
    return re.sub(r"\|[^|\n]*\|[^|\n]*\|\n", "|\n", markdown)


def log_lines(check, binary, tmp):
    out = os.path.join(tmp, "log")
    games = os.path.join(out, "games.jsonl")
    env = dict(os.environ, DOMINOES_PROGRESS_SECONDS="0.1")
    command = [binary, "run"] + PLAYERS + ["--deals", "1000", "--chunk", "1000", "--threads", "2",
                                           "--seed", "5", "--out", out, "--games-out", games]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env)
    arrivals = []
    for raw in process.stderr:
        arrivals.append((time.monotonic(), raw.decode()))
    code = process.wait()
    check("the logged run exits 0", code == 0, "exit %d" % code)
    progress = [(t, m) for t, line in arrivals if (m := LINE.match(line.rstrip("\n")))]
    text = "".join(line for _, line in arrivals)
    check("no carriage return in a log", "\r" not in text, text[:300])
    check("a line every interval while the run plays (at least two)", len(progress) >= 3, text[:600])
    gaps = [b[0] - a[0] for a, b in zip(progress[:-2], progress[1:-1])]
    check("about 0.1 s between lines", all(0.03 < g < 1 for g in gaps), repr(gaps))
    done = [int(m.group(1)) for _, m in progress]
    check("the deals done never go back", done == sorted(done), repr(done))
    if not progress:
        return
    last = progress[-1][1]
    deals, games_done, points, half = score_from_records(games, "playout(playouts=1000,rollout=random,crn=true)")
    check("the last line counts every deal and game", (int(last.group(1)), int(last.group(2)),
          int(last.group(4))) == (deals, 1000, games_done), last.group(0))
    check("the last line's score is A's points per game by hand",
          last.group(10) == "%+.3f" % points, "%s, by hand %+.3f" % (last.group(0), points))
    check("the last line's interval is the 95%% half-width by hand",
          last.group(11) == "%.3f" % half, "%s, by hand %.3f" % (last.group(0), half))

    quiet = subprocess.run([binary, "run"] + PLAYERS[:1] + ["random", "--player", "heuristic",
                           "--deals", "2000", "--out", os.path.join(tmp, "quiet"), "--quiet"],
                           capture_output=True, text=True, env=env)
    check("--quiet shows no progress", quiet.returncode == 0 and "deals " not in quiet.stderr,
          quiet.stderr)


def terminal_and_ctrl_c(check, binary, tmp):
    out = os.path.join(tmp, "tty")
    # 2000 deals last about 4 s on two idle threads: the run is interrupted about 1.5 s in, and
    # the rest is played twice (resumed, and the whole run to compare with), so longer costs twice.
    deals = 2000
    args = PLAYERS + ["--deals", str(deals), "--chunk", str(deals), "--threads", "2", "--seed", "9"]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary, "run"] + args + ["--out", out, "--games-out", out + "/games.jsonl"])
    started = time.monotonic()
    screen = read_until(fd, rb"deals [1-9]\d*/%d" % deals, 30)
    screen += read_until(fd, rb"(?!)", 1.3)  # watch the line for a while
    redraws = screen.count(b"\rdeals ")
    seconds = time.monotonic() - started
    check("the line is redrawn in place several times a second",
          redraws >= 3 and b"\x1b[K" in screen, "%d redraws in %.1f s" % (redraws, seconds))
    check("no newline between redraws", b"\n" not in screen.split(b"\rdeals ", 1)[-1], screen[-300:])
    os.kill(pid, signal.SIGINT)
    sent = time.monotonic()
    screen += read_until(fd, rb"resume with: [^\r\n]*\r?\n", 10)
    _, status = os.waitpid(pid, 0)
    stopped_in = time.monotonic() - sent
    screen += read_until(fd, rb"(?!)", 0.2)
    os.close(fd)
    print("measured: Ctrl-C to exit in %.2f s" % stopped_in)
    check("Ctrl-C stops the run within 5 s", stopped_in < 5, "%.2f s" % stopped_in)
    code = os.waitstatus_to_exitcode(status)
    check("it exits 130", code == 130, "exit %d: %r" % (code, screen[-400:]))
    text = screen.decode("utf-8", "replace")
    check("it says every finished game is kept", "every finished game is kept" in text, text[-400:])
    entries = []
    with open(os.path.join(out, "journal.txt")) as f:
        entries = [line.split() for line in f if line.startswith("chunk ")]
    check("the chunk in play is journalled as its finished first deals",
          len(entries) == 1 and entries[0][3] == "0" and 0 < int(entries[0][4]) < deals, repr(entries))

    resumed = subprocess.run([binary, "run"] + args + ["--out", out, "--games-out",
                             out + "/games.jsonl", "--quiet"], capture_output=True, text=True)
    check("the resumed run finishes", resumed.returncode == 0, resumed.stderr)
    whole = os.path.join(tmp, "whole")
    subprocess.run([binary, "run"] + args + ["--out", whole, "--games-out", whole + "/games.jsonl",
                    "--quiet"], capture_output=True, check=True)
    for name in ("summary.csv", "summary.md", "crosstable.md", "games.jsonl"):
        with open(os.path.join(out, name)) as a, open(os.path.join(whole, name)) as b:
            mine, theirs = a.read(), b.read()
        if name == "summary.csv":
            mine, theirs = without_timings(mine), without_timings(theirs)
        if name == "summary.md":  # its table's last two cells are the measured times
            mine, theirs = without_timing_cells(mine), without_timing_cells(theirs)
        check("resumed %s equals the uninterrupted run's" % name, mine == theirs)


def solver_progress(check, solver):
    env = dict(os.environ, DOMINOES_PROGRESS_SECONDS="0.2")
    # The game tree's method: its build takes long enough to be seen (the public tree's layout of
    # this variant takes milliseconds).
    command = [solver, "equilibrium", "--method", "tree", "--double", "4", "--hand", "3",
               "--target", "1e-9", "--max-iterations", "10"]
    logged = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    check("the logged solve exits 0", logged.returncode == 0, logged.stderr[-300:])
    check("its log shows the tree's build", re.search(r"^building the game tree: \d+ nodes",
          logged.stderr, re.M) is not None, logged.stderr[:300])
    iterations = [int(i) for i in re.findall(r"^iteration (\d+): exploitability", logged.stderr, re.M)]
    check("then the iterations, growing", len(iterations) >= 1 and iterations == sorted(iterations),
          logged.stderr[-300:])
    quiet = subprocess.run(command + ["--quiet"], capture_output=True, text=True, env=env, timeout=300)
    check("--quiet solves without a line", quiet.returncode == 0 and quiet.stderr == "", quiet.stderr)
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(solver, command)
    screen = read_until(fd, rb"(?!)", 300)
    os.waitpid(pid, 0)
    check("at a terminal the solve's line is redrawn",
          b"\riteration " in screen or b"\rbuilding the game tree" in screen, screen[:300])


def main():
    binary, solver = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    check = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        log_lines(check, binary, tmp)
        terminal_and_ctrl_c(check, binary, tmp)
    solver_progress(check, solver)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
