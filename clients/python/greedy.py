#!/usr/bin/env python3
"""greedy: a DBP 1 bot that plays its heaviest playable tile first.

Getting rid of pips early limits what the opponent scores if it dominoes or the game blocks.
The weight of a move is the pip total of its tile (a-b weighs a + b). Tie-break: among moves of
equal weight (different tiles with the same total, or one tile that fits either end), the one
listed first in `legal` is played, so the choice is deterministic and needs no randomness.
Run: python3 clients/python/greedy.py
"""
import dbp


def weight(move):
    """Returns the pip total of the tile a move plays (0 for a pass)."""
    tile, _side = dbp.parse_move(move)
    return sum(tile) if tile else 0


class Greedy(dbp.Bot):
    """Plays the heaviest legal move; the first listed of the heaviest on a tie."""

    name = "greedy"
    author = "dominoes project (example)"

    def choose(self, observation):
        """Returns the first legal move of maximum weight (max keeps the first maximum)."""
        return max(observation.legal, key=weight)


if __name__ == "__main__":
    dbp.main(Greedy)
