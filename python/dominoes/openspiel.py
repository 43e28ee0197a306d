"""Block Dominoes as an OpenSpiel game: `import dominoes.openspiel` registers the game "dominoes"
with pyspiel (open-spiel, in the venv), played by the C++ engine (dominoes.Game).

    import pyspiel
    import dominoes.openspiel  # noqa: F401 (registers "dominoes")
    game = pyspiel.load_game("dominoes", {"double": 3, "hand_size": 2, "leader": "alternate"})

Parameters: the rules keys (docs/rules.md), '-' written '_': double, hand_size, seats, partners,
scoring, leader, block, next_leader, target. dominoes.Rules checks them and raises ValueError
naming a bad one; a value of the wrong type is refused by pyspiel itself. The defaults are the
table's rules for the seat count, as Rules(seats=...) gives, except two:
  target       0: the OpenSpiel game is one hand (a match target is refused);
  partners     applies at four seats only (default true there, as Rules(seats=4)).
leader:
  random           a chance node after the deal draws the leader uniformly;
  heaviest-double  the holder of the heaviest double (else tile) leads, from the deal;
  alternate        seat 0 leads (the first deal of a run): what `solver equilibrium` assumes.
The empty string (the default of leader and next_leader) means the table's default rule.

Chance nodes: one per seat, in seat order, deals that seat's whole hand. Its outcome is the
hand's rank among all hand_size-tile hands of the set: sorting the hand's tile indices
(dominoes.tile_index) t_1 < ... < t_h, the rank is C(t_1, 1) + C(t_2, 2) + ... + C(t_h, h)
(the colexicographic rank; hand_rank and hand_at convert). Each node is uniform over the hands
of the tiles not yet dealt. A set with more than HAND_OUTCOMES_MAX (2,000,000) hands of that
size (the default game has 1,184,040; double-9 with 7 tiles 202,927,725) is dealt one tile per
chance node instead, seat 0's tiles first, the outcome being the tile's index. Then, under
leader=random, one node draws the leader (outcome = seat).

Actions: the engine's numbering, tile_index * 3 + (0 lead, 1 left end, 2 right end), and the
pass as the last action (Rules.action_count - 1); the legal actions are Game.legal_actions(),
so a seat with no move has exactly one, the pass.

Returns, in points: with two seats and with partners the team's net points (its score minus
the other side's: zero-sum); cut-throat with three or four seats every seat's own score
(Game.points(); general-sum).

Observations (make_py_observer): the information state (perfect recall) is the seat, its
hand, the leader and every move so far with its seat; the observation (no recall) is the seat,
its hand, the line's tiles and open ends, every seat's tile count and lacked values, the leader
and the seat to move. Strings and float tensors of both; observer.dict names the pieces.

IS-MCTS: states implement resample_from_infostate (a world drawn uniformly among those
consistent with the seat's information, by the engine's sampler); for reproducible draws give
OpenSpiel's ISMCTSBot `bot.set_resampler(dominoes.openspiel.resampler(random_state))`.
"""

from dominoes._requires import require

require(__name__, "pyspiel")

import itertools
import math

import numpy as np
import pyspiel

import dominoes

_SHORT_NAME = "dominoes"
_SPEC = {
    "double": 6,
    "hand_size": 7,
    "seats": 2,
    "partners": True,
    "scoring": "opponent-pips",
    "leader": "",
    "block": "team",
    "next_leader": "",
    "target": 0,
}


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


class _Tables:
    """What every state of one game shares, kept at module level (see _TABLES)."""

    def __init__(self, rules):
        self.rules = rules
        self.seats = rules.seats
        self.hand_size = rules.hand_size
        self.tile_count = rules.tile_count
        self.values = rules.double + 1
        self.actions = rules.action_count
        self.pass_action = rules.action_count - 1
        self.tiles = [dominoes.tile_at(t) for t in range(self.tile_count)]
        self.tile_pips = [sum(int(v) for v in t.split("-")) for t in self.tiles]
        self.binom = [[math.comb(n, k) for k in range(self.hand_size + 1)]
                      for n in range(self.tile_count + 1)]
        self.by_tile = self.binom[self.tile_count][self.hand_size] > HAND_OUTCOMES_MAX
        self.zero_sum = self.seats == 2 or rules.partners
        plays = self.seats * self.hand_size
        self.max_length = plays + (self.seats - 1) * (plays - 1)  # a play, then passes
        heaviest = sorted(self.tile_pips, reverse=True)
        self.max_points = sum(heaviest[:plays])  # no rule scores more than every hand's pips
        self.action_text = [dominoes.action_move(a, rules) for a in range(self.actions)]
        self.action_of = {text: a for a, text in enumerate(self.action_text)}
        self.outcomes = {}  # the first chance node's outcome list, made once


# One chance node per hand while a set has at most this many hands, else one per tile: a node's
# outcomes are listed in full, and an int must number them.
HAND_OUTCOMES_MAX = 2_000_000

_TABLES = {}  # by the game's resolved parameters: states keep the key, not the game (clone)


def _tables(key):
    return _TABLES[key]


def hand_rank(tiles, hand_size=None):
    """Returns the chance outcome that deals `tiles` (tile strings or indices): the
    colexicographic rank of the sorted tile indices."""
    idx = sorted(t if isinstance(t, int) else dominoes.tile_index(t) for t in tiles)
    return sum(math.comb(t, i + 1) for i, t in enumerate(idx))


def hand_at(rank, hand_size):
    """Returns the tile indices (ascending) of the hand with chance outcome `rank`."""
    out = []
    for k in range(hand_size, 0, -1):
        t = k - 1
        while math.comb(t + 1, k) <= rank:
            t += 1
        out.append(t)
        rank -= math.comb(t, k)
    return sorted(out)


class _Engine:
    """A dominoes.Game that deep-copies (pyspiel's clone() deep-copies a state's __dict__)."""

    def __init__(self, game):
        self.game = game

    def __deepcopy__(self, memo):
        return _Engine(self.game.copy())


class DominoesGame(pyspiel.Game):
    """The OpenSpiel game "dominoes" (see the module's docstring)."""

    def __init__(self, params=None):
        rules = rules_from_params(params or {})
        resolved = {
            "double": rules.double, "hand_size": rules.hand_size, "seats": rules.seats,
            "partners": rules.partners, "scoring": rules.scoring, "leader": rules.leader,
            "block": rules.block, "next_leader": rules.next_leader, "target": rules.target,
        }
        self._key = tuple(sorted(resolved.items()))
        if self._key not in _TABLES:
            _TABLES[self._key] = _Tables(rules)
        t = _TABLES[self._key]
        utility = (pyspiel.GameType.Utility.ZERO_SUM if t.zero_sum
                   else pyspiel.GameType.Utility.GENERAL_SUM)
        bound = float(t.max_points)
        super().__init__(
            _game_type(utility, t.seats),
            pyspiel.GameInfo(
                num_distinct_actions=t.actions,
                max_chance_outcomes=max(t.tile_count if t.by_tile else
                                        t.binom[t.tile_count][t.hand_size], t.seats),
                num_players=t.seats,
                min_utility=-bound if t.zero_sum else 0.0,
                max_utility=bound,
                utility_sum=0.0 if t.zero_sum else None,
                max_game_length=t.max_length),
            resolved)

    @property
    def rules(self):
        return _TABLES[self._key].rules

    def new_initial_state(self):
        return DominoesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        return DominoesObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self._key)


class DominoesState(pyspiel.State):
    """A state of "dominoes": the deal so far, then a dominoes.Game (the referee's view)."""

    def __init__(self, game):
        super().__init__(game)
        self._key = game._key
        self._hands = []      # the dealt hands, tile indices ascending, in seat order
        self._leader = None   # drawn by a chance node under leader=random
        self._engine = None   # the game, once dealt and led

    # --- the deal
    def _dealing(self):
        return self._engine is None

    def _dealt_all(self):
        t = _tables(self._key)
        return len(self._hands) == t.seats and len(self._hands[-1]) == t.hand_size

    def chance_outcomes(self):
        t = _tables(self._key)
        if not self._dealt_all():
            dealt = set(itertools.chain.from_iterable(self._hands))
            remaining = [i for i in range(t.tile_count) if i not in dealt]
            if t.by_tile:
                return [(i, 1.0 / len(remaining)) for i in remaining]
            if not self._hands:  # every hand of the set: the ranks 0 .. C(tiles, hand) - 1
                if not t.outcomes:
                    count = t.binom[t.tile_count][t.hand_size]
                    t.outcomes = [(r, 1.0 / count) for r in range(count)]
                return t.outcomes
            ranks = sorted(sum(t.binom[c][k + 1] for k, c in enumerate(combo))
                           for combo in itertools.combinations(remaining, t.hand_size))
            return [(r, 1.0 / len(ranks)) for r in ranks]
        return [(s, 1.0 / t.seats) for s in range(t.seats)]

    def _start(self):
        t = _tables(self._key)
        rules = t.rules
        hands = [",".join(t.tiles[i] for i in h) for h in self._hands]
        leader = self._leader
        if rules.leader == "alternate":
            leader = 0
        elif rules.leader == "heaviest-double" and t.seats == 2:
            leader = dominoes.heaviest_tile(hands, rules.double)[0]
        self._engine = _Engine(dominoes.Game.from_hands(hands, leader=leader, rules=rules))

    # --- pyspiel.State
    def current_player(self):
        if self._dealing():
            return pyspiel.PlayerId.CHANCE
        game = self._engine.game
        if game.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return game.to_move

    def _legal_actions(self, player):
        return self._engine.game.legal_actions()

    def _apply_action(self, action):
        t = _tables(self._key)
        if not self._dealing():
            self._engine.game.apply(int(action))
        elif not self._dealt_all():
            hand = [int(action)] if t.by_tile else hand_at(action, t.hand_size)
            if any(i in h for h in self._hands for i in hand) or hand[-1] >= t.tile_count:
                raise ValueError(f"chance outcome {action} deals a tile already dealt or "
                                 "outside the set")
            if t.by_tile and self._hands and len(self._hands[-1]) < t.hand_size:
                self._hands[-1] = sorted(self._hands[-1] + hand)
            else:
                self._hands.append(hand)
            if self._dealt_all() and t.rules.leader != "random":
                self._start()
        else:
            if not 0 <= action < t.seats:
                raise ValueError(f"leader outcome {action} is not valid: valid 0..{t.seats - 1}")
            self._leader = int(action)
            self._start()

    def _action_to_string(self, player, action):
        t = _tables(self._key)
        if player == pyspiel.PlayerId.CHANCE:
            if not self._dealt_all():
                if t.by_tile:
                    full = not self._hands or len(self._hands[-1]) == t.hand_size
                    seat = len(self._hands) if full else len(self._hands) - 1
                    return f"deal seat {seat}: {t.tiles[action]}"
                hand = ",".join(t.tiles[i] for i in hand_at(action, t.hand_size))
                return f"deal seat {len(self._hands)}: {hand}"
            return f"leader {action}"
        return t.action_text[action]

    def is_terminal(self):
        return self._engine is not None and self._engine.game.is_terminal()

    def returns(self):
        t = _tables(self._key)
        if not self.is_terminal():
            return [0.0] * t.seats
        points = self._engine.game.points()
        if not t.zero_sum:
            return [float(p) for p in points]
        # two seats or partners: the next seat is always on the other side
        return [float(points[s] - points[(s + 1) % t.seats]) for s in range(t.seats)]

    def __str__(self):
        t = _tables(self._key)
        if self._dealing():
            return "dealt " + " / ".join(",".join(t.tiles[i] for i in h) for h in self._hands)
        game = self._engine.game
        hands = " / ".join(",".join(h) or "-" for h in game.hands)
        return (f"hands {hands} leader {game.leader} history "
                f"{' '.join(game.history) or '-'}")

    # --- for IS-MCTS and the bots
    @property
    def game_state(self):
        """The dominoes.Game being played (None while dealing); do not apply moves to it."""
        return None if self._engine is None else self._engine.game

    def resample_from_infostate(self, player_id, probability_sampler):
        """Returns a state with `player_id`'s information and the other hands drawn uniformly
        among those consistent with it (dominoes.sample_hidden_hands; under heaviest-double the
        leader must hold the heaviest tile, else it draws again). The seed comes from
        `probability_sampler()`, a float in [0, 1)."""
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        return world(self, player_id, seed)


def world(state, player, seed):
    """Returns a new state of the same game: `player`'s hand and every move as in `state`, the
    other hands drawn uniformly among those consistent with what `player` knows (seeded by
    `seed`, an int below 2**64), built through the game's own chance nodes."""
    if state.game_state is None:
        raise ValueError("world: the hands are still being dealt; resample a decision state")
    t = _tables(state._key)
    game = state.game_state
    observation = game.observation(player)
    history = game.history
    played = [[] for _ in range(t.seats)]
    for i, move in enumerate(history):
        if move != "pass":
            played[(game.leader + i) % t.seats].append(move.rstrip("LR"))
    rng = np.random.RandomState(seed % 2**32)
    for _ in range(10000):
        hands = dominoes.sample_hidden_hands(observation, int(rng.randint(2**31)) << 31 |
                                             int(rng.randint(2**31)))
        out = _replayed(state, [hands[s] + played[s] for s in range(t.seats)], game)
        if out is not None:
            return out
    raise ValueError("world: no consistent world found in 10,000 draws")


def _replayed(state, dealt, game):
    """Returns a new state dealing `dealt` and replaying `game`'s leader and moves, or None when
    that world contradicts them. The engine's sampler knows the tile counts and the values each
    seat lacks; two more facts are checked here: the leader rule (heaviest-double: the leader
    held the heaviest tile, and with more than two seats led it) and, with more than two seats,
    that neither a recorded pass nor the seat to move now finds the game blocked (while the game
    goes on, some seat can still play)."""
    t = _tables(state._key)
    out = state.get_game().new_initial_state()
    try:
        for hand in dealt:
            if t.by_tile:
                for tile in sorted(dominoes.tile_index(x) for x in hand):
                    out.apply_action(tile)
            else:
                out.apply_action(hand_rank(hand))
        if t.rules.leader == "random":
            out.apply_action(game.leader)
        if out.current_player() != game.leader:
            return None
        for move in game.history:
            out.apply_action(t.action_of[move])
    except ValueError:
        return None
    return None if out.is_terminal() != game.is_terminal() else out


def resampler(random_state=None):
    """Returns a callback for OpenSpiel's ISMCTSBot.set_resampler: (state, player) -> a world
    drawn with `random_state` (a numpy RandomState; default a fresh one), so a seeded bot plays
    the same moves again."""
    rng = random_state if random_state is not None else np.random.RandomState()

    def resample(state, player):
        return world(state, player, int(rng.randint(2**31)) << 31 | int(rng.randint(2**31)))

    return resample


class DominoesObserver:
    """Observations of "dominoes" for OpenSpiel: see the module's docstring."""

    def __init__(self, iig_obs_type, key):
        t = _tables(key)
        self._key = key
        self._recall = iig_obs_type.perfect_recall
        private = iig_obs_type.private_info
        self._own = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._all = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        self._public = iig_obs_type.public_info
        S, T, V = t.seats, t.tile_count, t.values
        pieces = [("player", (S,))]
        if self._own:
            pieces.append(("hand", (T,)))
        if self._all:
            pieces.append(("hands", (S, T)))
        if self._public:
            pieces.append(("leader", (S,)))
            if self._recall:
                pieces.append(("history", (t.max_length, S + t.actions)))
            else:
                pieces += [("line", (T,)), ("ends", (2, V)), ("counts", (S,)),
                           ("lacks", (S, V)), ("to_move", (S,))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        i = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[i:i + n].reshape(shape)
            i += n

    def set_from(self, state, player):
        t = _tables(self._key)
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        game = state.game_state
        if game is None:  # dealing: only the hands dealt so far
            if self._own and player < len(state._hands):
                d["hand"][state._hands[player]] = 1
            if self._all:
                for s, hand in enumerate(state._hands):
                    d["hands"][s][hand] = 1
            return
        hands = game.hands
        if self._own:
            d["hand"][[dominoes.tile_index(x) for x in hands[player]]] = 1
        if self._all:
            for s, hand in enumerate(hands):
                d["hands"][s][[dominoes.tile_index(x) for x in hand]] = 1
        if not self._public:
            return
        d["leader"][game.leader] = 1
        if self._recall:
            for i, move in enumerate(game.history):
                d["history"][i][(game.leader + i) % t.seats] = 1
                d["history"][i][t.seats + t.action_of[move]] = 1
            return
        d["line"][[dominoes.tile_index(x) for x in game.line]] = 1
        if game.ends is not None:
            d["ends"][0][game.ends[0]] = 1
            d["ends"][1][game.ends[1]] = 1
        observation = game.observation(player)
        d["counts"][:] = observation.tile_counts
        for s, values in enumerate(observation.lacks):
            d["lacks"][s][values] = 1
        if not game.is_terminal():
            d["to_move"][game.to_move] = 1

    def string_from(self, state, player):
        t = _tables(self._key)
        game = state.game_state
        parts = [f"seat {player}"]
        if game is None:
            if self._own:
                mine = state._hands[player] if player < len(state._hands) else []
                parts.append("hand " + (",".join(t.tiles[i] for i in mine) or "-"))
            if self._all:
                parts.append("hands " + " / ".join(",".join(t.tiles[i] for i in h) or "-"
                                                   for h in state._hands))
            return " ".join(parts + ["dealing"])
        hands = game.hands
        if self._own:
            parts.append("hand " + (",".join(hands[player]) or "-"))
        if self._all:
            parts.append("hands " + " / ".join(",".join(h) or "-" for h in hands))
        if not self._public:
            return " ".join(parts)
        parts.append(f"leader {game.leader}")
        if self._recall:
            parts.append("history " + (" ".join(game.history) or "-"))
            return " ".join(parts)
        observation = game.observation(player)
        ends = "-" if game.ends is None else f"{game.ends[0]},{game.ends[1]}"
        parts += [
            "line " + (",".join(game.line) or "-"),
            f"ends {ends}",
            "counts " + ",".join(str(c) for c in observation.tile_counts),
            "lacks " + "/".join(",".join(str(v) for v in values) or "-"
                                for values in observation.lacks),
            "to_move " + ("-" if game.is_terminal() else str(game.to_move)),
        ]
        return " ".join(parts)


pyspiel.register_game(_GAME_TYPE, DominoesGame)

__all__ = ["DominoesGame", "DominoesState", "DominoesObserver", "rules_from_params",
           "hand_rank", "hand_at", "world", "resampler"]
