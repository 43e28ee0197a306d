#!/usr/bin/env python3
"""daemon: a legal bot (first legal move) that starts a child at startup (`sleep --seconds`, its
pipes closed, in the bot's process group, or with --setsid in a session of its own, out of the
group's reach) and leaves it running when it quits with status 0. A bot must end what it
starts: check-bot says so, and the runner kills what is left in the group."""
import argparse
import subprocess

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--seconds", default="600", help="the child's sleep (a tag to find it by)")
parser.add_argument("--setsid", action="store_true", help="start the child in a new session")
args = parser.parse_args()

subprocess.Popen(["sleep", args.seconds], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                 stderr=subprocess.DEVNULL, start_new_session=args.setsid)
serve(lambda line, count: "move " + legal_moves(line)[0], name="daemon")
