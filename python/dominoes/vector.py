"""dominoes.vector: a Gymnasium VectorEnv that steps many games of Block Dominoes in C++ threads.

    import dominoes.vector
    envs = dominoes.vector.BlockDominoesVectorEnv(num_envs=4096, opponent="heuristic")
    obs, info = envs.reset(seed=1)                     # obs: (4096, 125) float32
    actions = envs.random_actions()                    # or a policy's choice under info["action_mask"]
    obs, rewards, terminated, truncated, info = envs.step(actions)

One learning seat per game (`seat`, default 0); the other seats are played inside C++ by built-in
strategies (`opponent`: one spec for every other seat, or a list with one per other seat). Every
turn of the learning seat is a step, its passes included; the other seats' turns are not. The
keyword arguments are the rules keys (double, hand_size, seats, partners, scoring, leader, block,
next_leader), checked as dominoes.Rules checks them; target is 0 (single hands) and may not be
another value, whatever the seat count's default. gym.make_vec("dominoes/BlockDominoes-v0",
num_envs, vectorization_mode="vector_entry_point", ...) makes one (import dominoes.gymnasium).

Each game is dominoes.gymnasium's environment stepped in C++ (the environment contract of
docs/python.md: the same rewards, seed rule, illegal-action penalty and answer to a hand that ends
before the learning seat's first turn). Observations are the learning seat's observation tensor
(docs/formats.md, "Observation tensor"), info["action_mask"] its legal actions (1 = legal). A hand
that ends is replaced in the same step (Gymnasium's SAME_STEP autoreset): that step's observation
is the new hand's first, info["final_obs"] holds the ended hand's last observation in the rows
where info["_final_obs"] (= terminated) is true. Nothing is ever truncated. Game g's k-th hand is
deal g + k * num_envs of reset's seed; reset() with no seed moves every game on to its next deal.
The hands are a pure function of reset's seed and the actions, whatever num_threads.

With copy=False the arrays returned are the environment's own buffers, overwritten by the next
step (the fastest; copy what you keep); the default copies them.
"""

from dominoes._requires import require

require(__name__, "gymnasium")

import os

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from dominoes import _contract, _core

_RULES_KEYS = _core.Rules.keywords  # the rules table's keywords


class BlockDominoesVectorEnv(VectorEnv):
    """num_envs games stepped together on num_threads C++ threads (see the module's doc)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs=64, opponent="heuristic", seat=0, num_threads=None, copy=True,
                 illegal_penalty=_contract.MAX_LOSS, **rules):
        unknown = sorted(set(rules) - set(_RULES_KEYS))
        if unknown:
            raise ValueError(f"unknown rules key {unknown[0]!r}: the keys are "
                             + ", ".join(_RULES_KEYS))
        rules.setdefault("target", 0)  # single hands, whatever the seat count's default
        self.rules = _core.Rules(**rules)
        specs = [opponent] if isinstance(opponent, str) else list(opponent)
        threads = (os.cpu_count() or 1) if num_threads is None else num_threads
        for name, value in (("num_envs", num_envs), ("seat", seat), ("num_threads", threads)):
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
                raise ValueError(f"{name} must be an int, not {value!r}")
        self.illegal_penalty = _contract.penalty_value(self.rules, illegal_penalty)
        self._core = _core._VectorGames(self.rules, int(num_envs), int(seat), specs, int(threads),
                                        self.illegal_penalty)
        self.num_envs = int(num_envs)
        self.seat = int(seat)
        self.copy = copy
        size, count = self._core.observation_size, self._core.action_count
        self.single_observation_space = spaces.Box(
            low=0.0, high=np.asarray(self.rules.observation_high), shape=(size,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(count)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._observations = np.zeros((self.num_envs, size), dtype=np.float32)
        self._final_observations = np.zeros((self.num_envs, size), dtype=np.float32)
        self._masks = np.zeros((self.num_envs, count), dtype=np.int8)  # as PettingZoo's masks
        self._rewards = np.zeros(self.num_envs, dtype=np.float32)
        self._terminated = np.zeros(self.num_envs, dtype=np.uint8)
        self._truncated = np.zeros(self.num_envs, dtype=bool)
        self._actions = np.zeros(self.num_envs, dtype=np.int64)
        self._started = False
        self._seeded = False

    def reset(self, *, seed=None, options=None):
        """Deals every game's first hand from `seed` (an int 0..2**64-1), or with seed None
        moves every game on to its next deal (a fresh seed the first time); returns the
        observations and {"action_mask": ...}."""
        if seed is not None or not self._started:
            seed = _contract.fresh_seed() if seed is None else _contract.seed_value(seed)
            self._core.reset(seed, self._observations, self._masks)
        else:
            self._core.restart(self._observations, self._masks)
        self._started = True
        return self._out(self._observations), {"action_mask": self._out(self._masks)}

    def step(self, actions):
        """Plays actions[i] (an action number) for the learning seat of every game; returns
        observations, rewards, terminated, truncated and info. ValueError for actions that are
        not num_envs integers, or one out of range (naming the game and its legal actions)."""
        if not self._started:
            raise RuntimeError("step() before reset(): call reset(seed=...) first")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} integers (one per game), "
                             f"not an array of shape {actions.shape} and dtype {actions.dtype}")
        if actions.dtype == np.uint64 and (actions > np.iinfo(np.int64).max).any():
            actions = np.where(actions > np.iinfo(np.int64).max, -1, actions)  # out of range
        self._core.step(actions.astype(np.int64, copy=False), self._observations, self._masks,
                        self._rewards, self._terminated, self._final_observations)
        terminated = self._terminated.astype(bool)
        info = {"action_mask": self._out(self._masks)}
        if terminated.any():
            info["final_obs"] = self._out(self._final_observations)
            info["_final_obs"] = terminated
        return (self._out(self._observations), self._out(self._rewards), terminated,
                self._truncated.copy(), info)

    def action_masks(self):
        """Returns every game's legal actions as a bool array (num_envs, action_count)."""
        return self._masks.astype(bool)

    def random_actions(self):
        """Returns a legal action for every game, uniformly among its legal moves, drawn in C++
        from each game's own stream (seeded by reset): random play for baselines."""
        if not self._started:
            raise RuntimeError("random_actions() before reset(): call reset(seed=...) first")
        self._core.random_actions(self._actions)
        return self._actions.copy() if self.copy else self._actions

    def _out(self, array):
        return array.copy() if self.copy else array
