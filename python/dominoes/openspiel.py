"""Block Dominoes as an OpenSpiel game: `import dominoes.openspiel` registers the game "dominoes"
with pyspiel (open-spiel, in the venv), played by the C++ engine (dominoes.ExtensiveState).

    import pyspiel
    import dominoes.openspiel  # noqa: F401 (registers "dominoes")
    game = pyspiel.load_game("dominoes", {"double": 3, "hand_size": 2, "leader": "alternate"})

Parameters: the rules keys (dominoes.Rules.keywords: docs/rules.md), '-' written '_': seats,
target, double, hand_size, scoring, leader, partners, block, next_leader. dominoes.Rules checks
them and raises ValueError naming a bad one; a value of the wrong type is refused by pyspiel
itself. The defaults are the table's rules for the seat count, as Rules(seats=...) gives; a key
whose table default depends on the seat count has the empty string (the table's rule) as its
default, except two:
  target       0: the OpenSpiel game is one hand (a match target is refused);
  partners     applies at four seats only (default true there, as Rules(seats=4)).
leader:
  random           a chance node after the deal draws the leader uniformly;
  heaviest-double  the holder of the heaviest double (else tile) leads, from the deal;
  alternate        seat 0 leads (the first deal of a run): what `solver equilibrium` assumes.

Chance nodes: each seat's hand in seat order, one tile per chance node in ascending tile order,
the outcome being the tile's index (dominoes.tile_index). At a node where the hand still needs k
tiles and its candidates (tiles not dealt yet, above the hand's last tile) are c_1 < ... < c_m,
outcome c_i has probability C(m-i, k-1) / C(m, k) (only i <= m-k+1 are listed): each hand then
has exactly one chance history, of probability 1 / C(undealt, hand_size), as a uniform deal
gives it. Any other outcome raises ValueError. Then, under leader=random, one node draws the
leader (outcome = seat). deal_actions(hands) gives the outcomes that deal given hands.

Actions: the engine's numbering, tile_index * 3 + (0 lead, 1 left end, 2 right end), and the
pass as the last action (Rules.action_count - 1); a seat with no move has exactly one, the pass.

Returns, in points, every seat's net points (the convention of the project's other
environments): its team's score when its team won, minus the winners' score when another team
won, 0 when nobody won. With two seats and with partners that is zero-sum; cut-throat (three or
four seats, no partners) the winner gets P and every other seat -P: general-sum.

Observations (make_py_observer): the information state (perfect recall) is the seat, its
hand, the leader and every move so far with its seat; the observation (no recall) is the seat,
its hand, the line's tiles and open ends, every seat's tile count and lacked values, the leader
and the seat to move. Strings and float tensors of both; observer.dict names the pieces.

Serialization: state.serialize(), pyspiel.serialize_game_and_state /
deserialize_game_and_state, pickle and copy.deepcopy all work: a state's one attribute is its
ExtensiveState, which pickles as the rules and its actions from the root.

Bots for OpenSpiel (evaluate_bots, or any loop that calls step(state)): ismcts_bot(game, ...) is
OpenSpiel's ISMCTSBot with this module's resampler, seeded; StrategyBot(game, spec) seats a
built-in strategy (dominoes.strategy(spec), e.g. "heuristic", "minimax(scenarios=20)").

Speed: every state method (current_player, legal_actions, apply_action, chance_outcomes,
returns, the observer's strings and tensors) is one call into the C++ node. Random play, measured
by `PYTHONPATH=build/python build/venv/bin/python bench/python/bench_openspiel.py --seconds 3`
on one core of a shared 2-core machine: 140,959 steps/s for dominoes(leader=alternate) against
30,893 for OpenSpiel's python_block_dominoes (the same rules) in the same run (2.8 to 4.6 times
theirs over four runs). legal_actions() and is_chance_node() from Python are one call each too.

IS-MCTS: states implement resample_from_infostate (a world drawn uniformly among those
consistent with the seat's information, by the engine's sampler); for reproducible draws give
OpenSpiel's ISMCTSBot `bot.set_resampler(dominoes.openspiel.resampler(random_state))`.
"""

from dominoes._requires import require

require(__name__, "pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import dominoes

_SHORT_NAME = "dominoes"


def _parameter_default(keyword):
    """Returns the OpenSpiel default of rules keyword `keyword`: the table's default when every
    seat count shares it (Rules(seats=2) for seats itself), else "" (the seat count's rule), 0
    for target (one hand) and True for partners (it applies at four seats only)."""
    values = {getattr(dominoes.Rules(seats=seats), keyword) for seats in (2, 3, 4)}
    if keyword == "seats" or len(values) == 1:
        return getattr(dominoes.Rules(), keyword)
    one_hand = {"target": 0, "partners": True}
    if keyword in one_hand:
        return one_hand[keyword]
    return ""


_SPEC = {keyword: _parameter_default(keyword) for keyword in dominoes.Rules.keywords}


def _game_type(utility, seats=None):
    return pyspiel.GameType(
        short_name=_SHORT_NAME,
        long_name="Block Dominoes (dominoes simulator)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats or 4,
        min_num_players=seats or 2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_SPEC,
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)


def rules_from_params(params):
    """Returns the dominoes.Rules of OpenSpiel parameters (a dict of the rules keys, '_' for
    '-'); raises ValueError as Rules does, or for a match target (the game is one hand)."""
    given = {k: v for k, v in dict(_SPEC, **params).items() if v != ""}
    if given["seats"] != 4:
        del given["partners"]  # partners applies at four seats only
    rules = dominoes.Rules(**given)
    if rules.target != 0:
        raise ValueError(f"target={rules.target} is not valid here: the OpenSpiel game is one "
                         "hand; give target=0")
    return rules


def _max_points(rules):
    """No rule scores more than the pips of every tile dealt."""
    pips = sorted((sum(int(v) for v in dominoes.tile_at(t).split("-"))
                   for t in range(rules.tile_count)), reverse=True)
    return sum(pips[:rules.seats * rules.hand_size])


class DominoesGame(pyspiel.Game):
    """The OpenSpiel game "dominoes" (see the module's docstring)."""

    def __init__(self, params=None):
        rules = rules_from_params(params or {})
        resolved = {keyword: getattr(rules, keyword) for keyword in dominoes.Rules.keywords}
        self._root = dominoes.ExtensiveState(rules)  # every state starts as a copy of it
        zero_sum = rules.seats == 2 or rules.partners
        utility = (pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        bound = float(_max_points(rules))
        super().__init__(
            _game_type(utility, rules.seats),
            pyspiel.GameInfo(
                num_distinct_actions=rules.action_count,
                max_chance_outcomes=dominoes.ExtensiveState.max_chance_outcomes(rules),
                num_players=rules.seats,
                min_utility=-bound,
                max_utility=bound,
                utility_sum=0.0 if zero_sum else None,
                max_game_length=dominoes.ExtensiveState.max_game_length(rules)),
            resolved)

    @property
    def rules(self):
        return self._root.rules

    def new_initial_state(self):
        return DominoesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        return DominoesObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self.rules)


class DominoesState(pyspiel.State):
    """A state of "dominoes": its node is a dominoes.ExtensiveState (self._node), and each
    method is one call into it."""

    def __init__(self, game):
        super().__init__(game)
        self._node = game._root.copy()

    def current_player(self):
        return self._node.current_player()

    def _legal_actions(self, player):
        return self._node.legal_actions()

    # Python callers reach these two directly: pyspiel's own legal_actions() asks the state four
    # times (is_terminal, current_player twice, _legal_actions), is_chance_node() once more.
    def legal_actions(self, player=None):
        """The legal actions of `player` (default the one to move), the chance outcomes at a
        chance node, [] at the end, as pyspiel's State.legal_actions: in one call."""
        return self._node.legal_actions_for(player)

    def is_chance_node(self):
        return self._node.is_chance()

    def _apply_action(self, action):
        self._node.apply(action)

    def chance_outcomes(self):
        return self._node.chance_outcomes()

    def _action_to_string(self, player, action):
        return self._node.action_text(action)

    def is_terminal(self):
        return self._node.is_terminal()

    def returns(self):
        return self._node.returns()

    def __str__(self):
        return str(self._node)

    # --- for IS-MCTS and the bots
    @property
    def game_state(self):
        """A dominoes.Game copy of the hand in play (None while dealing)."""
        return self._node.game

    @property
    def node(self):
        """The state's dominoes.ExtensiveState (read it; move the state, not the node)."""
        return self._node

    def resample_from_infostate(self, player_id, probability_sampler):
        """Returns a state with `player_id`'s information and the other hands drawn uniformly
        among those consistent with it (dominoes.sample_hidden_hands; under heaviest-double the
        leader must hold the heaviest tile, else it draws again). The seed comes from
        `probability_sampler()`, a float in [0, 1)."""
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        return world(self, player_id, seed)


def deal_actions(hands):
    """Returns the chance outcomes that deal `hands` (one tile list per seat, in seat order; tile
    strings or indices): each hand's tile indices in ascending order, seat 0's first."""
    return [t for hand in hands
            for t in sorted(x if isinstance(x, int) else dominoes.tile_index(x) for x in hand)]


def state_from_actions(game, actions):
    """Returns the state of `game` after `actions` (chance outcomes included), applied one by
    one, so that the state's history() holds them."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(int(action))
    return state


def world(state, player, seed):
    """Returns a new state of the same game: `player`'s hand and every move as in `state`, the
    other hands drawn uniformly among those consistent with what `player` knows (seeded by
    `seed`, an int below 2**64), built through the game's own chance nodes."""
    node = state.node
    game = node.game
    if game is None:
        raise ValueError("world: the hands are still being dealt; resample a decision state")
    seats = game.seats
    observation = game.observation(player)
    played = [[] for _ in range(seats)]
    for i, move in enumerate(game.history):
        if move != "pass":
            played[(game.leader + i) % seats].append(move.rstrip("LR"))
    after_deal = node.actions()[seats * game.rules.hand_size:]  # the leader draw, the moves
    rng = np.random.RandomState(seed % 2**32)
    for _ in range(10000):
        hands = dominoes.sample_hidden_hands(observation, int(rng.randint(2**31)) << 31 |
                                             int(rng.randint(2**31)))
        actions = deal_actions([hands[s] + played[s] for s in range(seats)]) + after_deal
        if _replays(node, actions, game):
            return state_from_actions(state.get_game(), actions)
    raise ValueError("world: no consistent world found in 10,000 draws")


def _replays(node, actions, game):
    """Returns True when `actions` (a world's deal, then `game`'s leader draw and moves) replay
    `game`. The engine's sampler draws only worlds in which the record replays, but for one rule
    it does not apply: with two seats under heaviest-double, the leader held the heaviest tile
    (and led any). The whole replay is checked here, that rule with the rest."""
    try:
        out = dominoes.ExtensiveState.replay(node.rules, actions)
    except ValueError:
        return False
    return out.game.leader == game.leader and out.is_terminal() == node.is_terminal()


def resampler(random_state=None):
    """Returns a callback for OpenSpiel's ISMCTSBot.set_resampler: (state, player) -> a world
    drawn with `random_state` (a numpy RandomState; default a fresh one), so a seeded bot plays
    the same moves again."""
    rng = random_state if random_state is not None else np.random.RandomState()

    def resample(state, player):
        return world(state, player, int(rng.randint(2**31)) << 31 | int(rng.randint(2**31)))

    return resample


class _SeatedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTSBot with the two methods evaluate_bots calls and it lacks: a
    new game forgets the search tree; other seats' actions need no note (each step searches
    from the state it is given)."""

    def restart_at(self, state):
        self.reset()

    def inform_action(self, state, player, action):
        pass


def ismcts_bot(game, simulations=100, uct_c=10.0, seed=0, rollouts=1):
    """Returns OpenSpiel's ISMCTSBot (open_spiel.python.algorithms.ismcts, with restart_at and
    inform_action so that evaluate_bots can seat it) for "dominoes", with random rollouts and
    this module's resampler, every draw from numpy RandomState(seed): the same seed plays the
    same moves again. simulations: searches per decision (1 or more); uct_c: UCT's exploration
    constant; rollouts: random rollouts per leaf (1 or more). ValueError for a bad count."""
    for name, value in (("simulations", simulations), ("rollouts", rollouts)):
        if not isinstance(value, int) or value < 1:
            raise ValueError(f"{name}={value!r} is not valid: give an int of 1 or more")
    random_state = np.random.RandomState(seed)
    bot = _SeatedISMCTSBot(game, mcts.RandomRolloutEvaluator(rollouts, random_state), uct_c,
                           simulations, random_state=random_state)
    bot.set_resampler(resampler(random_state))
    return bot


class StrategyBot(pyspiel.Bot):
    """A built-in strategy (dominoes.strategy(spec): "heuristic", "minimax(scenarios=20)", ...)
    as an OpenSpiel bot for "dominoes": step(state) returns the strategy's action for the seat
    to move, chosen from that seat's observation only, with draws from Rng(seed). Strategies
    that see every hand (omniscient) are refused, as are specs the strategy registry refuses
    (ValueError)."""

    def __init__(self, game, spec, seed=0):
        pyspiel.Bot.__init__(self)
        self._strategy = dominoes.strategy(spec, seed)
        if self._strategy.omniscient:
            raise ValueError(f"strategy {spec!r} sees every hand: an OpenSpiel bot may use only "
                             "its seat's information; give a strategy that is not omniscient")
        self._rules = game.rules
        self._rng = dominoes.Rng(seed)

    def step(self, state):
        game = state.game_state
        if game is None or state.is_terminal():
            raise ValueError("StrategyBot.step: give a decision state (not a chance or terminal "
                             "one)")
        move = self._strategy.choose(game.observation(state.current_player()), self._rng)
        return dominoes.action_index(move, self._rules)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player, action):
        pass


class DominoesObserver:
    """Observations of "dominoes" for OpenSpiel: see the module's docstring. Each set_from and
    string_from is one call into the state's node (dominoes.ExtensiveState.write_view and
    view_text)."""

    _HANDS = {pyspiel.PrivateInfoType.NONE: "none", pyspiel.PrivateInfoType.SINGLE_PLAYER: "own",
              pyspiel.PrivateInfoType.ALL_PLAYERS: "all"}

    def __init__(self, iig_obs_type, rules):
        self._kind = (iig_obs_type.perfect_recall, self._HANDS[iig_obs_type.private_info],
                      iig_obs_type.public_info)
        pieces = dominoes.ExtensiveState.view_pieces(rules, *self._kind)
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        i = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[i:i + n].reshape(shape)
            i += n

    def set_from(self, state, player):
        state._node.write_view(player, *self._kind, self.tensor)

    def string_from(self, state, player):
        return state._node.view_text(player, *self._kind)


pyspiel.register_game(_GAME_TYPE, DominoesGame)

__all__ = ["DominoesGame", "DominoesState", "DominoesObserver", "StrategyBot", "deal_actions",
           "ismcts_bot", "resampler", "rules_from_params", "state_from_actions", "world"]
