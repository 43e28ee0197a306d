"""Agent steps per second of dominoes.vector.BlockDominoesVectorEnv: num_envs games against an
opponent, random legal actions (drawn in C++ by random_actions, or by numpy from the action
masks), on num_threads threads. Run with the venv's python (scripts/python-env):

    build/venv/bin/python bench/python/bench_vector.py [--envs 4096] [--threads 2] [--seconds 5]

Prints one line per setting: agent steps per second and hands finished per second. The last
line makes the environment as a user of Gymnasium would, gym.make_vec(...,
vectorization_mode="vector_entry_point"), with copy=True (the default) and C++ actions.
"""

import argparse
import time

import numpy as np

import gymnasium as gym

import dominoes.gymnasium  # registers dominoes/BlockDominoes-v0 and its vector entry point
import dominoes.vector


def measure(envs, seconds, sampler):
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if sampler == "c++":
            actions = envs.random_actions()
        else:  # numpy: argmax of random keys over the legal actions
            keys = rng.random(envs._masks.shape, dtype=np.float32) * envs._masks
            actions = keys.argmax(axis=1)
        _, _, terminated, _, _ = envs.step(actions)
        steps += envs.num_envs
        hands += int(terminated.sum())
    elapsed = time.perf_counter() - start
    return steps / elapsed, hands / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--opponent", default="heuristic")
    args = parser.parse_args()
    for copy in (False, True):
        for sampler in ("c++", "numpy"):
            envs = dominoes.vector.BlockDominoesVectorEnv(
                num_envs=args.envs, opponent=args.opponent, num_threads=args.threads, copy=copy)
            steps, hands = measure(envs, args.seconds, sampler)
            print(f"envs {args.envs} threads {args.threads} opponent {args.opponent} "
                  f"copy={copy} actions by {sampler}: {steps:,.0f} agent steps/s, "
                  f"{hands:,.0f} hands/s")
    envs = gym.make_vec(dominoes.gymnasium.ENV_ID, num_envs=args.envs,
                        vectorization_mode="vector_entry_point", opponent=args.opponent,
                        num_threads=args.threads)
    steps, hands = measure(envs, args.seconds, "c++")
    print(f"gym.make_vec, envs {args.envs} threads {args.threads} opponent {args.opponent}: "
          f"{steps:,.0f} agent steps/s, {hands:,.0f} hands/s")


if __name__ == "__main__":
    main()
