"""One training run: a dataset's rows for one model kind, split by deal into training and held-out
rows, an MLP trained by Adam on minibatches, a checkpoint after every epoch (a rerun resumes from
it), and at the end the model files, metrics.json and the learning curve.

Deterministic: the model's initial weights come from torch.manual_seed(seed) and the batches'
order from a generator of its own seeded alike; PyTorch runs its deterministic algorithms on
`threads` threads (1 by default). The same options on the same data give the same bytes, and a
run resumed from a checkpoint gives the bytes of an uninterrupted one.

A new way to make examples (self-play over dominoes.vector, say) is another task: an object
with output_size, rows, examples, loss and metrics, as policy.py, belief.py and value.py.
"""

import copy
import functools
import json
import os
import time

import torch

from dominoes.learn import curve, data, export, outfolder
from dominoes.learn._text import quoted
from dominoes.learn.belief import BeliefTask
from dominoes.learn.model import MLP
from dominoes.learn.policy import PolicyTask
from dominoes.learn.value import ValueTask

EVALUATION_ROWS = 65536  # rows per forward pass when evaluating (bounds the memory)


def make_task(options):
    """Returns the task of `options.kind`."""
    if options.kind == "policy":
        return PolicyTask(options.soft_targets, options.regress_values,
                          options.regress_advantages)
    return BeliefTask() if options.kind == "belief" else ValueTask()


def split_examples(dataset, task, options):
    """Returns the task's (training, held-out) examples of `dataset`: the task's rows, of the
    player when one is given, split by deal. Raises DatasetError when either side is empty."""
    rows = task.rows(dataset)
    if options.player is not None:
        rows &= data.player_rows(dataset, options.player)
    chosen = dataset.take(rows)
    held = data.held_out(chosen.deal, options.held_out)
    whose = f" of player {quoted(options.player)}" if options.player else ""
    if held.all() or not held.any():
        deals = len(set(chosen.deal.tolist()))
        raise data.DatasetError(
            f"data {quoted(dataset.folder)}: {len(chosen)} {task.kind} rows{whose} from {deals} "
            f"deals leave {'no' if held.all() else 'no held-out'} rows to "
            f"{'train on' if held.all() else 'measure'} with --held-out {options.held_out}: "
            f"give more data or another --held-out")
    return task.examples(chosen.take(~held)), task.examples(chosen.take(held))


def batches(examples, order, size):
    """Yields the examples of `order` (row indices) in batches of `size` rows."""
    for start in range(0, len(order), size):
        rows = order[start:start + size]
        yield {name: tensor[rows] for name, tensor in examples.items()}


def train_epoch(model, optimizer, task, examples, batch, shuffle, on_batch=None):
    """Trains one epoch over `examples` in the order `shuffle` draws, calling on_batch(rows done,
    rows in all) after each batch when given. Returns the epoch's mean loss (per unit of the
    task's loss)."""
    model.train()
    total, count, done = 0.0, 0, 0
    order = torch.randperm(len(examples["x"]), generator=shuffle)
    for rows in batches(examples, order, batch):
        done += len(rows["x"])
        if on_batch is not None:
            on_batch(done, len(order))
        loss_sum, units = task.loss(model(rows["x"]), rows)
        if units == 0:
            continue
        optimizer.zero_grad()
        (loss_sum / units).backward()
        optimizer.step()
        total += float(loss_sum.detach())
        count += units
    return total / max(count, 1)


@torch.no_grad()
def logits_of(model, examples):
    """Returns the model's logits for every row of `examples`, in pieces of EVALUATION_ROWS."""
    model.eval()
    x = examples["x"]
    return torch.cat([model(x[i:i + EVALUATION_ROWS]) for i in range(0, len(x), EVALUATION_ROWS)])


@torch.no_grad()
def mean_loss(model, task, examples):
    """Returns the task's mean loss over `examples`."""
    total, count = task.loss(logits_of(model, examples), examples)
    return float(total) / max(count, 1)


def metrics_of(model, task, train, held):
    """Returns metrics.json's content: the task's metrics of the held-out and the training rows,
    each with its number of rows."""
    return {"kind": task.kind, "loss": task.unit,
            "held_out": {"rows": len(held["x"]), **task.metrics(logits_of(model, held), held,
                                                                train)},
            "train": {"rows": len(train["x"]), **task.metrics(logits_of(model, train), train,
                                                             train)}}


def card_metrics(metrics):
    """Returns the card's flat metrics: every number of metrics.json's held_out and train
    sections as held_out_NAME and train_NAME."""
    return {f"{side}_{name}": value for side in ("held_out", "train")
            for name, value in metrics[side].items() if isinstance(value, (int, float))}


def checkpoint_state(epoch, model, optimizer, shuffle, rows, best):
    """Returns what a checkpoint holds: enough to go on exactly where this epoch ended, and the
    best epoch so far (`best`: its number and weights, or None)."""
    return {"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict(),
            "torch_rng": torch.get_rng_state(), "shuffle_rng": shuffle.get_state(),
            "curve": rows, "best": best}


def restore(state, model, optimizer, shuffle):
    """Loads a checkpoint's state into the run. Returns (its epoch, its curve rows, the best
    epoch so far)."""
    model.load_state_dict(state["model"])
    optimizer.load_state_dict(state["optimizer"])
    torch.set_rng_state(state["torch_rng"])
    shuffle.set_state(state["shuffle_rng"])
    return state["epoch"], list(state["curve"]), state.get("best")


def better_best(best, row, model):
    """Returns the best epoch after `row` (an epoch just finished with `model`'s weights): that
    epoch when its held-out loss is lower than `best`'s (or there is none yet), else `best`."""
    if best is not None and row["held_out_loss"] >= best["held_out_loss"]:
        return best
    return {"epoch": row["epoch"], "held_out_loss": row["held_out_loss"],
            "model": copy.deepcopy(model.state_dict())}


def finish(options, dataset, task, model, train, held, rows, best):
    """Writes the model files (the weights of the last epoch, or with --keep best those of
    `best`), metrics.json and the curve. Returns metrics.json's content and the line saying why
    curve.png was not drawn (None when it was)."""
    kept = rows[-1]["epoch"]
    if options.keep == "best" and best is not None:
        model.load_state_dict(best["model"])
        kept = best["epoch"]
    metrics = metrics_of(model, task, train, held)
    out = options.out
    outfolder.write_text(os.path.join(out, "metrics.json"), json.dumps(metrics, indent=2) + "\n")
    folders = options.data_folders()
    training = {"data": folders[0] if len(folders) == 1 else list(folders), "seed": options.seed, "command": options.command,
                "examples": len(train["x"]), "held_out_examples": len(held["x"]),
                "epochs": options.epochs, "hidden": list(options.hidden), "batch": options.batch,
                "lr": options.lr, "held_out": options.held_out, "player": options.player,
                "soft_targets": options.soft_targets,
                "regress_values": options.regress_values,
                "regress_advantages": options.regress_advantages, "keep": options.keep,
                "kept_epoch": kept}
    rules = dataset.game_rules
    card = export.card(model, task.kind, rules.observation_shape[0], task.output_size(rules),
                       dataset.rules, training, card_metrics(metrics))
    export.write_model(os.path.join(out, task.kind), model, card)
    curve.write_csv(out, rows)
    return metrics, curve.draw(out) if options.plot else None


def train(options, on_epoch=None, on_batch=None):
    """Trains the model `options` (an Options) describe, resuming from OUT's checkpoint. Calls
    on_epoch(row) after each epoch's checkpoint (row: epoch, train_loss, held_out_loss,
    examples, seconds) and on_batch(epoch, rows done, rows in all) after each training batch. Returns {"metrics", "epochs_run", "examples_per_second", "plot_note"}.
    Raises ValueError (DatasetError, OutFolderError among them), one line, for bad options, data
    or output folder."""
    options.check()
    torch.set_num_threads(options.threads)
    torch.use_deterministic_algorithms(True)
    dataset = data.load_all(options.data_folders())
    task = make_task(options)
    train_examples, held_examples = split_examples(dataset, task, options)
    keys = {**options.keys(), "dataset": outfolder.dataset_fingerprint(options.data_folders())}
    with outfolder.claim(options.out, keys):
        torch.manual_seed(options.seed)
        rules = dataset.game_rules
        model = MLP(rules.observation_shape[0], options.hidden, task.output_size(rules))
        optimizer = torch.optim.Adam(model.parameters(), lr=options.lr)
        shuffle = torch.Generator().manual_seed(options.seed)
        start, rows, best = 0, [], None
        state = outfolder.load_checkpoint(options.out)
        if state is not None:
            start, rows, best = restore(state, model, optimizer, shuffle)
        trained, seconds = 0, 0.0
        for epoch in range(start + 1, options.epochs + 1):
            began = time.perf_counter()
            progress = None if on_batch is None else functools.partial(on_batch, epoch)
            train_loss = train_epoch(model, optimizer, task, train_examples, options.batch,
                                     shuffle, progress)
            spent = time.perf_counter() - began
            trained, seconds = trained + len(train_examples["x"]), seconds + spent
            rows.append({"epoch": epoch, "train_loss": train_loss,
                         "held_out_loss": mean_loss(model, task, held_examples),
                         "examples": epoch * len(train_examples["x"]), "seconds": spent})
            if options.keep == "best":
                best = better_best(best, rows[-1], model)
            outfolder.save_checkpoint(options.out, checkpoint_state(epoch, model, optimizer,
                                                                    shuffle, rows, best))
            curve.write_csv(options.out, rows)
            if on_epoch is not None:
                on_epoch(rows[-1])
        metrics, note = finish(options, dataset, task, model, train_examples, held_examples,
                               rows, best)
    return {"metrics": metrics, "epochs_run": options.epochs - start,
            "examples_per_second": trained / seconds if seconds > 0 else None,
            "plot_note": note}
