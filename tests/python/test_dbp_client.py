#!/usr/bin/env python3
"""Tests of clients/python/dbp.py and the example bots, without the C++ runner.

Two tiers: dbp.py's parsing and loop run in-process on scripted input (every observation field
compared with values written out by hand from docs/protocol.md); then each example bot (and the Perl
bot, if perl is installed) runs as a subprocess driven by tests/python/scripted_runner.py, which
checks that every answer is `move X` with X listed in `legal`. Expected moves are hand-computed
(greedy) or come from a second implementation in the test (randombot: random.Random(seed).choice).
Standard library only. Run from anywhere: python3 tests/python/test_dbp_client.py
"""
import contextlib
import io
import random
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scripted_runner import (EXAMPLE_EVENTS, EXAMPLE_GAMEOVER, EXAMPLE_HAND,  # noqa: E402
                             EXAMPLE_LEAD, EXAMPLE_NEWGAME, EXAMPLE_SECOND, ROOT,
                             ScriptedRunner, legal_of)

sys.path.insert(0, str(ROOT / "clients" / "python"))
import dbp  # noqa: E402

PYTHON_BOTS = {name: [sys.executable, ROOT / "clients" / "python" / f"{name}.py"]
               for name in ("firstlegal", "randombot", "greedy")}
PERL = shutil.which("perl")
ALL_BOTS = dict(PYTHON_BOTS, **({"perl": [PERL, ROOT / "clients" / "perl" / "firstlegal.pl"]}
                                if PERL else {}))

# Ends 1,4 with 1-4 in hand: 1-4 fits both ends (two moves); 0-1 fits left, 4-6 right, 2-2 none.
BOTH_ENDS = ("go line=1-3,3-4 ends=1,4 hand=0-1,1-4,2-2,4-6 opp=5 lacks=- "
             "legal=1-4L,1-4R,0-1L,4-6R time=1000")


def go(line, ends, hand, legal, opp=5, lacks="-"):
    """Returns a `go` line with the given fields (time=1000)."""
    return f"go line={line} ends={ends} hand={hand} opp={opp} lacks={lacks} legal={legal} time=1000"


class Recorder(dbp.Bot):
    """A bot that records what dbp tells it and plays the last legal move."""

    name = "recorder"
    author = "the tests"

    def __init__(self):
        super().__init__()
        self.observations, self.games, self.events, self.results = [], [], [], []

    def new_game(self, game):
        self.games.append((game.id, game.seat, game.seed, dict(game.rules), list(game.hand)))

    def on_event(self, seat, move):
        self.events.append((seat, move))

    def choose(self, observation):
        self.observations.append(observation)
        print("a stray print from choose")  # must not reach the runner
        return observation.legal[-1]

    def game_over(self, points, hands):
        self.results.append((points, hands))


def run_in_process(bot, lines, newline="\n"):
    """Returns (protocol output lines, stderr text) of `bot.run` on the runner `lines`."""
    stdin = io.StringIO("".join(line + newline for line in lines))
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(stderr):
        status = bot.run(stdin, stdout)
    assert status == 0
    return stdout.getvalue().splitlines(), stderr.getvalue()


class NotationTest(unittest.TestCase):
    def test_parse_move(self):
        self.assertEqual(dbp.parse_move("5-3L"), ((3, 5), "L"))
        self.assertEqual(dbp.parse_move("0-4R"), ((0, 4), "R"))
        self.assertEqual(dbp.parse_move("2-2"), ((2, 2), ""))
        self.assertEqual(dbp.parse_move("pass"), (None, ""))
        for bad in ("", "L", "3-", "3-5X", "a-b", "3-5-1"):
            with self.subTest(bad=bad), self.assertRaises(dbp.ProtocolError):
                dbp.parse_move(bad)

    def test_lists_rules_and_tiles(self):
        self.assertEqual(dbp.parse_tiles("-"), [])
        self.assertEqual(dbp.parse_tiles("4-4,4-1"), [(4, 4), (4, 1)])
        self.assertEqual(dbp.parse_ints("1,5"), [1, 5])
        self.assertEqual(dbp.parse_rules("double=6,hand=7,scoring=opponent-pips"),
                         {"double": 6, "hand": 7, "scoring": "opponent-pips"})
        self.assertEqual(dbp.format_tile((5, 3)), "3-5")


class ParseGoTest(unittest.TestCase):
    def test_second_go_of_the_example(self):
        game = dbp.Game(id="12", seat=0, rules={"double": 6}, seed=881726,
                        events=[(0, "4-4"), (1, "1-4R")])
        observation = dbp.parse_go(EXAMPLE_SECOND.split()[1:], game)
        self.assertEqual(observation.line, [(4, 4), (4, 1)])  # as laid: 1-4 with 4 on the left
        self.assertEqual(observation.ends, (4, 1))
        self.assertEqual(observation.hand, [(0, 1), (0, 4), (2, 2), (2, 6), (3, 5), (5, 6)])
        self.assertEqual(observation.opp, 6)
        self.assertEqual(observation.lacks, [])
        self.assertEqual(observation.legal, ["0-4L", "0-1R"])
        self.assertEqual(observation.time_ms, 1000)
        self.assertEqual((observation.seat, observation.game_id, observation.seed),
                         (0, "12", 881726))
        self.assertEqual(observation.events, [(0, "4-4"), (1, "1-4R")])

    def test_lead_and_lacks(self):
        observation = dbp.parse_go(go("-", "-", "3-5,6-2", "3-5,2-6", opp=7, lacks="1,5")
                                   .split()[1:], dbp.Game())
        self.assertEqual((observation.line, observation.ends), ([], None))
        self.assertEqual(observation.hand, [(3, 5), (2, 6)])
        self.assertEqual(observation.lacks, [1, 5])

    def test_malformed_go_is_an_error(self):
        for words in (["line=-"], ["nonsense"], (EXAMPLE_SECOND + " ").replace("opp=6", "opp=x")
                      .split()[1:]):
            with self.subTest(words=words), self.assertRaises(dbp.ProtocolError):
                dbp.parse_go(words, dbp.Game())


class LoopTest(unittest.TestCase):
    """dbp's loop in-process: what reaches the bot and what reaches the runner."""

    EXAMPLE = ["dbp 1", "isready", EXAMPLE_NEWGAME, EXAMPLE_HAND, EXAMPLE_LEAD,
               *EXAMPLE_EVENTS, EXAMPLE_SECOND, EXAMPLE_GAMEOVER, "quit"]

    def test_example_dialogue(self):
        bot = Recorder()
        out, err = run_in_process(bot, self.EXAMPLE)
        self.assertEqual(out, ["id name recorder", "id author the tests", "dbpok", "readyok",
                               "move 5-6", "move 0-1R"])
        self.assertEqual(bot.games, [("12", 0, 881726,
                                      {"double": 6, "hand": 7, "scoring": "opponent-pips"}, [])])
        first, second = bot.observations
        self.assertEqual(first.events, [])
        self.assertEqual(first.hand, [(0, 1), (0, 4), (2, 2), (2, 6), (3, 5), (4, 4), (5, 6)])
        self.assertEqual(second.events, [(0, "4-4"), (1, "1-4R")])
        self.assertEqual(bot.events, [(0, "4-4"), (1, "1-4R")])
        self.assertEqual(bot.game.hand, first.hand)
        self.assertEqual(bot.results, [((0, 12), ([(2, 2), (2, 6)], [(5, 5)]))])
        self.assertIn("a stray print from choose", err)

    def test_crlf_lines(self):
        out, _ = run_in_process(Recorder(), self.EXAMPLE, newline="\r\n")
        self.assertEqual(out[-2:], ["move 5-6", "move 0-1R"])

    def test_newgame_resets_the_game(self):
        bot = Recorder()
        run_in_process(bot, [EXAMPLE_NEWGAME, EXAMPLE_HAND, *EXAMPLE_EVENTS,
                             "newgame game=13 seat=1 rules=double=9,hand=10 seed=7",
                             "hand -", EXAMPLE_SECOND])
        (observation,) = bot.observations
        self.assertEqual((observation.game_id, observation.seat, observation.seed),
                         ("13", 1, 7))
        self.assertEqual(observation.rules, {"double": 9, "hand": 10})
        self.assertEqual(observation.events, [])
        self.assertEqual(bot.game.hand, [])

    def test_unknown_and_malformed_messages_are_reported_and_skipped(self):
        out, err = run_in_process(Recorder(), ["hello there", "go line=-", "event 3 1-1L",
                                               "gameover points=1 hands=-/-", "", "isready"])
        self.assertEqual(out, ["readyok"])
        self.assertIn("unknown message: hello there", err)
        self.assertEqual(err.count("cannot read"), 3)

    def test_four_seats_events_and_go(self):
        # The protocol's four-seat example (docs/protocol.md): seat 3 led 6-6, seat 0 played 6-2;
        # events from seats 2 and 3 must be recorded, not refused as a two-seat game's would be.
        bot = Recorder()
        _, err = run_in_process(bot, [
            "newgame game=5 seat=1 seats=4 teams=0,1,0,1 "
            "rules=double=6,hand=7,seats=4,partners=true,block=team,scoring=losers-pips seed=3",
            "hand 0-0,1-2,2-5,3-3,4-6,5-5,6-6", "event 3 6-6", "event 0 2-6R", "event 2 pass",
            "go line=6-6,6-2 ends=6,2 hand=0-0,1-2,2-5,3-3,4-6,5-5 counts=6,6,7,6 lacks=-/-/6,2/- "
            "legal=1-2R,2-5R,4-6L time=1000",
            "event 1 4-6L", "event 4 1-1L"])
        self.assertEqual(bot.events, [(3, "6-6"), (0, "2-6R"), (2, "pass"), (1, "4-6L")])
        self.assertEqual(err.count("cannot read"), 1)  # seat 4 does not exist at four seats
        self.assertIn("seat 0 to 3", err)
        (observation,) = bot.observations
        self.assertEqual(observation.events, [(3, "6-6"), (0, "2-6R"), (2, "pass")])
        self.assertEqual(observation.counts, [6, 6, 7, 6])
        self.assertEqual(observation.lacks_by_seat, [[], [], [6, 2], []])
        self.assertEqual((observation.opp, observation.lacks), (7, [6, 2]))  # the next seat, 2

    def test_gameover_with_an_empty_hand(self):
        bot = Recorder()
        run_in_process(bot, ["gameover points=9,0 hands=-/4-5"])
        self.assertEqual(bot.results, [((9, 0), ([], [(4, 5)]))])

    def test_info_and_an_illegal_choice_is_sent_but_reported(self):
        class Chatty(dbp.Bot):
            def choose(self, observation):
                self.info("thinking\nhard")
                return "9-9L"

        out, err = run_in_process(Chatty(), [EXAMPLE_LEAD])
        self.assertEqual(out, ["info thinking hard", "move 9-9L"])
        self.assertIn("'9-9L', not one of the legal moves", err)


class ExampleBotsTest(unittest.TestCase):
    """Each example bot as a subprocess, driven by the scripted runner."""

    def play_example(self, command, newline="\n"):
        """Plays the short example of docs/protocol.md; returns the two moves and the id lines."""
        with ScriptedRunner(command, newline) as runner:
            ids = runner.handshake()
            runner.send(EXAMPLE_NEWGAME, EXAMPLE_HAND)
            lead = runner.go(EXAMPLE_LEAD)
            runner.send(*EXAMPLE_EVENTS)
            second = runner.go(EXAMPLE_SECOND)
            runner.send(EXAMPLE_GAMEOVER, "quit")
            self.assertEqual(runner.exits_within(2.0), 0, runner.stderr_text())
            self.assertIsNone(runner.answer(), "nothing after quit")
        return lead, second, ids

    def test_example_dialogue(self):
        for name, command in ALL_BOTS.items():
            with self.subTest(bot=name):
                _, _, ids = self.play_example(command)
                self.assertTrue(any(line.startswith("id name ") for line in ids), ids)

    def test_crlf_line_endings(self):
        for name, command in ALL_BOTS.items():
            with self.subTest(bot=name):
                self.play_example(command, newline="\r\n")  # answers checked exactly, no \r

    def test_both_end_moves_newgame_twice_and_eof(self):
        for name, command in ALL_BOTS.items():
            with self.subTest(bot=name), ScriptedRunner(command) as runner:
                runner.handshake()
                runner.send(EXAMPLE_NEWGAME, "newgame game=13 seat=1 rules=double=6 seed=5",
                            "hand 0-1,1-4,2-2,4-6,5-5,6-6,0-0", "event 0 1-3", "event 1 3-4R")
                runner.go(BOTH_ENDS)
                runner.process.stdin.close()
                self.assertEqual(runner.exits_within(2.0), 0, runner.stderr_text())

    def test_unknown_message_is_ignored(self):
        for name, command in ALL_BOTS.items():
            with self.subTest(bot=name), ScriptedRunner(command) as runner:
                runner.send("frobnicate 1 2 3")
                runner.handshake()  # still answers dbp 1 and isready as it should
                runner.send("quit")
                self.assertEqual(runner.exits_within(2.0), 0)
                self.assertIn("frobnicate 1 2 3", runner.stderr_text())  # reported on stderr

    def test_firstlegal_plays_the_first_listed_move(self):
        for name in ("firstlegal", "perl"):
            if name not in ALL_BOTS:
                continue
            with self.subTest(bot=name), ScriptedRunner(ALL_BOTS[name]) as runner:
                runner.handshake()
                runner.send(EXAMPLE_NEWGAME, EXAMPLE_HAND)
                self.assertEqual(runner.go(EXAMPLE_LEAD), "0-1")
                self.assertEqual(runner.go(EXAMPLE_SECOND), "0-4L")
                self.assertEqual(runner.go(BOTH_ENDS), "1-4L")

    def test_greedy_plays_the_heaviest_tile_first_listed_on_a_tie(self):
        cases = [
            (EXAMPLE_LEAD, "5-6"),  # pips 1,4,4,8,8,8,11
            (EXAMPLE_SECOND, "0-4L"),  # 4 beats 1
            (BOTH_ENDS, "4-6R"),  # 10 beats 5,5,1
            # one tile on either end: equal weights, the first listed wins
            (go("1-3,3-4", "1,4", "1-4,2-2,2-5", "1-4L,1-4R"), "1-4L"),
            (go("1-3,3-4", "1,4", "1-4,2-2,2-5", "1-4R,1-4L"), "1-4R"),
            # two tiles of 6 pips: the first listed wins, whichever it is
            (go("3-6", "3,6", "0-6,3-3,1-2", "3-3L,0-6R"), "3-3L"),
            (go("3-6", "3,6", "0-6,3-3,1-2", "0-6R,3-3L"), "0-6R"),
        ]
        with ScriptedRunner(PYTHON_BOTS["greedy"]) as runner:
            runner.handshake()
            runner.send(EXAMPLE_NEWGAME, EXAMPLE_HAND)
            for go_line, expected in cases:
                with self.subTest(go=go_line):
                    self.assertEqual(runner.go(go_line), expected)


class ReadmeBotTest(unittest.TestCase):
    def test_the_twenty_line_bot_of_the_readme_plays(self):
        readme = (ROOT / "clients" / "README.md").read_text(encoding="utf-8")
        code = readme.split("```python\n", 1)[1].split("```", 1)[0]
        self.assertLessEqual(len(code.splitlines()), 20)
        with tempfile.TemporaryDirectory() as folder:
            bot_file = Path(folder) / "mybot.py"
            bot_file.write_text(code, encoding="utf-8")
            shutil.copy(ROOT / "clients" / "python" / "dbp.py", folder)
            with ScriptedRunner([sys.executable, bot_file]) as runner:
                self.assertIn("id name mybot", runner.handshake())
                runner.send(EXAMPLE_NEWGAME, EXAMPLE_HAND)
                self.assertEqual(runner.go(EXAMPLE_LEAD), "4-4")  # the heavier of two doubles
                self.assertEqual(runner.go(BOTH_ENDS), "4-6R")  # no double: the heaviest


class RandomBotTest(unittest.TestCase):
    DECISIONS = [EXAMPLE_LEAD, BOTH_ENDS, EXAMPLE_SECOND,
                 go("-", "-", "0-0,1-1,2-2,3-3,4-4,5-5,6-6", "0-0,1-1,2-2,3-3,4-4,5-5,6-6")] * 6

    def moves(self, seeds):
        """Returns, per seed in turn (one process), the bot's moves over DECISIONS."""
        with ScriptedRunner(PYTHON_BOTS["randombot"]) as runner:
            runner.handshake()
            played = []
            for seed in seeds:
                runner.send(f"newgame game=1 seat=0 rules=double=6,hand=7 seed={seed}",
                            EXAMPLE_HAND)
                played.append([runner.go(line) for line in self.DECISIONS])
            return played

    def expected(self, seed):
        """Returns the documented behaviour computed here: Random(seed).choice over legal."""
        rng = random.Random(seed)
        return [rng.choice(legal_of(line)) for line in self.DECISIONS]

    def test_reproducible_from_the_newgame_seed_only(self):
        first, again, other = self.moves([881726, 881726, 12345])
        (fresh,) = self.moves([881726])
        self.assertEqual(first, again)  # same seed, same process: reseeded by newgame
        self.assertEqual(first, fresh)  # same seed, another process
        self.assertNotEqual(first, other)
        self.assertEqual(first, self.expected(881726))
        self.assertEqual(other, self.expected(12345))


if __name__ == "__main__":
    unittest.main()
