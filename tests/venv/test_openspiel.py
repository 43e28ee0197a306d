"""dominoes.openspiel: the game "dominoes" in OpenSpiel, and OpenSpiel's algorithms on it.

Independent facts it is checked against: the `solver` program's exact values of small variants
(game value, the uniform random policy's exploitability), the engine's own deals
(dominoes.deal), and the game's own definition (chance probabilities, rules keys). Run by CTest
with the venv's python and PYTHONPATH=BUILD/python; DOMINOES_CLI names the dominoes program,
whose folder holds `solver`.
"""

import math
import os
import random
import subprocess
import unittest

import numpy as np
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability, expected_game_score, ismcts, mcts

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
    for hand in hands:
        state.apply_action(dos.hand_rank(hand))
    if leader is not None:
        state.apply_action(leader)
    return state


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
        self.assertEqual(small.max_chance_outcomes(), math.comb(10, 2))

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
                points = state.game_state.points()
                returns = state.returns()
                if utility == zero:
                    self.assertAlmostEqual(sum(returns), 0.0)
                    teams = state.game_state.teams
                    for s, r in enumerate(returns):  # the team's score minus the other side's
                        other = max(points[o] for o in range(len(points)) if teams[o] != teams[s])
                        self.assertEqual(r, points[s] - other)
                else:
                    self.assertEqual(returns, [float(p) for p in points])


class ChanceAndMoves(unittest.TestCase):
    def test_hand_outcomes(self):
        game = pyspiel.load_game("dominoes(double=3,hand_size=3,leader=random)")
        state = game.new_initial_state()
        first = state.chance_outcomes()
        self.assertEqual(len(first), math.comb(10, 3))
        self.assertAlmostEqual(sum(p for _, p in first), 1.0)
        self.assertEqual([a for a, _ in first], list(range(math.comb(10, 3))))
        state.apply_action(dos.hand_rank(["0-0", "1-3", "3-3"]))
        self.assertEqual(state.history_str(), str(dos.hand_rank(["0-0", "1-3", "3-3"])))
        second = state.chance_outcomes()
        self.assertEqual(len(second), math.comb(7, 3))  # the hands of the 7 tiles left
        for action, _ in second:
            tiles = {dominoes.tile_at(t) for t in dos.hand_at(action, 3)}
            self.assertFalse(tiles & {"0-0", "1-3", "3-3"})
        state.apply_action(second[0][0])
        self.assertEqual(state.chance_outcomes(), [(0, 0.5), (1, 0.5)])  # the leader
        state.apply_action(1)
        self.assertEqual(state.current_player(), 1)
        for rank in range(math.comb(10, 3)):
            self.assertEqual(dos.hand_rank(dos.hand_at(rank, 3)), rank)

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
