"""dbp: write a Block Dominoes bot in Python that speaks DBP 1 (the project's docs/protocol.md).

A bot is a subclass of `Bot` that names itself and answers one question, `choose`: given an
`Observation` (the line, the ends, its hand, what it knows of the opponent and the legal moves),
return one of the legal moves, written exactly as listed. `run()` (or `main(MyBot)`) does the rest:
the handshake, the game messages, flushing every answer, and a clean exit on `quit` or at the end
of input.

    import dbp

    class FirstLegal(dbp.Bot):
        name = "firstlegal"

        def choose(self, observation):
            return observation.legal[0]

    if __name__ == "__main__":
        dbp.main(FirstLegal)

Representation (one choice, used everywhere in this module):
- a tile is a tuple of two ints; in a hand it is low-high, `(3, 5)`; in `Observation.line` it is
  as laid, left value first, so `(5, 1)` is the tile 1-5 with 5 on the left (docs/protocol.md);
- a move is the protocol's string, `"3-5L"`, `"3-5R"`, `"3-5"` (the lead) or `"pass"`: what
  `choose` returns is written to the runner as it is. `parse_move` splits one into tile and side.

Standard output belongs to the protocol: while `run()` runs, `print()` goes to standard error
(which the runner keeps in a log file), and `Bot.info(text)` sends an `info` line. Unknown
messages are reported on standard error and otherwise ignored. Standard library only, Python 3.9+.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, TextIO, Tuple, Type, Union

PROTOCOL_VERSION = "1"

Tile = Tuple[int, int]
RuleValue = Union[int, str]


class ProtocolError(ValueError):
    """A runner message this module cannot read; the text names the bad part."""


# --- notation (docs/rules.md, "Notation") ---------------------------------------------------------


def parse_tile(text: str) -> Tile:
    """Returns the tile `a-b` as the tuple (a, b), in the order written.

    Raises ProtocolError unless `text` is two non-negative integers joined by `-`.
    """
    parts = text.split("-")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise ProtocolError(f"not a tile: {text!r} (expected a-b, e.g. 3-5)")
    return int(parts[0]), int(parts[1])


def parse_list(text: str) -> List[str]:
    """Returns the items of a comma-separated protocol list; `-` is the empty list."""
    return [] if text == "-" else text.split(",")


def parse_tiles(text: str) -> List[Tile]:
    """Returns the tiles of a list such as `0-1,2-6` (empty for `-`), each in the order written."""
    return [parse_tile(item) for item in parse_list(text)]


def parse_ints(text: str) -> List[int]:
    """Returns the integers of a list such as `1,5` (empty for `-`); raises ProtocolError."""
    items = parse_list(text)
    if not all(item.isdigit() for item in items):
        raise ProtocolError(f"not a list of numbers: {text!r}")
    return [int(item) for item in items]


def parse_move(move: str) -> Tuple[Optional[Tile], str]:
    """Returns (tile, side) for a move string: side is "L", "R", "" for the lead, and a pass is
    (None, ""). The tile is low-high. Raises ProtocolError for anything else.

    >>> parse_move("5-3L")
    ((3, 5), 'L')
    """
    if move == "pass":
        return None, ""
    side = move[-1:] if move[-1:] in ("L", "R") else ""
    return low_high(parse_tile(move[: len(move) - len(side)])), side


def low_high(tile: Tile) -> Tile:
    """Returns the tile with its lower value first: (5, 3) -> (3, 5)."""
    return (tile[0], tile[1]) if tile[0] <= tile[1] else (tile[1], tile[0])


def format_tile(tile: Tile) -> str:
    """Returns the tile in protocol notation, low-high: (5, 3) -> "3-5"."""
    low, high = sorted(tile)
    return f"{low}-{high}"


def parse_rules(text: str) -> Dict[str, RuleValue]:
    """Returns the rules spec `double=6,hand=7,scoring=opponent-pips` as a dict; values made of
    digits become ints ({"double": 6, "hand": 7, "scoring": "opponent-pips"}).
    Raises ProtocolError for an item without `=`.
    """
    rules: Dict[str, RuleValue] = {}
    for item in parse_list(text):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ProtocolError(f"not a rules item: {item!r} (expected key=value)")
        rules[key] = int(value) if value.isdigit() else value
    return rules


def parse_fields(words: Sequence[str]) -> Dict[str, str]:
    """Returns the `key=value` words of a message as a dict. The first `=` splits, so a value may
    hold more (`rules=double=6,hand=7`). Raises ProtocolError for a word without `=`.
    """
    fields = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise ProtocolError(f"not a key=value field: {word!r}")
        fields[key] = value
    return fields


def require(fields: Dict[str, str], *keys: str) -> List[str]:
    """Returns the values of `keys` in `fields`; raises ProtocolError naming any that is missing."""
    missing = [key for key in keys if key not in fields]
    if missing:
        raise ProtocolError(f"missing field(s): {', '.join(missing)}")
    return [fields[key] for key in keys]


# --- what a bot is told ----------------------------------------------------------------------


@dataclass
class Game:
    """The game in progress, from `newgame`, `hand` and the `event`s so far.

    id: the runner's game id as written (a string, e.g. "12"); seat: 0 to seats - 1; seats: the
    seats at the table (2, 3 or 4); teams: each seat's team in seat order ([0, 1] for two seats,
    [0, 1, 0, 1] with partners); rules: the parsed variant (see parse_rules); seed: the game's
    seed for the bot's own random choices (an int below 2**64; draw only from it to keep tables
    reproducible); hand: the dealt hand, low-high tiles (empty until `hand` arrives); events:
    (seat, move) for every public event in order, the bot's own moves included.
    """

    id: str = ""
    seat: int = 0
    seats: int = 2
    teams: List[int] = field(default_factory=lambda: [0, 1])
    rules: Dict[str, RuleValue] = field(default_factory=dict)
    seed: int = 0
    hand: List[Tile] = field(default_factory=list)
    events: List[Tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Observation:
    """Everything a bot may know when asked to move (the `go` message plus the game context).

    line: the tiles in line order, each as laid (left value first); empty on the lead.
    ends: (left, right) open values, or None on the lead.
    hand: the bot's tiles, low-high.  opp: the opponent's tile count (with more than two seats:
    the next seat's).  lacks: values the opponent (the next seat) has shown it lacks by passing,
    ascending as the runner sent them.  counts: every seat's tile count, in seat order.
    lacks_by_seat: the values each seat has shown it lacks, in seat order.
    legal: the legal moves as strings (at least two); `choose` returns one of them as written.
    time_ms: milliseconds left for this move.
    seat, seats, teams, game_id, rules, seed, events: as in `Game` (events is a copy).
    """

    line: List[Tile]
    ends: Optional[Tile]
    hand: List[Tile]
    opp: int
    lacks: List[int]
    legal: List[str]
    time_ms: int
    counts: List[int] = field(default_factory=list)
    lacks_by_seat: List[List[int]] = field(default_factory=list)
    seat: int = 0
    seats: int = 2
    teams: List[int] = field(default_factory=lambda: [0, 1])
    game_id: str = ""
    rules: Dict[str, RuleValue] = field(default_factory=dict)
    seed: int = 0
    events: List[Tuple[int, str]] = field(default_factory=list)


def parse_go(words: Sequence[str], game: Game) -> Observation:
    """Returns the Observation of a `go` message (its words after `go`) in the context of `game`.
    Two seats send `opp=` and the opponent's `lacks=`; more seats `counts=` and every seat's
    `lacks=` separated by '/'. Raises ProtocolError when a field is missing or malformed.
    """
    fields = parse_fields(words)
    line, ends, hand, lacks, legal, time_ms = require(
        fields, "line", "ends", "hand", "lacks", "legal", "time"
    )
    if game.seats == 2:
        (opp,) = require(fields, "opp")
        if not opp.isdigit():
            raise ProtocolError(f"opp must be a number, got opp={opp}")
        counts = [0, 0]
        counts[game.seat], counts[1 - game.seat] = len(parse_tiles(hand)), int(opp)
        lacks_by_seat = [[], []]
        lacks_by_seat[1 - game.seat] = parse_ints(lacks)
    else:
        (count_text,) = require(fields, "counts")
        counts = parse_ints(count_text)
        lacks_by_seat = [parse_ints(part) for part in lacks.split("/")]
        if len(counts) != game.seats or len(lacks_by_seat) != game.seats:
            raise ProtocolError(f"counts and lacks must list {game.seats} seats, got "
                                f"counts={count_text} lacks={lacks}")
    if not time_ms.isdigit():
        raise ProtocolError(f"time must be a number, got time={time_ms}")
    end_values = parse_ints(ends)
    if len(end_values) not in (0, 2):
        raise ProtocolError(f"ends must be - or left,right, got {ends!r}")
    following = (game.seat + 1) % game.seats
    return Observation(
        line=parse_tiles(line),
        ends=(end_values[0], end_values[1]) if end_values else None,
        hand=[low_high(tile) for tile in parse_tiles(hand)],
        opp=counts[following],
        lacks=lacks_by_seat[following],
        legal=parse_list(legal),
        time_ms=int(time_ms),
        counts=counts,
        lacks_by_seat=lacks_by_seat,
        seat=game.seat,
        seats=game.seats,
        teams=list(game.teams),
        game_id=game.id,
        rules=dict(game.rules),
        seed=game.seed,
        events=list(game.events),
    )


def parse_newgame(words: Sequence[str]) -> Game:
    """Returns a fresh Game from the words after `newgame` (with more than two seats also
    `seats=` and `teams=`); raises ProtocolError."""
    fields = parse_fields(words)
    game_id, seat, rules, seed = require(fields, "game", "seat", "rules", "seed")
    seats = int(fields.get("seats", "2")) if fields.get("seats", "2").isdigit() else 0
    teams = parse_ints(fields["teams"]) if "teams" in fields else list(range(seats))
    if seats not in (2, 3, 4) or len(teams) != seats:
        raise ProtocolError(f"seats must be 2, 3 or 4 with a team per seat, got seats="
                            f"{fields.get('seats')} teams={fields.get('teams')}")
    if not seat.isdigit() or int(seat) >= seats or not seed.isdigit():
        raise ProtocolError(f"seat must be 0 to {seats - 1} and seed a number, got seat={seat} seed={seed}")
    return Game(id=game_id, seat=int(seat), seats=seats, teams=teams, rules=parse_rules(rules),
                seed=int(seed))


def parse_gameover(words: Sequence[str]) -> Tuple[Tuple[int, ...], Tuple[List[Tile], ...]]:
    """Returns ((points0, ...), (hand0, ...)) from the words after `gameover`: one entry per seat.
    Raises ProtocolError when a field is missing or malformed.
    """
    points, hands = require(parse_fields(words), "points", "hands")
    point_values = parse_ints(points)
    hand_texts = hands.split("/")
    if len(point_values) not in (2, 3, 4) or len(hand_texts) != len(point_values):
        raise ProtocolError(f"expected points=p0,p1,... hands=h0/h1/..., got {' '.join(words)!r}")
    final = tuple([low_high(tile) for tile in parse_tiles(text)] for text in hand_texts)
    return tuple(point_values), final


# --- the bot and its protocol loop -----------------------------------------------------------


class Bot:
    """Base class of a DBP 1 bot: subclass it, set `name` (and `author`), implement `choose`.

    Optional hooks: `new_game(game)` when a game begins (before its hand is known; the hand
    arrives in `self.game.hand` and in every observation), `on_event(seat, move)` for each public
    event, `game_over(points, hands)` when it ends. `self.game` is the Game in progress.
    """

    name: str = "unnamed-python-bot"
    author: str = ""

    def __init__(self) -> None:
        self.game = Game()
        self._out: TextIO = sys.stdout

    # Hooks for subclasses.

    def choose(self, observation: Observation) -> str:
        """Returns the move to play: one of `observation.legal`, written exactly as listed."""
        raise NotImplementedError(f"{type(self).__name__} must implement choose(observation)")

    def new_game(self, game: Game) -> None:
        """Called when a game begins (`newgame`); `game.hand` is still empty. Default: nothing."""

    def on_event(self, seat: int, move: str) -> None:
        """Called for each public event (already appended to `self.game.events`). Default: nothing."""

    def game_over(self, points: Tuple[int, ...], hands: Tuple[List[Tile], ...]) -> None:
        """Called at `gameover` with the points of every seat and every final hand (low-high
        tiles). Default: nothing."""

    # Services for subclasses.

    def info(self, text: str) -> None:
        """Sends `info <text>` to the runner, which logs it (newlines become spaces)."""
        self._send("info " + " ".join(text.splitlines()))

    # The protocol loop.

    def run(self, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> int:
        """Plays DBP 1 on `stdin`/`stdout` (default: the process's) until `quit` or end of input.

        Returns 0 (the exit status). While it runs, `sys.stdout` points at standard error so a
        stray print() cannot corrupt the protocol. Exceptions raised by `choose` or a hook are
        not caught: the bot then exits with a traceback on stderr, and the runner records a crash.
        """
        stdin = stdin if stdin is not None else sys.stdin
        self._out = stdout if stdout is not None else sys.stdout
        self.game = Game()
        saved_stdout, sys.stdout = sys.stdout, sys.stderr
        try:
            for raw in iter(stdin.readline, ""):
                if not self._handle(raw.rstrip("\r\n")):
                    break
        finally:
            sys.stdout = saved_stdout
        return 0

    def _handle(self, line: str) -> bool:
        """Answers one runner line; returns False when the bot should stop (`quit`)."""
        words = line.split()
        if not words:
            return True
        command, args = words[0], words[1:]
        if command == "quit":
            return False
        # Dispatch as the standard library's cmd module does: `go` -> self._on_go.
        handler = getattr(self, f"_on_{command}", None)
        if handler is None:
            warn(f"ignoring unknown message: {line}")
            return True
        try:
            handler(args)
        except ProtocolError as error:
            warn(f"cannot read {line!r}: {error}")
        return True

    def _on_dbp(self, args: List[str]) -> None:
        if args != [PROTOCOL_VERSION]:
            warn(f"runner speaks dbp {' '.join(args)}; this module speaks dbp {PROTOCOL_VERSION}")
        self._send(f"id name {one_line(self.name)}")
        if self.author:
            self._send(f"id author {one_line(self.author)}")
        self._send("dbpok")

    def _on_isready(self, args: List[str]) -> None:
        self._send("readyok")

    def _on_newgame(self, args: List[str]) -> None:
        self.game = parse_newgame(args)
        self.new_game(self.game)

    def _on_hand(self, args: List[str]) -> None:
        if len(args) != 1:
            raise ProtocolError("expected one tile list after hand")
        self.game.hand = [low_high(tile) for tile in parse_tiles(args[0])]

    def _on_event(self, args: List[str]) -> None:
        if len(args) != 2 or not args[0].isdigit() or int(args[0]) >= self.game.seats:
            raise ProtocolError(f"expected event <seat> <move>, seat 0 to {self.game.seats - 1}")
        seat, move = int(args[0]), args[1]
        parse_move(move)  # a malformed move is reported, not recorded
        self.game.events.append((seat, move))
        self.on_event(seat, move)

    def _on_go(self, args: List[str]) -> None:
        observation = parse_go(args, self.game)
        move = self.choose(observation)
        if move not in observation.legal:
            # The runner judges; saying so here makes the log point at the bot's own bug.
            warn(f"choose returned {move!r}, not one of the legal moves {observation.legal}")
        self._send(f"move {move}")

    def _on_gameover(self, args: List[str]) -> None:
        points, hands = parse_gameover(args)
        self.game_over(points, hands)

    def _send(self, line: str) -> None:
        """Writes one protocol line and flushes it, so the runner sees it at once."""
        self._out.write(line + "\n")
        self._out.flush()


def one_line(text: str) -> str:
    """Returns `text` with its whitespace runs turned into single spaces (ids are one line)."""
    return " ".join(str(text).split())


def warn(text: str) -> None:
    """Writes a diagnostic to standard error (the runner's log for this bot)."""
    print(f"dbp: {text}", file=sys.stderr, flush=True)


def main(bot_class: Type[Bot]) -> None:
    """Runs a bot of `bot_class` on this process's standard input and output, then exits.

    Exits 0 on `quit` or end of input; quietly (status 0) if the runner closed the pipe, and with
    status 130 on Ctrl-C, without a traceback in either case.
    """
    try:
        status = bot_class().run()
    except BrokenPipeError:
        # The runner has gone. Point stdout at /dev/null so the flush at interpreter exit does
        # not fail a second time with a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
