#!/usr/bin/env python3
"""openspiel_bot: a DBP 1 bot (docs/protocol.md) that seats an OpenSpiel bot on the game
"dominoes" (dominoes.openspiel, played by the C++ engine).

Algorithms (--algorithm):
  ismcts  OpenSpiel's IS-MCTS (information-set Monte Carlo tree search; the default): one tree
          over the seat's information sets, each simulation on a world (the hidden hands) drawn
          uniformly among those consistent with what the seat knows, random rollouts;
  mcts    OpenSpiel's MCTS with random rollouts on one such world per decision (a
          determinization: it searches that world as if every hand were open);
  cfr     the average policy of OpenSpiel's CFR+ on a small variant (--cfr-double,
          --cfr-hand-size), solved at start-up; a game of any other variant is played by ismcts.

It needs pyspiel (open-spiel) and the dominoes package, so run it with the venv's python and the
build's package on the path, e.g. from the repository:

    build/bin/dominoes check-bot 'env PYTHONPATH=build/python build/venv/bin/python \\
        clients/python/openspiel_bot.py --simulations 100'

Random choices draw only from each game's seed (newgame), so a game replays the same way.
The bot does not know the leader rule (the runner does not send it): its worlds may give any
seat any tile, whoever led.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dbp  # noqa: E402 (beside this file)

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import cfr, ismcts, mcts
except ImportError as error:
    sys.exit(f"openspiel_bot: cannot import {error.name}: run it with the venv's python "
             "(build/venv/bin/python; scripts/python-env makes the venv)")
try:
    import dominoes
    import dominoes.openspiel as dos
except ImportError:
    sys.exit("openspiel_bot: cannot import dominoes: put the build's package on the path "
             "(PYTHONPATH=build/python)")


def bounded(kind, low, high):
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number: valid {low}..{high}")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range: valid {low}..{high}")
        return value
    return parse


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="openspiel_bot.py",
        description="A DBP 1 dominoes bot playing an OpenSpiel algorithm on the game "
                    "\"dominoes\". Run it with the venv's python and PYTHONPATH=build/python.")
    parser.add_argument("--algorithm", choices=["ismcts", "mcts", "cfr"], default="ismcts",
                        help="ismcts (default): IS-MCTS with uniform worlds; mcts: MCTS on one "
                             "world per decision; cfr: CFR+ average policy of a small variant")
    parser.add_argument("--simulations", type=bounded(int, 1, 1000000), default=200,
                        help="ismcts and mcts: simulations per decision (default 200)")
    parser.add_argument("--uct-c", type=bounded(float, 0.0, 1000.0), default=10.0,
                        help="ismcts and mcts: the UCT exploration constant, in points "
                             "(default 10)")
    parser.add_argument("--cfr-double", type=bounded(int, 2, 3), default=2,
                        help="cfr: the variant's set, double-N (2 or 3; default 2)")
    parser.add_argument("--cfr-hand-size", type=bounded(int, 1, 3), default=2,
                        help="cfr: tiles per hand of the variant (default 2)")
    parser.add_argument("--cfr-iterations", type=bounded(int, 1, 10000), default=10,
                        help="cfr: CFR+ iterations at start-up (default 10: about 2 s)")
    args = parser.parse_args(argv)
    if args.algorithm == "cfr":
        try:
            dominoes.Rules(double=args.cfr_double, hand_size=args.cfr_hand_size)
        except ValueError as error:
            parser.error(f"--cfr-hand-size: {error}")
    return args


def game_params(rules, seats):
    """The OpenSpiel parameters of a newgame's rules (double=6,hand=7,...), the leader drawn by
    the game's chance node so that any seat may lead."""
    params = {"double": int(rules.get("double", 6)), "hand_size": int(rules.get("hand", 7)),
              "scoring": str(rules.get("scoring", "opponent-pips")), "seats": seats,
              "leader": "random", "target": 0}
    if seats == 4:
        params["partners"] = str(rules.get("partners", "true")) == "true"
    if seats > 2 and "block" in rules:
        params["block"] = str(rules["block"])
    return params


def placeholder_hands(own, seat, seats, played, unseen, counts, lacks):
    """Returns a hand per seat that replays the game: the bot's own, and for every other seat
    its played tiles plus as many unseen tiles as it holds, none carrying a value it lacks (a
    bipartite matching of its places to tiles, so that one always exists in a real game)."""
    places = [s for s in range(seats) if s != seat for _ in range(counts[s])]
    allowed = [[t for t in unseen if not set(map(int, t.split("-"))) & set(lacks[s])]
               for s in places]
    holder = {}  # tile -> place

    def place(p, seen):
        for tile in allowed[p]:
            if tile not in seen:
                seen.add(tile)
                if tile not in holder or place(holder[tile], seen):
                    holder[tile] = p
                    return True
        return False

    for p in range(len(places)):
        if not place(p, set()):
            raise ValueError("no hands fit the observation (counts and lacked values)")
    hands = [list(played[s]) for s in range(seats)]
    hands[seat] = list(own)
    for tile, p in holder.items():
        hands[places[p]].append(tile)
    return hands


class OpenSpielBot(dbp.Bot):
    name = "openspiel"
    author = "dominoes project (OpenSpiel front door)"

    def __init__(self, args):
        super().__init__()
        self.args = args
        self.name = f"openspiel-{args.algorithm}"
        self.games = {}
        self.policy = None
        self.random_state = np.random.RandomState(0)
        self.told = False
        if args.algorithm == "cfr":
            self.cfr_params = game_params({"double": args.cfr_double,
                                           "hand": args.cfr_hand_size}, 2)
            solver = cfr.CFRPlusSolver(self.spiel_game(self.cfr_params))
            for _ in range(args.cfr_iterations):
                solver.evaluate_and_update_policy()
            self.policy = solver.average_policy()

    def spiel_game(self, params):
        key = tuple(sorted(params.items()))
        if key not in self.games:
            self.games[key] = pyspiel.load_game("dominoes", params)
        return self.games[key]

    def new_game(self, game):
        self.random_state = np.random.RandomState(game.seed % 2**32)
        self.told = False

    def state(self, observation):
        """The OpenSpiel state of a world consistent with the observation (its other hands are
        placeholders; the algorithms draw their own worlds from the seat's information)."""
        params = game_params(observation.rules, observation.seats)
        game = self.spiel_game(params)
        events = observation.events
        leader = events[0][0] if events else observation.seat
        moves = [move for _, move in events]
        played = [[] for _ in range(observation.seats)]
        for s, move in events:
            tile, _ = dbp.parse_move(move)
            if tile is not None:
                played[s].append(dbp.format_tile(tile))
        own = [dbp.format_tile(t) for t in self.game.hand]
        on_line = {t for hand in played for t in hand}
        tiles = (params["double"] + 1) * (params["double"] + 2) // 2
        unseen = [dominoes.tile_at(i) for i in range(tiles)]
        unseen = [t for t in unseen if t not in on_line and t not in own]
        hands = placeholder_hands(own, observation.seat, observation.seats, played, unseen,
                                  observation.counts, observation.lacks_by_seat)
        rules = dos.rules_from_params(params)
        return dos.state_from_actions(game, dos.deal_actions(hands) + [leader] + [
            dominoes.action_index(move, rules) for move in moves])

    def choose(self, observation):
        state = self.state(observation)
        seat = observation.seat
        algorithm = self.args.algorithm
        if algorithm == "cfr" and state.get_game().get_parameters() != \
                self.spiel_game(self.cfr_params).get_parameters():
            if not self.told:
                self.info("cfr: this game is not the solved variant; it plays ismcts")
                self.told = True
            algorithm = "ismcts"
        game = state.get_game()
        if algorithm == "cfr":
            probabilities = self.policy.action_probabilities(state, seat)
            actions = sorted(probabilities)
            weights = np.array([probabilities[a] for a in actions])
            action = int(self.random_state.choice(actions, p=weights / weights.sum()))
        elif algorithm == "mcts":
            world = dos.resampler(self.random_state)(state, seat)
            bot = mcts.MCTSBot(game, self.args.uct_c, self.args.simulations,
                               mcts.RandomRolloutEvaluator(1, self.random_state),
                               random_state=self.random_state)
            action = bot.step(world)
        else:
            bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, self.random_state),
                                   self.args.uct_c, self.args.simulations,
                                   random_state=self.random_state)
            bot.set_resampler(dos.resampler(self.random_state))
            action = bot.step(state)
        move = dominoes.action_move(int(action), state.game_state.rules)
        if move not in observation.legal:
            dbp.warn(f"the algorithm chose {move}, not one of {observation.legal}")
            return observation.legal[0]
        return move


def main():
    args = parse_args(sys.argv[1:])
    dbp.main(lambda: OpenSpielBot(args))  # the protocol loop and its exits (dbp.py)


if __name__ == "__main__":
    main()
