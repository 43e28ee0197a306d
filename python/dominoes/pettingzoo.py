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

Rewards, seeds and illegal actions follow the environment contract of docs/python.md, the same
for every front door. Rewards are points, given when a hand ends: each agent gets its team's net
points for that hand (its team's score when it wins, minus the winners' score when another team
wins; partners alike). With target > 0 an episode is a match: hands are dealt until a team's
total passes the target (docs/rules.md, "Matches"), each hand's points rewarded at its end.

env(illegal_penalty="max-loss", ...) wraps raw_env as PettingZoo's classic games do: an illegal
action ends the game with -illegal_penalty for the agent that made it (default the largest loss
an episode can bring, so it never pays) and 0 for the others, info["illegal_action"] True; an
action outside the action space is an AssertionError (AssertOutOfBoundsWrapper), and calls out
of order are refused (OrderEnforcingWrapper). raw_env(illegal_penalty=None) raises ValueError for
an illegal or out-of-range action, naming the legal ones.

Seeding: reset(seed=s) deals deal 0 of seed s, the deal `dominoes run --seed s` plays first;
each later reset() without a seed deals the next deal of the same seed. render_mode="ansi":
render() returns the table as the agent to move sees it, drawn as `dominoes play` draws it;
"human" prints it at every step.
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

from dominoes import _contract, _core

__all__ = ["block_dominoes_v0", "env", "raw_env"]


def env(render_mode=None, illegal_penalty=_contract.MAX_LOSS, **rules):
    """Returns block_dominoes_v0's raw_env(render_mode, illegal_penalty, **rules) in PettingZoo's
    classic wrappers AssertOutOfBoundsWrapper and OrderEnforcingWrapper. An illegal action ends
    the game with -illegal_penalty for its agent (default: the largest loss of an episode)."""
    wrapped = raw_env(render_mode=render_mode, illegal_penalty=illegal_penalty, **rules)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):
    """Block Dominoes with hidden hands as an AEC environment (the module's docstring says how
    it plays). raw_env(render_mode=None, **rules): rules are the rules keys of dominoes.Rules
    (double, hand_size, seats, partners, scoring, leader, block, next_leader, target), checked
    by dominoes.Rules: an unknown key or a bad value raises ValueError naming it."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "block_dominoes_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(self, render_mode=None, illegal_penalty=None, **rules):
        EzPickle.__init__(self, render_mode=render_mode, illegal_penalty=illegal_penalty, **rules)
        super().__init__()
        self.rules = _core.Rules(**rules)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode={render_mode!r} is not valid: give 'ansi', 'human' "
                             "or None")
        self.render_mode = render_mode
        self.illegal_penalty = _contract.penalty_value(self.rules, illegal_penalty)
        self._core = _core.TableEnv(self.rules, self.illegal_penalty)
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
        self._deals = _contract.Deals()
        self._rewarded = False
        self._reset_once = False

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
        self._core.reset(*self._deals.next(seed))
        self._reset_once = True
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._rewarded = False
        self.agent_selection = self.possible_agents[self._core.to_move]
        self._render_human()

    def step(self, action):
        """Plays `action` (an int, the action numbering) for the agent to move. ValueError for
        an action outside 0..action_count-1, an illegal one (naming the legal ones) unless
        illegal_penalty is set, and for a step before reset() or after every agent is done."""
        if not self._reset_once:
            raise ValueError("step: no game yet: call reset() first")
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
        over = core.step(action)
        self._cumulative_rewards[agent] = 0
        if core.illegal:
            self.infos[agent] = {"illegal_action": True}
        if core.hand_ended or core.illegal:
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
        self._render_human()

    def _render_human(self):
        if self.render_mode == "human":
            self.render()

    def render(self):
        """Returns the table as text (render_mode="ansi"): as the agent to move sees it while the
        game goes on, as `dominoes play` draws it; at the end every hand and the rewards.
        render_mode="human" prints that text and returns None."""
        if self.render_mode is None:
            logger.warn("render() was called without a render mode: give render_mode='ansi' "
                        "or 'human'")
            return None
        if self.render_mode == "human":
            sys.stdout.write(self._table_text() + "\n")
            return None
        return self._table_text()

    def _table_text(self):
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
