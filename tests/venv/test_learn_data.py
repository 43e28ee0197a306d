"""dominoes.learn's data side: a dataset folder read back column by column across chunks, the
held-out split by deal (every row of a deal on one side, the share near the fraction, the same
whatever the order), the filters, every refusal in one line, and the belief's possible places
checked against real games of 2, 3 and 4 seats (the true place is always possible) and against
hand-made observations."""

import json
import os
import random
import shutil
import sys
import tempfile
import unittest

import numpy as np
import safetensors.numpy

import dominoes
from dominoes.learn import data, places

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import learn_datasets as ld  # noqa: E402


class Folder(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="learn-data-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def dataset(self, rows=None, **kwargs):
        rows = rows if rows is not None else ld.policy_rows(250, 1)[0]
        return ld.write_dataset(os.path.join(self.dir, "data"), rows, chunk_rows=100, **kwargs)


class Loading(Folder):
    def test_columns_come_back_across_chunks_in_order(self):
        rows, _ = ld.policy_rows(250, 1)
        loaded = data.load(self.dataset(rows))
        self.assertEqual(len(loaded), 250)
        for name, column in rows.items():
            np.testing.assert_array_equal(getattr(loaded, name), column, err_msg=name)
            self.assertEqual(getattr(loaded, name).dtype, column.dtype, name)
        self.assertIsNone(loaded.move_value)
        self.assertEqual(loaded.players, ["teacher", "heuristic"])
        self.assertEqual(loaded.rules, ld.RULES)
        self.assertEqual(loaded.game_rules.observation_shape[0], ld.D)

    def test_move_values_and_named_players(self):
        rows, _ = ld.policy_rows(120, 2)
        rows["move_value"] = np.where(rows["legal"] == 1, 1.5, np.nan).astype(np.float32)
        folder = self.dataset(rows, players=[{"spec": "minimax(scenarios=200,depth=0)",
                                             "name": "M200"}, {"spec": "heuristic"}])
        loaded = data.load(folder)
        self.assertEqual(loaded.players, ["M200", "heuristic"])
        np.testing.assert_array_equal(loaded.move_value, rows["move_value"])
        by_spec = data.player_rows(loaded, "minimax(scenarios=200,depth=0)")
        np.testing.assert_array_equal(by_spec, rows["player"] == 0)
        np.testing.assert_array_equal(data.player_rows(loaded, "M200"), by_spec)

    def test_several_folders_joined_with_their_players_merged_by_spec(self):
        first, _ = ld.policy_rows(150, 3)  # players: teacher (0), heuristic (1)
        second, _ = ld.policy_rows(90, 4)
        a = ld.write_dataset(os.path.join(self.dir, "a"), first, chunk_rows=100)
        b = ld.write_dataset(os.path.join(self.dir, "b"), second, chunk_rows=100,
                             players=["heuristic", "random"])
        joined = data.load_all([a, b])
        self.assertEqual(len(joined), 240)
        self.assertEqual(joined.players, ["teacher", "heuristic", "random"])
        np.testing.assert_array_equal(joined.obs, np.concatenate([first["obs"], second["obs"]]))
        # b's heuristic (0) is the joined list's 1, b's random (1) a new 2.
        expected = np.concatenate([first["player"], np.array([1, 2])[second["player"]]])
        np.testing.assert_array_equal(joined.player, expected)
        heuristic = data.player_rows(joined, "heuristic")
        self.assertEqual(int(heuristic.sum()), int((first["player"] == 1).sum())
                         + int((second["player"] == 0).sum()))
        self.assertIs(data.load_all([a]).__class__, data.Dataset)
        other = ld.write_dataset(os.path.join(self.dir, "other"), second, chunk_rows=100,
                                 rules={**ld.RULES, "scoring": "all-pips"})
        with self.assertRaises(data.DatasetError) as caught:
            data.load_all([a, other])
        self.assertIn("is of other rules than", str(caught.exception))
        second["move_value"] = np.where(second["legal"] == 1, 1.0, np.nan).astype(np.float32)
        valued = ld.write_dataset(os.path.join(self.dir, "valued"), second, chunk_rows=100)
        with self.assertRaises(data.DatasetError) as caught:
            data.load_all([a, valued])
        self.assertIn("one has move values and the other not", str(caught.exception))

    def test_a_player_named_by_any_spelling_of_its_spec(self):
        # dominoes dataset lists canonical specs (every parameter spelt out) with the short
        # label as the name; the spec a user typed, defaults left out, finds the same rows.
        rows, _ = ld.policy_rows(60, 5)
        canonical = "minimax(scenarios=200,depth=0,exact=true,crn=true)"
        loaded = data.load(self.dataset(rows, players=[
            {"spec": canonical, "name": "minimax(depth=0)"}, {"spec": "heuristic"}]))
        for typed in ("minimax(scenarios=200,depth=0)", "minimax(depth=0)", canonical,
                      "minimax( depth = 0 )"):
            np.testing.assert_array_equal(data.player_rows(loaded, typed), rows["player"] == 0,
                                          typed)
        with self.assertRaises(data.DatasetError):
            data.player_rows(loaded, "minimax(depth=1)")

    def test_filters(self):
        rows, _ = ld.policy_rows(40, 3)
        rows["legal"][5] = 0
        rows["legal"][5, 7] = 1  # one legal action: a forced move
        rows["action"][5] = 7
        loaded = data.load(self.dataset(rows))
        choices = data.choice_rows(loaded)
        self.assertFalse(choices[5])
        self.assertEqual(int(choices.sum()), 39)
        np.testing.assert_array_equal(data.player_rows(loaded, "heuristic"),
                                      np.arange(40) % 2 == 1)
        taken = loaded.take(choices)
        self.assertEqual(len(taken), 39)
        np.testing.assert_array_equal(taken.obs, rows["obs"][choices])


class HeldOut(unittest.TestCase):
    def test_every_row_of_a_deal_on_one_side_whatever_the_order(self):
        deal = np.repeat(np.arange(20000, dtype=np.int64), 3)
        held = data.held_out(deal, 0.1)
        by_deal = held.reshape(-1, 3)
        self.assertTrue((by_deal == by_deal[:, :1]).all())
        share = by_deal[:, 0].mean()
        self.assertLess(abs(share - 0.1), 0.01)  # 20,000 deals: sd 0.002
        order = np.random.default_rng(1).permutation(len(deal))
        np.testing.assert_array_equal(data.held_out(deal[order], 0.1), held[order])

    def test_a_larger_fraction_holds_out_a_superset(self):
        deal = np.arange(5000, dtype=np.int64)
        small, large = data.held_out(deal, 0.1), data.held_out(deal, 0.3)
        self.assertTrue((large | ~small).all())
        self.assertLess(abs(large.mean() - 0.3), 0.03)

    def test_large_deal_numbers(self):
        deal = np.array([0, 2**40, 2**62, 2**63 - 1], dtype=np.int64)
        self.assertEqual(data.held_out(deal, 0.5).shape, (4,))


class Refusals(Folder):
    def refused(self, folder, *words):
        with self.assertRaises(data.DatasetError) as caught:
            data.load(folder)
        message = str(caught.exception)
        self.assertEqual(len(message.splitlines()), 1, message)
        for word in words:
            self.assertIn(word, message)
        return message

    def edit_manifest(self, folder, **changes):
        path = os.path.join(folder, "dataset.json")
        with open(path) as f:
            manifest = json.load(f)
        manifest.update(changes)
        with open(path, "w") as f:
            json.dump(manifest, f)

    def test_missing_folder_and_manifest(self):
        self.refused(os.path.join(self.dir, "nowhere"), "is not a folder")
        os.makedirs(os.path.join(self.dir, "empty"))
        self.refused(os.path.join(self.dir, "empty"), "has no dataset.json")

    def test_manifest_of_another_format_or_version(self):
        folder = self.dataset()
        with open(os.path.join(folder, "dataset.json"), "w") as f:
            f.write("{not json")
        self.refused(folder, "is not JSON")
        folder = self.dataset()
        self.edit_manifest(folder, format="dominoes-model")
        self.refused(folder, '"dominoes-model"', 'expected "dominoes-dataset"')
        folder = self.dataset()
        self.edit_manifest(folder, version=2)
        self.refused(folder, "version 2", "reads version 1")

    def test_an_unfinished_dataset_or_another_layout(self):
        folder = self.dataset()
        self.edit_manifest(folder, complete=False, chunks=[])
        self.refused(folder, "is not complete", "run it again to finish it")
        folder = self.dataset()
        self.edit_manifest(folder, layout="observation-v2")
        self.refused(folder, 'layout "observation-v2"', 'reads "observation-v1"')
        folder = self.dataset()
        self.edit_manifest(folder, complete=True, layout="observation-v1", rows=250)
        self.assertEqual(len(data.load(folder)), 250)

    def test_rules_that_do_not_fit_the_chunks(self):
        folder = self.dataset()
        self.edit_manifest(folder, rules={**ld.RULES, "double": 9})
        self.refused(folder, 'tensor "obs"', "expected uint8")
        folder = self.dataset()
        self.edit_manifest(folder, rules={**ld.RULES, "double": 99})
        self.refused(folder, "\"rules\"", "double")
        folder = self.dataset()
        self.edit_manifest(folder, rules={"double": 6})
        self.refused(folder, "\"seats\"")

    def test_chunks_missing_damaged_or_of_wrong_types(self):
        folder = self.dataset()
        os.remove(os.path.join(folder, "chunk-000001.safetensors"))
        self.refused(folder, "chunk-000001.safetensors is missing")
        folder = self.dataset()
        with open(os.path.join(folder, "chunk-000000.safetensors"), "wb") as f:
            f.write(b"\x05\x00\x00\x00")
        self.refused(folder, "is not a safetensors file")
        rows, _ = ld.policy_rows(50, 4)
        rows["action"] = rows["action"].astype(np.int32)
        self.refused(self.dataset(rows), 'tensor "action" is int32', "expected int16")
        rows, _ = ld.policy_rows(50, 4)
        del rows["owner"]
        self.refused(self.dataset(rows), 'has no tensor "owner"')
        folder = self.dataset()
        self.edit_manifest(folder, chunks=["../chunk-000000.safetensors"])
        self.refused(folder, "is not a file name in the folder")
        folder = self.dataset()
        self.edit_manifest(folder, chunks=[{"file": "chunk-000000.safetensors", "rows": 99}])
        self.refused(folder, "has 100 rows", "lists 99")

    def test_values_out_of_range(self):
        rows, _ = ld.policy_rows(50, 5)
        rows["legal"][7, rows["action"][7]] = 0
        self.refused(self.dataset(rows), "row 7", "legal mask")
        rows, _ = ld.policy_rows(50, 5)
        rows["player"][3] = 2
        self.refused(self.dataset(rows), "row 3", "player 2 (there are 2)")
        rows, _ = ld.policy_rows(50, 5)
        rows["owner"][4, 0] = 2
        self.refused(self.dataset(rows), "row 4", "outside -1..1")
        rows, _ = ld.policy_rows(50, 5)
        rows["action"][2] = 85
        self.refused(self.dataset(rows), "row 2", "action 85")

    def test_unknown_player_lists_the_players(self):
        loaded = data.load(self.dataset())
        with self.assertRaises(data.DatasetError) as caught:
            data.player_rows(loaded, "minimax")
        self.assertIn('player "minimax" is not in the dataset', str(caught.exception))
        self.assertIn('"teacher", "heuristic"', str(caught.exception))

    def test_chunks_with_and_without_move_values(self):
        rows, _ = ld.policy_rows(150, 6)
        folder = ld.write_dataset(os.path.join(self.dir, "mixed"), rows, chunk_rows=100)
        extra = {k: v[:100] for k, v in rows.items()}
        extra["move_value"] = np.zeros((100, ld.A), np.float32)
        safetensors.numpy.save_file(extra, os.path.join(folder, "chunk-000000.safetensors"))
        self.refused(folder, "some chunks have move values and some not")


def true_place(game, observer, tile, seats):
    """The place of `tile` for `observer` from the game's hands, or None when the observer sees
    it (its own) or it was played."""
    for seat, hand in enumerate(game.hands):
        if tile in hand:
            return None if seat == observer else (seat - observer) % seats - 1
    return seats - 1  # in no hand: played, or never dealt (the caller tells them apart)


class Places(unittest.TestCase):
    def test_the_true_place_is_always_possible_in_real_games(self):
        for seats, deals in ((2, 30), (3, 20), (4, 20)):
            rules = dominoes.Rules(seats=seats)
            tiles = [f"{a}-{b}" for b in range(rules.double + 1) for a in range(b + 1)]
            rng = random.Random(seats)
            ruled_out = 0
            for deal in range(deals):
                game = dominoes.Game(rules=rules, seed=3, deal=deal)
                while not game.is_terminal():
                    observer = game.to_move
                    obs = game.observation_tensor(observer)
                    possible = places.possible_places(obs[None], rules)[0]
                    played = obs[len(tiles):len(tiles) * (seats + 1)].reshape(seats, -1).any(0)
                    for index, tile in enumerate(tiles):
                        place = true_place(game, observer, tile, seats)
                        if place is None or (place == seats - 1 and played[index]):
                            continue
                        self.assertTrue(possible[index, place], (seats, deal, tile, place))
                        ruled_out += int((~possible[index]).sum())
                    game.apply(rng.choice(game.legal_moves()))
            self.assertGreater(ruled_out, 0, f"{seats} seats: nothing was ever ruled out")

    def test_hand_made_observations(self):
        rules = dominoes.Rules(seats=4)  # double-six, all 28 tiles dealt
        game = dominoes.Game(rules=rules, seed=1, deal=0)
        possible = places.possible_places(game.observation_tensor(0)[None], rules)[0]
        self.assertFalse(possible[:, 3].any())  # never dealt: every hidden tile is in a hand
        hidden = [dominoes.tile_index(t) for hand in game.hands[1:] for t in hand]
        self.assertTrue(possible[hidden, :3].all())  # nobody has passed: any other seat
        game = dominoes.Game.from_hands(["6-6,0-1", "5-6,2-2", "3-4,2-3", "4-6,0-0"],
                                        rules=rules)  # 8 tiles dealt, 20 never
        possible = places.possible_places(game.observation_tensor(0)[None], rules)[0]
        self.assertTrue(possible[dominoes.tile_index("2-2")].all())
        rules = dominoes.Rules()
        at = places.observation_offsets(rules)
        obs = np.zeros((1, rules.observation_shape[0]), np.float32)
        obs[0, at["counts"]:at["counts"] + 2] = [3, 0]  # the opponent holds no tile
        self.assertFalse(places.possible_places(obs, rules)[0, :, 0].any())
        obs[0, at["counts"] + 1] = 2
        obs[0, at["lacks"] + 7 + 5] = 1  # the opponent lacks 5
        possible = places.possible_places(obs, rules)[0]
        with_five = [dominoes.tile_index(f"{min(a, 5)}-{max(a, 5)}") for a in range(7)]
        self.assertFalse(possible[with_five, 0].any())
        self.assertEqual(int(possible[:, 0].sum()), 28 - 7)
        self.assertTrue(possible[:, 1].all())


if __name__ == "__main__":
    unittest.main()
