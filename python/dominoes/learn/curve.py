"""The learning curve beside the model: curve.csv (one row per epoch) and curve.png, drawn by
plot_curve.py in this process when matplotlib is here, else by Debian's /usr/bin/python3 (which
has it with python3-matplotlib), else not (one line says how to draw it later)."""

import importlib.util
import os
import subprocess

from dominoes.learn import outfolder, plot_curve

COLUMNS = ["epoch", "train_loss", "held_out_loss", "examples", "seconds"]
SYSTEM_PYTHON = "/usr/bin/python3"


def write_csv(out, rows):
    """Writes OUT/curve.csv: for each epoch, the training loss (mean over the epoch's batches,
    per unit of the task's loss), the held-out loss after it, the training examples seen so far,
    and the epoch's wall seconds."""
    lines = [",".join(COLUMNS)]
    for row in rows:
        lines.append(f"{row['epoch']},{row['train_loss']!r},{row['held_out_loss']!r},"
                     f"{row['examples']},{row['seconds']:.3f}")
    outfolder.write_text(os.path.join(out, "curve.csv"), "\n".join(lines) + "\n")


def draw(out):
    """Draws OUT/curve.png from OUT/curve.csv. Returns None when drawn, else one line saying
    why not and how to draw it."""
    script = plot_curve.__file__
    if importlib.util.find_spec("matplotlib") is not None:
        plot_curve.plot(out)
        return None
    if os.path.exists(SYSTEM_PYTHON):
        done = subprocess.run([SYSTEM_PYTHON, script, out], capture_output=True, text=True)
        if done.returncode == 0:
            return None
    return (f"curve.png not drawn: it needs matplotlib (Debian: apt-get install "
            f"python3-matplotlib), then {SYSTEM_PYTHON} {script} {out}")
