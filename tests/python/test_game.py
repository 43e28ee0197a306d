"""The game in Python: rules, deals, legal moves, apply, points and the action numbering, against
hand-worked positions and an enumeration written here."""
import unittest

import dominoes


def all_tiles(max_pip):
    return [f"{a}-{b}" for b in range(max_pip + 1) for a in range(b + 1)]


def pip_sum(tiles):
    return sum(int(t[0]) + int(t[2]) for t in tiles)


class RulesTest(unittest.TestCase):
    def test_defaults_are_the_seed_game(self):
        r = dominoes.Rules()
        self.assertEqual((r.double, r.hand_size, r.scoring, r.leader, r.target),
                         (6, 7, "opponent-pips", "random", 0))
        self.assertEqual(r.tile_count, 28)
        self.assertEqual(r.action_count, 3 * 28 + 1)

    def test_bad_rules_raise_value_error_naming_the_field(self):
        with self.assertRaisesRegex(ValueError, "hand-size 15"):
            dominoes.Rules(hand_size=15)
        with self.assertRaisesRegex(ValueError, "scoring \"most\" is not valid: valid opponent-pips"):
            dominoes.Rules(scoring="most")
        with self.assertRaisesRegex(ValueError, "leader"):
            dominoes.Rules(leader="youngest")


class DealTest(unittest.TestCase):
    def test_deal_is_two_disjoint_hands_of_the_set_and_a_pure_function(self):
        for double, hand in [(6, 7), (9, 10), (7, 3)]:
            rules = dominoes.Rules(double=double, hand_size=hand)
            for i in range(20):
                d = dominoes.deal(5, i, rules)
                h0, h1 = d["hands"]
                self.assertEqual((len(h0), len(h1)), (hand, hand))
                self.assertFalse(set(h0) & set(h1))
                self.assertTrue(set(h0) | set(h1) <= set(all_tiles(double)))
                self.assertIn(d["leader"], (0, 1))
                self.assertEqual(d, dominoes.deal(5, i, rules))
        self.assertNotEqual(dominoes.deal(5, 0), dominoes.deal(6, 0))

    def test_game_starts_from_the_deal(self):
        d = dominoes.deal(3, 7)
        g = dominoes.Game(seed=3, deal=7)
        self.assertEqual(g.hands, d["hands"])
        self.assertEqual(g.to_move, d["leader"])
        self.assertIsNone(g.ends)
        self.assertEqual(g.status, "ongoing")

    def test_heaviest_double_leads(self):
        rules = dominoes.Rules(leader="heaviest-double")
        for i in range(20):
            d = dominoes.deal(1, i, rules)
            doubles = [(int(t[0]), s) for s in (0, 1) for t in d["hands"][s] if t[0] == t[2]]
            if doubles:
                self.assertEqual(d["leader"], max(doubles)[1])


class MovesTest(unittest.TestCase):
    def test_hand_worked_position(self):
        # Seat 0 holds 0-6, 1-6, 3-3; seat 1 holds 1-3, 4-5. Seat 0 leads: any tile.
        g = dominoes.Game.from_hands([["0-6", "1-6", "3-3"], "1-3,4-5"], leader=0)
        self.assertEqual(sorted(g.legal_moves()), ["0-6", "1-6", "3-3"])
        g.apply("1-6")  # line 1-6: left end 1, right end 6
        self.assertEqual(g.ends, (1, 6))
        self.assertEqual(g.legal_moves(), ["1-3L"])  # 4-5 fits neither end
        g.apply("1-3L")  # ends 3, 6
        self.assertEqual(g.ends, (3, 6))
        self.assertEqual(g.legal_moves(), ["3-3L", "0-6R"])  # left-end moves first
        g.apply("3-3L")
        self.assertEqual(g.legal_moves(), ["pass"])  # seat 1 holds 4-5: no 3, no 6
        g.apply("pass")
        self.assertEqual(g.observation(0).opponent_lacks, [3, 6])
        self.assertEqual(g.observation(1).own_lacks, [3, 6])
        g.apply("0-6R")  # seat 0 is out: a domino
        self.assertTrue(g.is_terminal())
        self.assertEqual(g.status, "domino")
        self.assertEqual(g.legal_moves(), [])
        # Seat 1 keeps 4-5 (9 pips): seat 0 scores 9.
        self.assertEqual(g.pips(), [0, 9])
        self.assertEqual(g.points(), [9, 0])
        self.assertEqual(g.history, ["1-6", "1-3L", "3-3L", "pass", "0-6R"])
        self.assertEqual(g.observation(1).legal_moves(), [])  # 4-5 fits no end, but it is over
        self.assertFalse(any(g.observation(1).action_mask()))
        with self.assertRaisesRegex(ValueError, "game is over"):
            g.apply("pass")

    def test_blocked_game_scores_the_lighter_hand(self):
        # Seat 0: 0-1, 2-3; seat 1: 5-5, 6-6. 2-3 leads; nobody holds a 2 or a 3: blocked.
        g = dominoes.Game.from_hands(["0-1,2-3", "5-5,6-6"], leader=0)
        g.apply("2-3")
        self.assertEqual(g.status, "blocked")
        self.assertEqual(g.points(), [22, 0])

    def test_both_ends_equal_lists_only_left_moves(self):
        g = dominoes.Game.from_hands(["3-3,1-2", "3-4,3-5"], leader=0)
        g.apply("3-3")
        self.assertEqual(g.legal_moves(), ["3-4L", "3-5L"])

    def test_domino_scores_the_opponents_pips_under_each_rule(self):
        for scoring, expected in [("opponent-pips", 12), ("pip-difference", 12), ("all-pips", 12)]:
            g = dominoes.Game.from_hands(["0-1", "6-6,1-1"], leader=1, rules=dominoes.Rules(scoring=scoring))
            g.apply("1-1")
            g.apply("0-1L")
            self.assertEqual(g.status, "domino")
            self.assertEqual(g.points(), [12, 0])

    def test_illegal_and_malformed_moves_raise_value_error(self):
        g = dominoes.Game.from_hands(["0-1,2-2", "3-4"], leader=0)
        with self.assertRaisesRegex(ValueError, "move 3-4 is not legal for seat 0: valid"):
            g.apply("3-4")
        with self.assertRaises(ValueError):
            g.apply("0-9")
        with self.assertRaises(ValueError):
            g.apply("pass")
        with self.assertRaisesRegex(ValueError, "not over"):
            g.points()
        with self.assertRaisesRegex(ValueError, "both hands"):
            dominoes.Game.from_hands(["0-1", "0-1"])

    def test_random_games_keep_the_invariants(self):
        for i in range(50):
            g = dominoes.Game(seed=11, deal=i)
            k = 0
            while not g.is_terminal():
                moves = g.legal_moves()
                g.apply(moves[(i + k) % len(moves)])
                k += 1
            h0, h1 = g.hands
            self.assertEqual(len(h0) + len(h1) + len(g.line), 14)
            p0, p1 = pip_sum(h0), pip_sum(h1)
            self.assertEqual(g.pips(), [p0, p1])
            expected = [p1, 0] if p0 < p1 else [0, p0] if p1 < p0 else [0, 0]
            self.assertEqual(g.points(), expected)


class ActionTest(unittest.TestCase):
    def test_numbering_matches_an_independent_enumeration(self):
        for double in (6, 9):
            rules = dominoes.Rules(double=double)
            # tile index b*(b+1)/2 + a, enumerated by b then a
            expected = {}
            for index, tile in enumerate(all_tiles(double)):
                for side, suffix in enumerate(["", "L", "R"]):
                    expected[tile + suffix] = 3 * index + side
            expected["pass"] = 3 * len(all_tiles(double))
            self.assertEqual(rules.action_count, len(expected))
            for move, number in expected.items():
                self.assertEqual(dominoes.action_index(move, rules), number)
                self.assertEqual(dominoes.action_move(number, rules), move)
        with self.assertRaisesRegex(ValueError, "action 85 is not valid: valid 0..84"):
            dominoes.action_move(85)

    def test_mask_marks_exactly_the_legal_moves(self):
        for i in range(30):
            g = dominoes.Game(seed=2, deal=i)
            while not g.is_terminal():
                mask = g.action_mask()
                marked = [dominoes.action_move(a) for a, on in enumerate(mask) if on]
                self.assertEqual(sorted(marked), sorted(g.legal_moves()))
                self.assertEqual(g.observation().action_mask(), mask)
                self.assertEqual(g.legal_actions(), [a for a, on in enumerate(mask) if on])
                g.apply(g.legal_actions()[-1])  # action numbers are accepted too

    def test_tile_index(self):
        self.assertEqual(dominoes.tile_index("5-3"), 5 * 6 // 2 + 3)
        self.assertEqual(dominoes.tile_at(dominoes.tile_index("2-6")), "2-6")


class ObservationTest(unittest.TestCase):
    def test_observation_shows_only_the_seats_information(self):
        g = dominoes.Game(seed=4, deal=1)
        seat = g.to_move
        o = g.observation()
        self.assertEqual(o.seat, seat)
        self.assertEqual(o.hand, g.hands[seat])
        self.assertEqual(o.opponent_tile_count, 7)
        self.assertEqual(len(o.unseen), 28 - 7)
        self.assertTrue(set(g.hands[1 - seat]) <= set(o.unseen))
        d = o.to_dict()
        self.assertEqual(set(d), {"seat", "hand", "line", "ends", "opponent_tile_count", "opponent_lacks",
                                  "own_lacks", "unseen", "leader", "history"})
        self.assertNotIn(str(g.hands[1 - seat]), repr(o).replace(str(o.unseen), ""))
        g.apply(o.legal_moves()[0])
        self.assertEqual(o.history, [])  # an observation is a snapshot
        self.assertEqual(g.observation(seat).history, g.history)


class ObservationTensorTest(unittest.TestCase):
    def test_observation_gives_the_game_s_tensor(self):
        # A Python strategy in a run sees only its Observation; its tensor must be the one the
        # learning environments give for the same seat and position (Game.observation_tensor).
        for seats in (2, 3, 4):
            game = dominoes.Game(rules=dominoes.Rules(seats=seats), seed=3, deal=1)
            while not game.is_terminal():
                seen = list(game.observation().observation_tensor())
                self.assertEqual(seen, list(game.observation_tensor(game.to_move)))
                game.apply(game.legal_moves()[-1])

    def test_a_script_that_made_tensors_exits_cleanly(self):
        # numpy's array maker must not be released after the interpreter has finalized (that
        # aborted every such script at exit, status 134).
        import subprocess
        import sys
        done = subprocess.run([sys.executable, "-c",
                               "import dominoes; dominoes.Game(seed=1, deal=0).observation_tensor(0)"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)


if __name__ == "__main__":
    unittest.main()
