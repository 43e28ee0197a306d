"""A second, minimal implementation of Block Dominoes for 2, 3 and 4 seats that checks game records.

Written from the documents alone, not from the engine: docs/rules.md ("The default game", "Moves",
"The end of a game and the score", "Matches", "Three and four seats", "Forfeits") and
docs/formats.md ("Game records (`--games-out`)"). Each rule below names the section it comes from.

    check_record(record)   -> the problems of one parsed record (a dict); [] when it is a legal,
                              correctly scored game
    check_records(records) -> the problems of a whole file, in order: each record's, plus what
                              needs several records (the leader of a match's later games, match
                              totals against the target, equal deals for equal deal numbers)

Each problem is one line that starts with what is wrong ("illegal move: ...", "points: ...").
Where the documents are silent or can be read two ways, the checker takes one reading, listed in
READINGS; a problem that rests on a reading ends with "[reading Rn]" so that it can be settled by
changing the documents or the reading. Standard library only (Debian's /usr/bin/python3).
"""
import json

# The readings taken where docs/rules.md or docs/formats.md leave a point open (quoted).
READINGS = {
    "R1": 'rules.md, Three and four seats: "`alternate`: seat `(d + g) mod S` leads game `g` of '
          'deal `d`". Read with Variant parameters ("`g` = 0 outside a match"): g is the game '
          'within the match (`match_game`, 0 for single games), not the record\'s seating '
          'number `game`, so every seating of a deal has the same leader.',
    "R2": 'rules.md: "`partners` (4 seats only)"; formats.md: "`rules` adds `seats`, `partners`, '
          '`block` and `next-leader`". Read: a three-seat record carries "partners": false.',
    "R3": 'rules.md: "`losers-pips` (default; the same rule as `opponent-pips`, both names are '
          'taken)". Read: a record may spell either name, at any seat count.',
    "R4": 'formats.md: "Two-seat records have no `teams` member and no seat-count rules keys"; yet '
          'rules.md calls next-leader `same` "the two-seat default", as if two seats could take '
          'another. Read: a two-seat record plays next-leader `same` and carries none of those keys.',
    "R5": 'rules.md, next-leader `winner`, is silent on the game after a forfeit. Read: not '
          'checkable; such a record is reported.',
    "R6": 'Which seat may forfeit (rules.md, Forfeits; protocol.md, Time limits and failures). '
          'Read: after the first move, `illegal` and `timeout` come from the seat to move, which '
          'had two or more legal moves (only then is it asked: rules.md, Moves, "Forced moves are '
          'played for the player"); a `crash`, or any forfeit before the first move, from any seat.',
    "R7": 'formats.md: records come "in deal order: for each pairing in turn, each deal\'s '
          'games". Read: the games of one match come one after another, in match_game order.',
    "R8": 'rules.md, next-leader `winner`: "the first in turn order from the previous leader on a '
          'tie of pips". Read: counting from the previous leader itself.',
    "R9": 'rules.md, "How a tournament deals": with three seats six seatings (line-ups A B A and '
          'B A B, each turned by 0, 1 and 2 seats), otherwise two. Read: `game` is 0..5 with three '
          'seats, 0 or 1 otherwise.',
    "R10": 'formats.md: "game numbers the seatings of a deal"; rules.md: "Deal `i` of an experiment '
           '... is a pure function of the experiment\'s seed and `i`". Read: the hands stay with '
           'the seats in every seating (as with two seats), so records of one file with the same '
           'rules, deal and match_game hold the same hands, and in a match\'s first game (or a '
           'single game) the same leader.',
    "R11": 'rules.md, Forfeits, cut-throat: "the game is scored as a blocked game among the seats '
           'of the other players ... a tie goes to the first of them in turn order from the '
           'leader". Read: the scoring rule then applies as in a blocked game, every seat of the '
           'forfeiting player among the losers.',
}

SEED_RULES = {"double": 6, "hand-size": 7, "scoring": "opponent-pips", "leader": "random",
              "target": 0}  # formats.md: a record without `rules` has the seed's rules
SEAT_KEYS = ("seats", "partners", "block", "next-leader")
SCORINGS = {"opponent-pips": "losers-pips", "losers-pips": "losers-pips",  # one rule, two names
            "pip-difference": "pip-difference", "all-pips": "all-pips"}
LEADERS = ("random", "heaviest-double", "alternate")
NEXT_LEADERS = ("same", "alternate", "winner", "heaviest-double")
BLOCKS = ("team", "lowest-seat")
FORFEITS = ("illegal", "timeout", "crash")


class Unreadable(Exception):
    """The record cannot be read far enough to check the rules."""


# --- tiles (rules.md, The default game; Notation) -----------------------------------------------

def parse_tile(text, double):
    """(low, high) of a tile written `a-b`, low-high, within double-N; Unreadable otherwise."""
    parts = text.split("-") if isinstance(text, str) else []
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise Unreadable(f"'{text}' is not a tile a-b")
    low, high = int(parts[0]), int(parts[1])
    if low > high or high > double:
        raise Unreadable(f"tile '{text}' is not written low-high within double-{double}")
    return low, high


def pips(tiles):
    return sum(a + b for a, b in tiles)


def heaviness(tile):
    """Order of tiles for the lead (rules.md, Leader rules): most pips, then the larger high value."""
    return tile[0] + tile[1], tile[1]


def name(tile):
    return f"{tile[0]}-{tile[1]}"


# --- the rules of a record (formats.md, Game records; rules.md, Three and four seats) ------------

class Rules:
    """The rules a record was played under, with the defaults the documents give."""

    def __init__(self, record, problems):
        given = record.get("rules", SEED_RULES)
        self.seats = len(record["players"])
        if given.get("seats", 2) != self.seats:
            problems.append(f"seats: rules say {given.get('seats', 2)} seats, `players` has {self.seats}")
        if self.seats not in (2, 3, 4):
            raise Unreadable(f"{self.seats} seats (2, 3 or 4 are valid)")
        self.double, self.hand_size = given["double"], given["hand-size"]
        self.target = given["target"]
        self.scoring = SCORINGS.get(given["scoring"])
        self.leader = given["leader"]
        if self.scoring is None or self.leader not in LEADERS:
            raise Unreadable(f"unknown scoring or leader in {given}")
        if self.seats == 2:
            self._two_seat_keys(record, given, problems)
        else:
            self._more_seat_keys(given, problems)

    def _two_seat_keys(self, record, given, problems):
        extra = [k for k in SEAT_KEYS if k in given] + (["teams"] if "teams" in record else [])
        if extra:
            problems.append(f"rules: a two-seat record carries {extra} [reading R4]")
        self.partners, self.block, self.next_leader = False, "team", "same"

    def _more_seat_keys(self, given, problems):
        missing = [k for k in SEAT_KEYS if k not in given]
        if missing:
            raise Unreadable(f"a {self.seats}-seat record without rules keys {missing}")
        self.partners, self.block, self.next_leader = (given["partners"], given["block"],
                                                       given["next-leader"])
        if self.block not in BLOCKS or self.next_leader not in NEXT_LEADERS:
            raise Unreadable(f"unknown block or next-leader in {given}")
        if self.partners and self.seats != 4:
            problems.append(f"rules: partners with {self.seats} seats (4 seats only) [reading R2]")

    def teams(self):
        """Each seat's team: seats 0 and 2 against 1 and 3 with partners, else one seat each."""
        return [s % 2 for s in range(4)] if self.partners else list(range(self.seats))


# --- the deal (rules.md, Three and four seats, The deal) ---------------------------------------

def read_hands(record, rules, problems):
    """The dealt hands as lists of tiles; reports hands of the wrong size, overlapping or unsorted."""
    if len(record["hands"]) != rules.seats:
        raise Unreadable(f"{len(record['hands'])} hands for {rules.seats} seats")
    hands = [[parse_tile(t, rules.double) for t in hand] for hand in record["hands"]]
    all_tiles = [t for hand in hands for t in hand]
    set_size = (rules.double + 1) * (rules.double + 2) // 2
    if rules.seats * rules.hand_size > set_size:
        problems.append(f"hands: {rules.seats} x {rules.hand_size} tiles exceed the {set_size} of the set")
    if len(set(all_tiles)) != len(all_tiles):
        problems.append("hands: a tile is dealt twice")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            problems.append(f"hands: seat {seat} holds {len(hand)} tiles, hand-size is {rules.hand_size}")
        if hand != sorted(hand):  # formats.md: "sorted by low then high value"
            problems.append(f"hands: seat {seat}'s hand is not sorted by low then high value")
    return hands


def heaviest_double_lead(hands):
    """(seat, tile) under `heaviest-double`: the highest double dealt, else the heaviest tile."""
    dealt = [(tile, seat) for seat, hand in enumerate(hands) for tile in hand]
    doubles = [(tile, seat) for tile, seat in dealt if tile[0] == tile[1]]
    tile, seat = max(doubles or dealt, key=lambda ts: heaviness(ts[0]))
    return seat, tile


# --- the play (rules.md, Moves; The end of a game; Three and four seats, The end of a hand) -----

def fits(tile, value):
    return value in tile


def legal_moves(hand, line):
    """Every legal move of a hand on a line (left, right): (tile, 'L' or 'R'). With equal ends a
    fitting tile gives the left move only (rules.md, Moves, Both ends)."""
    left, right = line
    moves = [(t, "L") for t in hand if fits(t, left)]
    if right != left:
        moves += [(t, "R") for t in hand if fits(t, right)]
    return moves


def can_play(hand, line):
    return any(fits(t, line[0]) or fits(t, line[1]) for t in hand)


def is_blocked(held, line, to_move):
    """Blocked: "the seat to move cannot play and no other seat can either" (no pass recorded)."""
    return not can_play(held[to_move], line) and \
        not any(can_play(hand, line) for seat, hand in enumerate(held) if seat != to_move)


def lay(tile, end, line):
    """The line after `tile` on `end`: the tile's other value becomes that end's value."""
    left, right = line
    if end == "L":
        return (tile[0] + tile[1] - left, right)
    return (left, tile[0] + tile[1] - right)


class Outcome:
    """How the play ended: 'domino' (out = the seat that went out), 'blocked', 'forfeit' or None
    (moves stop early without a forfeit), and the hands left."""

    def __init__(self, how, out, held, next_seat, line):
        self.how, self.out, self.held, self.next_seat, self.line = how, out, held, next_seat, line


def replay(record, rules, hands, problems):
    """Plays the record's moves from the deal; reports the first illegal one and stops there
    (returns None), else returns the Outcome."""
    held = [list(hand) for hand in hands]
    seat, line, ended = record["leader"], None, None
    for i, move in enumerate(record["moves"]):
        where = f"move {i}"
        if ended:
            problems.append(f"end: {where} comes after the game ended ({ended})")
            return None
        if move.get("seat") != seat:
            problems.append(f"turn order: {where} is seat {move.get('seat')}'s, seat {seat} is to move")
            return None
        problem = play_one(move, held[seat], line, rules)
        if problem:
            problems.append(f"{problem} ({where}, seat {seat})")
            return None
        if "tile" in move:
            tile = parse_tile(move["tile"], rules.double)
            held[seat].remove(tile)
            line = tile if line is None else lay(tile, move["end"], line)
        if not held[seat]:  # Domino: the seat to move plays its last tile; the game ends at once
            ended = f"domino by seat {seat} at move {i}"
            continue
        seat = (seat + 1) % rules.seats  # seats play in turn; a pass is a turn
        if is_blocked(held, line, seat):
            ended = f"blocked after move {i}"
    how = "forfeit" if "forfeit" in record else None
    if ended:
        how = "domino" if ended.startswith("domino") else "blocked"
        if "forfeit" in record:
            problems.append(f"forfeit: recorded after the game ended ({ended})")
    elif "forfeit" not in record:
        problems.append(f"end: the moves stop before the game ended (seat {seat} to move)")
    return Outcome(how, seat if how == "domino" else None, held, seat, line)


def play_one(move, hand, line, rules):
    """Why one move is not legal for a seat holding `hand` on `line` (None at the start), or None."""
    if move.get("pass") is True:
        if line is None:
            return "illegal pass: the leader must lead"
        if can_play(hand, line):  # Moves, Must play
            return f"illegal pass: the seat holds a tile that fits {line[0]} or {line[1]}"
        return None
    if "tile" not in move:
        return "illegal move: neither a tile nor a pass"
    tile = parse_tile(move["tile"], rules.double)
    if tile not in hand:
        return f"illegal move: {name(tile)} is not in the seat's hand"
    if line is None:
        return "illegal move: the lead has no end" if "end" in move else None
    end = move.get("end")
    if end not in ("L", "R"):
        return f"illegal move: {name(tile)} without an end L or R"
    if (tile, end) not in legal_moves(hand, line):
        if line[0] == line[1] and end == "R" and fits(tile, line[0]):
            return f"illegal move: {name(tile)}R on equal ends {line[0]} (the left move only)"
        return f"illegal move: {name(tile)}{end} does not fit the line {line[0]} ... {line[1]}"
    return None


# --- the score (rules.md, The end of a game and the score; Three and four seats; Forfeits) ------

def winning_team(rules, teams, outcome, left):
    """The winning team, or None when nobody wins. `left` = each seat's pips at the end."""
    if rules.seats == 2:
        # The default game: the fewer pips win (also after a domino), equal pips a draw.
        return None if left[0] == left[1] else (0 if left[0] < left[1] else 1)
    if outcome.how == "domino":  # the team of the seat that went out, whatever the others hold
        return teams[outcome.out]
    if rules.block == "lowest-seat":
        fewest = min(left)
        winners = {teams[s] for s in range(rules.seats) if left[s] == fewest}
        return winners.pop() if len(winners) == 1 else None
    return team_with_fewest(teams, left, range(rules.seats))


def team_with_fewest(teams, left, seats):
    """The team with the fewest pips summed over its seats among `seats`; None on a tie."""
    totals = {}
    for s in seats:
        totals[teams[s]] = totals.get(teams[s], 0) + left[s]
    fewest = min(totals.values())
    best = [team for team, total in totals.items() if total == fewest]
    return best[0] if len(best) == 1 else None


def team_score(scoring, winners_pips, losers_pips):
    """What the winning team scores (rules.md: the scoring table of each section)."""
    if scoring == "losers-pips":
        return losers_pips
    if scoring == "pip-difference":
        return max(losers_pips - winners_pips, 0)  # "or 0 if that is negative"
    return winners_pips + losers_pips  # all-pips


def forfeit_result(rules, teams, seat, left, sides, leader):
    """(winning team or None, its score) after `seat` forfeits (rules.md, Forfeits). `sides`: the
    seats each player holds (a record's "sides", each seat its own without one)."""
    if rules.seats == 2:  # the opponent scores the forfeiting hand's pips, under every rule
        return 1 - seat, left[seat]
    if rules.partners:  # the other team, as if it had gone out: the forfeiting team's pips
        return 1 - teams[seat], sum(left[s] for s in range(4) if teams[s] == teams[seat])
    # Cut-throat: a block among the other players' seats, a tie to the first from the leader.
    order = [(leader + k) % rules.seats for k in range(rules.seats)]
    others = [s for s in order if sides[s] != sides[seat]]
    fewest = min(left[s] for s in others)
    return teams[next(s for s in others if left[s] == fewest)], None


def expected_points(rules, teams, outcome, left, forfeit_seat, sides, leader):
    """Each seat's points: the winning team's score on each of its seats, 0 elsewhere."""
    if outcome.how == "forfeit":
        winner, score = forfeit_result(rules, teams, forfeit_seat, left, sides, leader)
    else:
        winner, score = winning_team(rules, teams, outcome, left), None
    if winner is None:
        return [0] * rules.seats
    if score is None:
        ours = sum(left[s] for s in range(rules.seats) if teams[s] == winner)
        score = team_score(rules.scoring, ours, sum(left) - ours)
    return [score if teams[s] == winner else 0 for s in range(rules.seats)]


def check_points(record, rules, teams, outcome, problems):
    left = [pips(h) for h in outcome.held]
    if record["pips"] != left:
        problems.append(f"pips: the record says {record['pips']}, the hands left hold {left}")
    want = expected_points(rules, teams, outcome, left, record.get("forfeit_seat"),
                           record.get("sides", list(range(rules.seats))), record["leader"])
    got = record["points"]
    if got == want:
        return
    credited = {s for s, p in enumerate(got) if p}
    due = {s for s, p in enumerate(want) if p}
    what = "winner" if credited != due else "points"
    reading = " [reading R11]" if outcome.how == "forfeit" and rules.seats > 2 and not rules.partners else ""
    problems.append(f"{what}: the record gives {got}, the rules give {want} ({outcome.how}, "
                    f"scoring {rules.scoring}, block {rules.block}, pips {left}){reading}")


def check_forfeit_members(record, rules):
    """`forfeit` (a reason) and `forfeit_seat` (a seat) come together (formats.md)."""
    if ("forfeit" in record) != ("forfeit_seat" in record):
        raise Unreadable("forfeit: `forfeit` and `forfeit_seat` come together")
    if "forfeit" in record and (record["forfeit"] not in FORFEITS
                                or record["forfeit_seat"] not in range(rules.seats)):
        raise Unreadable(f"forfeit: reason {record['forfeit']!r} or seat "
                         f"{record['forfeit_seat']!r} is not valid")


def check_forfeit_seat(record, outcome, problems):
    """[reading R6] After the first move, `illegal` and `timeout` come from the seat that was asked
    to move: the seat to move, with two or more legal moves."""
    if outcome.how != "forfeit" or not record["moves"] or record["forfeit"] == "crash":
        return
    seat, to_move = record["forfeit_seat"], outcome.next_seat
    choices = len(legal_moves(outcome.held[to_move], outcome.line))
    if seat != to_move or choices < 2:
        problems.append(f"forfeit: seat {seat} forfeits by {record['forfeit']} but was not asked "
                        f"to move (seat {to_move} is to move, with {choices} legal moves) [reading R6]")


# --- the leader (rules.md, Leader rules; Three and four seats, The lead) -----------------------

def check_rule_leader(record, rules, rule, hands, problems):
    """The leader under a leader rule (`leader`, or next-leader `same`/`heaviest-double`)."""
    seat = record["leader"]
    if rule == "heaviest-double":
        want, tile = heaviest_double_lead(hands)
        if seat != want:
            problems.append(f"leader: seat {seat} led, heaviest-double gives seat {want} ({name(tile)})")
        elif rules.seats > 2 and record["moves"] and record["moves"][0].get("tile") != name(tile):
            problems.append(f"leader: with {rules.seats} seats the lead must be {name(tile)}, "
                            f"not {record['moves'][0].get('tile', 'a pass')}")
    elif rule == "alternate":
        want = (record["deal"] + record.get("match_game", 0)) % rules.seats
        if seat != want:
            problems.append(f"leader: seat {seat} led, alternate gives seat {want} [reading R1]")


def check_first_leader(record, rules, hands, problems):
    """The leader of a single game or a match's first game; later games need the previous one
    unless next-leader is `same` or `heaviest-double`, which the hands alone decide."""
    if record["leader"] not in range(rules.seats):
        problems.append(f"leader: {record['leader']} is not a seat")
    elif record.get("match_game", 0) == 0:
        check_rule_leader(record, rules, rules.leader, hands, problems)
    elif rules.next_leader == "same":
        check_rule_leader(record, rules, rules.leader, hands, problems)
    elif rules.next_leader == "heaviest-double":
        check_rule_leader(record, rules, "heaviest-double", hands, problems)


def next_leader(rules, teams, previous, outcome):
    """(seat, reading) for the game after `previous` under next-leader `alternate` or `winner`:
    the seat that leads, None when the documents do not say [reading R5]; reading "R8" when a tie
    of pips in the winning team decided it."""
    after = (previous["leader"] + 1) % rules.seats
    if rules.next_leader == "alternate":
        return after, ""
    if outcome.how == "forfeit":
        return None, "R5"
    if outcome.how == "domino" and rules.seats > 2:
        return outcome.out, ""
    left = [pips(h) for h in outcome.held]
    winner = winning_team(rules, teams, outcome, left)
    if winner is None:
        return after, ""  # nobody won: the seat after the previous leader
    in_turn = [(previous["leader"] + k) % rules.seats for k in range(rules.seats)]
    seats = [s for s in in_turn if teams[s] == winner]
    fewest = min(left[s] for s in seats)
    tied = [s for s in seats if left[s] == fewest]
    return tied[0], "R8" if len(tied) > 1 else ""  # the first in turn order on a tie [R8]


# --- one record ------------------------------------------------------------------------------

def check_game_number(record, rules, problems):
    seatings = 6 if rules.seats == 3 else 2
    if record["game"] not in range(seatings):
        problems.append(f"game: {record['game']} is not a seating of this table (0..{seatings - 1}) "
                        "[reading R9]")
    if (rules.target > 0) != ("match_game" in record):
        problems.append(f"match: `match_game` must be present exactly when target > 0 "
                        f"(target {rules.target})")


def check_teams(record, rules, problems):
    """formats.md: `teams` lists each seat's team, with more than two seats."""
    if rules.seats > 2 and record.get("teams") != rules.teams():
        problems.append(f"teams: the record says {record.get('teams')}, the rules give {rules.teams()}")


def check_record(record):
    """The problems of one record; [] when it is a legal, correctly scored game."""
    return replay_record(record)[0]


def replay_record(record):
    """(problems, rules, outcome) of one record; rules and outcome are None where unreadable."""
    problems = []
    try:
        rules = Rules(record, problems)
        for key in ("hands", "pips", "points"):
            if len(record[key]) != rules.seats:
                raise Unreadable(f"`{key}` has {len(record[key])} entries for {rules.seats} seats")
        check_game_number(record, rules, problems)
        check_teams(record, rules, problems)
        hands = read_hands(record, rules, problems)
        check_first_leader(record, rules, hands, problems)
        check_forfeit_members(record, rules)
        outcome = replay(record, rules, hands, problems)
        if outcome is not None and outcome.how is not None:
            check_forfeit_seat(record, outcome, problems)
            check_points(record, rules, rules.teams(), outcome, problems)
        return problems, rules, outcome
    except Unreadable as error:
        return problems + [f"format: {error}"], None, None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return problems + [f"format: cannot read the record ({type(error).__name__}: {error})"], None, None


# --- a whole file ------------------------------------------------------------------------------

def match_over(total, target, seats):
    """Matches: two seats play until a total exceeds T, more seats until a total reaches T."""
    return total > target if seats == 2 else total >= target


class Match:
    """A match in progress across consecutive records [reading R7]."""

    def __init__(self, record, rules):
        self.key = (record["deal"], record["game"], tuple(record["players"]))
        self.rules, self.totals, self.games, self.over = rules, {}, 0, False
        self.previous, self.outcome = None, None

    def add(self, record, outcome):
        """Adds the game's team scores (partners share one total) and notes whether it is over."""
        teams = self.rules.teams()
        for team in set(teams):
            scored = max(record["points"][s] for s in range(len(teams)) if teams[s] == team)
            self.totals[team] = self.totals.get(team, 0) + scored
        self.games += 1
        self.over = any(match_over(t, self.rules.target, self.rules.seats) for t in self.totals.values())
        self.previous, self.outcome = record, outcome


def check_match_step(match, record, rules, outcome, problems):
    """A record of a match: it continues the open match (or starts one), and its leader follows
    next-leader. Returns the match it belongs to."""
    if record["match_game"] == 0:
        if match is not None and not match.over:
            problems.append(f"match: a new match starts while the last one's totals {match.totals} "
                            f"are below the target {match.rules.target}")
        match = Match(record, rules)
    elif match is None or match.key != (record["deal"], record["game"], tuple(record["players"])) \
            or match.games != record["match_game"]:
        problems.append("match: this game does not follow the previous game of its match [reading R7]")
        return None
    elif match.over:
        problems.append(f"match: game {record['match_game']} is played after a total reached the "
                        f"target ({match.totals}, target {rules.target})")
    elif rules.next_leader in ("alternate", "winner") and match.outcome is not None:
        want, reading = next_leader(rules, rules.teams(), match.previous, match.outcome)
        if want is None:
            problems.append("leader: next-leader winner after a forfeit is not documented [reading R5]")
        elif record["leader"] != want:
            problems.append(f"leader: seat {record['leader']} led, next-leader {rules.next_leader} "
                            f"gives seat {want}" + (f" [reading {reading}]" if reading else ""))
    match.add(record, outcome)
    return match


def check_same_deals(records):
    """[reading R10] Equal rules, deal and match game: equal hands (and the same first leader)."""
    problems, seen = [], {}
    for i, record in enumerate(records):
        if not isinstance(record, dict) or "hands" not in record:
            continue
        game = record.get("match_game", 0)
        key = (json.dumps(record.get("rules"), sort_keys=True), record.get("deal"), game)
        deal = (record["hands"], record.get("leader") if game == 0 else None)
        first = seen.setdefault(key, (i, deal))
        if first[1] != deal:
            problems.append(f"record {i}: deal: hands or leader differ from record {first[0]} of the "
                            "same deal number [reading R10]")
    return problems


def check_records(records):
    """The problems of a file of records (in file order), each named by its record's index."""
    problems, match = [], None
    for i, record in enumerate(records):
        found, rules, outcome = replay_record(record)
        if rules is not None and rules.target > 0 and "match_game" in record:
            match = check_match_step(match, record, rules, outcome, found)
        where = f"record {i} (deal {record.get('deal')}, game {record.get('game')}" + \
                (f", match_game {record['match_game']})" if "match_game" in record else ")")
        problems += [f"{where}: {p}" for p in found]
    if match is not None and not match.over:
        problems.append(f"match: the file ends inside a match (totals {match.totals}, target "
                        f"{match.rules.target})")
    return problems + check_same_deals(records)
