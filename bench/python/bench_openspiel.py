"""Random play on OpenSpiel games: our "dominoes" (dominoes.openspiel, the C++ engine behind a
pyspiel.Game written in Python) against OpenSpiel's own "python_block_dominoes" (pure Python),
in the same loop, one core.

    PYTHONPATH=build/python build/venv/bin/python bench/python/bench_openspiel.py [--seconds S]

The loop (random_play below) is the one every game gets: a new initial state, then until it is
terminal a chance outcome drawn by its probability from chance_outcomes(), or a legal action
drawn uniformly from legal_actions(), applied with apply_action(). A step is one apply_action,
chance or decision. The games:
  python_block_dominoes     OpenSpiel's: two seats, double-six, 7 tiles each, seat 0 leads; 14
                            chance nodes (a tile each) and no pass action (a seat that cannot move
                            is skipped)
  dominoes(leader=alternate) ours, the same rules: 14 chance nodes (a tile each, in ascending
                            order per hand), a pass recorded as a move
  dominoes                  ours with the default rules (a chance node draws the leader)
  dominoes(seats=4)         ours, four seats with partners (28 chance nodes)
Each line: the game, steps per second, games per second, steps per game (best of three runs of
--seconds each, default 2), then how many times OpenSpiel's steps per second ours is.
"""

import argparse
import importlib
import random
import time

import pyspiel

for _module in ("open_spiel.python.games.block_dominoes", "dominoes.openspiel"):
    importlib.import_module(_module)  # each registers its game with pyspiel

GAMES = ["python_block_dominoes", "dominoes(leader=alternate)", "dominoes", "dominoes(seats=4)"]


def random_play(game, seconds, rng):
    """Plays random games for about `seconds`; returns (steps, games, elapsed seconds)."""
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, probabilities)[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def best_of_three(game, seconds):
    rng = random.Random(0)
    runs = [random_play(game, seconds, rng) for _ in range(3)]
    return max(runs, key=lambda run: run[0] / run[2])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run (3 runs)")
    parser.add_argument("--games", nargs="+", default=GAMES, metavar="GAME",
                        help="game strings to load (default: the four above)")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error(f"--seconds: {args.seconds} is not valid: give a number above 0")
    theirs = None
    for name in args.games:
        steps, games, elapsed = best_of_three(pyspiel.load_game(name), args.seconds)
        rate = steps / elapsed
        if name == "python_block_dominoes":
            theirs = rate
        ratio = f"  {rate / theirs:6.2f}x theirs" if theirs and name != GAMES[0] else ""
        print(f"{name:28s} {rate:10,.0f} steps/s {games / elapsed:9,.0f} games/s "
              f"{steps / games:6.1f} steps/game{ratio}", flush=True)


if __name__ == "__main__":
    main()
