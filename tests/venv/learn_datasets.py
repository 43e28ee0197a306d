"""Small synthetic dataset folders for the training tests, written here in the format of
docs/formats.md ("Training data": dataset.json and chunk-NNNNNN.safetensors) with
safetensors.numpy, each made by a known rule so that the best possible loss is known:

  policy_rows  a teacher picks among random legal actions by a softmax of the action's number,
               rising or falling with one observation entry; its exact probabilities
  belief_rows  a hidden tile is with the opponent with probability 0.85 or 0.2, as one hand
               entry says; some opponents have shown they lack a value (those tiles are undrawn)
  value_rows   the points are a fixed function of four entries plus unit Gaussian noise
"""

import json
import os

import numpy as np
import safetensors.numpy

RULES = {"seats": 2, "double": 6, "hand-size": 7, "scoring": "opponent-pips", "leader": "random",
         "target": 0}
D, A, T, S, V = 125, 85, 28, 2, 7  # the two-seat double-six game's widths (docs/formats.md)
HAND, ENDS, COUNTS, LACKS = 0, 84, 99, 101  # observation offsets of the sections used here
PLAYERS = ["teacher", "heuristic"]


def blank_rows(n, rng, deals_per_row=0.25):
    """Returns the columns of `n` rows with every field at a neutral value (the pass alone legal,
    and taken; no hidden tile); about 4 rows a deal."""
    legal = np.zeros((n, A), np.uint8)
    legal[:, A - 1] = 1
    return {"obs": np.zeros((n, D), np.uint8), "legal": legal,
            "action": np.full(n, A - 1, np.int16), "seat": (np.arange(n) % 2).astype(np.uint8),
            "player": np.zeros(n, np.uint8), "owner": np.full((n, T), -1, np.int8),
            "points": np.zeros(n, np.float32),
            "deal": (np.arange(n) * deals_per_row).astype(np.int64),
            "game": np.zeros(n, np.int16)}


def entropy(p):
    """Returns the entropy in nats of each row of probabilities `p`."""
    return -np.sum(np.where(p > 0, p * np.log(np.where(p > 0, p, 1)), 0.0), axis=-1)


def policy_rows(n, seed, beta=6.0):
    """Returns (columns, the chooser's probabilities [n, A]): rows alternate between the teacher
    (player 0) and a uniformly random player (player 1). Observation bits are random (obs[0] 1 half
the time, the others 1 in 20); each row
    has 2 to about 14 legal actions; the teacher's probability of legal action a is
    proportional to exp(beta * s * a / A), s = +1 when obs[0] is 1, else -1."""
    rng = np.random.default_rng(seed)
    rows = blank_rows(n, rng)
    rows["obs"] = (rng.random((n, D)) < 0.05).astype(np.uint8)
    rows["obs"][:, 0] = rng.random(n) < 0.5
    legal = rng.random((n, A)) < 0.1
    for i in range(n):
        legal[i, rng.choice(A, 2, replace=False)] = True
    sign = np.where(rows["obs"][:, 0] == 1, 1.0, -1.0)
    scores = np.where(legal, beta * sign[:, None] * np.arange(A) / A, -np.inf)
    teacher = np.exp(scores - scores.max(axis=1, keepdims=True))
    teacher /= teacher.sum(axis=1, keepdims=True)
    uniform = legal / legal.sum(axis=1, keepdims=True)
    rows["player"] = (np.arange(n) % 2).astype(np.uint8)
    chooser = np.where(rows["player"][:, None] == 0, teacher, uniform)
    rows["action"] = np.array([rng.choice(A, p=p) for p in chooser], np.int16)
    rows["legal"] = legal.astype(np.uint8)
    return rows, chooser


def belief_rows(n, seed):
    """Returns (columns, the true entropy per row of each learned tile, as a list per row, and
    the rows' learned-tile counts): two seats before any move; the observer holds 7 random
    tiles. Hidden tile t is with the opponent (place 0) with probability 0.85 when the
    observer holds tile (t + 1) mod T, else 0.2, and otherwise never dealt (place 1). In every
    third row the opponent has shown it lacks one value: its tiles are then all undrawn (and
    carry no loss)."""
    rng = np.random.default_rng(seed)
    rows = blank_rows(n, rng)
    values = np.array([(a, b) for b in range(V) for a in range(b + 1)])
    entropies = np.zeros(n)
    learned_counts = np.zeros(n, np.int64)
    for i in range(n):
        hand = rng.choice(T, 7, replace=False)
        obs = rows["obs"][i]
        obs[HAND + hand] = 1
        obs[ENDS + 2 * V] = 1  # no line yet
        obs[COUNTS:COUNTS + 2] = 7
        lacked = rng.integers(V) if i % 3 == 0 else None
        if lacked is not None:
            obs[LACKS + V + lacked] = 1  # relative seat 1 lacks the value
        held = np.zeros(T, bool)
        held[hand] = True
        for t in np.flatnonzero(~held):
            if lacked is not None and lacked in values[t]:
                rows["owner"][i, t] = 1
                continue
            p = 0.85 if held[(t + 1) % T] else 0.2
            rows["owner"][i, t] = 0 if rng.random() < p else 1
            entropies[i] += entropy(np.array([p, 1 - p]))
            learned_counts[i] += 1
    return rows, entropies, learned_counts


def value_rows(n, seed, noise=1.0):
    """Returns the columns of rows whose points are 3 obs[0] - 2 obs[1] + 5 obs[2] obs[3] plus
    Gaussian noise of standard deviation `noise` (the best squared error is noise**2); obs[0..3]
    are 1 half the time, the other entries 1 in 20."""
    rng = np.random.default_rng(seed)
    rows = blank_rows(n, rng)
    rows["obs"] = (rng.random((n, D)) < 0.05).astype(np.uint8)
    rows["obs"][:, :4] = rng.random((n, 4)) < 0.5
    o = rows["obs"].astype(np.float64)
    points = 3 * o[:, 0] - 2 * o[:, 1] + 5 * o[:, 2] * o[:, 3] + rng.normal(0, noise, n)
    rows["points"] = points.astype(np.float32)
    return rows


def write_dataset(folder, rows, chunk_rows=1000, rules=None, players=None, manifest=None):
    """Writes `rows` (columns) as a dataset folder: chunks of `chunk_rows` rows and the manifest
    (`manifest` replaces or adds keys). Returns `folder`."""
    os.makedirs(folder, exist_ok=True)
    n = len(rows["action"])
    chunks = []
    for c, start in enumerate(range(0, n, chunk_rows)):
        name = f"chunk-{c:06d}.safetensors"
        safetensors.numpy.save_file({k: np.ascontiguousarray(v[start:start + chunk_rows])
                                     for k, v in rows.items()}, os.path.join(folder, name))
        chunks.append({"file": name, "rows": min(chunk_rows, n - start)})
    content = {"format": "dominoes-dataset", "version": 1, "complete": True,
               "layout": "observation-v1", "rules": rules or RULES,
               "players": players or PLAYERS, "chunks": chunks, **(manifest or {})}
    with open(os.path.join(folder, "dataset.json"), "w") as f:
        json.dump(content, f, indent=2)
    return folder
