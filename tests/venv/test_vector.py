"""dominoes.vector.BlockDominoesVectorEnv: its spaces, autoreset, reproducibility over thread
counts, bad input, and every step checked against a second implementation: the same hands replayed
move by move in Python with dominoes.Game and the built-in strategies' own streams."""

import unittest

import numpy as np

import dominoes
import dominoes.vector


def net_points(game, seat):
    """The seat's team's points minus the winning other team's (Game.points credits every seat of
    the winning team, 0 to the others): + the score when its team wins, - when another does."""
    points = game.points()
    mine = points[seat]
    theirs = max(points[s] for s in range(game.seats) if game.teams[s] != game.teams[seat])
    return mine - theirs


class PythonReplay:
    """Game `index` of a vector env of `games` games, replayed in Python: hand k is deal
    index + k * games of the seed, and seat s draws from Rng.seat_stream(seed, deal, 0, s)."""

    def __init__(self, rules, seed, index, games, learner, opponent):
        self.rules, self.seed, self.games, self.learner = rules, seed, games, learner
        specs = [opponent] * (rules.seats - 1) if isinstance(opponent, str) else opponent
        others = [s for s in range(rules.seats) if s != learner]
        self.players = {seat: dominoes.strategy(spec) for seat, spec in zip(others, specs)}
        self.deal = index - games
        self.next_hand()

    def next_hand(self):
        # A hand that ends before the learner's first turn is not skipped: the learner gets one
        # turn with the pass alone legal, and that step pays the hand.
        self.deal += self.games
        self.game = dominoes.Game(rules=self.rules, seed=self.seed, deal=self.deal)
        self.streams = [dominoes.Rng.seat_stream(self.seed, self.deal, 0, s)
                        for s in range(self.rules.seats)]
        self.play_others()

    def play_others(self):
        game = self.game
        while not game.is_terminal() and game.to_move != self.learner:
            legal = game.legal_moves()
            move = legal[0] if len(legal) == 1 else self.players[game.to_move].choose(
                game.observation(), self.streams[game.to_move])
            game.apply(move)

    def view(self):
        mask = np.asarray(self.game.action_mask(), dtype=np.int8)
        if self.game.is_terminal():
            mask[-1] = 1  # the turn after a hand that ended before the learner's first
        return np.asarray(self.game.observation_tensor(self.learner), dtype=np.float32), mask

    def step(self, action):
        """Returns (reward, terminated, final observation or None)."""
        if not self.game.is_terminal():
            self.game.apply(dominoes.action_move(action, self.rules))
            self.play_others()
            if not self.game.is_terminal():
                return 0.0, False, None
        reward, final = net_points(self.game, self.learner), self.view()[0]
        self.next_hand()
        return float(reward), True, final


class VectorEnvTest(unittest.TestCase):
    def check_against_replay(self, seats, games=6, steps=60, opponent="heuristic", seat=0,
                             **rules):
        envs = dominoes.vector.BlockDominoesVectorEnv(num_envs=games, opponent=opponent,
                                                      seat=seat, num_threads=2, seats=seats,
                                                      **rules)  # target 0 at any seat count
        obs, info = envs.reset(seed=11)
        replays = [PythonReplay(envs.rules, 11, g, games, seat, opponent) for g in range(games)]
        ends = 0
        for step in range(steps):
            for g, replay in enumerate(replays):
                expected_obs, expected_mask = replay.view()
                np.testing.assert_array_equal(obs[g], expected_obs, f"step {step}, game {g}")
                np.testing.assert_array_equal(info["action_mask"][g], expected_mask)
                self.assertTrue(envs.single_observation_space.contains(obs[g]))
            actions = envs.random_actions()
            obs, rewards, terminated, truncated, info = envs.step(actions)
            self.assertFalse(truncated.any())
            for g, replay in enumerate(replays):
                reward, ended, final = replay.step(int(actions[g]))
                self.assertEqual(rewards[g], reward, f"step {step}, game {g}")
                self.assertEqual(bool(terminated[g]), ended)
                if ended:
                    ends += 1
                    self.assertTrue(info["_final_obs"][g])
                    np.testing.assert_array_equal(info["final_obs"][g], final)
        self.assertGreater(ends, games)  # several hands ended and were replaced

    def test_two_seats_against_heuristic(self):
        self.check_against_replay(seats=2)

    def test_four_seats_with_partners_learner_in_seat_one(self):
        self.check_against_replay(seats=4, seat=1)

    def test_three_seats_one_opponent_per_seat(self):
        self.check_against_replay(seats=3, opponent=["random", "heuristic"], games=4)

    def test_small_set(self):
        self.check_against_replay(seats=2, double=3, hand_size=3, opponent="random")

    def test_same_seed_same_games_on_any_thread_count(self):
        runs = []
        for threads in (1, 2):
            envs = dominoes.vector.BlockDominoesVectorEnv(num_envs=300, num_threads=threads)
            obs, _ = envs.reset(seed=5)
            trace = [obs]
            for _ in range(30):
                obs, rewards, terminated, _, _ = envs.step(envs.random_actions())
                trace += [obs, rewards, terminated]
            runs.append(trace)
        for a, b in zip(*runs):
            np.testing.assert_array_equal(a, b)

    def test_spaces(self):
        envs = dominoes.vector.BlockDominoesVectorEnv(num_envs=3)
        self.assertEqual(envs.single_observation_space.shape, (125,))  # docs/formats.md, 2 seats
        self.assertEqual(envs.single_action_space.n, 85)
        self.assertEqual(envs.observation_space.shape, (3, 125))
        self.assertEqual(envs.metadata["autoreset_mode"], dominoes.vector.AutoresetMode.SAME_STEP)
        _, info = envs.reset(seed=1)
        self.assertEqual(info["action_mask"].dtype, np.int8)  # as PettingZoo's action masks

    def test_bad_input(self):
        vector = dominoes.vector.BlockDominoesVectorEnv
        with self.assertRaisesRegex(ValueError, "unknown rules key 'colour'"):
            vector(colour=1)
        with self.assertRaisesRegex(ValueError, "double"):
            vector(double=12)
        with self.assertRaisesRegex(ValueError, "target must be 0"):
            vector(seats=4, target=100)
        with self.assertRaisesRegex(ValueError, "num_envs must be at least 1"):
            vector(num_envs=0)
        with self.assertRaisesRegex(ValueError, "plays 2 seats, not 4"):
            vector(seats=4, opponent="resolve")
        with self.assertRaisesRegex(ValueError, "one per other seat"):
            vector(seats=4, opponent=["random", "random"])
        with self.assertRaisesRegex(ValueError, "learning seat must be 0..1"):
            vector(seat=2)
        envs = vector(num_envs=4)
        with self.assertRaisesRegex(RuntimeError, "reset"):
            envs.step([0, 0, 0, 0])
        _, info = envs.reset(seed=1)
        with self.assertRaisesRegex(ValueError, "4 integers"):
            envs.step([0, 0])
        with self.assertRaisesRegex(ValueError, "illegal_penalty"):
            vector(illegal_penalty=-1)
        envs = vector(num_envs=4, illegal_penalty=None)  # illegal actions raise
        _, info = envs.reset(seed=1)
        actions = envs.random_actions()
        illegal = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
        bad = actions.copy()
        bad[2] = illegal
        with self.assertRaisesRegex(ValueError, f"game 2: action {illegal} is not legal there"):
            envs.step(bad)
        bad[2] = 85
        with self.assertRaisesRegex(ValueError, "out of range 0..84"):
            envs.step(bad)
        # An int64 beyond 32 bits is out of range, not its low 32 bits' legal action.
        bad[2] = 2**32 + int(actions[2])
        with self.assertRaisesRegex(ValueError, "out of range 0..84"):
            envs.step(bad)
        # The refused steps changed nothing: the batch still takes the actions legal before.
        envs.step(actions)

    def test_an_illegal_action_ends_its_game_with_the_penalty(self):
        envs = dominoes.vector.BlockDominoesVectorEnv(num_envs=3, illegal_penalty=7)
        _, info = envs.reset(seed=1)
        actions = envs.random_actions()
        actions[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
        _, rewards, terminated, _, _ = envs.step(actions)
        self.assertEqual(rewards[1], -7)
        self.assertTrue(terminated[1])


if __name__ == "__main__":
    unittest.main()
