"""scripts/regenerate: --list shows every experiment with the cost its committed summary.csv
records (summed here with Python's csv module), --only NAME, the one-line refusal without a
terminal, and the question at a pseudo-terminal (no answer "y": nothing runs). Hours of work are
never started: the experiments that run are tiny configs in a temporary folder
(REGENERATE_EXPERIMENTS), one of them dressed up as expensive by a summary.csv that says it took
5,000 seconds, and the tool is the built one (DOMINOES), so nothing is rebuilt.
Usage: regenerate_test.py DOMINOES SOURCE_DIR"""
import csv
import os
import pty
import subprocess
import sys
import tempfile

from pty_io import Checks, read_until

dominoes, source = sys.argv[1], sys.argv[2]
script = os.path.join(source, "scripts", "regenerate")
check = Checks()


def run(*args, env=None):
    return subprocess.run([script, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          env=env, timeout=120)


def seconds_in(table):
    with open(table, newline="") as f:
        return int(sum(float(row["seconds"]) for row in csv.DictReader(f)) + 0.5)


def duration(seconds):
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds} s"


# 1. The committed experiments: every config listed, with its table's own timing.
listing = run("--list")
check("--list exits 0", listing.returncode == 0, listing.stderr)
rows = {line.split()[0]: line for line in listing.stdout.splitlines() if not line.startswith("total")}
configs = sorted(f[:-4] for f in os.listdir(os.path.join(source, "experiments")) if f.endswith(".cfg"))
check("--list names every experiments/*.cfg", sorted(rows) == configs, listing.stdout)


def out_folder(name):
    """The folder experiments/NAME.cfg writes to: its last `out` key, else results/NAME."""
    out = None
    with open(os.path.join(source, "experiments", name + ".cfg")) as f:
        for line in f:
            key, _, value = line.partition("=")
            if key.strip() == "out":
                out = value.strip()
    return os.path.join(source, out or os.path.join("results", name))


total = 0
for name in configs:
    table = os.path.join(out_folder(name), "summary.csv")
    if not os.path.exists(table) or name not in rows:
        continue
    cost = seconds_in(table)
    total += cost
    check(f"{name}'s cost is its summary.csv's seconds ({duration(cost)})",
          f" {duration(cost)} " in rows[name] + " ", rows[name])
check("--list ends with the total", f"total: {duration(total)}" in listing.stdout, listing.stdout)

# 2. Tiny experiments in a temporary folder.
with tempfile.TemporaryDirectory() as tmp:
    experiments = os.path.join(tmp, "experiments")
    os.makedirs(experiments)
    for name in ("cheap", "dear"):
        with open(os.path.join(experiments, name + ".cfg"), "w") as f:
            f.write(f"name = {name}\ndeals = 20\nplayer = random\nplayer = lowest\n"
                    f"out = {tmp}/results/{name}\n")
    dear_table = os.path.join(tmp, "results", "dear", "summary.csv")
    os.makedirs(os.path.dirname(dear_table))
    fake = "player_a,player_b,games,seconds\nrandom,lowest,40,4000.4\nlowest,random,40,1000\n"
    with open(dear_table, "w") as f:
        f.write(fake)
    env = dict(os.environ, REGENERATE_EXPERIMENTS=experiments, DOMINOES=dominoes)

    listing = run("--list", env=env)
    check("--list shows a folder without tables as unknown",
          any(l.startswith("cheap ") and "unknown" in l for l in listing.stdout.splitlines()),
          listing.stdout)
    check("--list shows the dear one's 5,000 s as 1 h 23 min",
          any(l.startswith("dear ") and "1 h 23 min" in l for l in listing.stdout.splitlines()),
          listing.stdout)

    bad = run("--only", "nosuch", env=env)
    check("--only NAME unknown: exit 2, one line naming the valid ones",
          bad.returncode == 2 and bad.stderr.count("\n") == 1 and "cheap, dear" in bad.stderr,
          bad.stderr)
    refused = run("--only", "dear", env=env)
    check("over 10 minutes without a terminal: exit 2, one line, names --yes",
          refused.returncode == 2 and refused.stderr.count("\n") == 1 and "--yes" in refused.stderr
          and "1 h 23 min" in refused.stderr, refused.stderr)
    check("... and nothing ran", open(dear_table).read() == fake and refused.stdout == "")
    unknown = run("--only", "cheap", env=env)
    check("unknown cost without a terminal is refused too", unknown.returncode == 2, unknown.stderr)
    ran = run("--only", "cheap", "--yes", env=env)
    cheap_table = os.path.join(tmp, "results", "cheap", "summary.csv")
    check("--only cheap --yes runs that one experiment", ran.returncode == 0 and
          os.path.exists(cheap_table) and open(dear_table).read() == fake, ran.stderr[-300:])
    again = run("--only", "cheap", env=env)
    check("a cheap experiment with a timing runs without asking", again.returncode == 0,
          again.stderr[-300:])

    # 3. At a terminal it asks; anything but y leaves everything as it was.
    for answer, runs in ((b"n\r", False), (b"y\r", True)):
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(script, [script, "--only", "dear"], env)
        asked = read_until(fd, rb"Go on\? \[y/N\]", 30)
        check(f"at a terminal it asks with the estimate ({answer!r})",
              b"1 h 23 min" in asked and b"Go on?" in asked, asked)
        os.write(fd, answer)
        read_until(fd, rb"$^", 60)  # to the end
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        changed = open(dear_table).read() != fake
        check(f"answer {answer!r}: exit {code}, ran: {changed}",
              (code == 0 and changed) if runs else (code == 1 and not changed))

sys.exit(check.finish())
