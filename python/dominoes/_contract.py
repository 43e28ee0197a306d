"""The environment contract's Python half (docs/python.md, "The environment contract"): the one
seed rule and the illegal-action penalty of dominoes.pettingzoo, dominoes.gymnasium and
dominoes.vector. Rewards, masks, steps and what an illegal action does are the C++ stepper's
(dominoes.TableEnv, dominoes.LearnerEnv)."""

import numpy as np

from dominoes import _core

# illegal_penalty's default: the largest loss one seat can suffer over an episode
# (dominoes.max_episode_loss), so that an illegal action never pays better than legal play.
MAX_LOSS = "max-loss"


def seed_value(seed):
    """Returns `seed` as an int in 0..2**64-1, or raises ValueError saying what is valid."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) \
            or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed={seed!r} is not valid: give an int from 0 to 2**64 - 1, or None")
    return int(seed)


def fresh_seed():
    """Returns a seed drawn from the operating system's entropy (a reset with no seed, first)."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0])


class Deals:
    """The one seed rule: reset(seed=s) deals deal 0 of seed s (the deal `dominoes run --seed s`
    plays first); each later reset() without a seed deals the next deal of the same seed; the
    first reset() with no seed draws one (fresh_seed). An environment of n games at once plays
    deals g, g + n, g + 2n, ... in game g, so one game (n = 1) meets the deals in order."""

    def __init__(self):
        self.seed = None
        self.deal = 0

    def next(self, seed):
        """Returns (seed, deal) for a reset given `seed` (an int, or None)."""
        if seed is not None:
            self.seed, self.deal = seed_value(seed), 0
        elif self.seed is None:
            self.seed, self.deal = fresh_seed(), 0
        else:
            self.deal += 1
        return self.seed, self.deal


def penalty_value(rules, illegal_penalty):
    """Returns the penalty in points for `illegal_penalty` (MAX_LOSS: the rules' largest episode
    loss; a number >= 0; None: an illegal action raises ValueError, returned as None)."""
    if isinstance(illegal_penalty, str) and illegal_penalty == MAX_LOSS:
        return _core.max_episode_loss(rules)
    if illegal_penalty is None:
        return None
    if isinstance(illegal_penalty, (bool, np.bool_)) or \
            not isinstance(illegal_penalty, (int, float, np.integer, np.floating)) or \
            not np.isfinite(illegal_penalty) or illegal_penalty < 0:
        raise ValueError(f"illegal_penalty={illegal_penalty!r} is not valid: give a number of "
                         f"points >= 0, {MAX_LOSS!r} (the default) or None (raise ValueError)")
    return float(illegal_penalty)
