"""The solvers from Python, against hand-worked and published values (the seeds' documents) and a
brute force written here."""
import functools
import itertools
import os
import unittest

import dominoes


class BlockDominoesTest(unittest.TestCase):
    def test_domino_wins_the_opponents_pips(self):
        # Mover holds 0-1 on ends 1 and 5; the opponent holds 6-6: 0-1 on the 1 end is a domino
        # worth 6 + 6 = 12 under every scoring rule.
        for scoring in ("opponent-pips", "pip-difference", "all-pips"):
            r = dominoes.solve_block_dominoes("0-1/6-6", ends="1,5", rules=dominoes.Rules(scoring=scoring))
            self.assertEqual(r["value"], 12)
            self.assertEqual(r["moves"], [("0-1L", 12)])
            self.assertEqual(r["pv"], ["0-1L"])

    def test_heavy_tile_first_blocks_the_game(self):
        # Mover 1-2, 1-6 on line 1-4,4-3 (ends 1, 3); opponent 2-2, 5-5. 1-2L lets the opponent
        # play 2-2 and the game blocks at 7 against 10 pips (+10); 1-6L blocks at once at 3
        # against 14 (+14). Pip-difference: 3 and 11.
        hands = [["1-2", "1-6"], ["2-2", "5-5"]]
        r = dominoes.solve_block_dominoes(hands, line="1-4,4-3")
        self.assertEqual(r["value"], 14)
        self.assertEqual(dict(r["moves"]), {"1-2L": 10, "1-6L": 14})
        self.assertEqual(r["pv"][0], "1-6L")
        d = dominoes.solve_block_dominoes(hands, line="1-4,4-3", rules=dominoes.Rules(scoring="pip-difference"))
        self.assertEqual(dict(d["moves"]), {"1-2L": 3, "1-6L": 11})

    def test_forced_pass(self):
        # Seat 0 holds 0-1 on ends 3, 3 and passes; seat 1 plays 3-4 and is out: -1 for seat 0.
        self.assertEqual(dominoes.solve_block_dominoes("0-1/3-4", ends="3,3")["value"], -1)

    def test_agrees_with_a_python_game_tree_search(self):
        # Full negamax over dominoes.Game on small deals: value for the side to move.
        def negamax(game):
            if game.is_terminal():
                p = game.points()
                return p[game.to_move] - p[1 - game.to_move]
            best = None
            for m in game.legal_moves():
                child = game.copy()
                child.apply(m)
                v = -negamax(child)
                best = v if best is None else max(best, v)
            return best
        rules = dominoes.Rules(hand_size=3)
        for i in range(10):
            g = dominoes.Game(rules=rules, seed=4, deal=i)
            h = g.hands
            r = dominoes.solve_block_dominoes(h, to_move=g.to_move, rules=rules)
            self.assertEqual(r["value"], negamax(g), h)

    def test_four_seats_in_partnerships(self):
        # The command line's worked position (tests/cli/solver_cli_test.sh): seat 0 goes out after
        # seat 2 passes, and team 0 scores 4-4 and 1-1 left with seats 1 and 3: 10.
        hands = [["0-1", "2-3"], ["4-4", "1-5"], ["3-6", "0-0"], ["2-2", "1-1"]]
        r = dominoes.solve_block_dominoes(hands, ends="3,5", rules=dominoes.Rules(seats=4))
        self.assertEqual(r["value"], 10)
        self.assertEqual(r["pv"], ["2-3L", "1-5R", "pass", "2-2L", "0-1R"])
        with self.assertRaisesRegex(ValueError, r"2 hands given, but rules.seats is 4"):
            dominoes.solve_block_dominoes(hands[:2], rules=dominoes.Rules(seats=4))
        # Without rules the hands say the seats, as on the command line: four in partnerships.
        text = "/".join(",".join(h) for h in hands)
        self.assertEqual(dominoes.solve_block_dominoes(text, ends="3,5")["value"], 10)
        with self.assertRaisesRegex(ValueError, r"rules=Rules\(seats=4\)"):
            dominoes.solve_block_dominoes(text, ends="3,5", rules=dominoes.Rules())

    def test_expected_move_values_against_an_enumeration_written_here(self):
        # Every consistent world dealt by this test (each other seat's count of the unseen
        # tiles, none showing a value it lacks), each solved by solve_block_dominoes, each
        # move's values averaged: the PIMC means, at two seats and at four in partnerships.
        heuristic = dominoes.strategy("heuristic")
        for seats, fewest_unseen in ((2, 17), (4, 6)):
            rules = dominoes.Rules(seats=seats)
            game = dominoes.Game(rules=rules, seed=9, deal=2)
            while len(game.observation(game.to_move).unseen) > fewest_unseen or len(game.legal_moves()) < 2:
                game.apply(heuristic.choose(game.observation(game.to_move)))
            obs = game.observation(game.to_move)
            sums, worlds = {}, 0
            for hands in deals_of_the_unseen(obs):
                for move, value in dominoes.solve_block_dominoes(hands, ends="%d,%d" % obs.ends, to_move=obs.seat, rules=rules)["moves"]:
                    sums[move] = sums.get(move, 0) + value
                worlds += 1
            got = dominoes.expected_move_values(obs, enumerate=100000)
            self.assertTrue(got["exhaustive"])
            self.assertEqual(got["worlds"], worlds)
            self.assertEqual([m for m, _, _ in got["moves"]], game.legal_moves())
            for move, mean, ci95 in got["moves"]:
                self.assertAlmostEqual(mean, sums[move] / worlds, places=9)
                self.assertEqual(ci95, 0)
            self.assertEqual(got["best"], max(game.legal_moves(), key=lambda m: (sums[m], -game.legal_moves().index(m))))
            # Drawn worlds: as many as asked, intervals around means near the exact ones.
            drawn = dominoes.expected_move_values(obs, samples=40, enumerate=0, seed=3)
            self.assertFalse(drawn["exhaustive"])
            self.assertEqual(drawn["worlds"], 40)
            for (move, mean, ci95), (_, exact, _) in zip(drawn["moves"], got["moves"]):
                self.assertLessEqual(abs(mean - exact), 3 * ci95 + 1e-9, move)

    def test_expected_move_values_refuses_bad_input(self):
        game = dominoes.Game(seed=1)
        with self.assertRaisesRegex(ValueError, r"samples 0 is not valid: valid 1..1000000"):
            dominoes.expected_move_values(game.observation(game.to_move), samples=0)
        while not game.is_terminal():
            game.apply(game.legal_moves()[0])
        with self.assertRaisesRegex(ValueError, r"no move to value"):
            dominoes.expected_move_values(game.observation(0))

    def test_text_that_is_not_unicode_is_named(self):
        # A str with a lone surrogate (bytes decoded with surrogateescape) cannot be UTF-8.
        with self.assertRaisesRegex(ValueError, "hands is not valid Unicode text"):
            dominoes.solve_block_dominoes("0-1/2-2\udcff")
        with self.assertRaisesRegex(ValueError, "player 1 is not valid Unicode text"):
            dominoes.run(players=["A\udcff: random", "heuristic"], format="head-to-head",
                         deals=2, quiet=True)

    def test_impossible_positions_raise_value_error(self):
        with self.assertRaisesRegex(ValueError, "tile 0-1 is given twice"):
            dominoes.solve_block_dominoes("0-1/0-1")
        with self.assertRaises(ValueError):
            dominoes.solve_block_dominoes("0-1/2-2", line="0-1")
        with self.assertRaises(ValueError):
            dominoes.solve_block_dominoes(["0-1"])

    def test_a_table_larger_than_half_the_memory_is_a_value_error(self):
        # The command line's guard (half the physical memory), told here from the system itself.
        half_mib = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2 // (1 << 20)
        if half_mib >= 65536:
            self.skipTest(f"half this machine's memory, {half_mib} MiB, allows the largest table")
        for solve in (lambda mb: dominoes.solve_block_dominoes("0-1/2-2", table_mb=mb),
                      lambda mb: dominoes.solve_dance_battle(2, [], table_mb=mb)):
            with self.assertRaisesRegex(ValueError, r"^table_mb 65536 is more memory than this "
                                        r"machine allows: valid 0\.0625\.\.\d+ MiB \(half of"):
                solve(65536)
            with self.assertRaisesRegex(ValueError, "more memory than this machine allows"):
                solve(half_mib + 1)
        self.assertEqual(dominoes.solve_block_dominoes("0-1/2-2", table_mb=1)["value"],
                         dominoes.solve_block_dominoes("0-1/2-2")["value"])


class SeedGamesTest(unittest.TestCase):
    def test_takeaway_seed_facts(self):
        # Seed 004, moves 2, 3, 5: the player to move loses at 0, 1, 7, 8 and wins at 2..6, 9, 100;
        # g(0..6) = 0 0 1 1 2 2 3, period 7 from 0.
        for n in (0, 1, 7, 8):
            self.assertFalse(dominoes.solve_takeaway([2, 3, 5], n)["wins"], n)
        for n in (2, 3, 4, 5, 6, 9, 100):
            self.assertTrue(dominoes.solve_takeaway([2, 3, 5], n)["wins"], n)
        r = dominoes.solve_takeaway([5, 3, 2], 2**63 - 2)
        self.assertEqual((r["period"], r["preperiod"], r["grundy"]), (7, 0, 3))
        # from 4: taking 3 leaves 1 (g = 0), taking 2 leaves 2 (g = 1)
        self.assertEqual(dominoes.solve_takeaway([2, 3, 5], 4)["winning_moves"], [3])
        with self.assertRaises(ValueError):
            dominoes.solve_takeaway([], 4)
        with self.assertRaises(ValueError):
            dominoes.solve_takeaway([0], 4)

    def test_dance_battle_against_a_brute_force(self):
        def brute(n):
            tiles = [(a, b) for b in range(n) for a in range(b + 1)]

            @functools.lru_cache(maxsize=None)
            def wins(used, tail):
                return any(not wins(used | (1 << k), b if a == tail else a)
                           for k, (a, b) in enumerate(tiles)
                           if not used >> k & 1 and tail in (a, b))
            return sorted({(f, t) for k, (a, b) in enumerate(tiles) for f, t in ((a, b), (b, a))
                           if not wins(1 << k, t)})
        for n in range(1, 5):
            r = dominoes.solve_dance_battle(n)
            self.assertEqual(sorted(r["winning_turns"]), brute(n), n)
            self.assertEqual(r["wins"], bool(brute(n)))
        with self.assertRaises(ValueError):
            dominoes.solve_dance_battle(40)
        with self.assertRaises(ValueError):
            dominoes.solve_dance_battle(3, [(0, 1), (2, 2)])  # does not start at the tail 1

    def test_magic_fingers_seed_verdict(self):
        # Seed 001's chart: 11 v 11 is lost for the player to move, in 26 plies.
        r = dominoes.solve_magic_fingers("11", "11")
        self.assertEqual((r["outcome"], r["distance"]), ("loss", 26))
        self.assertIn("the second player wins", r["verdict"])
        self.assertEqual(len([l for l in r["chart"].splitlines() if l[2:3] == ":"]), 14)
        with self.assertRaisesRegex(ValueError, "two finger counts"):
            dominoes.solve_magic_fingers("15", "11")

    def test_tetromino_tiles_the_square(self):
        r = dominoes.solve_tetromino(4, "I1,J1,L1,Z1")
        self.assertEqual(r["status"], "solved")
        board = r["board"].split()
        self.assertEqual([len(row) for row in board], [4] * 4)
        letters = "".join(board)
        self.assertEqual({c: letters.count(c) for c in set(letters)}, {"I": 4, "J": 4, "L": 4, "Z": 4})
        self.assertEqual(dominoes.solve_tetromino(4, "T1,O3")["status"], "impossible")  # odd T count
        with self.assertRaises(ValueError):
            dominoes.solve_tetromino(4, "Q4")


def deals_of_the_unseen(obs):
    """Yields every hand list (seat order) consistent with `obs`: each other seat gets its count
    of the unseen tiles, none holding a value it has shown it lacks; the rest stay undrawn."""
    others = [s for s in range(obs.seats) if s != obs.seat]

    def fits(tile, seat):
        return int(tile[0]) not in obs.lacks[seat] and int(tile[2]) not in obs.lacks[seat]

    def deal(k, left):
        if k == len(others):
            yield {}
            return
        seat = others[k]
        for chosen in itertools.combinations(left, obs.tile_counts[seat]):
            if all(fits(t, seat) for t in chosen):
                rest = [t for t in left if t not in chosen]
                for more in deal(k + 1, rest):
                    yield {seat: list(chosen), **more}

    for hands in deal(0, obs.unseen):
        yield [obs.hand if s == obs.seat else hands[s] for s in range(obs.seats)]


if __name__ == "__main__":
    unittest.main()
