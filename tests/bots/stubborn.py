#!/usr/bin/env python3
"""stubborn: plays the first legal move, but ignores `quit`, SIGTERM and the end of its input:
it stays alive until killed (SIGKILL), or at most --linger S seconds (default 60) after its
input ends, so a runner that forgets it does not leave it behind for ever."""
import argparse
import signal
import time

from botlib import legal_moves, serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--linger", type=float, default=60.0, help="seconds alive after EOF")
args = parser.parse_args()

signal.signal(signal.SIGTERM, signal.SIG_IGN)
serve(lambda line, count: "move " + legal_moves(line)[0], name="stubborn", stop_on_quit=False)
time.sleep(args.linger)
