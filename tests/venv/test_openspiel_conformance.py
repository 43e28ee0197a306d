"""Rules conformance: OpenSpiel's own python_block_dominoes and python_team_dominoes (open-spiel
2.0.2) against our game "dominoes" (dominoes.openspiel, played by the C++ engine) on the same
deals and moves.

Their games map to our rules keys:
  python_block_dominoes = dominoes(leader=alternate)               two seats, double-six, 7 each
  python_team_dominoes  = dominoes(seats=4, leader=alternate, target=0)   partners, block=team,
                                                                   scoring=losers-pips
(leader=alternate makes seat 0 lead a single game, with any tile, as theirs always does). What no
key covers, each checked here exactly where it applies (docs/python.md, "OpenSpiel"):
  - they have no pass action: a seat without a move is skipped. Ours records its forced pass,
    which must be the only legal action exactly where they skip a seat;
  - their team game scores a domino like a block, by the teams' summed pips. Ours: the team of
    the seat that went out wins and scores the losers' pips. The results may differ only in a
    domino where the partner of the seat that went out holds at least as many pips as both
    opponents together, and must differ in every such game;
  - their actions name the covered end's value and carry the player; ours name the side (L, R);
  - they deal tiles in a random order, we deal each hand's tiles in ascending order (one chance
    history per hand): the same hands, dealt here by deal_actions.
"""

import random
import unittest

import pyspiel
from open_spiel.python.games import block_dominoes, team_dominoes  # registers both games

import dominoes
import dominoes.openspiel as dos


def tile_text(tile):
    return f"{int(tile[0])}-{int(tile[1])}"


def their_move(action, ends):
    """Returns their action (an Action of their _ACTIONS) in our notation, given our ends."""
    text = tile_text(action.tile)
    if action.edge is None:
        return text
    return text + ("L" if action.edge == ends[0] else "R")


class Conformance(unittest.TestCase):
    def replay(self, theirs_name, module, ours_params, games, seed):
        """Plays `games` random games of theirs, our game alongside; returns the counts."""
        theirs_game = pyspiel.load_game(theirs_name)
        ours_game = pyspiel.load_game("dominoes", ours_params)
        rng = random.Random(seed)
        counts = {"games": 0, "decisions": 0, "passes": 0, "domino": 0, "blocked": 0,
                  "domino_differs": 0, "domino_predicted": 0}
        for _ in range(games):
            theirs = theirs_game.new_initial_state()
            while theirs.is_chance_node():
                theirs.apply_action(rng.choice(theirs.chance_outcomes())[0])
            ours = ours_game.new_initial_state()
            for tile in dos.deal_actions([[tile_text(t) for t in hand] for hand in theirs.hands]):
                ours.apply_action(tile)
            self.assertEqual(ours.current_player(), 0)
            while not theirs.is_terminal():
                player = theirs.current_player()
                while ours.current_player() != player:  # they skip a seat: ours passes
                    self.assertFalse(ours.is_terminal())
                    self.assertEqual(ours.legal_actions(), [ours_game.num_distinct_actions() - 1])
                    ours.apply_action(ours.legal_actions()[0])
                    counts["passes"] += 1
                game = ours.game_state
                legal = sorted(their_move(module._ACTIONS[a], game.ends)
                               for a in theirs.legal_actions())
                self.assertEqual(legal, sorted(game.legal_moves()))
                action = rng.choice(theirs.legal_actions())
                ours.apply_action(dominoes.action_index(their_move(module._ACTIONS[action],
                                                                   game.ends), game.rules))
                theirs.apply_action(action)
                counts["decisions"] += 1
            self.assertTrue(ours.is_terminal())  # blocked games end without a pass on both sides
            game = ours.game_state
            counts[game.status] += 1
            counts["games"] += 1
            if theirs_name == "python_block_dominoes" or game.status == "blocked":
                self.assertEqual(theirs.returns(), ours.returns())
                continue
            # the team game's domino: their result is the block's, by summed team pips
            pips = game.pips()
            out_team = game.teams[[s for s in range(4) if not game.hands[s]][0]]
            own, other = (sum(pips[s] for s in range(4) if game.teams[s] == team)
                          for team in (out_team, 1 - out_team))
            predicted = own >= other
            differs = theirs.returns() != ours.returns()
            counts["domino_predicted"] += predicted
            counts["domino_differs"] += differs
            self.assertEqual(differs, predicted, (game.hands, theirs.returns(), ours.returns()))
            winner_side = 0.0 if own == other else (other if own < other else -own)
            self.assertEqual(theirs.returns()[out_team], winner_side)
        return counts

    def test_block_dominoes(self):
        counts = self.replay("python_block_dominoes", block_dominoes, {"leader": "alternate"},
                             2000, 1)
        self.assertEqual(counts["games"], 2000)
        self.assertGreater(counts["passes"], 1000)  # skipped turns were met, and passed
        self.assertGreater(counts["domino"], 300)
        self.assertGreater(counts["blocked"], 300)

    def test_team_dominoes(self):
        counts = self.replay("python_team_dominoes", team_dominoes,
                             {"seats": 4, "leader": "alternate", "target": 0}, 1000, 2)
        self.assertEqual(counts["games"], 1000)
        self.assertGreater(counts["passes"], 500)
        self.assertGreater(counts["blocked"], 100)
        # the scoring difference occurs, in a good share of the dominoes (about a fifth)
        self.assertGreater(counts["domino_differs"], counts["domino"] // 10)
        self.assertLess(counts["domino_differs"], counts["domino"] // 2)

    def test_the_rules_keys_are_theirs(self):
        block = dos.rules_from_params({"leader": "alternate"})
        self.assertEqual((block.double, block.hand_size, block.seats, block.scoring, block.target),
                         (6, 7, 2, "opponent-pips", 0))
        team = dos.rules_from_params({"seats": 4, "leader": "alternate", "target": 0})
        self.assertEqual((team.double, team.hand_size, team.partners, team.block, team.scoring),
                         (6, 7, True, "team", "losers-pips"))


if __name__ == "__main__":
    unittest.main()
