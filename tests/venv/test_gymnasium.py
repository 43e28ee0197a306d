"""dominoes.gymnasium: Gymnasium's check_env at 2, 3 and 4 seats, reproducible seeds, the
learning seat's observations against the engine's tensor of the same moves, rewards against
the engine's scoring (a dominoes.Game replaying the hand), opponents that play as the built-in
strategy does from the runner's seat streams, and one clear error for each kind of bad input.

Run: PYTHONPATH=build/python build/venv/bin/python tests/venv/test_gymnasium.py
"""

import unittest
import warnings

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env

import dominoes
import dominoes.gymnasium  # noqa: F401 (registers dominoes/BlockDominoes-v0)

ENV_ID = "dominoes/BlockDominoes-v0"


def play(env, seed, rng):
    """Plays one episode with random legal actions; returns (observations, actions, rewards)."""
    observation, info = env.reset(seed=seed)
    observations, actions, rewards = [observation], [], []
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        observations.append(observation)
        actions.append(action)
        rewards.append(reward)
        if terminated or truncated:
            return observations, actions, rewards


class CheckEnvTest(unittest.TestCase):
    def test_check_env_at_every_seat_count(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # no render_fps: text rendering has none
            for seats in (2, 3, 4):
                for target in (0, 50):
                    with self.subTest(seats=seats, target=target):
                        env = gym.make(ENV_ID, seats=seats, target=target, seat=seats - 1,
                                       render_mode="ansi")
                        check_env(env.unwrapped)

    def test_spaces(self):
        env = gym.make(ENV_ID, seats=4, partners=False)
        # Four seats cut-throat: 28*5 + 15 + 4*12 + 4 teams = 207 floats, 85 actions.
        self.assertEqual(env.observation_space.shape, (207,))
        self.assertEqual(env.observation_space.dtype, np.float32)
        self.assertEqual(env.action_space.n, 85)


class PlayTest(unittest.TestCase):
    def test_same_seed_same_episode(self):
        env = gym.make(ENV_ID, opponent="random")
        first = play(env, 21, np.random.default_rng(0))
        again = play(env, 21, np.random.default_rng(0))
        for a, b in zip(first[0], again[0]):
            np.testing.assert_array_equal(a, b)
        self.assertEqual(first[1:], again[1:])

    def test_observations_and_rewards_are_the_engines_for_the_same_moves(self):
        rng = np.random.default_rng(4)
        for seats in (2, 3, 4):
            for seed in range(12):
                seat = seed % seats
                env = gym.make(ENV_ID, seats=seats, target=0, seat=seat)
                raw = env.unwrapped
                observation, info = env.reset(seed=seed)
                total = 0.0
                while True:
                    action = int(rng.choice(np.flatnonzero(info["action_mask"])))
                    observation, reward, terminated, _, info = env.step(action)
                    total += reward
                    if terminated:
                        break
                # Replay the hand's moves in the engine: the rules' deal 0 of the seed.
                rules = dominoes.Rules(seats=seats, target=0)
                game = dominoes.Game(rules=rules, seed=seed, deal=0)
                for move in raw._core.table.history:
                    game.apply(move)
                self.assertTrue(game.is_terminal())
                np.testing.assert_array_equal(observation, game.observation_tensor(seat))
                points, winner = game.points(), game.winner_team()
                team = game.teams[seat]
                want = 0 if winner is None else (max(points) if winner == team else -max(points))
                self.assertEqual(total, want, (seats, seed, seat))

    def test_opponents_play_as_the_built_in_strategy_does(self):
        # Seat 1 is the heuristic, drawing from the runner's stream of seat 1 in game 0 of the
        # deal: replaying the hand and asking dominoes.strategy("heuristic") gives its moves.
        env = gym.make(ENV_ID, opponent="heuristic", target=0)
        heuristic = dominoes.strategy("heuristic")
        for seed in range(10):
            play(env, seed, np.random.default_rng(seed))
            game = dominoes.Game(seed=seed, deal=0)
            rng = dominoes.Rng.seat_stream(seed, 0, 0, 1)
            for move in env.unwrapped._core.table.history:
                if game.to_move == 1 and len(game.legal_moves()) > 1:
                    self.assertEqual(heuristic.choose(game.observation(1), rng), move)
                game.apply(move)

    def test_an_illegal_action_ends_the_episode_with_the_largest_loss(self):
        # Double-six, two hands of 7: the 14 heaviest tiles hold 12 + 11 + 2*10 + 2*9 + 3*8 +
        # 3*7 + 2*6 = 118 pips, the most a hand can cost a seat.
        for options, want in (({}, -118), ({"illegal_penalty": 5}, -5),
                              ({"illegal_penalty": 0}, 0)):
            env = gym.make(ENV_ID, **options)
            _, info = env.reset(seed=3)
            illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
            _, reward, terminated, _, info = env.step(illegal)
            self.assertEqual(reward, want)
            self.assertTrue(terminated)
            self.assertTrue(info["illegal_action"])
        env = gym.make(ENV_ID, illegal_penalty=None)
        _, info = env.reset(seed=3)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        with self.assertRaisesRegex(ValueError, f"action {illegal} .* is not legal"):
            env.step(illegal)

    def test_render_shows_the_learning_seats_table(self):
        env = gym.make(ENV_ID, render_mode="ansi", opponent="random", seat=1, target=0)
        env.reset(seed=2)
        text = env.render()
        self.assertIn("line     ", text)
        self.assertIn("random: ", text)
        self.assertIn("you      ", text)


class BadInputTest(unittest.TestCase):
    def test_an_unknown_rules_key(self):
        with self.assertRaisesRegex(ValueError, 'no keyword "handsize".*hand_size'):
            gym.make(ENV_ID, handsize=5)

    def test_a_bad_value(self):
        with self.assertRaisesRegex(ValueError, "hand-size 20 does not fit"):
            gym.make(ENV_ID, hand_size=20)
        with self.assertRaisesRegex(ValueError, "seat=2 is not valid: give an int from 0 to 1"):
            gym.make(ENV_ID, seat=2)
        with self.assertRaisesRegex(ValueError, "list of 3 specs"):
            gym.make(ENV_ID, seats=4, opponent=["heuristic", "random"])
        with self.assertRaisesRegex(ValueError, "nosuch"):
            gym.make(ENV_ID, opponent="nosuch")

    def test_an_action_out_of_range(self):
        env = gym.make(ENV_ID)
        env.reset(seed=1)
        with self.assertRaisesRegex(ValueError, "action 85 is out of range: give 0..84"):
            env.step(85)

    def test_stepping_after_the_end(self):
        env = gym.make(ENV_ID, target=0)
        play(env, 1, np.random.default_rng(1))
        with self.assertRaisesRegex(ValueError, "episode is over: call reset"):
            env.unwrapped.step(0)


if __name__ == "__main__":
    unittest.main()
