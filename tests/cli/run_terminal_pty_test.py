#!/usr/bin/env python3
"""What `dominoes run` prints when it ends, read at a pseudo-terminal as a person sees it: an
aligned table of at most 100 columns, one row per pairing, whose figures are those of the
summary.csv the run wrote; for a round robin and a gauntlet the standings, best rating first, each
rating as ratings.csv gives it and each player's raw points per game as computed here from
summary.csv; a long spec shown as P1 with the spec listed below. A head-to-head prints no
standings, and a pipe gets summary.md as written. Standard library only.
Usage: run_terminal_pty_test.py PATH/TO/dominoes
"""
import csv
import os
import pty
import re
import subprocess
import sys
import tempfile

from pty_io import Checks, read_until  # beside this script

LONG = "minimax(scenarios=40,depth=0)"


def at_terminal(binary, args):
    """Runs `binary args` at a pseudo-terminal; returns everything it showed, as text."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary] + args)
    screen = read_until(fd, rb"(?!)", 60)
    os.waitpid(pid, 0)
    os.close(fd)
    return screen.decode("utf-8").replace("\r\n", "\n")


def results_part(screen):
    """The lines the results tables take: everything before the games-per-second line."""
    return screen.split("\n\n" + re.search(r"\d+ (games|matches) in ", screen).group(0))[0]


def rows_of(table_text):
    """The data rows of the first aligned table in `table_text` (after its rule of dashes)."""
    lines = table_text.split("\n")
    start = next(i for i, line in enumerate(lines) if re.fullmatch(r"[- ]+", line)) + 1
    rows = []
    for line in lines[start:]:
        if not line.strip():
            break
        rows.append(line.split())
    return rows


def main():
    binary = sys.argv[1]
    check = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "rr")
        screen = at_terminal(binary, ["run", "--player", "heuristic", "--player", "random",
                                      "--player", "lowest", "--player", LONG, "--deals", "60",
                                      "--out", out, "--quiet"])
        shown = results_part(screen)
        widths = [len(line) for line in shown.split("\n")]
        check("every line of the results fits 100 columns", max(widths) <= 100, shown)
        with open(os.path.join(out, "summary.csv"), newline="") as f:
            summary = list(csv.DictReader(f))
        table = shown.split("Standings")[0]
        pairings = rows_of(table)
        check("one row per pairing", len(pairings) == len(summary) == 6, table)
        check("the long spec is P1, listed below", "P1 = " + LONG[:-1] in shown, shown)
        label = {"heuristic": "heuristic", "random": "random", "lowest": "lowest"}
        for spec in {r["player_b"] for r in summary} - set(label):
            label[spec] = "P1"
        for row, want in zip(pairings, summary):
            a, b, games, points = row[0], row[1], row[2], row[3]
            check(f"{a} against {b}: players and games as summary.csv",
                  (a, b, games) == (label[want["player_a"]], label[want["player_b"]],
                                    want["games"]), row)
            check(f"{a} against {b}: points per game as summary.csv",
                  abs(float(points) - float(want["a_points_per_game"])) < 0.0006, row)
        # The standings: ratings.csv's, best first; raw points per game computed here.
        with open(os.path.join(out, "ratings.csv"), newline="") as f:
            ratings = {label[r["player"]]: r for r in csv.DictReader(f)}
        net, games = {}, {}
        for r in summary:
            g = int(r["games"])
            for spec, sign in ((r["player_a"], 1), (r["player_b"], -1)):
                net[label[spec]] = net.get(label[spec], 0) + sign * float(r["a_points_per_game"]) * g
                games[label[spec]] = games.get(label[spec], 0) + g
        standings = rows_of("Standings" + shown.split("Standings")[1])
        check("the standings list every player once", sorted(r[1] for r in standings) ==
              sorted(ratings), standings)
        shown_ratings = [float(r[2]) for r in standings]
        check("best rating first", shown_ratings == sorted(shown_ratings, reverse=True), standings)
        for r in standings:
            want = ratings[r[1]]
            check(f"{r[1]}: rating as ratings.csv",
                  abs(float(r[2]) - float(want["points_rating"])) < 0.006, r)
            check(f"{r[1]}: raw points per game from summary.csv",
                  abs(float(r[-2]) - net[r[1]] / games[r[1]]) < 0.0006, r)
            check(f"{r[1]}: games", int(r[-1]) == games[r[1]], r)
        # A pipe gets summary.md as written.
        piped = subprocess.run([binary, "run", "--player", "heuristic", "--player", "random",
                                "--deals", "20", "--out", os.path.join(tmp, "piped"), "--quiet"],
                               capture_output=True, text=True)
        with open(os.path.join(tmp, "piped", "summary.md")) as f:
            check("a pipe gets summary.md", piped.stdout == f.read(), piped.stdout[:300])
        # A gauntlet has standings, a head-to-head none.
        gauntlet = at_terminal(binary, ["run", "--player", "heuristic", "--player", "random",
                                        "--player", "lowest", "--format", "gauntlet", "--deals",
                                        "20", "--out", os.path.join(tmp, "g"), "--quiet"])
        check("a gauntlet prints standings", "Standings" in gauntlet, gauntlet)
        h2h = at_terminal(binary, ["run", "--player", "heuristic", "--player", "random",
                                   "--format", "head-to-head", "--deals", "20", "--out",
                                   os.path.join(tmp, "h"), "--quiet"])
        check("a head-to-head prints no standings", "Standings" not in h2h and
              "heuristic  random" in h2h, h2h)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
