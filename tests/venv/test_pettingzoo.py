"""dominoes.pettingzoo: PettingZoo's own API and seed tests at 2, 3 and 4 seats, observations
that hide what the seat cannot see, rewards against the engine's scoring of the same moves (a
dominoes.Game replaying them), records that `dominoes view` reads, and one clear error for each
kind of bad input.

Run: PYTHONPATH=build/python build/venv/bin/python tests/venv/test_pettingzoo.py
"""

import json
import os
import subprocess
import tempfile
import unittest
import warnings

import numpy as np
from pettingzoo.test import api_test, seed_test

import dominoes
from dominoes.pettingzoo import block_dominoes_v0


def play_random(env, rng):
    """Plays one episode of `env` with uniformly random legal actions; returns the actions."""
    actions = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        env.step(action)
    return actions


def net_points(game):
    """Each seat's team's points minus the other teams' in the finished dominoes.Game, worked out
    from points() and winner_team() (the engine's scoring, read independently of the env)."""
    points, teams, winner = game.points(), game.teams, game.winner_team()
    if winner is None:
        return [0] * game.seats
    won = max(points)
    return [won if teams[s] == winner else -won for s in range(game.seats)]


class ApiTest(unittest.TestCase):
    def test_pettingzoo_api_and_seed_tests_at_every_seat_count(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the Dict observation space warns as classic games do
            for seats in (2, 3, 4):
                with self.subTest(seats=seats):
                    api_test(block_dominoes_v0.env(seats=seats), num_cycles=300)
                    api_test(block_dominoes_v0.raw_env(seats=seats, target=40), num_cycles=300)
                    seed_test(lambda: block_dominoes_v0.env(seats=seats), num_cycles=300)

    def test_metadata_spaces_and_agents(self):
        env = block_dominoes_v0.env(seats=4, double=9, hand_size=10)
        env.reset(seed=1)
        raw = env.unwrapped
        self.assertEqual(raw.metadata["name"], "block_dominoes_v0")
        self.assertFalse(raw.metadata["is_parallelizable"])
        self.assertIn("ansi", raw.metadata["render_modes"])
        self.assertEqual(env.possible_agents, ["player_0", "player_1", "player_2", "player_3"])
        # Double-nine: 55 tiles, 166 actions; tensor 55*5 + 21 + 4*15 + 2 = 358 floats.
        self.assertEqual(env.action_space("player_0").n, 166)
        space = env.observation_space("player_2")
        self.assertEqual(space["observation"].shape, (358,))
        self.assertEqual(space["observation"].dtype, np.float32)
        self.assertEqual(space["action_mask"].dtype, np.int8)

    def test_same_seed_same_deals_and_the_next_reset_deals_the_next_deal(self):
        env = block_dominoes_v0.raw_env()
        env.reset(seed=11)
        first = env._core.hands
        self.assertEqual(first, dominoes.deal(11, 0)["hands"])
        env.reset()
        self.assertEqual(env._core.hands, dominoes.deal(11, 1)["hands"])
        env.reset(seed=11)
        self.assertEqual(env._core.hands, first)


class ObservationTest(unittest.TestCase):
    def test_hidden_hands_do_not_change_a_seats_observation(self):
        # The same public moves and seat 0's hand; seat 1 holds 4-4 1-4 in one game and 6-6 1-6
        # in the other (tiles seat 0 cannot see). Moves: 0-0 lead, 0-2L, 2-5L, seat 1 passes.
        moves = ["0-0", "0-2L", "2-5L", "pass"]
        games = []
        for hidden in ("0-2,3-3,4-4,1-4", "0-2,3-3,6-6,1-6"):
            game = dominoes.Game.from_hands(["0-0,0-1,1-1,2-5", hidden], leader=0)
            for move in moves:
                game.apply(move)
            games.append(game)
        a, b = (g.observation_tensor(0) for g in games)
        np.testing.assert_array_equal(a, b)
        # Seat 1's own view differs (its hand does): the comparison can fail.
        self.assertFalse(np.array_equal(games[0].observation_tensor(1),
                                        games[1].observation_tensor(1)))

    def test_env_observations_are_the_game_tensors_of_the_same_moves(self):
        rng = np.random.default_rng(5)
        for seats in (2, 3, 4):
            env = block_dominoes_v0.raw_env(seats=seats, target=0)
            env.reset(seed=seats)
            game = dominoes.Game(rules=dominoes.Rules(seats=seats, target=0), seed=seats, deal=0)
            for agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                for other in env.agents:
                    seat = int(other.split("_")[1])
                    np.testing.assert_array_equal(env.observe(other)["observation"],
                                                  game.observation_tensor(seat))
                mask = observation["action_mask"]
                self.assertEqual(list(np.flatnonzero(mask)), game.legal_actions())
                action = int(rng.choice(np.flatnonzero(mask)))
                game.apply(env.unwrapped.action_move(action))
                env.step(action)

    def test_fields_of_a_dealt_position(self):
        # Deal 0 of seed 3, two seats, before the lead: the hand is the dealt hand, every count is
        # 7 and "no line yet" is set (offsets from docs/formats.md: ends at 84, counts at 99).
        env = block_dominoes_v0.raw_env()
        env.reset(seed=3)
        hands = dominoes.deal(3, 0)["hands"]
        observation = env.observe("player_1")["observation"]
        held = [i for i in range(28) if observation[i] == 1]
        self.assertEqual(held, sorted(dominoes.tile_index(t) for t in hands[1]))
        self.assertEqual(observation[84 + 14], 1)
        self.assertEqual(list(observation[99:101]), [7, 7])


class RewardTest(unittest.TestCase):
    def test_rewards_are_the_engines_points_for_the_same_moves(self):
        rng = np.random.default_rng(1)
        for seats in (2, 3, 4):
            for scoring in ("opponent-pips", "all-pips"):
                rules = dict(seats=seats, scoring=scoring, target=0)  # one hand an episode
                for seed in range(15):
                    env = block_dominoes_v0.env(**rules)
                    env.reset(seed=seed)
                    totals = dict.fromkeys(env.possible_agents, 0.0)
                    game = dominoes.Game(rules=dominoes.Rules(**rules), seed=seed, deal=0)
                    for agent in env.agent_iter():
                        observation, reward, termination, truncation, _ = env.last()
                        totals[agent] += reward
                        if termination or truncation:
                            env.step(None)
                            continue
                        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                        game.apply(env.unwrapped.action_move(action))
                        env.step(action)
                    self.assertTrue(game.is_terminal())
                    self.assertEqual([totals[f"player_{s}"] for s in range(seats)],
                                     net_points(game), (seats, scoring, seed))

    def test_a_match_rewards_every_hand_and_ends_past_the_target(self):
        rng = np.random.default_rng(2)
        for seats, target in ((2, 30), (4, 60)):
            env = block_dominoes_v0.raw_env(seats=seats, target=target)
            env.reset(seed=4)
            returns = dict.fromkeys(env.possible_agents, 0.0)
            for agent in env.agent_iter():
                observation, reward, termination, truncation, _ = env.last()
                returns[agent] += reward
                if termination or truncation:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            core = env._core
            hands = core.finished_hands
            self.assertGreater(hands, 1)
            # Replay every hand from its record in a dominoes.Game and add up the points.
            totals = [0] * seats
            want = [0.0] * seats
            for index in range(hands):
                record = json.loads(env.game_record(index))
                self.assertEqual(record["match_game"], index)
                # leader='random' lets from_hands take the record's leader (the match's next
                # leader); the score does not depend on the leader rule.
                replay_rules = dominoes.Rules(seats=seats, target=target, leader="random")
                game = dominoes.Game.from_hands(record["hands"], leader=record["leader"],
                                                rules=replay_rules)
                for move in record["moves"]:
                    game.apply("pass" if move.get("pass") else move["tile"] + move.get("end", ""))
                self.assertTrue(game.is_terminal())
                totals = [t + p for t, p in zip(totals, game.points())]
                want = [w + n for w, n in zip(want, net_points(game))]
            self.assertEqual([returns[a] for a in env.possible_agents], want)
            # Two seats: a total above the target ends the match; more seats: reaching it.
            best = max(totals)
            self.assertTrue(best > target if seats == 2 else best >= target)
            self.assertEqual(core.totals, totals)

    def test_an_illegal_action_costs_its_agent_the_largest_loss_and_ends_the_game(self):
        # Double-six, two hands of 7: the 14 heaviest tiles hold 118 pips (12 + 11 + 2*10 +
        # 2*9 + 3*8 + 3*7 + 2*6), the most a hand can cost a seat.
        env = block_dominoes_v0.env()
        env.reset(seed=8)
        observation, *_ = env.last()
        illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
        mover = env.agent_selection
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env.step(illegal)
        self.assertTrue(all(env.terminations.values()))
        self.assertEqual(env.rewards[mover], -118)
        self.assertEqual(sum(env.rewards.values()), -118)
        self.assertTrue(env.infos[mover]["illegal_action"])


class RecordTest(unittest.TestCase):
    def test_the_record_is_the_played_hand_and_dominoes_view_reads_it(self):
        env = block_dominoes_v0.env(seats=3, target=0)  # one hand (3 seats play to 100 by default)
        env.reset(seed=6)
        actions = play_random(env, np.random.default_rng(3))
        record = json.loads(env.unwrapped.game_record())
        self.assertEqual(record["players"], ["player_0", "player_1", "player_2"])
        self.assertEqual(record["hands"], dominoes.deal(6, 0, dominoes.Rules(seats=3))["hands"])
        moves = ["pass" if m.get("pass") else m["tile"] + m.get("end", "")
                 for m in record["moves"]]
        self.assertEqual(moves, [env.unwrapped.action_move(a) for a in actions])
        # The package is BUILD/python/dominoes; the program beside it BUILD/bin/dominoes.
        build = os.path.dirname(os.path.dirname(os.path.dirname(dominoes.__file__)))
        binary = os.path.join(build, "bin", "dominoes")
        if not os.path.exists(binary):
            self.skipTest(f"no dominoes program at {binary} to run dominoes view")
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.jsonl")
            with open(path, "w") as f:
                f.write(env.unwrapped.game_record())
            subprocess.run([binary, "view", path, "--out", os.path.join(folder, "g.html")],
                           check=True, capture_output=True)

    def test_render_draws_the_table_as_dominoes_play_does(self):
        env = block_dominoes_v0.env(render_mode="ansi")
        env.reset(seed=2)
        text = env.render()
        mover = env.agent_selection
        self.assertIn("line     (empty)", text)
        hand = " ".join(dominoes.deal(2, 0)["hands"][int(mover[-1])])
        self.assertIn(f"{mover} {hand}", text)
        self.assertIn(": 7 tiles", text)


class BadInputTest(unittest.TestCase):
    def test_an_unknown_rules_key_names_the_valid_ones(self):
        with self.assertRaisesRegex(ValueError, 'no keyword "sets".*valid:.*seats'):
            block_dominoes_v0.env(sets=4)

    def test_a_bad_value_names_the_key_and_the_valid_range(self):
        with self.assertRaisesRegex(ValueError, "seats"):
            block_dominoes_v0.env(seats=5)
        with self.assertRaisesRegex(ValueError, "render_mode"):
            block_dominoes_v0.raw_env(render_mode="rgb_array")
        with self.assertRaisesRegex(ValueError, "seed"):
            block_dominoes_v0.raw_env().reset(seed=-1)

    def test_a_step_before_reset_asks_for_reset(self):
        with self.assertRaisesRegex(ValueError, "call reset"):  # once an AttributeError
            block_dominoes_v0.raw_env().step(0)

    def test_an_action_out_of_range(self):
        raw = block_dominoes_v0.raw_env()
        raw.reset(seed=1)
        with self.assertRaisesRegex(ValueError, "action 85 is out of range: give 0..84"):
            raw.step(85)
        for huge in (2**31, 2**63, 2**64 + 3, np.int64(2**40)):  # once pybind11's TypeError
            with self.assertRaisesRegex(ValueError, "out of range: give 0..84"):
                raw.step(huge)
        with self.assertRaisesRegex(ValueError, "legal"):
            observation = raw.observe(raw.agent_selection)
            raw.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
        wrapped = block_dominoes_v0.env()
        wrapped.reset(seed=1)
        with self.assertRaisesRegex(AssertionError, "action is not in action space"):
            wrapped.step(85)  # PettingZoo's AssertOutOfBoundsWrapper

    def test_stepping_after_the_end(self):
        raw = block_dominoes_v0.raw_env()
        raw.reset(seed=1)
        play_random(raw, np.random.default_rng(0))
        self.assertEqual(raw.agents, [])
        with self.assertRaisesRegex(ValueError, "game is over.*reset"):
            raw.step(0)
        # An agent that is done may only step None (PettingZoo's rule).
        raw.reset(seed=1)
        while not any(raw.terminations.values()):
            observation = raw.observe(raw.agent_selection)
            raw.step(int(np.flatnonzero(observation["action_mask"])[0]))
        with self.assertRaisesRegex(ValueError, "None"):
            raw.step(0)


if __name__ == "__main__":
    unittest.main()
