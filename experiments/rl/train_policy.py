#!/usr/bin/env python3
"""Trains a small policy for two-seat double-six Block Dominoes by policy gradient (REINFORCE with
a learned baseline), numpy only, through the C++ vector environment dominoes.vector.

The learning seat plays every hand against a built-in strategy (--opponent, default random) that
the environment plays in C++. Each update plays --envs games for --steps-per-update turns of the
learning seat, samples every action from the policy under the action mask, and takes one Adam step
on the policy gradient with the value head as baseline (policy.py says the network and the loss).
A hand still in play when a batch ends has its return completed by the value head's estimate.

Writes to --out:
  learning_curve.csv  one row every --log-seconds: update, learning-seat steps, hands finished,
                      mean points per hand of the hands finished since the row before (the
                      learning seat's net points, sampled policy), its 95% interval, the policy's
                      mean entropy (nats), wall seconds since training began
  training.csv        one row: the settings, updates, steps, hands, seconds and steps per second
  policy.npz          the trained weights (policy.load reads them; strategy.py seats them)

Reproducible from --seed as far as numpy allows: the deals, the initial weights and every sampled
action follow from the seed, so a run with --updates N (and --minutes 0) gives the same weights
each time on the same machine and numpy; a --minutes budget stops after however many updates fit,
which depends on the machine's speed and load. BLAS may sum in another order on another machine
or thread count, and float32 rounding then makes the weights drift apart.

Run from the repository root with the package on the path, e.g.
  PYTHONPATH=build/python build/venv/bin/python experiments/rl/train_policy.py \\
      --minutes 10 --seed 1 --out results/rl
"""

import argparse
import csv
import math
import os
import sys
import time

# One BLAS thread: the matrices are small, and on a shared machine OpenBLAS's threads wait on one
# another (five times slower measured on 2 busy cores). Set before numpy loads; the environment
# can override it.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np

import dominoes
import dominoes.vector
import policy

CURVE_COLUMNS = ("update", "steps", "hands", "points_per_hand", "points_ci95", "window_hands",
                 "entropy", "wall_seconds")


class HelpFormatter(argparse.RawDescriptionHelpFormatter,
                    argparse.ArgumentDefaultsHelpFormatter):
    """--help shows the module's docstring as written and each option's default."""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=HelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0,
                        help="wall-clock training budget in minutes (0: no limit; then give "
                             "--updates)")
    parser.add_argument("--updates", type=int, default=0,
                        help="stop after this many updates (0: no limit; then --minutes decides)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seeds the deals, the initial weights and the sampled actions")
    parser.add_argument("--out", default="rl-out", help="folder for the CSV tables and weights")
    parser.add_argument("--opponent", default="random",
                        help="the built-in strategy the other seat plays (a spec)")
    parser.add_argument("--envs", type=int, default=256, help="games stepped together")
    parser.add_argument("--steps-per-update", type=int, default=16,
                        help="turns of the learning seat per game per update (batch = envs x this)")
    parser.add_argument("--hidden", type=int, default=128, help="hidden units")
    parser.add_argument("--learning-rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--entropy-coef", type=float, default=0.01,
                        help="weight of the entropy bonus (keeps exploring)")
    parser.add_argument("--value-coef", type=float, default=0.5,
                        help="weight of the value head's squared error")
    parser.add_argument("--reward-scale", type=float, default=20.0,
                        help="points per reward unit inside the learner (rewards are divided by "
                             "it; the tables stay in points)")
    parser.add_argument("--threads", type=int, default=1,
                        help="C++ threads of the environment (the hands do not depend on it)")
    parser.add_argument("--log-seconds", type=float, default=10.0,
                        help="seconds between rows of learning_curve.csv and progress lines")
    args = parser.parse_args(argv)
    if args.minutes <= 0 and args.updates <= 0:
        parser.error("give a --minutes budget or a number of --updates (or both)")
    for name in ("envs", "steps_per_update", "hidden", "threads"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def sample_actions(p, mask, rng):
    """One action per row of p (masked probabilities), by inverse CDF on one uniform draw each."""
    u = rng.random(p.shape[0])
    actions = (np.cumsum(p, axis=1) <= u[:, None]).sum(axis=1)
    actions = np.minimum(actions, p.shape[1] - 1)
    rows = np.arange(p.shape[0])
    bad = mask[rows, actions] == 0  # u beyond the rounded total: take the most likely action
    actions[bad] = np.argmax(p[bad], axis=1)
    return actions


def discounted_returns(rewards, dones, last_values):
    """Returns G[t] = rewards[t] + (1 - dones[t]) * G[t+1], with G[T] = last_values: each step's
    return is its hand's final reward (undiscounted), the value head's estimate standing in for
    hands that have not ended."""
    returns = np.empty_like(rewards)
    g = last_values
    for t in range(rewards.shape[0] - 1, -1, -1):
        g = rewards[t] + (1.0 - dones[t]) * g
        returns[t] = g
    return returns


def train(args, log=print):
    """Trains as the arguments say, writes the three files and returns the parameters."""
    os.makedirs(args.out, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    envs = dominoes.vector.BlockDominoesVectorEnv(
        num_envs=args.envs, opponent=args.opponent, num_threads=args.threads, copy=True)
    rules = envs.rules
    scale = policy.scale_of(rules.observation_high)
    size, count = envs.single_observation_space.shape[0], envs.single_action_space.n
    params = policy.init_parameters(size, count, args.hidden, rng)
    optimizer = policy.Adam(params, learning_rate=args.learning_rate)

    observations, info = envs.reset(seed=args.seed)
    x, mask = observations * scale, info["action_mask"]
    T, N = args.steps_per_update, args.envs
    X = np.empty((T, N, size), np.float32)
    M = np.empty((T, N, count), np.uint8)
    A = np.empty((T, N), np.int64)
    R = np.empty((T, N), np.float32)
    D = np.empty((T, N), np.float32)
    V = np.empty((T, N), np.float32)

    curve_path = os.path.join(args.out, "learning_curve.csv")
    curve_file = open(curve_path, "w", newline="")
    curve = csv.writer(curve_file)
    curve.writerow(CURVE_COLUMNS)
    start = time.monotonic()
    deadline = start + args.minutes * 60 if args.minutes > 0 else math.inf
    next_log = start + args.log_seconds
    update = steps = hands = 0
    window, entropies = [], []

    def log_row(now):
        points = np.concatenate(window) if window else np.zeros(0)
        mean = float(points.mean()) if points.size else float("nan")
        ci = (1.96 * float(points.std(ddof=1)) / math.sqrt(points.size)
              if points.size > 1 else float("nan"))
        ent = float(np.mean(entropies)) if entropies else float("nan")
        seconds = now - start
        curve.writerow([update, steps, hands, f"{mean:.4f}", f"{ci:.4f}", points.size,
                        f"{ent:.4f}", f"{seconds:.1f}"])
        curve_file.flush()
        log(f"{seconds:7.1f} s  update {update:6d}  steps {steps / 1e6:7.2f}M  "
            f"hands {hands / 1e6:6.2f}M  points/hand {mean:+.3f} ± {ci:.3f}  "
            f"entropy {ent:.3f}  {steps / max(seconds, 1e-9):,.0f} steps/s")
        window.clear()
        entropies.clear()

    while True:
        now = time.monotonic()
        if now >= next_log:
            log_row(now)
            next_log = now + args.log_seconds
        if now >= deadline or (args.updates and update >= args.updates):
            break
        for t in range(T):
            _, p, v = policy.forward(params, x, mask)
            actions = sample_actions(p, mask, rng)
            X[t], M[t], A[t], V[t] = x, mask, actions, v
            observations, rewards, terminated, _, info = envs.step(actions)
            R[t] = rewards / args.reward_scale
            D[t] = terminated
            if terminated.any():
                window.append(rewards[terminated].astype(np.float64))
                hands += int(terminated.sum())
            x, mask = observations * scale, info["action_mask"]
        _, _, last_values = policy.forward(params, x, mask)
        returns = discounted_returns(R, D, last_values)
        advantages = returns - V
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        _, grads, stats = policy.loss_and_gradients(
            params, X.reshape(T * N, size), M.reshape(T * N, count), A.reshape(T * N),
            advantages.reshape(T * N), returns.reshape(T * N),
            entropy_coef=args.entropy_coef, value_coef=args.value_coef)
        optimizer.step(params, grads)
        entropies.append(stats["entropy"])
        update += 1
        steps += T * N
    log_row(time.monotonic())
    curve_file.close()
    seconds = time.monotonic() - start

    policy.save(os.path.join(args.out, "policy.npz"), params, rules.observation_high,
                seed=args.seed, updates=update, steps=steps, opponent=args.opponent)
    summary = {
        "seed": args.seed, "minutes": args.minutes, "opponent": args.opponent,
        "envs": args.envs, "steps_per_update": args.steps_per_update, "hidden": args.hidden,
        "learning_rate": args.learning_rate, "entropy_coef": args.entropy_coef,
        "value_coef": args.value_coef, "reward_scale": args.reward_scale,
        "threads": args.threads, "updates": update, "steps": steps, "hands": hands,
        "seconds": f"{seconds:.1f}", "steps_per_second": f"{steps / seconds:.0f}",
    }
    with open(os.path.join(args.out, "training.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(summary))
        writer.writeheader()
        writer.writerow(summary)
    log(f"done: {update} updates, {steps:,} steps, {hands:,} hands in {seconds:.1f} s "
        f"({steps / seconds:,.0f} steps/s); wrote {args.out}/learning_curve.csv, training.csv, "
        f"policy.npz (rerun these weights with --updates {update} --minutes 0)")
    return params


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    train(args, log=lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()
