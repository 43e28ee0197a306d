"""Agent steps per second of dominoes.pettingzoo (raw_env and the wrapped env()) and of
dominoes.gymnasium, with uniformly random legal actions, on one core.

    PYTHONPATH=build/python build/venv/bin/python bench/python/bench_envs.py [--steps N]
        [--seats S] [--profile]

Each line: the environment, the agent steps taken, the seconds and the steps per second (best
of three runs). An agent step is one env.step() of the agent to move, with the observation read
first (env.last() for PettingZoo, the returned one for Gymnasium); for Gymnasium the other seats'
moves (built-in "random") happen inside the step. --profile prints cProfile's top entries for
the wrapped env.
"""

import argparse
import cProfile
import pstats
import time

import numpy as np

from dominoes.gymnasium import ENV_ID  # importing it registers dominoes/BlockDominoes-v0
import gymnasium as gym
from dominoes.pettingzoo import block_dominoes_v0


def pettingzoo_steps(env, steps, rng):
    """Takes `steps` agent steps (resetting at each episode's end); returns them."""
    env.reset(seed=1)
    taken = 0
    while taken < steps:
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            taken += 1
        env.reset()
    return taken


def gymnasium_steps(env, steps, rng):
    taken = 0
    observation, info = env.reset(seed=1)
    while taken < steps:
        legal = np.flatnonzero(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(
            int(legal[rng.integers(len(legal))]))
        taken += 1
        if terminated or truncated:
            observation, info = env.reset()
    return taken


def best_rate(run, steps):
    best = None
    for _ in range(3):
        start = time.perf_counter()
        taken = run(steps)
        seconds = time.perf_counter() - start
        if best is None or taken / seconds > best[0] / best[1]:
            best = (taken, seconds)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200000, help="agent steps per run")
    parser.add_argument("--seats", type=int, default=2, help="seats at the table (2 to 4)")
    parser.add_argument("--profile", action="store_true", help="cProfile the wrapped env")
    args = parser.parse_args()
    rules = dict(seats=args.seats, target=0)
    rng = np.random.default_rng(0)
    cases = [
        ("pettingzoo raw_env", lambda n: pettingzoo_steps(block_dominoes_v0.raw_env(**rules),
                                                          n, rng)),
        ("pettingzoo env (wrapped)", lambda n: pettingzoo_steps(block_dominoes_v0.env(**rules),
                                                                n, rng)),
        ("gymnasium (opponent random)",
         lambda n: gymnasium_steps(gym.make(ENV_ID, opponent="random",
                                            **rules), n, rng)),
    ]
    print(f"{'environment':30} {'steps':>9} {'seconds':>8} {'steps/s':>10}   ({args.seats} seats)")
    for name, run in cases:
        taken, seconds = best_rate(run, args.steps)
        print(f"{name:30} {taken:9d} {seconds:8.3f} {taken / seconds:10.0f}")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(pettingzoo_steps, block_dominoes_v0.env(**rules), args.steps // 4, rng)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
