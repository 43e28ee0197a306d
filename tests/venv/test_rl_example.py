"""The reinforcement-learning example of experiments/rl/: the policy's gradient against finite
differences, the masked softmax and the sampler against the mask, the returns against a hand-worked
case, a few seconds of training (its tables' columns, the step count, the same weights from the
same seed) and the trained policy seated as a Python strategy (legal moves only, in dominoes.run
too)."""

import csv
import os
import sys
import tempfile
import unittest

import numpy as np

import dominoes

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "experiments", "rl"))
import policy  # noqa: E402
import strategy  # noqa: E402
import train_policy  # noqa: E402


def small_batch(seed, n=6, size=10, count=7, hidden=5):
    rng = np.random.default_rng(seed)
    params = policy.init_parameters(size, count, hidden, rng, dtype=np.float64)
    for name in ("b1", "W2", "b2", "w_v"):  # away from the zero start, so every term matters
        params[name] = rng.standard_normal(params[name].shape)
    params["b_v"] = np.array(0.3)
    x = rng.random((n, size))
    mask = (rng.random((n, count)) < 0.5).astype(np.uint8)
    mask[:, 2] = 1
    actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
    return params, x, mask, actions, rng.standard_normal(n), rng.standard_normal(n)


class PolicyTest(unittest.TestCase):
    def test_gradient_matches_finite_differences(self):
        params, x, mask, actions, advantages, returns = small_batch(3)

        def loss():
            return policy.loss_and_gradients(params, x, mask, actions, advantages, returns,
                                             entropy_coef=0.05, value_coef=0.7)[0]

        _, grads, _ = policy.loss_and_gradients(params, x, mask, actions, advantages, returns,
                                                entropy_coef=0.05, value_coef=0.7)
        eps = 1e-6
        for name, value in params.items():
            for index in np.ndindex(value.shape):
                old = value[index]
                value[index] = old + eps
                up = loss()
                value[index] = old - eps
                down = loss()
                value[index] = old
                self.assertAlmostEqual(grads[name][index], (up - down) / (2 * eps), delta=1e-6,
                                       msg=f"d loss / d {name}{index}")

    def test_softmax_is_zero_off_the_mask_and_sums_to_one(self):
        params, x, mask, _, _, _ = small_batch(4, n=50)
        _, p, _ = policy.forward(params, x, mask)
        self.assertTrue(np.all(p[mask == 0] == 0))
        self.assertTrue(np.all(p[mask != 0] > 0))
        np.testing.assert_allclose(p.sum(axis=1), 1.0, rtol=1e-12)

    def test_sampled_actions_are_legal_and_follow_the_probabilities(self):
        rng = np.random.default_rng(5)
        mask = np.zeros((20000, 85), np.uint8)
        mask[:, [4, 40, 84]] = 1
        p = np.zeros((20000, 85))
        p[:, [4, 40, 84]] = [0.2, 0.5, 0.3]
        actions = train_policy.sample_actions(p, mask, rng)
        self.assertTrue(set(np.unique(actions)) <= {4, 40, 84})
        for action, q in ((4, 0.2), (40, 0.5), (84, 0.3)):
            self.assertAlmostEqual(np.mean(actions == action), q, delta=0.015)

    def test_returns_are_each_hands_final_reward(self):
        # two games, four steps: game 0 ends a hand at step 1 (reward 5) and is mid-hand at the
        # end (value 0.5); game 1 ends hands at steps 0 (-2) and 3 (7)
        rewards = np.array([[0, -2], [5, 0], [0, 0], [0, 7]], np.float32)
        dones = np.array([[0, 1], [1, 0], [0, 0], [0, 1]], np.float32)
        returns = train_policy.discounted_returns(rewards, dones, np.array([0.5, 9.0]))
        np.testing.assert_array_equal(returns, [[5, -2], [5, 7], [0.5, 7], [0.5, 7]])


class TrainingTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.out = [os.path.join(cls.folder.name, name) for name in ("a", "b", "c")]
        for out, seed in zip(cls.out, (7, 7, 8)):
            args = train_policy.parse_args(
                ["--updates", "12", "--minutes", "0", "--envs", "32", "--steps-per-update", "8",
                 "--hidden", "16", "--seed", str(seed), "--out", out, "--log-seconds", "1000"])
            train_policy.train(args, log=lambda line: None)

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def read(self, name, out=None):
        with open(os.path.join(out or self.out[0], name), newline="") as f:
            return list(csv.DictReader(f))

    def test_tables_have_the_columns_the_readme_reads(self):
        curve = self.read("learning_curve.csv")
        self.assertGreaterEqual(len(curve), 1)
        for column in ("steps", "hands", "points_per_hand", "points_ci95", "wall_seconds"):
            self.assertIn(column, curve[0])
        last = curve[-1]
        self.assertEqual(int(last["update"]), 12)
        self.assertEqual(int(last["steps"]), 12 * 32 * 8)  # updates x games x turns
        # a hand gives the learning seat at most 14 turns (7 plays, and a pass only after one of
        # the opponent's 7 plays) and at least 1; each game may leave one hand unfinished
        self.assertGreaterEqual(int(last["hands"]), (12 * 32 * 8 - 32 * 13) // 14)
        self.assertLessEqual(int(last["hands"]), 12 * 32 * 8)
        training = self.read("training.csv")[0]
        for column in ("steps", "hands", "seconds", "steps_per_second", "updates"):
            self.assertIn(column, training)
        self.assertEqual(int(training["steps"]), 12 * 32 * 8)

    def test_same_seed_same_weights_other_seed_other_weights(self):
        a, _, _ = policy.load(os.path.join(self.out[0], "policy.npz"))
        b, _, _ = policy.load(os.path.join(self.out[1], "policy.npz"))
        c, _, _ = policy.load(os.path.join(self.out[2], "policy.npz"))
        for name in policy.PARAMETER_NAMES:
            np.testing.assert_array_equal(a[name], b[name])
        self.assertFalse(np.array_equal(a["W1"], c["W1"]))

    def test_strategy_plays_only_legal_moves(self):
        rules = dominoes.Rules()
        for greedy in (True, False):
            player = strategy.PolicyStrategy.from_file(
                os.path.join(self.out[0], "policy.npz"), greedy=greedy)
            other = dominoes.strategy("random")
            for deal in range(40):
                game = dominoes.Game(seed=3, deal=deal)
                rng = dominoes.Rng(deal)
                while not game.is_terminal():
                    legal = game.legal_moves()
                    observation = game.observation()
                    if game.to_move == 0 and len(legal) > 1:
                        p = player.probabilities(observation, legal)
                        self.assertAlmostEqual(float(p.sum()), 1.0, places=9)
                        move = player.choose(observation, legal, rng)
                        self.assertIn(move, legal)
                    else:
                        move = legal[0] if len(legal) == 1 else other.choose(observation, rng)
                    self.assertIn(dominoes.action_index(move, rules), range(rules.action_count))
                    game.apply(move)

    def test_seated_in_a_run(self):
        player = strategy.PolicyStrategy.from_file(os.path.join(self.out[0], "policy.npz"))
        out = os.path.join(self.folder.name, "run")
        rows = dominoes.run(players=[player, "random"], format="head-to-head", deals=50, seed=4,
                            out=out, quiet=True).to_dicts()
        self.assertEqual(len(rows), 1)
        self.assertEqual(rows[0]["player_a"], "rl-policy")
        self.assertEqual(int(rows[0]["games"]), 100)  # duplicate deals: two games each
        self.assertTrue(os.path.exists(os.path.join(out, "summary.csv")))


if __name__ == "__main__":
    unittest.main()
