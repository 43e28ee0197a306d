"""Block Dominoes as a Gymnasium environment: one learning seat, the other seats played by
strategies. Importing this module registers it as "dominoes/BlockDominoes-v0".

    import gymnasium as gym
    import dominoes.gymnasium  # noqa: F401 (registers the environment)
    env = gym.make("dominoes/BlockDominoes-v0", opponent="heuristic", seats=2)
    observation, info = env.reset(seed=1)
    while True:
        legal = info["action_mask"].nonzero()[0]
        observation, reward, terminated, truncated, info = env.step(int(legal[0]))
        if terminated:
            break

BlockDominoesEnv(seat=0, opponent="heuristic", render_mode=None, **rules): rules are the rules
keys of dominoes.Rules (double, hand_size, seats, partners, scoring, leader, block, next_leader,
target), checked by dominoes.Rules (ValueError naming a bad key or value). `opponent` is one
strategy spec for every other seat, or a list of specs, one per other seat in seat order
(dominoes.strategies() lists them; "minimax(scenarios=50)" sets parameters). With partners the
learning seat's partner is one of them.

The observation is the learning seat's observation tensor (float32, Rules.observation_shape;
docs/formats.md, "Observation tensor"); info["action_mask"] (int8, Rules.action_count) marks its
legal actions. Every one of its turns is a step, passes and single legal moves included. The
other seats move between steps as `dominoes run` plays them: asked only when they have a real
choice, each drawing from the random stream the runner gives that seat in that game.

The reward is in points, given at the end of a hand: the learning seat's team's points minus the
other teams' points. With target > 0 an episode is a match of hands (docs/rules.md, "Matches").
An illegal action (one the mask does not mark) ends the episode with reward -1 and
info["illegal_action"] = True, the convention of PettingZoo's classic games; an action outside
the action space, or a step after the episode ended, raises ValueError naming what is valid.
A hand can end before the learning seat's first turn (a lead that blocks the game at once):
reset() then marks only the pass in info["action_mask"], and the one step that follows, whatever
its action, returns that hand's reward with terminated True.
reset(seed=s) deals deal 0 of seed s (the deal `dominoes run --seed s` plays first); each later
reset() without a seed deals the next deal.
"""

from dominoes._requires import require

require(__name__, "gymnasium")

import gymnasium
import numpy as np
from gymnasium import spaces

from dominoes import _core

__all__ = ["BlockDominoesEnv", "ENV_ID"]

ENV_ID = "dominoes/BlockDominoes-v0"


class BlockDominoesEnv(gymnasium.Env):
    """One learning seat at a table of Block Dominoes with hidden hands (the module's docstring
    says how it plays)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, seat=0, opponent="heuristic", render_mode=None, **rules):
        self.rules = _core.Rules(**rules)
        seats = self.rules.seats
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= seat < seats:
            raise ValueError(f"seat={seat!r} is not valid: give an int from 0 to {seats - 1}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r} is not valid: give 'ansi' or None")
        self.seat = int(seat)
        self.render_mode = render_mode
        others = [s for s in range(seats) if s != self.seat]
        specs = [opponent] * len(others) if isinstance(opponent, str) else list(opponent)
        if len(specs) != len(others) or not all(isinstance(s, str) for s in specs):
            raise ValueError(f"opponent={opponent!r} is not valid: give one strategy spec, or a "
                             f"list of {len(others)} specs (one per other seat, seats {others})")
        self._players = {}
        for other, spec in zip(others, specs):
            player = _core.strategy(spec)  # ValueError naming a bad spec
            if seats not in player.seat_counts:
                raise ValueError(f"opponent {spec!r} plays {player.seat_counts} seats, not "
                                 f"{seats}: choose one of dominoes.strategies() that plays {seats}")
            self._players[other] = player
        self._core = _core.EnvGame(self.rules)
        high = self.rules.observation_high
        self.observation_space = spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.rules.action_count)
        self._seed = None
        self._deal = 0
        self._streams = {}
        self._streams_game = -1
        self._start_reward = 0.0
        self._done = True

    def _others_play(self):
        """Plays the other seats until the learning seat is to move or the episode is over;
        returns the learning seat's reward from the hands that ended meanwhile."""
        core = self._core
        reward = 0.0
        while not core.over and core.to_move != self.seat:
            seat = core.to_move
            legal = core.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                if self._streams_game != core.game:
                    self._streams = {s: _core.Rng.seat_stream(core.seed, core.deal, core.game, s)
                                     for s in self._players}
                    self._streams_game = core.game
                move = self._players[seat].choose(core.view(seat), self._streams[seat])
                action = _core.action_index(move, self.rules)
            core.step(action)
            if core.hand_ended:
                reward += core.rewards[self.seat]
        return reward

    def _observation(self):
        return self._core.observation(self.seat)

    def _info(self):
        mask = self._core.action_mask()
        if self._core.over and not self._done:  # the hand ended before the seat's first turn
            mask[-1] = 1
        return {"action_mask": mask}

    def reset(self, seed=None, options=None):
        """Deals deal 0 of `seed`, or the next deal when seed is None; plays the other seats up
        to the learning seat's first turn. Returns (observation, info)."""
        super().reset(seed=seed)
        if seed is not None:
            if not 0 <= seed < 2**64:
                raise ValueError(f"seed={seed} is not valid: give an int from 0 to 2**64 - 1")
            self._seed, self._deal = int(seed), 0
        elif self._seed is None:
            self._seed, self._deal = int(self.np_random.integers(2**63)), 0
        else:
            self._deal += 1
        self._core.reset(self._seed, self._deal)
        self._streams_game = -1
        # Points of hands that ended before the learning seat's first turn come with the first
        # step's reward.
        self._start_reward = self._others_play()
        self._done = False
        return self._observation(), self._info()

    def step(self, action):
        """Plays `action` for the learning seat, then the other seats up to its next turn.
        Returns (observation, reward, terminated, truncated=False, info). An illegal action
        (inside the action space) ends the episode with reward -1 and info["illegal_action"]
        True, as PettingZoo's classic games do; ValueError for an action outside
        0..action_count-1 and for a step after the episode ended."""
        core = self._core
        if self._done:
            raise ValueError("step: the episode is over: call reset()")
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
                or not 0 <= action < self.rules.action_count:
            raise ValueError(f"action {action!r} is not valid: give an int from 0 to "
                             f"{self.rules.action_count - 1} (info['action_mask'] marks the "
                             "legal ones)")
        if core.over:  # the episode ended before the learning seat's first turn
            self._done = True
            reward, self._start_reward = self._start_reward, 0.0
            return self._observation(), float(reward), True, False, self._info()
        if int(action) not in core.legal_actions():
            self._done = True
            info = {"action_mask": np.zeros(self.rules.action_count, np.int8),
                    "illegal_action": True}
            return self._observation(), -1.0, True, False, info
        core.step(int(action))
        reward = core.rewards[self.seat] if core.hand_ended else 0.0
        reward += self._others_play() + self._start_reward
        self._start_reward = 0.0
        self._done = core.over
        return self._observation(), float(reward), core.over, False, self._info()

    def render(self):
        """Returns the table as the learning seat sees it, drawn as `dominoes play` draws it
        (render_mode="ansi")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render mode: give "
                                  "render_mode='ansi'")
            return None
        labels = [("you" if s == self.seat else self._players[s].spec)
                  for s in range(self.rules.seats)]
        return self._core.table_text(self.seat, labels)

    def action_move(self, action):
        """Returns the move of action number `action` in notation ('3-5L', 'pass')."""
        return self._core.action_move(int(action))

    def game_record(self, index=-1):
        """Returns finished hand `index` of the episode (default the last) as one --games-out
        record (docs/formats.md), the learning seat named "learner" and the others by spec."""
        players = [("learner" if s == self.seat else self._players[s].spec)
                   for s in range(self.rules.seats)]
        return self._core.game_record(players, index)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=BlockDominoesEnv)
