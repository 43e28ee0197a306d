"""The game in Python at three and four seats: hand-worked positions, deals, every seat's
observation, built-in and Python strategies, and the command line's game records.

The independent facts: positions worked by hand (in the comments), a referee written here for the
per-seat fields, and the second rules implementation of the test suite (tests/cli/table_rules.py,
written from docs/rules.md alone), which checks each game played here as a game record."""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

import dominoes

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
import table_rules  # noqa: E402  (the second implementation, standard library only)

CLI = os.environ.get("DOMINOES_CLI")


def pip_sum(tiles):
    return sum(int(t[0]) + int(t[2]) for t in tiles)


def values(tile):
    return int(tile[0]), int(tile[2])


class PartnershipHandTest(unittest.TestCase):
    """Four seats, partners 0 and 2 against 1 and 3, the written defaults (Rules(seats=4))."""

    HANDS = [["6-6", "0-1"], ["5-6", "2-2"], ["3-4", "2-3"], ["4-6", "0-0"]]

    def play_it_out(self, rules=None):
        # Worked by hand: seat 0 holds the highest double, 6-6, and must lead it although 0-1
        # could lead too. Ends 6,6: seat 1 plays 5-6 (left only: both ends show 6), ends 5,6.
        # Seat 2 (3-4, 2-3) has no 5 or 6 and passes. Seat 3 plays 4-6 on the right: ends 5,4.
        # Seats 0 (0-1) and 1 (2-2) pass. Seat 2 plays 3-4 on the right: ends 5,3. Seats 3 (0-0),
        # 0 and 1 pass. Seat 2 plays 2-3: out, a domino for team 0 (seats 0 and 2).
        g = dominoes.Game.from_hands(self.HANDS, rules=rules)
        self.assertEqual((g.seats, g.leader, g.to_move, g.lead_tile), (4, 0, 0, "6-6"))
        self.assertEqual(g.legal_moves(), ["6-6"])
        self.assertEqual(g.observation().legal_moves(), ["6-6"])
        with self.assertRaisesRegex(ValueError, "move 0-1 is not legal for seat 0: valid 6-6"):
            g.apply("0-1")
        script = [("6-6", None), ("5-6L", ["5-6L"]), ("pass", ["pass"]), ("4-6R", ["4-6R"]),
                  ("pass", ["pass"]), ("pass", ["pass"]), ("3-4R", ["3-4R"]), ("pass", ["pass"]),
                  ("pass", ["pass"]), ("pass", ["pass"]), ("2-3R", ["2-3R"])]
        for move, legal in script:
            if legal is not None:
                self.assertEqual(g.legal_moves(), legal, move)
            g.apply(move)
            self.assertIsNone(g.lead_tile)
        return g

    def test_the_hand_as_worked(self):
        g = self.play_it_out()
        self.assertEqual(g.teams, [0, 1, 0, 1])
        self.assertEqual(g.status, "domino")
        self.assertEqual(g.pips(), [1, 4, 0, 0])
        # Team 0 wins and scores the losers' pips: seat 1's 4 and seat 3's 0, for each partner.
        self.assertEqual(g.points(), [4, 0, 4, 0])
        self.assertEqual(g.winner_team(), 0)
        self.assertEqual(g.hands, [["0-1"], ["2-2"], [], ["0-0"]])
        # Every seat sees every seat's count and passes: 0 passed on 4,5 then 3,5; 1 the same;
        # 2 on 5,6; 3 on 3,5.
        o = g.observation(1)
        self.assertEqual(o.tile_counts, [1, 1, 0, 1])
        self.assertEqual(o.lacks, [[3, 4, 5], [3, 4, 5], [5, 6], [3, 5]])
        self.assertEqual(o.own_lacks, [3, 4, 5])
        self.assertEqual(o.seats, 4)
        with self.assertRaisesRegex(ValueError, "opponent_tile_count is a two-seat field and this table has 4 seats"):
            o.opponent_tile_count
        with self.assertRaisesRegex(ValueError, "opponent_lacks is a two-seat field"):
            o.opponent_lacks
        d = o.to_dict()
        self.assertEqual(set(d), {"seat", "seats", "hand", "line", "ends", "tile_counts", "lacks", "own_lacks",
                                  "unseen", "leader", "lead_tile", "history"})
        self.assertEqual((d["tile_counts"], d["lacks"], d["lead_tile"]), (o.tile_counts, o.lacks, None))
        self.assertEqual(g.history, ["6-6", "5-6L", "pass", "4-6R", "pass", "pass", "3-4R", "pass", "pass",
                                     "pass", "2-3R"])

    def test_the_scoring_rules_and_cut_throat(self):
        # Losers 4 pips, winners (seat 0) 1: pip-difference 3, all-pips 5.
        for scoring, points in [("pip-difference", [3, 0, 3, 0]), ("all-pips", [5, 0, 5, 0]),
                                ("losers-pips", [4, 0, 4, 0])]:
            g = self.play_it_out(dominoes.Rules(seats=4, scoring=scoring))
            self.assertEqual(g.points(), points, scoring)
        # Cut-throat: seat 2 alone wins, the three others' pips 1 + 4 + 0.
        g = self.play_it_out(dominoes.Rules(seats=4, partners=False))
        self.assertEqual(g.teams, [0, 1, 2, 3])
        self.assertEqual((g.points(), g.winner_team()), ([0, 0, 5, 0], 2))

    def test_a_blocked_hand_under_each_block_rule(self):
        # 6-6 leads and nobody holds another 6: blocked at once. Left: team 0 has 0-1 and 4-5
        # (10 pips), team 1 has 1-2 and 2-3 (8). block=team: team 1, scoring team 0's 10.
        # block=lowest-seat: seat 0 holds the fewest (1), so team 0, scoring team 1's 8.
        hands = ["6-6,0-1", "1-2", "4-5", "2-3"]
        for block, points, team in [("team", [0, 10, 0, 10], 1), ("lowest-seat", [8, 0, 8, 0], 0)]:
            g = dominoes.Game.from_hands(hands, rules=dominoes.Rules(seats=4, block=block))
            g.apply("6-6")
            self.assertEqual(g.status, "blocked")
            self.assertEqual((g.points(), g.winner_team()), (points, team), block)


class CutThroatHandTest(unittest.TestCase):
    def test_three_seats_blocked_and_tied(self):
        # Seat 2 holds 6-6 and leads it; nobody else holds a 6 and seat 2's 4-4 does not fit:
        # blocked with pips 15, 1, 8. Seat 1 has the fewest and scores 15 + 8.
        g = dominoes.Game.from_hands(["2-3,5-5", "0-1", "6-6,4-4"])
        self.assertEqual((g.seats, g.teams, g.leader, g.legal_moves()), (3, [0, 1, 2], 2, ["6-6"]))
        g.apply("6-6")
        self.assertEqual((g.status, g.pips(), g.points(), g.winner_team()),
                         ("blocked", [15, 1, 8], [0, 23, 0], 1))
        # Seats 0 and 1 both hold 6 pips: a tie, nobody scores.
        g = dominoes.Game.from_hands(["2-3,0-1", "1-5", "6-6,4-4"])
        g.apply("6-6")
        self.assertEqual((g.points(), g.winner_team()), ([0, 0, 0], None))

    def test_a_free_lead_under_another_leader_rule(self):
        g = dominoes.Game.from_hands(["2-3,5-5", "0-1", "6-6,4-4"], leader=1,
                                     rules=dominoes.Rules(seats=3, leader="random"))
        self.assertEqual((g.to_move, g.lead_tile, g.legal_moves()), (1, None, ["0-1"]))


class HiddenHandsTest(unittest.TestCase):
    def test_worlds_keep_the_forced_lead_and_a_seat_that_can_play(self):
        # Worked by hand: seat 0 holds 5-5, the highest double dealt, and must lead it, so 6-6
        # was not dealt (it stays undrawn: three seats deal 6 of the 28 tiles here). Seat 1
        # plays 1-5: ends 1 and 5. Seat 2 (0-2, 0-3) must pass, and the hand goes on only
        # because seat 0 or seat 1 can play: one of their two tiles carries a 1 or a 5. Every
        # world drawn from seat 2's view must say both.
        g = dominoes.Game.from_hands(["5-5,0-1", "1-5,2-3", "0-2,0-3"])
        g.apply("5-5")
        g.apply("1-5L")
        self.assertEqual((g.to_move, g.legal_moves()), (2, ["pass"]))
        seen = set()
        for seed in range(300):
            hands = dominoes.sample_hidden_hands(g.observation(2), seed)
            self.assertEqual(sorted(hands[2]), ["0-2", "0-3"])
            self.assertNotIn("6-6", hands[0] + hands[1], seed)
            self.assertTrue(any(set(values(t)) & {1, 5} for t in hands[0] + hands[1]), hands)
            seen.add(tuple(hands[0] + hands[1]))
        self.assertIn(("0-1", "2-3"), seen)  # the true deal is among them


class BadTablesTest(unittest.TestCase):
    def test_each_mistake_is_one_value_error(self):
        cases = [
            (lambda: dominoes.Game.from_hands(["0-1"] * 1), "hands: give 2 to 4 hands, one per seat in seat order, got 1"),
            (lambda: dominoes.Game.from_hands(["0-1", "0-2", "0-3", "0-4", "0-5"]), "got 5"),
            (lambda: dominoes.Game.from_hands(["0-1", "0-2", "0-3", "0-4"], rules=dominoes.Rules()),
             r"4 hands given but the rules seat 2: give 2 hands, or Rules\(seats=4\)"),
            (lambda: dominoes.Game.from_hands(["0-1", "0-2", "0-1"]), "tiles 0-1 are in the hands of seats 0 and 2"),
            (lambda: dominoes.Game.from_hands(["0-1", "0-2", "6-6"], leader=0),
             "leader 0 is not valid under leader=heaviest-double: seat 2 holds 6-6 and leads it"),
            (lambda: dominoes.Game.from_hands(["0-1", "0-2", "0-3"], leader=3,
                                              rules=dominoes.Rules(seats=3, leader="random")),
             "leader 3 is not valid: valid 0 to 2"),
            (lambda: dominoes.Game(rules=dominoes.Rules(seats=4)).observation(4), "seat 4 is not valid: valid 0 to 3"),
            (lambda: dominoes.Rules(seats=5), "seats"),
            (lambda: dominoes.Rules(seats=3, partners=True), "partners needs 4 seats"),
        ]
        for call, message in cases:
            with self.assertRaisesRegex(ValueError, message):
                call()


def heaviest(hands):
    """The seat holding the highest double (else the heaviest tile) and that tile."""
    dealt = [(t, s) for s, hand in enumerate(hands) for t in hand]
    doubles = [(t, s) for t, s in dealt if t[0] == t[2]]
    return max(doubles or dealt, key=lambda ts: (pip_sum([ts[0]]), values(ts[0])[1]))


class DealsTest(unittest.TestCase):
    def test_deals_fill_every_seat_and_the_highest_double_leads_it(self):
        for seats, double, hand in [(4, 6, 7), (3, 6, 7), (4, 9, 10), (3, 9, 10), (4, 9, 7)]:
            rules = dominoes.Rules(seats=seats, double=double, hand_size=hand)
            for i in range(30):
                d = dominoes.deal(5, i, rules)
                hands = d["hands"]
                self.assertEqual([len(h) for h in hands], [hand] * seats)
                self.assertEqual(len({t for h in hands for t in h}), seats * hand)
                tile, seat = heaviest(hands)
                self.assertEqual((d["leader"], d["lead_tile"]), (seat, tile))
                self.assertEqual(d, dominoes.deal(5, i, rules))
                g = dominoes.Game(rules=rules, seed=5, deal=i)
                self.assertEqual((g.hands, g.leader, g.lead_tile, g.legal_moves()),
                                 (hands, seat, tile, [tile]))
        # The two-seat dict keeps its two keys.
        self.assertEqual(set(dominoes.deal(5, 0)), {"hands", "leader"})


def record_of(g, deal, deal_hands, rules_dict, players):
    """The game as a `--games-out` record (docs/formats.md), built from the Python game alone."""
    moves, seat = [], g.leader
    for m in g.history:
        if m == "pass":
            moves.append({"seat": seat, "pass": True})
        elif len(m) == 3:
            moves.append({"seat": seat, "tile": m})
        else:
            moves.append({"seat": seat, "tile": m[:3], "end": m[3]})
        seat = (seat + 1) % g.seats
    return {"deal": deal, "game": 0, "players": players, "rules": rules_dict, "leader": g.leader,
            "hands": deal_hands, "moves": moves, "pips": g.pips(), "points": g.points(), "teams": g.teams}


class RefereeTest(unittest.TestCase):
    """Random games at three and four seats under each rule parameter, checked move by move here
    (counts, lacks, the forced lead) and as records by the second rules implementation."""

    VARIANTS = [dict(seats=4), dict(seats=4, partners=False), dict(seats=3),
                dict(seats=4, block="lowest-seat", scoring="pip-difference"),
                dict(seats=3, block="lowest-seat", scoring="all-pips", leader="random"),
                dict(seats=4, double=9, hand_size=10), dict(seats=4, double=9, hand_size=7, leader="alternate"),
                dict(seats=3, double=5, hand_size=4)]

    def test_random_games_agree_with_the_second_implementation(self):
        pick = random.Random(7)
        for variant in self.VARIANTS:
            rules = dominoes.Rules(target=0, **variant)
            rules_dict = {"double": rules.double, "hand-size": rules.hand_size, "scoring": rules.scoring,
                          "leader": rules.leader, "target": 0, "seats": rules.seats,
                          "partners": rules.partners, "block": rules.block, "next-leader": rules.next_leader}
            for i in range(40):
                g = dominoes.Game(rules=rules, seed=3, deal=i)
                dealt = g.hands
                lacks = [set() for _ in range(g.seats)]
                while not g.is_terminal():
                    self.check_views(g, lacks)
                    move = pick.choice(g.legal_moves())
                    if move == "pass":
                        lacks[g.to_move] |= set(g.ends)
                    g.apply(move)
                self.check_views(g, lacks)
                record = record_of(g, i, dealt, rules_dict, ["random"] * g.seats)
                self.assertEqual(table_rules.check_record(record), [], (variant, i, record))

    def check_views(self, g, lacks):
        for seat in range(g.seats):
            o = g.observation(seat)
            self.assertEqual(o.tile_counts, [len(h) for h in g.hands])
            self.assertEqual(o.lacks, [sorted(v) for v in lacks])
            self.assertEqual(o.hand, g.hands[seat])
            others = {t for s, h in enumerate(g.hands) if s != seat for t in h}
            self.assertTrue(others <= set(o.unseen))
            self.assertEqual(len(o.unseen), g.rules.tile_count - len(o.hand) - len(o.line))
            for s, hand in enumerate(g.hands):  # a seat that showed it lacks a value holds none
                self.assertFalse({v for t in hand for v in values(t)} & lacks[s])
        if not g.is_terminal():
            o = g.observation()
            self.assertEqual(o.legal_moves(), g.legal_moves())
            self.assertEqual(o.action_mask(), g.action_mask())


class FirstLegal:
    """A Python strategy that also checks what a larger table's observation holds."""
    name = "firstlegal"

    def __init__(self):
        self.calls = 0

    def choose(self, observation, legal, rng):
        self.calls += 1
        assert observation.seats == len(observation.tile_counts) == len(observation.lacks)
        assert observation.tile_counts[observation.seat] == len(observation.hand)
        assert observation.legal_moves() == legal, (observation.legal_moves(), legal)
        return legal[0]


class StrategiesTest(unittest.TestCase):
    def test_each_builtin_plays_the_seat_counts_it_declares_and_refuses_the_others(self):
        declared = {s["name"]: s["seat_counts"] for s in dominoes.strategies()}
        self.assertEqual(declared["heuristic"], [2, 3, 4])
        self.assertEqual(dominoes.strategy("random").seat_counts, [2, 3, 4])
        small = {"playout": "playout(playouts=10)", "minimax": "minimax(scenarios=3)",
                 "ismcts": "ismcts(iterations=50)", "inference": "inference(scenarios=3)",
                 "epimc": "epimc(scenarios=3)"}
        for name, counts in declared.items():
            if name in ("equilibrium", "net"):
                continue  # a file's strategy: plays only the rules of its file
            spec = small.get(name, name)
            for seats in (3, 4):
                g = dominoes.Game(rules=dominoes.Rules(seats=seats), seed=9, deal=1)
                s = dominoes.strategy(spec, seed=2)
                if seats not in counts:
                    with self.assertRaisesRegex(ValueError, f"strategy {name} plays .* seats, not {seats}: at "
                                                            f"{seats} seats use .*heuristic"):
                        s.choose(g.observation())
                    continue
                while not g.is_terminal():
                    move = s.choose(g.observation())
                    self.assertIn(move, g.legal_moves(), (name, seats))
                    g.apply(move)

    def test_a_python_strategy_sits_at_four_seats(self):
        d = tempfile.mkdtemp()
        try:
            first = FirstLegal()
            rows = dominoes.run(players=[first, "random"], seats=4, target=0, deals=30, quiet=True,
                                format="head-to-head", out=os.path.join(d, "a"))
            self.assertGreater(first.calls, 0)
            self.assertEqual((rows[0].player_a, rows[0].player_b, rows[0].games), ("firstlegal", "random", 60))
            refused = [s["name"] for s in dominoes.strategies()
                       if 3 not in s["seat_counts"] and s["name"] not in ("equilibrium", "net")]
            if refused:  # resolve, say: a strategy of two seats only
                with self.assertRaisesRegex(ValueError, f"strategy {refused[0]} plays 2 seats, not 3"):
                    dominoes.run(players=[refused[0], "random"], seats=3, deals=2, out=os.path.join(d, "b"))
        finally:
            shutil.rmtree(d)


def record_moves(record):
    return ["pass" if m.get("pass") else m["tile"] + m.get("end", "") for m in record["moves"]]


def rules_of(record):
    return dominoes.Rules(**{k.replace("-", "_"): v for k, v in record["rules"].items()})


class PyLowest:
    """The built-in lowest's first legal move in the engine's order is not its rule, so this asks
    the built-in and returns its answer: the Python object path must give the same tables."""
    name = "pylowest"

    def __init__(self):
        self.lowest = dominoes.strategy("lowest")

    def choose(self, observation, legal, rng):
        return self.lowest.choose(observation, rng)


class PyRandom:
    name = "pyrandom"

    def choose(self, observation, legal, rng):
        return legal[rng.below(len(legal))]


@unittest.skipUnless(CLI, "DOMINOES_CLI (the dominoes program) not set; ctest sets it")
class AgainstTheCommandLineTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def cli_records(self, seats, extra, deals, seed):
        # One folder and records file per experiment: a finished run's folder takes no other.
        name = f"{seats}" + "".join(extra)
        games = os.path.join(self.dir, f"games{name}.jsonl")
        subprocess.run([CLI, "run", "--seats", str(seats), "--target", "0", "--player", "lowest",
                        "--player", "random", "--format", "head-to-head", "--deals", str(deals), "--seed",
                        str(seed), "--out", os.path.join(self.dir, f"out{name}"), "--games-out", games,
                        "--quiet"] + extra, check=True, capture_output=True)
        with open(games) as f:
            return [json.loads(line) for line in f]

    def test_python_loop_replays_the_cli_game_records_at_three_and_four_seats(self):
        # The CLI's records of lowest vs random (every seating of a duplicate deal); the same deals
        # played by a Python loop with the built-in strategies and the seat streams must give the
        # same moves, pips and points.
        seed, deals = 23, 15
        for seats, extra, games_per_deal in [(4, [], 2), (3, [], 6), (4, ["--no-partners"], 2),
                                             (4, ["--double", "9", "--hand-size", "10"], 2)]:
            records = self.cli_records(seats, extra, deals, seed)
            self.assertEqual(len(records), games_per_deal * deals)
            for r in records:
                rules = rules_of(r)
                self.assertEqual(rules.seats, seats)
                g = dominoes.Game(rules=rules, seed=seed, deal=r["deal"])
                self.assertEqual((g.hands, g.leader, g.teams), (r["hands"], r["leader"], r["teams"]))
                players = [dominoes.strategy(spec) for spec in r["players"]]
                streams = [dominoes.Rng.seat_stream(seed, r["deal"], 0, s) for s in range(seats)]
                while not g.is_terminal():
                    seat = g.to_move
                    g.apply(players[seat].choose(g.observation(), streams[seat]))
                self.assertEqual(g.history, record_moves(r))
                self.assertEqual((g.pips(), g.points()), (r["pips"], r["points"]))

    def test_python_strategies_give_the_builtin_tables_at_four_seats(self):
        common = dict(deals=200, seed=5, format="head-to-head", threads=2, seats=4, target=0, quiet=True)
        builtin = dominoes.run(players=["lowest", "random"], out=os.path.join(self.dir, "a"), **common)
        python = dominoes.run(players=[PyLowest(), PyRandom()], out=os.path.join(self.dir, "b"), **common)
        a, b = builtin[0].to_dict(), python[0].to_dict()
        for d in (a, b):
            for measured in ("player_a", "player_b", "seconds", "a_ms_per_decision", "b_ms_per_decision"):
                del d[measured]
        self.assertEqual(a, b)


if __name__ == "__main__":
    unittest.main()
