#!/usr/bin/env python3
"""garbage: handshakes fine, then answers every `go` with the line --answer (default
`hello world`). Other garbage to try: `move` (an empty move), `move 0-1 extra`, `MOVE 0-1`."""
import argparse

from botlib import serve

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--answer", default="hello world", help="the line sent for every go")
args = parser.parse_args()

serve(lambda line, count: args.answer, name="garbage")
