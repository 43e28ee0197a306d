"""Block Dominoes as a Gymnasium environment: one learning seat, the other seats played by
strategies. Importing this module registers it as "dominoes/BlockDominoes-v0", with the C++
vector environment (dominoes.vector) as its vector entry point.

    import gymnasium as gym
    import dominoes.gymnasium  # noqa: F401 (registers the environment)
    env = gym.make("dominoes/BlockDominoes-v0", opponent="heuristic", seats=2)
    observation, info = env.reset(seed=1)
    while True:
        legal = info["action_mask"].nonzero()[0]
        observation, reward, terminated, truncated, info = env.step(int(legal[0]))
        if terminated:
            break

    envs = gym.make_vec("dominoes/BlockDominoes-v0", num_envs=1024,
                        vectorization_mode="vector_entry_point", opponent="heuristic")

BlockDominoesEnv(seat=0, opponent="heuristic", render_mode=None, illegal_penalty="max-loss",
**rules): rules are the rules keys of dominoes.Rules (double, hand_size, seats, partners,
scoring, leader, block, next_leader, target), checked by dominoes.Rules (ValueError naming a bad
key or value). `opponent` is one strategy spec for every other seat, or a list of specs, one per
other seat in seat order (dominoes.strategies() lists them; "minimax(scenarios=50)" sets
parameters). With partners the learning seat's partner is one of them.

The observation is the learning seat's observation tensor (float32, Rules.observation_shape;
docs/formats.md, "Observation tensor"); info["action_mask"] (int8, Rules.action_count) and the
method action_masks() (bool, as sb3-contrib's MaskablePPO asks for it) mark its legal actions.
Every one of its turns is a step, passes and single legal moves included; the other seats move
inside the step, in C++, as `dominoes run` plays them.

Rewards, the seed rule, hands that end before the learning seat's first turn and illegal actions
follow the environment contract of docs/python.md (the same for every front door): the reward is
the learning seat's team's net points when a hand ends; reset(seed=s) deals deal 0 of seed s and
each later reset() the next deal; an illegal action ends the episode with -illegal_penalty points
(default the largest loss an episode can bring) and info["illegal_action"] = True, or raises
ValueError with illegal_penalty=None; an action that is not an int in 0..action_count-1 raises
ValueError. render_mode="ansi": render() returns the table as the learning seat sees it;
"human": it is printed at every reset and step.
"""

from dominoes._requires import require

require(__name__, "gymnasium")

import sys

import gymnasium
import numpy as np
from gymnasium import spaces

from dominoes import _contract, _core

__all__ = ["BlockDominoesEnv", "ENV_ID"]

ENV_ID = "dominoes/BlockDominoes-v0"


def opponent_specs(opponent, others):
    """Returns the opponents' specs as a list (one for all, or one per other seat), or raises
    ValueError saying what to give."""
    specs = [opponent] if isinstance(opponent, str) else list(opponent) \
        if isinstance(opponent, (list, tuple)) else None
    if specs is None or len(specs) not in (1, len(others)) or \
            not all(isinstance(s, str) for s in specs):
        raise ValueError(f"opponent={opponent!r} is not valid: give one strategy spec, or a "
                         f"list of {len(others)} specs (one per other seat, seats {others})")
    return specs


class BlockDominoesEnv(gymnasium.Env):
    """One learning seat at a table of Block Dominoes with hidden hands (the module's docstring
    says how it plays)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, seat=0, opponent="heuristic", render_mode=None,
                 illegal_penalty=_contract.MAX_LOSS, **rules):
        self.rules = _core.Rules(**rules)
        seats = self.rules.seats
        if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= seat < seats:
            raise ValueError(f"seat={seat!r} is not valid: give an int from 0 to {seats - 1}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode={render_mode!r} is not valid: give 'ansi', 'human' "
                             "or None")
        self.seat = int(seat)
        self.render_mode = render_mode
        others = [s for s in range(seats) if s != self.seat]
        specs = opponent_specs(opponent, others)
        self.illegal_penalty = _contract.penalty_value(self.rules, illegal_penalty)
        self._core = _core.LearnerEnv(self.rules, self.seat, specs, self.illegal_penalty)
        self._labels = ["you" if s == self.seat else specs[0 if len(specs) == 1 else
                                                            others.index(s)]
                        for s in range(seats)]
        high = self.rules.observation_high
        self.observation_space = spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.rules.action_count)
        self._deals = _contract.Deals()

    def reset(self, seed=None, options=None):
        """Deals deal 0 of `seed`, or the next deal when seed is None; plays the other seats up
        to the learning seat's first turn. Returns (observation, info)."""
        deal = self._deals.next(seed)  # ValueError for a seed that is not an int in 0..2**64-1
        super().reset(seed=seed)
        self._core.reset(*deal)
        self._render_human()
        return self._core.observation(), {"action_mask": self._core.action_mask()}

    def step(self, action):
        """Plays `action` for the learning seat, then the other seats up to its next turn.
        Returns (observation, reward, terminated, truncated=False, info)."""
        reward, terminated, illegal = self._core.step(action)
        info = {"action_mask": self._core.action_mask()}
        if illegal:
            info["illegal_action"] = True
        self._render_human()
        return self._core.observation(), float(reward), terminated, False, info

    def action_masks(self):
        """Returns the learning seat's legal actions as a bool array of Rules.action_count (the
        method sb3-contrib's MaskablePPO calls)."""
        return self._core.action_mask().astype(bool)

    def render(self):
        """Returns the table as the learning seat sees it, drawn as `dominoes play` draws it
        (render_mode="ansi"); prints it and returns None (render_mode="human")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render mode: give "
                                  "render_mode='ansi' or 'human'")
            return None
        text = self._core.table_text(self._labels)
        if self.render_mode == "human":
            sys.stdout.write(text + "\n")
            return None
        return text

    def _render_human(self):
        if self.render_mode == "human":
            self.render()

    def action_move(self, action):
        """Returns the move of action number `action` in notation ('3-5L', 'pass')."""
        return self._core.action_move(int(action))

    def game_record(self, index=-1):
        """Returns finished hand `index` of the episode (default the last) as one --games-out
        record (docs/formats.md), the learning seat named "learner" and the others by spec."""
        players = ["learner" if s == self.seat else label for s, label in enumerate(self._labels)]
        return self._core.game_record(players, index)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=BlockDominoesEnv,
                       vector_entry_point="dominoes.vector:BlockDominoesVectorEnv")
