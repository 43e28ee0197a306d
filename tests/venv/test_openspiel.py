"""dominoes.openspiel: the game "dominoes" in OpenSpiel, and OpenSpiel's algorithms on it.

Independent facts it is checked against: the `solver` program's exact values of small variants
(game value, the uniform random policy's exploitability), the engine's own deals
(dominoes.deal), dominoes.Game's scores (net points), the game's own definition (chance
probabilities by math.comb, every hand counted, rules keys), and OpenSpiel's own checks
(random_sim_test, serialization, evaluate_bots). Run by CTest
with the venv's python and PYTHONPATH=BUILD/python; DOMINOES_CLI names the dominoes program,
whose folder holds `solver`.
"""

import copy
import itertools
import math
import os
import pickle
import random
import subprocess
import unittest

import numpy as np
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import (cfr, evaluate_bots, exploitability,
                                          expected_game_score, ismcts, mcts)

import dominoes
import dominoes.openspiel as dos


def solver_path():
    cli = os.environ.get("DOMINOES_CLI")
    if not cli:
        raise unittest.SkipTest("DOMINOES_CLI is not set: it names the dominoes program")
    return os.path.join(os.path.dirname(cli), "solver")


def solver_numbers(*args):
    """Returns the `key value` lines of a solver command as a dict of floats."""
    out = subprocess.run([solver_path(), *args, "--quiet"], check=True, capture_output=True,
                         text=True).stdout
    numbers = {}
    for line in out.splitlines():
        words = line.split()
        if len(words) >= 2:
            try:
                numbers[words[0]] = float(words[1])
            except ValueError:
                pass
    return numbers


def play_random(game, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def deal_state(game, hands, leader=None):
    """The state after dealing `hands` (tile lists) and, under leader=random, `leader`."""
    state = game.new_initial_state()
    for tile in dos.deal_actions(hands):
        state.apply_action(tile)
    if leader is not None:
        state.apply_action(leader)
    return state


def net_points(game):
    """Every seat's net points by dominoes.Game's own scoring: the winners' score for a seat of
    the winning team, minus it for every other seat, 0 when nobody won."""
    winner = game.winner_team()
    if winner is None:
        return [0.0] * game.seats
    score = max(game.points())
    return [float(score if team == winner else -score) for team in game.teams]


class Parameters(unittest.TestCase):
    def test_rules_keys_and_defaults(self):
        game = pyspiel.load_game("dominoes")
        self.assertEqual(game.num_players(), 2)
        self.assertEqual(game.num_distinct_actions(), 85)
        self.assertEqual(game.get_parameters()["leader"], "random")
        four = pyspiel.load_game("dominoes(seats=4)").get_parameters()
        self.assertEqual((four["partners"], four["leader"], four["next_leader"], four["target"]),
                         (True, "heaviest-double", "alternate", 0))
        small = pyspiel.load_game("dominoes(double=3,hand_size=2,scoring=all-pips)")
        self.assertEqual(small.num_distinct_actions(), 3 * 10 + 1)
        self.assertEqual(small.max_chance_outcomes(), 10)  # an outcome is a tile's index

    def test_parameters_are_the_rules_keywords(self):
        game = pyspiel.load_game("dominoes(seats=3)")
        self.assertEqual(set(game.get_type().parameter_specification),
                         set(dominoes.Rules.keywords))
        rules = dominoes.Rules(seats=3, target=0)
        self.assertEqual(game.get_parameters(),
                         {k: getattr(rules, k) for k in dominoes.Rules.keywords})

    def test_bad_values_raise_rules_error(self):
        for params, words in [({"double": 1}, "double"), ({"double": 2, "hand_size": 4},
                              "hand-size"), ({"leader": "first"}, "leader"),
                              ({"seats": 5}, "seats"), ({"scoring": "most"}, "scoring"),
                              ({"seats": 2, "partners": True, "leader": "random"}, None)]:
            if words is None:  # partners at two seats applies to nothing: accepted
                pyspiel.load_game("dominoes", params)
                continue
            with self.assertRaises(ValueError) as caught:
                pyspiel.load_game("dominoes", params)
            self.assertIn(words, str(caught.exception))
            self.assertIn("valid", str(caught.exception))
        with self.assertRaisesRegex(ValueError, "target=100 .*give target=0"):
            pyspiel.load_game("dominoes", {"target": 100})

    def test_wrong_type_is_pyspiels_error(self):
        for params, key in [({"double": "3"}, "double"), ({"partners": 1}, "partners"),
                            ({"leader": 2}, "leader"), ({"hand_size": 2.0}, "hand_size")]:
            with self.assertRaisesRegex(pyspiel.SpielError, f"Wrong type for parameter {key}"):
                pyspiel.load_game("dominoes", params)

    def test_utility_kinds(self):
        zero = pyspiel.GameType.Utility.ZERO_SUM
        general = pyspiel.GameType.Utility.GENERAL_SUM
        for params, utility in [({}, zero), ({"seats": 4}, zero),
                                ({"seats": 4, "partners": False}, general), ({"seats": 3}, general)]:
            game = pyspiel.load_game("dominoes", dict(params, double=4, hand_size=3))
            self.assertEqual(game.get_type().utility, utility, params)
            rng = random.Random(3)
            for _ in range(5):
                state = play_random(game, rng)
                returns = state.returns()
                if utility == zero:
                    self.assertAlmostEqual(sum(returns), 0.0)
                    points = state.game_state.points()
                    teams = state.game_state.teams
                    for s, r in enumerate(returns):  # the team's score minus the other side's
                        other = max(points[o] for o in range(len(points)) if teams[o] != teams[s])
                        self.assertEqual(r, points[s] - other)
                self.assertEqual(returns, net_points(state.game_state))

    def test_returns_are_the_other_environments_rewards(self):
        # the environment contract (docs/python.md): PettingZoo's rewards, summed over the hand,
        # on the same deal (deal 0 of the seed, as dominoes.Game deals it) and the same moves
        from dominoes.pettingzoo import block_dominoes_v0
        for seats, partners in ((2, False), (3, False), (4, True), (4, False)):
            params = {"seats": seats, "partners": partners}
            game = pyspiel.load_game("dominoes", params)
            rules = dos.rules_from_params(params)
            for seed in range(6):
                deal = dominoes.Game(rules, seed=seed, deal=0)
                state = deal_state(game, deal.hands,
                                   deal.leader if rules.leader == "random" else None)
                self.assertEqual(state.current_player(), deal.leader)
                rng = random.Random(seed)
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                env = block_dominoes_v0.raw_env(**dict(params, target=0))
                env.reset(seed=seed)
                paid = dict.fromkeys(env.possible_agents, 0.0)
                moves = len(state.game_state.history)
                for action in state.history()[-moves:]:
                    env.step(action)
                    for agent in env.possible_agents:
                        paid[agent] += env.rewards[agent]
                self.assertTrue(all(env.terminations.values()))
                self.assertEqual([paid[a] for a in env.possible_agents], state.returns(),
                                 (seats, partners, seed))

    def test_cut_throat_returns_are_net_points(self):
        # three seats, each for itself: the winner gets P, every other seat -P (not 0)
        for seats in (3, 4):
            game = pyspiel.load_game("dominoes", {"seats": seats, "partners": False})
            rng = random.Random(seats)
            winners = 0
            for _ in range(40):
                state = play_random(game, rng)
                game_state = state.game_state
                self.assertEqual(state.returns(), net_points(game_state))
                if game_state.winner_team() is not None:
                    winners += 1
                    score = max(game_state.points())
                    self.assertEqual(sorted(state.returns()), [-score] * (seats - 1) + [score])
            self.assertGreater(winners, 30)


class ChanceAndMoves(unittest.TestCase):
    def test_tile_by_tile_outcomes(self):
        game = pyspiel.load_game("dominoes(double=3,hand_size=3,leader=random)")
        state = game.new_initial_state()
        first = state.chance_outcomes()  # 10 tiles, 3 needed: tile i is the smallest of 3
        self.assertEqual([a for a, _ in first], list(range(8)))
        for i, (tile, p) in enumerate(first, start=1):
            self.assertAlmostEqual(p, math.comb(10 - i, 2) / math.comb(10, 3), places=15)
        probability = 1.0
        for tile in dos.deal_actions([["0-0", "1-3", "3-3"]]):
            probability *= dict(state.chance_outcomes())[tile]
            state.apply_action(tile)
        self.assertAlmostEqual(probability, 1 / math.comb(10, 3), places=15)
        self.assertEqual(state.history(), [0, 7, 9])
        second = state.chance_outcomes()  # seat 1: 7 tiles left, 3 needed
        self.assertEqual(len(second), 5)
        self.assertFalse({dominoes.tile_at(t) for t, _ in second} & {"0-0", "1-3", "3-3"})
        self.assertEqual(state.action_to_string(second[0][0]), "deal seat 1: 0-1")
        for tile in (1, 2, 3):  # 0-1, 1-1, 0-2
            state.apply_action(tile)
        self.assertEqual(state.chance_outcomes(), [(0, 0.5), (1, 0.5)])  # the leader
        state.apply_action(1)
        self.assertEqual(state.current_player(), 1)

    def test_every_deal_once_with_its_probability(self):
        # walk the whole chance tree of a small game: every pair of hands exactly once, 1/90 each
        game = pyspiel.load_game("dominoes(double=2,hand_size=2,leader=alternate)")
        deals = {}

        def walk(state, probability):
            if not state.is_chance_node():
                key = tuple(tuple(hand) for hand in state.game_state.hands)
                deals[key] = deals.get(key, 0.0) + probability
                return
            for outcome, p in state.chance_outcomes():
                walk(state.child(outcome), probability * p)

        walk(game.new_initial_state(), 1.0)
        tiles = [dominoes.tile_at(t) for t in range(6)]
        expected = {(tuple(sorted(a, key=dominoes.tile_index)),
                     tuple(sorted(b, key=dominoes.tile_index)))
                    for a in itertools.combinations(tiles, 2)
                    for b in itertools.combinations([t for t in tiles if t not in a], 2)}
        self.assertEqual(len(expected), math.comb(6, 2) * math.comb(4, 2))
        self.assertEqual({tuple(tuple(sorted(h, key=dominoes.tile_index)) for h in key)
                          for key in deals}, expected)
        for probability in deals.values():
            self.assertAlmostEqual(probability, 1 / 90, places=14)

    def test_outcomes_not_listed_raise(self):
        # at the deal, -5 dealt a hand; at double-9 a tile could be dealt twice
        game = pyspiel.load_game("dominoes(double=3,hand_size=3,leader=random)")
        state = game.new_initial_state()
        for bad in (-5, 10, 8, 9):  # below 0, past the set, no room for the hand's other tiles
            with self.assertRaisesRegex(ValueError, f"chance outcome {bad} is not valid"):
                state.apply_action(bad)
        self.assertEqual(state.history(), [])
        big = pyspiel.load_game("dominoes(seats=3,double=9,hand_size=10)")
        state = big.new_initial_state()
        state.apply_action(4)
        for bad in (4, 2, -5, 55):  # dealt already, below the hand's last tile, outside the set
            with self.assertRaisesRegex(ValueError, "is not valid"):
                state.apply_action(bad)
        for tile in range(5, 14):
            state.apply_action(tile)
        with self.assertRaisesRegex(ValueError, "chance outcome 13 is not valid"):
            state.apply_action(13)  # seat 0's tile again, now to seat 1
        self.assertEqual(state.history(), [4] + list(range(5, 14)))
        leader = deal_state(game, [["0-0", "0-1", "1-1"], ["0-2", "1-2", "2-2"]])
        for bad in (-2, 2):  # (-1 is OpenSpiel's invalid action, refused by pyspiel itself)
            with self.assertRaisesRegex(ValueError, f"leader outcome {bad} is not valid"):
                leader.apply_action(bad)

    def test_leader_rules(self):
        # alternate: seat 0 (no chance node); heaviest-double: as the engine's own deals say
        game = pyspiel.load_game("dominoes(double=3,hand_size=2,leader=alternate)")
        state = deal_state(game, [["1-2", "2-2"], ["3-3", "0-1"]])
        self.assertEqual(state.current_player(), 0)
        for seats in (2, 3, 4):
            rules = dominoes.Rules(seats=seats, leader="heaviest-double", target=0)
            game = pyspiel.load_game("dominoes", {"seats": seats, "leader": "heaviest-double"})
            for index in range(40):
                deal = dominoes.deal(5, index, rules)
                state = deal_state(game, deal["hands"])
                self.assertEqual(state.current_player(), deal["leader"], (seats, index))
                if seats > 2:
                    self.assertEqual(state.legal_actions(),
                                     [dominoes.action_index(deal["lead_tile"])])

    def test_legal_actions_are_the_engines(self):
        for params in ({}, {"seats": 4}, {"seats": 3, "double": 9, "hand_size": 10}):
            game = pyspiel.load_game("dominoes", params)
            rules = dos.rules_from_params(params)
            rng = random.Random(7)
            for _ in range(3):
                state = game.new_initial_state()
                while state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                engine = dominoes.Game.from_hands(state.game_state.hands,
                                                  leader=state.game_state.leader, rules=rules)
                while not state.is_terminal():
                    mask = engine.action_mask()
                    self.assertEqual(state.legal_actions(), [a for a, ok in enumerate(mask) if ok])
                    if engine.legal_moves() == ["pass"]:
                        self.assertEqual(state.legal_actions(), [rules.action_count - 1])
                    action = rng.choice(state.legal_actions())
                    self.assertEqual(state.action_to_string(action), dominoes.action_move(action, rules))
                    state.apply_action(action)
                    engine.apply(action)
                self.assertTrue(engine.is_terminal())

    def test_legal_actions_answer_as_pyspiels_own(self):
        # legal_actions and is_chance_node are answered in one call from Python; pyspiel's own
        # (the C++ State's, through current_player and _legal_actions) must say the same
        for params in ({}, {"seats": 3}, {"seats": 4, "double": 4, "hand_size": 3}):
            game = pyspiel.load_game("dominoes", params)
            rng = random.Random(4)
            for _ in range(5):
                state = game.new_initial_state()
                while True:
                    self.assertEqual(state.is_chance_node(), pyspiel.State.is_chance_node(state))
                    for player in [None] + list(range(game.num_players())):
                        args = () if player is None else (player,)
                        self.assertEqual(state.legal_actions(*args),
                                         pyspiel.State.legal_actions(state, *args))
                    if state.is_terminal():
                        break
                    state.apply_action(rng.choice(state.legal_actions()))
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        with self.assertRaisesRegex(ValueError, "player 5 is not valid"):
            state.legal_actions(5)

    def test_clone_is_deep(self):
        game = pyspiel.load_game("dominoes(double=3,hand_size=3)")
        state = deal_state(game, [["0-0", "0-1", "1-1"], ["2-3", "3-3", "0-3"]], leader=0)
        copy = state.clone()
        copy.apply_action(copy.legal_actions()[0])
        self.assertEqual(state.game_state.history, [])
        self.assertEqual(len(copy.game_state.history), 1)
        self.assertEqual(str(state), str(state.clone()))


class Observations(unittest.TestCase):
    def test_information_sets(self):
        game = pyspiel.load_game("dominoes(double=3,hand_size=2,leader=alternate)")
        a = deal_state(game, [["0-1", "1-1"], ["2-2", "2-3"]])
        b = deal_state(game, [["0-1", "1-1"], ["0-3", "3-3"]])  # seat 1's hand differs
        a.apply_action(dominoes.action_index("1-1"))
        b.apply_action(dominoes.action_index("1-1"))
        # seat 1 cannot play 1-1 in a (pass); in b neither: same public history for seat 0
        for p in (0, 1):
            same = p == 0
            self.assertEqual(a.information_state_string(p) == b.information_state_string(p), same)
            self.assertEqual(np.array_equal(a.information_state_tensor(p),
                                            b.information_state_tensor(p)), same)
            self.assertEqual(a.observation_string(p) == b.observation_string(p), same)
        self.assertEqual(len(a.information_state_tensor(0)),
                         game.information_state_tensor_shape()[0])
        self.assertEqual(len(a.observation_tensor(1)), game.observation_tensor_shape()[0])
        self.assertIn("history 1-1", a.information_state_string(0))
        self.assertIn("ends 1,1", a.observation_string(1))


class Serialization(unittest.TestCase):
    """States are saved and restored by every route OpenSpiel and Python offer (each raised
    "cannot pickle 'dominoes._core.Game'" before), at 2, 3 and 4 seats."""

    PARAMS = [{}, {"seats": 3}, {"seats": 4}, {"seats": 4, "partners": False, "leader": "random"}]

    def states(self, game, rng):
        """States along a random game: at the root, mid-deal, at decisions and at the end."""
        state = game.new_initial_state()
        out = [state.clone()]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            out.append(state.clone())
        return out

    def same(self, a, b):
        self.assertEqual(str(a), str(b))
        self.assertEqual(a.history(), b.history())
        self.assertEqual(a.current_player(), b.current_player())
        self.assertEqual(a.is_terminal(), b.is_terminal())
        if a.is_terminal():
            self.assertEqual(a.returns(), b.returns())
        elif a.is_chance_node():
            self.assertEqual(a.chance_outcomes(), b.chance_outcomes())
        else:
            self.assertEqual(a.legal_actions(), b.legal_actions())
            p = a.current_player()
            self.assertEqual(a.information_state_string(p), b.information_state_string(p))

    def test_every_route_restores_the_state(self):
        rng = random.Random(11)
        for params in self.PARAMS:
            game = pyspiel.load_game("dominoes", params)
            for state in self.states(game, rng)[::3]:
                self.same(state, game.deserialize_state(state.serialize()))
                again_game, again = pyspiel.deserialize_game_and_state(
                    pyspiel.serialize_game_and_state(game, state))
                self.assertEqual(str(again_game), str(game))
                self.same(state, again)
                self.same(state, pickle.loads(pickle.dumps(state)))
                deep = copy.deepcopy(state)
                self.same(state, deep)
                if not deep.is_terminal():  # a deep copy is independent of its original
                    before = str(state)
                    deep.apply_action((deep.chance_outcomes()[0][0] if deep.is_chance_node()
                                       else deep.legal_actions()[0]))
                    self.assertEqual(str(state), before)

    def test_random_sim_test_with_serialization(self):
        for params in self.PARAMS + [{"seats": 3, "double": 9, "hand_size": 10}]:
            game = pyspiel.load_game("dominoes", params)
            pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)

    def test_a_corrupt_record_is_refused(self):
        game = pyspiel.load_game("dominoes(double=3,hand_size=2)")
        state = deal_state(game, [["0-0", "0-1"], ["1-1", "0-2"]])
        rules_keys, actions = state.node.__getstate__()
        broken = dominoes.ExtensiveState.__new__(dominoes.ExtensiveState)
        with self.assertRaisesRegex(ValueError, "action 1 of the record"):
            broken.__setstate__((rules_keys, [0, 0]))
        self.assertEqual(actions, [0, 1, 2, 3])


class Algorithms(unittest.TestCase):
    """OpenSpiel's exploitability and CFR+ on small variants, seat 0 leading (leader=alternate),
    against the `solver` program's exact numbers."""

    def check_variant(self, double, hand, iterations):
        game = pyspiel.load_game("dominoes", {"double": double, "hand_size": hand,
                                              "leader": "alternate"})
        ours = solver_numbers("exploitability", "--double", str(double), "--hand", str(hand),
                              "--player", "random")
        uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
        self.assertAlmostEqual(uniform, ours["exploitability"], delta=1e-5)
        equilibrium = solver_numbers("equilibrium", "--double", str(double), "--hand", str(hand),
                                     "--target", "0.0001")
        solver = cfr.CFRPlusSolver(game)
        for _ in range(iterations):
            solver.evaluate_and_update_policy()
        average = solver.average_policy()
        gap = exploitability.exploitability(game, average)
        value = expected_game_score.policy_value(game.new_initial_state(), [average] * 2)[0]
        self.assertLess(gap, 0.02)
        # a profile with exploitability e is worth within 2e of the game's value (NashConv)
        self.assertAlmostEqual(value, equilibrium["value"],
                               delta=2 * gap + 2 * equilibrium["exploitability"] + 1e-6)
        return uniform, gap, value, equilibrium["value"]

    def test_double_2_hands_of_2(self):
        uniform, gap, value, exact = self.check_variant(2, 2, 40)
        self.assertLess(gap, 0.001)
        self.assertAlmostEqual(value, exact, delta=0.002)

    def test_double_3_hands_of_2(self):
        self.check_variant(3, 2, 12)


class Bots(unittest.TestCase):
    def play(self, game, bot, seat, seed):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == seat:
                action = bot.step(state)
                self.assertIn(action, state.legal_actions())
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return state.returns()

    def test_ismcts_plays(self):
        for params in ({"double": 4, "hand_size": 4}, {"seats": 4, "double": 4, "hand_size": 3}):
            game = pyspiel.load_game("dominoes", params)
            random_state = np.random.RandomState(1)
            bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random_state), 10.0, 40,
                                   random_state=random_state)
            bot.set_resampler(dos.resampler(random_state))
            for seed in range(2):
                self.play(game, bot, seed % game.num_players(), seed)

    def test_resample_keeps_the_information_state(self):
        game = pyspiel.load_game("dominoes(seats=4,double=4,hand_size=3)")
        rng = random.Random(2)
        sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)  # seeded
        for _ in range(40):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                p = state.current_player()
                world = state.resample_from_infostate(p, sampler)
                self.assertEqual(world.information_state_string(p), state.information_state_string(p))
                self.assertEqual(world.legal_actions(), state.legal_actions())
                state.apply_action(rng.choice(state.legal_actions()))

    def test_evaluate_bots_seats_ismcts_and_strategies(self):
        for seats in (2, 4):
            game = pyspiel.load_game("dominoes", {"seats": seats, "double": 4, "hand_size": 3})
            bots = [dos.ismcts_bot(game, simulations=20, seed=1),
                    dos.StrategyBot(game, "heuristic", seed=2),
                    dos.StrategyBot(game, "minimax(scenarios=20)", seed=3),
                    dos.StrategyBot(game, "random", seed=4)][:seats]
            rng = np.random.RandomState(5)
            for _ in range(3):
                returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
                self.assertEqual(len(returns), seats)
                self.assertAlmostEqual(sum(returns), 0.0)

    def test_ismcts_bot_is_reproducible(self):
        game = pyspiel.load_game("dominoes", {"double": 4, "hand_size": 4})
        state = game.new_initial_state()
        rng = random.Random(8)
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        first = [dos.ismcts_bot(game, simulations=30, seed=4).step(state.clone())
                 for _ in range(2)]
        self.assertEqual(first[0], first[1])
        self.assertIn(first[0], state.legal_actions())
        with self.assertRaisesRegex(ValueError, "simulations=0 is not valid"):
            dos.ismcts_bot(game, simulations=0)
        with self.assertRaisesRegex(ValueError, "sees every hand"):
            dos.StrategyBot(game, "omniscient")

    def test_heuristic_beats_random(self):
        # 2,000 games of the heuristic against uniform random, in either seat half the time. The
        # heuristic wins about 2.9 points a game (standard deviation near 16 points, so a
        # standard error near 0.36): a mean above 1.4 is 4 standard errors below that, and 4
        # above what a bot no better than random would reach
        game = pyspiel.load_game("dominoes")
        heuristic = dos.StrategyBot(game, "heuristic", seed=1)
        rng = np.random.RandomState(6)
        total = 0.0
        games = 2000
        for g in range(games):
            seat = g % 2
            bots = [heuristic, heuristic]
            bots[1 - seat] = pyspiel.make_uniform_random_bot(1 - seat, g)
            total += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[seat]
        self.assertGreater(total / games, 1.4)

    def test_mcts_plays_on_a_determinization(self):
        game = pyspiel.load_game("dominoes", {"double": 4, "hand_size": 4})
        random_state = np.random.RandomState(2)
        bot = mcts.MCTSBot(game, 10.0, 40, mcts.RandomRolloutEvaluator(1, random_state),
                           random_state=random_state)
        resample = dos.resampler(random_state)

        class OnAWorld:
            def step(self, state):  # search one world drawn from the seat's information
                return bot.step(resample(state, state.current_player()))

        for seed in range(2):
            self.play(game, OnAWorld(), seed % 2, seed)


if __name__ == "__main__":
    unittest.main()
