"""`python -m dominoes.learn {belief,policy,value} --data DIR --out DIR [options]`: trains one
model on a dataset folder and writes it beside its metrics and learning curve (HELP below)."""

import argparse
import shlex
import sys
import time

from dominoes.learn import options as options_module
from dominoes.learn.trainer import make_task, train

PROGRAM = "python -m dominoes.learn"
DESCRIPTION = """Trains a network on the decisions of a dataset folder (`dominoes dataset` writes
one) and writes it as the C++ strategies read it.

  belief  for each tile the deciding seat cannot see, the probability of each place it may be
          in: each other seat (in turn order from the decider), or never dealt
  policy  the recorded player's choice among the legal actions (imitation), on decisions with at
          least two legal actions; or (--regress-values) each legal action's expected value, or
          (--regress-advantages) that value less the mean of the decision's legal moves' values
  value   the deciding seat's net points for the hand

The rows of a share of the deals (--held-out) are kept apart to measure the model; the rest train
it, with Adam, on minibatches drawn in a seeded order. The same command on the same data gives the
same bytes: weights start from --seed, and PyTorch runs its deterministic algorithms."""

EPILOG = """outputs in OUT:
  KIND.safetensors  the weights (layers.I.weight [out, in], layers.I.bias [out], float32)
  KIND.json         the model's card: kind, input layout and size, output size, the game's
                    rules, the layers and their activations, how it was trained, its metrics
  metrics.json      held-out and training metrics: policy and belief the log-loss (nats), the
                    uniform guess's log-loss, the accuracy of the most likely choice and the
                    calibration (predicted probability against frequency in 10 bins, and the
                    expected calibration error); policy on data with move values also the
                    regret (points a decision lost against the best move with open hands) of
                    its argmax and of the recorded actions; value the squared and absolute
                    errors
  curve.csv         per epoch: training loss (mean over the epoch), held-out loss, examples
                    seen, wall seconds; curve.png plots it (needs matplotlib: this python's,
                    else /usr/bin/python3's from Debian's python3-matplotlib)
  training.json     the options that make the result; checkpoint.pt the last finished epoch

A checkpoint is written after every epoch: the same command run again (after Ctrl-C, a crash)
resumes from it and ends with the same bytes as an uninterrupted run; once finished it writes the
same outputs again. An --out holding other files, or made with other options or data, is
refused. Bad input: one line on stderr, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (no usage block), exit status 2."""

    def error(self, message):
        fail(f"{message} (--help explains)")


def fail(message):
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    sys.exit(2)


def layer_sizes(text):
    """Returns the layer sizes of "256,256"."""
    try:
        sizes = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not whole numbers separated by commas "
                                         f"(256,256)") from None
    return sizes


def parser():
    p = OneLineParser(prog=PROGRAM, description=DESCRIPTION, epilog=EPILOG,
                      formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("kind", choices=options_module.KINDS, help="the model to train")
    p.add_argument("--data", required=True, metavar="DIR", action="append",
                   help="the dataset folder (dataset.json and chunk-NNNNNN.safetensors); give "
                        "it again to train on several folders' rows together (of one game)")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="the output folder: new or empty, or this training's own to resume it")
    p.add_argument("--hidden", type=layer_sizes, default=(256, 256), metavar="N,N",
                   help="the hidden layers' sizes, ReLU after each (default 256,256)")
    p.add_argument("--epochs", type=int, default=10, metavar="N",
                   help="passes over the training rows (default 10)")
    p.add_argument("--batch", type=int, default=256, metavar="B",
                   help="rows per Adam step (default 256)")
    p.add_argument("--lr", type=float, default=1e-3, metavar="X",
                   help="Adam's learning rate (default 0.001)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="seeds the initial weights and the batches' order (default 1)")
    p.add_argument("--player", metavar="NAME",
                   help="learn from this player's decisions only (a name or spec of the "
                        "dataset's players; default: every player's)")
    p.add_argument("--held-out", type=float, default=0.1, metavar="F",
                   help="the share of deals whose rows are held out to measure the model, "
                        "chosen by a hash of the deal number (default 0.1)")
    p.add_argument("--threads", type=int, default=1, metavar="N",
                   help="PyTorch's threads (default 1; the same bytes need the same N)")
    p.add_argument("--soft-targets", type=float, metavar="T",
                   help="policy only: train towards the softmax of the actions' exact values "
                        "(the dataset's move values, points) at temperature T instead of the "
                        "recorded action")
    p.add_argument("--regress-values", action="store_true",
                   help="policy only: each action's output regresses its exact value (the "
                        "dataset's move values, points) instead of imitating the recorded "
                        "action; the network then plays the action of highest expected value")
    p.add_argument("--regress-advantages", action="store_true",
                   help="policy only: as --regress-values, with each value less the mean of the "
                        "decision's legal actions' values: the same best action, without the "
                        "hand's value that every move shares in the targets' noise")
    p.add_argument("--keep", choices=("best", "last"), default="best",
                   help="which epoch's weights to write: best, the lowest held-out loss (the "
                        "earliest on a tie), against overfitting; or last (default best)")
    p.add_argument("--no-plot", dest="plot", action="store_false",
                   help="do not draw curve.png (curve.csv is still written)")
    return p


# At a terminal, the line showing an epoch's progress is rewritten at most this often (seconds).
PROGRESS_INTERVAL = 0.5


def print_progress(epochs):
    """Returns the on_batch callback that shows, at a terminal only, how far the epoch has come
    (one line rewritten in place, at most every PROGRESS_INTERVAL seconds); None elsewhere."""
    if not sys.stderr.isatty():
        return None
    began = {"epoch": 0, "at": 0.0, "shown": 0.0}

    def show(epoch, done, total):
        now = time.monotonic()
        if epoch != began["epoch"]:
            began.update(epoch=epoch, at=now, shown=now)
        if now - began["shown"] < PROGRESS_INTERVAL and done < total:
            return
        began["shown"] = now
        rate = done / max(now - began["at"], 1e-9)
        eta = (total - done) / max(rate, 1e-9)
        print(f"\repoch {epoch}/{epochs}: {done:,} of {total:,} rows ({100 * done / total:.1f}%), "
              f"{rate:,.0f} examples/s, ETA {eta:.0f} s\033[K", end="", file=sys.stderr,
              flush=True)
    return show


def print_epoch(epochs, unit):
    at_terminal = sys.stderr.isatty()

    def show(row):
        speed = row["examples"] / max(row["epoch"], 1) / max(row["seconds"], 1e-9)
        if at_terminal:  # the progress line gives way to the epoch's
            print("\r\033[K", end="", file=sys.stderr)
        print(f"epoch {row['epoch']}/{epochs}: training loss {row['train_loss']:.4f}, held-out "
              f"{row['held_out_loss']:.4f} ({unit}), {speed:,.0f} examples/s", file=sys.stderr,
              flush=True)
    return show


def main(argv):
    """Returns the exit status of the command line's words `argv`."""
    args = parser().parse_args(argv)
    options = options_module.Options(command=f"{PROGRAM} {shlex.join(argv)}", **vars(args))
    try:
        options.check()
        result = train(options, on_epoch=print_epoch(options.epochs, make_task(options).unit),
                       on_batch=print_progress(options.epochs))
    except ValueError as e:
        fail(str(e))
    except KeyboardInterrupt:
        print(f"{PROGRAM}: interrupted; the same command resumes from the last finished epoch",
              file=sys.stderr)
        return 130
    held = result["metrics"]["held_out"]
    scores = ", ".join(f"{name} {value:.4f}" for name, value in held.items()
                       if isinstance(value, float))
    speed = result["examples_per_second"]
    ran = (f"{result['epochs_run']} epochs at {speed:,.0f} examples/s" if speed
           else "already trained")
    print(f"{options.kind} model in {options.out}: {ran}; held-out {scores}")
    if result["plot_note"]:
        print(result["plot_note"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
