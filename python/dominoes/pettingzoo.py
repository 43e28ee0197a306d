"""Block Dominoes as a PettingZoo AEC environment, in the form of PettingZoo's classic games.

    from dominoes.pettingzoo import block_dominoes_v0
    env = block_dominoes_v0.env(seats=4)          # any rules keys: double, hand_size, seats, ...
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are player_0 .. player_{S-1}, seat order. Each turn of the game is a step of the agent
whose turn it is, passes and single legal moves included (the mask then allows just that one
action). An observation is {"observation": the seat's observation tensor (float32,
Rules.observation_shape; docs/formats.md, "Observation tensor"), "action_mask": int8 of
Rules.action_count, 1 for each legal action of the agent to move, all 0 for the others}.
Actions: tile_index * 3 + 0 (lead), 1 (left end), 2 (right end); the pass is the last action.

Rewards are points, given when a hand ends: each agent gets its team's points minus the other
teams' points for that hand (partners alike). With target > 0 an episode is a match: hands are
dealt until a team's total passes the target (docs/rules.md, "Matches"), each hand's points
rewarded at its end, so an agent's episode return is its team's match total minus the others'.

env() wraps raw_env as PettingZoo's classic games do: an illegal action ends the game with -1
for the agent that made it and 0 for the others (TerminateIllegalWrapper), an action outside the
action space is an AssertionError (AssertOutOfBoundsWrapper), and calls out of order are refused
(OrderEnforcingWrapper). raw_env itself raises ValueError for an illegal or out-of-range action,
naming the legal ones.

Seeding: reset(seed=s) deals deal 0 of seed s, the deal `dominoes run --seed s` plays first;
each later reset() without a seed deals the next deal of the same seed. render_mode="ansi":
render() returns the table as the agent to move sees it, drawn as `dominoes play` draws it.
env.unwrapped.action_move(a) gives an action's move in notation ("3-5L"), and
env.unwrapped.game_record() the finished hand as a --games-out record for `dominoes view`.
"""

from dominoes._requires import require

require(__name__, "gymnasium", "pettingzoo")

import sys
import types

import numpy as np
from gymnasium import logger, spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dominoes import _core

__all__ = ["block_dominoes_v0", "env", "raw_env"]


def _seed_value(seed):
    """Returns `seed` as an int in 0..2**64-1, or raises ValueError saying what is valid."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed={seed!r} is not valid: give an int from 0 to 2**64 - 1, or None")
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed={seed} is not valid: give an int from 0 to 2**64 - 1, or None")
    return int(seed)


def env(render_mode=None, **rules):
    """Returns block_dominoes_v0's raw_env(render_mode, **rules) in PettingZoo's classic
    wrappers: TerminateIllegalWrapper (an illegal action: -1 for its agent, the game ends),
    AssertOutOfBoundsWrapper and OrderEnforcingWrapper."""
    wrapped = raw_env(render_mode=render_mode, **rules)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):
    """Block Dominoes with hidden hands as an AEC environment (the module's docstring says how
    it plays). raw_env(render_mode=None, **rules): rules are the rules keys of dominoes.Rules
    (double, hand_size, seats, partners, scoring, leader, block, next_leader, target), checked
    by dominoes.Rules: an unknown key or a bad value raises ValueError naming it."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "block_dominoes_v0",
        "is_parallelizable": False,
    }

    def __init__(self, render_mode=None, **rules):
        EzPickle.__init__(self, render_mode=render_mode, **rules)
        super().__init__()
        self.rules = _core.Rules(**rules)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r} is not valid: give 'ansi' or None")
        self.render_mode = render_mode
        self._core = _core.EnvGame(self.rules)
        seats = self.rules.seats
        self.possible_agents = [f"player_{s}" for s in range(seats)]
        self.agents = self.possible_agents[:]
        self._index = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._actions = self.rules.action_count
        high = self.rules.observation_high
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._actions)
                              for agent in self.possible_agents}
        self._no_mask = np.zeros(self._actions, np.int8)
        self._seed = None
        self._deal = 0
        self._rewarded = False

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        """Returns {"observation": agent's tensor, "action_mask": its legal actions (int8)}."""
        seat = self._index[agent]
        core = self._core
        mask = core.action_mask() if seat == core.to_move else self._no_mask.copy()
        return {"observation": core.observation(seat), "action_mask": mask}

    def reset(self, seed=None, options=None):
        """Deals deal 0 of `seed` (an int), or the next deal of the seed in use when seed is
        None (a fresh random seed the first time)."""
        if seed is not None:
            self._seed, self._deal = _seed_value(seed), 0
        elif self._seed is None:
            self._seed, self._deal = int(np.random.SeedSequence().entropy % 2**63), 0
        else:
            self._deal += 1
        self._core.reset(self._seed, self._deal)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._rewarded = False
        self.agent_selection = self.possible_agents[self._core.to_move]

    def step(self, action):
        """Plays `action` (an int, the action numbering) for the agent to move. ValueError for
        an action outside 0..action_count-1 or an illegal one (naming the legal ones), and for a
        step after every agent is done (call reset())."""
        if not self.agents:
            raise ValueError("step: the game is over and every agent is done: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or isinstance(action, (bool, np.bool_)) or not isinstance(
                action, (int, np.integer)):
            raise ValueError(f"action {action!r} is not valid: give an int from 0 to "
                             f"{self._actions - 1} (the agent's action mask marks the legal ones)")
        core = self._core
        over = core.step(int(action))
        self._cumulative_rewards[agent] = 0
        if core.hand_ended:
            for seat, points in enumerate(core.rewards):
                self.rewards[self.possible_agents[seat]] = points
            self._rewarded = True
        elif self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0)
            self._rewarded = False
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[core.to_move]
        self._accumulate_rewards()

    def render(self):
        """Returns the table as text (render_mode="ansi"): as the agent to move sees it while the
        game goes on, as `dominoes play` draws it; at the end every hand and the rewards."""
        if self.render_mode is None:
            logger.warn("render() was called without a render mode: give render_mode='ansi'")
            return None
        core = self._core
        text = core.table_text(core.to_move, self.possible_agents)
        if not core.over:
            return f"{self.agent_selection} to move\n" + text
        lines = [text.splitlines()[0]]
        for agent, hand in zip(self.possible_agents, core.hands):
            lines.append(f"{agent}: left {' '.join(hand) or '(none)'}")
        lines.append("rewards: " + ", ".join(
            f"{agent} {points:+g}" for agent, points in zip(self.possible_agents, core.rewards)))
        return "\n".join(lines) + "\n"

    def close(self):
        pass

    def action_move(self, action):
        """Returns the move of action number `action` in notation: '3-5' (a lead), '3-5L',
        '3-5R' or 'pass'. ValueError outside 0..action_count-1."""
        return self._core.action_move(int(action))

    def game_record(self, index=-1):
        """Returns the finished hand `index` of this episode (default the last; a match has
        several) as one --games-out record: a JSON line (docs/formats.md, "Game records"), the
        players named player_0, player_1, ...; `dominoes view` shows a file of them. ValueError
        before a hand has finished."""
        return self._core.game_record(self.possible_agents, index)


block_dominoes_v0 = types.ModuleType(
    __name__ + ".block_dominoes_v0",
    "Block Dominoes with hidden hands, PettingZoo AEC: env(**rules) and raw_env(**rules).")
block_dominoes_v0.env = env
block_dominoes_v0.raw_env = raw_env
sys.modules[block_dominoes_v0.__name__] = block_dominoes_v0
