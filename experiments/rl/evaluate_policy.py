#!/usr/bin/env python3
"""Seats a policy that train_policy.py trained in dominoes.run, as a Python strategy, in a round
robin with the built-in heuristic and random on two-seat double-six: the policy against each, and
heuristic against random as the yardstick, each pairing on the same duplicate deals (each deal
played twice with the hands swapped, so the luck of the deal cancels).

Writes the run's tables to --out (summary.csv, summary.md, summary.json, config.cfg, the cross
tables, ratings; docs/formats.md says each) and prints the Markdown summary.

Run from the repository root with the package on the path, e.g.
  PYTHONPATH=build/python build/venv/bin/python experiments/rl/evaluate_policy.py \\
      --weights results/rl/policy.npz --deals 20000 --seed 2 --out results/rl/evaluation
"""

import argparse
import sys

import dominoes
import strategy


class HelpFormatter(argparse.RawDescriptionHelpFormatter,
                    argparse.ArgumentDefaultsHelpFormatter):
    """--help shows the module's docstring as written and each option's default."""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=HelpFormatter)
    parser.add_argument("--weights", required=True, help="policy.npz from train_policy.py")
    parser.add_argument("--deals", type=int, default=20000,
                        help="duplicate deals per pairing (two games each)")
    parser.add_argument("--seed", type=int, default=2, help="the run's seed: fixes the deals")
    parser.add_argument("--out", required=True, help="folder for the run's tables")
    parser.add_argument("--sample", action="store_true",
                        help="draw each move from the policy (default: its most likely move)")
    parser.add_argument("--threads", type=int, default=0, help="run threads (0: all cores)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    player = strategy.PolicyStrategy.from_file(args.weights, greedy=not args.sample,
                                               name="rl-sampled" if args.sample else "rl-policy")
    results = dominoes.run(players=[player, "heuristic", "random"], format="round-robin",
                           duplicate=True, deals=args.deals, seed=args.seed,
                           threads=args.threads, name="rl", out=args.out, quiet=True)
    print(results)


if __name__ == "__main__":
    main()
