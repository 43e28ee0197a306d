#!/usr/bin/env python3
"""Checks that the misbehaving bots in tests/bots/ misbehave exactly as their comments say, so the
runner's tests that use them test what they claim. Driven by tests/python/scripted_runner.py;
standard library only; about 2 s (the sleeps are shortened by the bots' arguments).
"""
import signal
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scripted_runner import (EXAMPLE_EVENTS, EXAMPLE_HAND, EXAMPLE_LEAD,  # noqa: E402
                             EXAMPLE_NEWGAME, EXAMPLE_SECOND, ROOT, ScriptedRunner, legal_of)


def bot(name, *args):
    """Returns the command that starts tests/bots/<name>.py with `args`."""
    return [sys.executable, ROOT / "tests" / "bots" / f"{name}.py", *args]


def start_game(runner):
    """Handshakes and starts the example game."""
    runner.handshake()
    runner.send(EXAMPLE_NEWGAME, EXAMPLE_HAND)


class MisbehavingBotsTest(unittest.TestCase):
    def test_illegal_answers_a_well_formed_move_not_listed(self):
        with ScriptedRunner(bot("illegal")) as runner:
            start_game(runner)
            for go_line in (EXAMPLE_LEAD, EXAMPLE_SECOND):
                runner.send(go_line)
                verb, move = runner.answer().split(" ")
                self.assertEqual(verb, "move")
                self.assertNotIn(move, legal_of(go_line))
                self.assertRegex(move, r"^(\d+-\d+[LR]?|pass)$")

    def test_illegal_after_n_legal_moves(self):
        with ScriptedRunner(bot("illegal", "--after", "1")) as runner:
            start_game(runner)
            runner.go(EXAMPLE_LEAD)
            runner.send(EXAMPLE_SECOND)
            self.assertNotIn(runner.answer().split(" ")[1], legal_of(EXAMPLE_SECOND))

    def test_sleeper_answers_n_moves_then_sleeps(self):
        with ScriptedRunner(bot("sleeper", "--after", "1", "--seconds", "5")) as runner:
            start_game(runner)
            runner.go(EXAMPLE_LEAD, seconds=1.0)
            runner.send(EXAMPLE_SECOND)
            self.assertTrue(runner.silent_for(0.6))

    def test_crasher_exits_mid_game(self):
        with ScriptedRunner(bot("crasher", "--after", "1")) as runner:
            start_game(runner)
            runner.go(EXAMPLE_LEAD)
            runner.send(EXAMPLE_SECOND)
            self.assertEqual(runner.exits_within(2.0), 3)
            self.assertIsNone(runner.answer(), "no answer to the go it crashed on")

    def test_garbage_answers_its_line(self):
        for answer in ("hello world", "move"):
            with self.subTest(answer=answer), ScriptedRunner(bot("garbage", "--answer", answer)) \
                    as runner:
                start_game(runner)
                runner.send(EXAMPLE_LEAD)
                self.assertEqual(runner.answer(), answer)

    def test_mute_never_answers_and_exits_at_eof(self):
        with ScriptedRunner(bot("mute")) as runner:
            runner.send("dbp 1", "isready")
            self.assertTrue(runner.silent_for(0.4))
            runner.process.stdin.close()
            self.assertEqual(runner.exits_within(2.0), 0)

    def test_noisy_is_a_legal_bot_among_its_noise(self):
        with ScriptedRunner(bot("noisy")) as runner:
            start_game(runner)  # the scripted runner skips empty, '#' and 'info ' lines
            runner.go(EXAMPLE_LEAD)
            runner.send(*EXAMPLE_EVENTS)
            runner.go(EXAMPLE_SECOND)
            runner.send("quit")
            self.assertEqual(runner.exits_within(2.0), 0)
            self.assertIn("noisy: stderr", runner.stderr_text())

    def test_slowstart_delays_dbpok(self):
        with ScriptedRunner(bot("slowstart", "--seconds", "0.5")) as runner:
            runner.send("dbp 1")
            self.assertTrue(runner.silent_for(0.3))
            runner.send("isready")
            self.assertEqual([runner.answer() for _ in range(3)],
                             ["id name slowstart", "dbpok", "readyok"])

    def test_stubborn_ignores_quit_sigterm_and_eof(self):
        with ScriptedRunner(bot("stubborn", "--linger", "5")) as runner:
            start_game(runner)
            runner.go(EXAMPLE_LEAD)
            runner.send("quit")
            runner.process.stdin.close()
            self.assertIsNone(runner.exits_within(0.4))
            runner.process.send_signal(signal.SIGTERM)
            self.assertIsNone(runner.exits_within(0.3))
            runner.process.kill()
            self.assertEqual(runner.exits_within(2.0), -signal.SIGKILL)


if __name__ == "__main__":
    unittest.main()
