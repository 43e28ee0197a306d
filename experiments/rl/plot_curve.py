#!/usr/bin/python3
"""Plots the learning curve that train_policy.py wrote: mean points per hand of the learning seat
(sampled policy, against the training opponent) with its 95% band, against training steps, with
training minutes on the top axis; and, when OUT/evaluation/summary.csv is there
(evaluate_policy.py), the trained policy's greedy play against random and heuristic's against
random, each with its 95% interval, as level lines.

Usage: /usr/bin/python3 experiments/rl/plot_curve.py OUT
Writes OUT/learning_curve.png. Needs matplotlib (Debian: python3-matplotlib), so it runs with
/usr/bin/python3, not the venv.
"""

import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
import numpy as np  # noqa: E402


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def level(rows, a, b):
    """A's points per game against B and its 95% half-width, from either side of the row."""
    for row in rows:
        if (row["player_a"], row["player_b"]) == (a, b):
            return float(row["a_points_per_game"]), float(row["a_points_ci95"])
        if (row["player_a"], row["player_b"]) == (b, a):
            return -float(row["a_points_per_game"]), float(row["a_points_ci95"])
    return None


def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    out = argv[0]
    rows = [r for r in read_rows(os.path.join(out, "learning_curve.csv"))
            if r["points_per_hand"] not in ("", "nan") and int(r["window_hands"]) > 1000]
    steps = np.array([float(r["steps"]) for r in rows]) / 1e6
    points = np.array([float(r["points_per_hand"]) for r in rows])
    ci = np.array([float(r["points_ci95"]) for r in rows])
    minutes = np.array([float(r["wall_seconds"]) for r in rows]) / 60
    training = read_rows(os.path.join(out, "training.csv"))[0]
    trained = round(float(training["seconds"]) / 60)

    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=120)
    ax.fill_between(steps, points - ci, points + ci, color="tab:blue", alpha=0.25, linewidth=0)
    ax.plot(steps, points, color="tab:blue", linewidth=1.5,
            label=f"policy in training (sampled) vs {training['opponent']}")
    summary = os.path.join(out, "evaluation", "summary.csv")
    if os.path.exists(summary):
        table = read_rows(summary)
        for (a, b, label, color) in (
                ("rl-policy", "random", "trained policy (greedy) vs random", "tab:green"),
                ("heuristic", "random", "built-in heuristic vs random", "tab:red")):
            found = level(table, a, b)
            if found:
                mean, half = found
                ax.axhspan(mean - half, mean + half, color=color, alpha=0.2, linewidth=0)
                ax.axhline(mean, color=color, linestyle="--", linewidth=1.2,
                           label=f"{label}: {mean:+.2f} ± {half:.2f}")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("training steps of the learning seat (millions)")
    ax.set_ylabel("points per hand (learning seat's net)")
    ax.set_title("REINFORCE with a baseline, two-seat double-six Block Dominoes\n"
                 f"trained against {training['opponent']}: {int(training['hidden'])} hidden units, "
                 f"seed {training['seed']}, "
                 f"{trained} minute{'' if trained == 1 else 's'} of training")
    if len(steps) > 1 and np.all(np.diff(steps) > 0):
        at_steps, at_minutes = np.r_[0.0, steps], np.r_[0.0, minutes]  # training starts at 0
        top = ax.secondary_xaxis(
            "top", functions=(lambda s: np.interp(s, at_steps, at_minutes),
                              lambda m: np.interp(m, at_minutes, at_steps)))
        top.set_xlabel("wall-clock minutes")
    ax.set_xlim(left=0)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=9)
    fig.tight_layout()
    path = os.path.join(out, "learning_curve.png")
    fig.savefig(path)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
