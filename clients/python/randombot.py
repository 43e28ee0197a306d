#!/usr/bin/env python3
"""randombot: a DBP 1 bot that plays a legal move chosen uniformly at random.

Its only source of randomness is a random.Random seeded with the `seed` of each `newgame`, so a
game's moves depend on that seed and the observations alone: rerunning a tournament with the same
seeds replays it exactly (the tables are reproducible), whatever process or thread plays it.
Run: python3 clients/python/randombot.py
"""
import random

import dbp


class RandomBot(dbp.Bot):
    """Plays random.Random(newgame seed).choice(legal) at every decision of the game."""

    name = "randombot"
    author = "dominoes project (example)"

    def __init__(self):
        super().__init__()
        self.rng = random.Random(0)

    def new_game(self, game):
        """Reseeds from the game's seed: the only seed this bot ever uses."""
        self.rng = random.Random(game.seed)

    def choose(self, observation):
        """Returns one of the legal moves, each with the same probability."""
        return self.rng.choice(observation.legal)


if __name__ == "__main__":
    dbp.main(RandomBot)
