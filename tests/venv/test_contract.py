"""The environment contract (docs/python.md): PettingZoo, Gymnasium and the vector environment
give the same rewards for the same deals and moves (OpenSpiel's returns are checked against
PettingZoo's in test_openspiel.py), follow one seed rule and one illegal-action rule, and meet
their libraries' own checks (Gymnasium's check_env, PettingZoo's render_test, make_vec's vector
entry point, MaskablePPO's action_masks())."""

import contextlib
import copy
import io
import signal
import subprocess
import sys
import threading
import time
import unittest
import warnings

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test

import dominoes
import dominoes.vector
from dominoes.gymnasium import ENV_ID
from dominoes.pettingzoo import block_dominoes_v0


def gym_episode(env, seed, rng):
    """Plays one Gymnasium episode with random legal actions; returns (return, the learner's
    actions)."""
    _, info = env.reset(seed=seed)
    total, actions = 0.0, []
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(action)
        _, reward, terminated, _, info = env.step(action)
        total += reward
        if terminated:
            return total, actions


def pettingzoo_replay(rules, seed, history):
    """Replays a hand's moves (notation) in PettingZoo's raw_env on deal 0 of `seed`; returns each
    agent's cumulative reward."""
    env = block_dominoes_v0.raw_env(**rules)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for move in history:
        env.step(dominoes.action_index(move, env.rules))
        for agent in env.possible_agents:
            totals[agent] += env.rewards[agent]
    assert all(env.terminations.values())
    return [totals[a] for a in env.possible_agents]


def in_two_threads(target):
    """Runs target() in two threads at once and waits for both."""
    threads = [threading.Thread(target=target) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


class SameGameSameRewardsTest(unittest.TestCase):
    def test_gymnasium_pettingzoo_and_vector_pay_the_same_points(self):
        for seats, partners in ((2, False), (3, False), (4, True), (4, False)):
            rules = {"seats": seats, "target": 0}
            if seats == 4:
                rules["partners"] = partners
            for seed in range(8):
                learner = seed % seats
                env = gym.make(ENV_ID, seat=learner, opponent="heuristic", **rules)
                total, actions = gym_episode(env, seed, np.random.default_rng(seed))
                history = env.unwrapped._core.table.history
                # PettingZoo, every seat stepped by hand with the same moves.
                self.assertEqual(pettingzoo_replay(rules, seed, history)[learner], total)
                # The vector env, one game: deal 0 of the seed, the same learner actions.
                vec = dominoes.vector.BlockDominoesVectorEnv(num_envs=1, seat=learner,
                                                             num_threads=1, **rules)
                vec.reset(seed=seed)
                paid = 0.0
                for action in actions:
                    _, rewards, terminated, _, _ = vec.step([action])
                    paid += float(rewards[0])
                self.assertTrue(terminated[0])
                self.assertEqual(paid, total, (seats, partners, seed))

    def test_cut_throat_pays_the_winner_and_charges_every_other_seat(self):
        for seed in range(10):
            env = block_dominoes_v0.raw_env(seats=3, target=0)
            env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            while not all(env.terminations.values()):
                mask = env.observe(env.agent_selection)["action_mask"]
                env.step(int(rng.choice(np.flatnonzero(mask))))
            rewards = sorted(env.rewards.values())
            if rewards[-1] > 0:  # not a tie
                self.assertEqual(rewards, [-rewards[-1], -rewards[-1], rewards[-1]])


class HandsOverBeforeTheLearnerTest(unittest.TestCase):
    # One-tile hands of double-two, seat 0 leading: seat 0 goes out on its lead, before seat 1
    # moves. Gymnasium and the vector env both give seat 1 one turn with the pass alone legal.
    RULES = {"double": 2, "hand_size": 1, "leader": "alternate"}

    def test_gymnasium_and_vector_give_a_pass_only_turn_that_pays_the_hand(self):
        env = gym.make(ENV_ID, seat=1, opponent="random", **self.RULES)
        vec = dominoes.vector.BlockDominoesVectorEnv(num_envs=2, seat=1, num_threads=1,
                                                     **self.RULES)
        _, vec_info = vec.reset(seed=4)  # game 0 plays deals 0, 2, 4, ...: seat 0 leads
        _, info = env.reset(seed=4)      # deal 0: seat 0 leads
        pass_only = np.zeros(env.unwrapped.rules.action_count, np.int8)
        pass_only[-1] = 1
        np.testing.assert_array_equal(info["action_mask"], pass_only)
        np.testing.assert_array_equal(vec_info["action_mask"][0], pass_only)
        game = dominoes.Game(rules=env.unwrapped.rules, seed=4, deal=0)
        lost = sum(int(a) + int(b) for a, b in (t.split("-") for t in game.hands[1]))
        _, reward, terminated, _, _ = env.step(len(pass_only) - 1)
        self.assertEqual((reward, terminated), (-lost, True))
        _, rewards, terminated, _, _ = vec.step(vec.random_actions())
        self.assertEqual((float(rewards[0]), bool(terminated[0])), (-lost, True))

    def test_the_reset_that_never_returned_returns(self):
        # Every hand of seat 1 ends before its turn on even deals; reset() once looped for ever.
        vec = dominoes.vector.BlockDominoesVectorEnv(num_envs=2, seat=1, num_threads=1,
                                                     **self.RULES)
        obs, _ = vec.reset(seed=1)
        self.assertEqual(obs.shape[0], 2)


class SeedRuleTest(unittest.TestCase):
    def test_reset_seed_deals_deal_zero_and_then_the_next_deals(self):
        env = gym.make(ENV_ID, opponent="random")
        raw = block_dominoes_v0.raw_env()
        vec = dominoes.vector.BlockDominoesVectorEnv(num_envs=1, num_threads=1, opponent="random")
        gym_obs, _ = env.reset(seed=9)
        raw.reset(seed=9)
        vec_obs, _ = vec.reset(seed=9)
        for deal in range(4):
            want = dominoes.Game(seed=9, deal=deal)
            self.assertEqual(raw._core.hands, want.hands)  # nobody has moved yet
            for move in env.unwrapped._core.table.history:  # the opponent's moves, if any
                want.apply(move)
            self.assertEqual(env.unwrapped._core.table.hands, want.hands)
            np.testing.assert_array_equal(vec_obs[0], gym_obs)  # the same deal, the same moves
            gym_obs, _ = env.reset()
            raw.reset()
            vec_obs, _ = vec.reset()

    def test_a_seed_outside_64_bits_is_refused_everywhere(self):
        for bad in (2**64, -1, 1.5, True):
            with self.assertRaisesRegex(ValueError, "seed"):
                gym.make(ENV_ID).reset(seed=bad)
            with self.assertRaisesRegex(ValueError, "seed"):
                block_dominoes_v0.raw_env().reset(seed=bad)
            with self.assertRaisesRegex(ValueError, "seed"):
                dominoes.vector.BlockDominoesVectorEnv(num_envs=1).reset(seed=bad)


class IllegalActionTest(unittest.TestCase):
    def test_never_pays_better_than_the_worst_legal_play(self):
        # The default penalty is the largest loss an episode can bring, here a match to 50:
        # the other seat can end above 50 with at most one more hand of 118 points.
        for rules in ({}, {"target": 50}, {"seats": 4}):
            env = gym.make(ENV_ID, **rules)
            _, info = env.reset(seed=3)  # a hand the learner has a turn in
            self.assertFalse(env.unwrapped._core.ended_before_turn)
            illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
            _, reward, terminated, _, info = env.step(illegal)
            bound = dominoes.max_episode_loss(env.unwrapped.rules)
            self.assertEqual(reward, -bound)
            self.assertTrue(info["illegal_action"] and terminated)
        self.assertEqual(dominoes.max_episode_loss(dominoes.Rules(target=50)), 50 + 118)

    def test_the_same_penalty_in_gymnasium_pettingzoo_and_vector(self):
        _, info = (env := gym.make(ENV_ID, illegal_penalty=12)).reset(seed=5)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        self.assertEqual(env.step(illegal)[1], -12)
        pz = block_dominoes_v0.env(illegal_penalty=12)
        pz.reset(seed=5)
        mover = pz.agent_selection
        mask = pz.observe(mover)["action_mask"]
        pz.step(int(np.flatnonzero(mask == 0)[0]))
        self.assertEqual(pz.rewards[mover], -12)
        vec = dominoes.vector.BlockDominoesVectorEnv(num_envs=1, illegal_penalty=12)
        _, info = vec.reset(seed=5)
        _, rewards, terminated, _, _ = vec.step([int(np.flatnonzero(info["action_mask"][0] == 0)[0])])
        self.assertEqual((float(rewards[0]), bool(terminated[0])), (-12.0, True))


class LibraryChecksTest(unittest.TestCase):
    def test_check_env_passes_without_warnings(self):
        for render_mode in (None, "ansi"):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                check_env(gym.make(ENV_ID, render_mode=render_mode).unwrapped)
            self.assertEqual([str(w.message) for w in caught], [])

    def test_pettingzoo_api_and_render_tests_pass(self):
        api_test(block_dominoes_v0.env(), num_cycles=200)
        with contextlib.redirect_stdout(io.StringIO()) as shown:  # "human" prints every step
            render_test(block_dominoes_v0.env)
        self.assertIn("to move", shown.getvalue())

    def test_human_rendering_prints_the_table(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            env = gym.make(ENV_ID, render_mode="human")
            env.reset(seed=1)
            self.assertIsNone(env.render())
        self.assertIn("line", out.getvalue())

    def test_action_masks_is_what_maskable_ppo_asks_for(self):
        # sb3-contrib's get_action_masks calls env.get_wrapper_attr("action_masks")() through
        # gym.make's wrappers, or env_method("action_masks") on a vector env.
        env = gym.make(ENV_ID)
        _, info = env.reset(seed=3)
        masks = env.get_wrapper_attr("action_masks")()
        self.assertEqual(masks.dtype, np.bool_)
        np.testing.assert_array_equal(masks, info["action_mask"].astype(bool))

    def test_make_vec_reaches_the_cpp_vector_env(self):
        envs = gym.make_vec(ENV_ID, num_envs=8, vectorization_mode="vector_entry_point",
                            opponent="random", num_threads=2)
        self.assertIsInstance(envs, dominoes.vector.BlockDominoesVectorEnv)
        obs, info = envs.reset(seed=1)
        self.assertEqual(obs.shape, (8, 125))
        envs.step(envs.random_actions())


class CtrlCTest(unittest.TestCase):
    def test_ctrl_c_stops_an_opponents_long_decision_and_the_env_asks_for_reset(self):
        # A Gymnasium env whose opponent decides for minutes; SIGINT 0.5 s into the step. The
        # step raises KeyboardInterrupt within seconds, the next step asks for reset(), and a
        # reset plays on.
        script = (
            "import gymnasium as gym, numpy as np, dominoes.gymnasium\n"
            "env = gym.make('dominoes/BlockDominoes-v0', opponent='minimax(scenarios=1000000)',\n"
            "               seat=1, leader='alternate')\n"
            "print('ready', flush=True)\n"
            "try:\n"
            "    env.reset(seed=1)\n"
            "    print('returned', flush=True)\n"
            "except KeyboardInterrupt:\n"
            "    print('KeyboardInterrupt', flush=True)\n"
            "try:\n"
            "    env.step(84)\n"
            "except ValueError as e:\n"
            "    print('ValueError', 'reset()' in str(e), flush=True)\n")
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        try:
            self.assertEqual(child.stdout.readline().strip(), "ready")
            time.sleep(0.5)  # seat 0 leads: the opponent decides inside reset()
            child.send_signal(signal.SIGINT)
            sent = time.monotonic()
            child.wait(timeout=20)
            waited = time.monotonic() - sent
            out = child.stdout.read().split("\n")
        finally:
            if child.poll() is None:
                child.kill()
            child.communicate()
        self.assertEqual(out[:2], ["KeyboardInterrupt", "ValueError True"])
        self.assertLess(waited, 5)


class CopiesAndThreadsTest(unittest.TestCase):
    def test_a_deep_copy_plays_on_as_the_original(self):
        env = gym.make(ENV_ID, opponent="minimax(scenarios=5)")
        _, info = env.reset(seed=6)
        twin = copy.deepcopy(env)
        for _ in range(3):
            action = int(np.flatnonzero(info["action_mask"])[0])
            a = env.step(action)
            b = twin.step(action)
            np.testing.assert_array_equal(a[0], b[0])
            self.assertEqual(a[1:4], b[1:4])
            info = a[4]
            if a[2]:
                break

    def test_a_gymnasium_env_refuses_a_second_thread(self):
        # Its opponent decides with the GIL released; a second thread's step used to run the
        # same strategy object at once (a crash, "double free or corruption").
        env = gym.make(ENV_ID, opponent="ismcts(iterations=200000)")
        errors = []

        def play():
            try:
                for seed in range(3):
                    _, info = env.reset(seed=seed)
                    env.step(int(np.flatnonzero(info["action_mask"])[0]))
            except RuntimeError as e:
                errors.append(str(e))
            except ValueError:
                pass  # the other thread ended or reset the episode in between

        in_two_threads(play)
        self.assertTrue(errors and all("another thread" in e for e in errors), errors)

    def test_a_vector_env_refuses_a_second_thread_and_too_many_threads(self):
        with self.assertRaisesRegex(ValueError, "num_threads must be 1..1024"):
            dominoes.vector.BlockDominoesVectorEnv(num_envs=2, num_threads=70000)
        vec = dominoes.vector.BlockDominoesVectorEnv(num_envs=64, num_threads=1,
                                                     opponent="minimax(scenarios=200)")
        vec.reset(seed=1)
        errors = []

        def step():
            try:
                for _ in range(3):
                    vec.step(vec.random_actions())
            except RuntimeError as e:
                errors.append(str(e))

        in_two_threads(step)
        self.assertTrue(errors and all("another thread" in e for e in errors), errors)


if __name__ == "__main__":
    unittest.main()
