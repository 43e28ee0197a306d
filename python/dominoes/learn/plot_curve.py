#!/usr/bin/python3
"""Plots a training's learning curve: the training and held-out loss against epochs, from the
curve.csv and training.json that `python -m dominoes.learn` wrote in DIR.

Usage: /usr/bin/python3 plot_curve.py DIR
Writes DIR/curve.png. Needs matplotlib and nothing else (not the dominoes package), so it runs
under Debian's /usr/bin/python3 with python3-matplotlib as well as in a venv that has it.
Exit status: 0 plotted; 2 bad usage, or no readable curve.csv in DIR; 3 matplotlib is missing.
"""

import csv
import json
import os
import sys

LOSSES = {"policy": "cross-entropy (nats per decision)",
          "belief": "cross-entropy (nats per hidden tile)",
          "value": "squared error (points squared per decision)"}
REGRESSION = "squared error of the move values (points squared per decision)"


def loss_label(keys):
    """Returns the y axis's label: the loss of the training's kind and objective."""
    if keys.get("kind") == "policy" and (keys.get("regress_values")
                                         or keys.get("regress_advantages")):
        return REGRESSION
    return LOSSES.get(keys.get("kind"), "loss")


def kept_epoch(epochs, held_out, keys):
    """Returns the epoch whose weights the training wrote: with keep "best" the one of the lowest
    held-out loss (the earliest on a tie), else the last."""
    if keys.get("keep") == "best":
        return epochs[min(range(len(held_out)), key=lambda i: (held_out[i], i))]
    return epochs[-1]


def read_curve(folder):
    """Returns (epochs, training losses, held-out losses) of DIR/curve.csv."""
    with open(os.path.join(folder, "curve.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return ([int(r["epoch"]) for r in rows], [float(r["train_loss"]) for r in rows],
            [float(r["held_out_loss"]) for r in rows])


def read_keys(folder):
    """Returns the training's options (training.json's keys), or {} without one."""
    try:
        with open(os.path.join(folder, "training.json"), encoding="utf-8") as f:
            return json.load(f).get("keys", {})
    except (OSError, ValueError):
        return {}


def plot(folder):
    """Writes DIR/curve.png and returns its path. Raises ImportError without matplotlib, and
    OSError, KeyError or ValueError for a missing or malformed curve.csv."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    epochs, train, held_out = read_curve(folder)
    keys = read_keys(folder)
    kind = keys.get("kind", "model")
    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=120)
    ax.plot(epochs, train, color="tab:blue", marker="o", linewidth=1.5,
            label="training rows (mean over the epoch)")
    ax.plot(epochs, held_out, color="tab:red", marker="o", linewidth=1.5,
            label="held-out deals (after the epoch)")
    kept = kept_epoch(epochs, held_out, keys)
    ax.plot([kept], [held_out[epochs.index(kept)]], linestyle="none", marker="o", markersize=13,
            markerfacecolor="none", markeredgecolor="black",
            label=f"the weights written (epoch {kept})")
    ax.set_xlabel("epoch")
    ax.set_ylabel(loss_label(keys))
    hidden = ",".join(str(h) for h in keys.get("hidden", []))
    player = f", decisions of {keys['player']}" if keys.get("player") else ""
    ax.set_title(f"{kind} model, hidden layers {hidden or '?'}: learning curve\n"
                 f"seed {keys.get('seed', '?')}, batch {keys.get('batch', '?')}, "
                 f"learning rate {keys.get('lr', '?')}{player}")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize=9)
    fig.tight_layout()
    path = os.path.join(folder, "curve.png")
    fig.savefig(path)
    plt.close(fig)
    return path


def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    try:
        print(f"wrote {plot(argv[0])}")
    except ImportError:
        print("plot_curve: matplotlib is missing (Debian: apt-get install python3-matplotlib, "
              "for /usr/bin/python3)", file=sys.stderr)
        return 3
    except (OSError, KeyError, ValueError) as e:
        print(f"plot_curve: no readable curve.csv in {argv[0]} ({e})", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
