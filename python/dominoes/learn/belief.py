"""The belief model's task: for each tile the deciding seat cannot see, the probability of each
place it may be in (places.py: the other seats in turn order, then "never dealt"). Its output is
T x S logits, tile-major; its loss the cross-entropy of each hidden tile's true place under the
softmax over the tile's possible places (nats per hidden tile), over the tiles with at least two
possible places (the others carry no information to learn)."""

import numpy as np
import torch

from dominoes.learn import data, metrics, places
from dominoes.learn._text import quoted


class BeliefTask:
    kind = "belief"
    unit = "nats per hidden tile"

    def output_size(self, rules):
        return rules.tile_count * rules.seats

    def rows(self, dataset):
        """Returns the rows this task learns from: those with a hidden tile of at least two
        possible places."""
        possible = places.possible_places(dataset.obs, dataset.game_rules)
        return ((dataset.owner >= 0) & (possible.sum(axis=2) >= 2)).any(axis=1)

    def examples(self, dataset):
        """Returns the tensors of `dataset`'s rows: "x" [N, D] float32, "places" [N, T, S] bool
        (every place True for the tiles not learned from, so that their softmax is defined) and
        "owner" [N, T] int64 (the true place of each tile learned from, else -1). Raises
        DatasetError when a tile's true place is one its observation rules out."""
        rules = dataset.game_rules
        possible = places.possible_places(dataset.obs, rules)
        owner = dataset.owner.astype(np.int64)
        hidden = owner >= 0
        rows, tiles = np.nonzero(hidden)
        truth_possible = possible[rows, tiles, owner[rows, tiles]]
        if not truth_possible.all():
            row, tile = int(rows[~truth_possible][0]), int(tiles[~truth_possible][0])
            raise data.DatasetError(
                f"data {quoted(dataset.folder)}: a row's tile {tile} is at place "
                f"{owner[row, tile]}, which its observation rules out (a seat with no tiles, or "
                f"one that lacks a value of the tile): the rows and the observations disagree")
        learned = hidden & (possible.sum(axis=2) >= 2)
        possible[~learned] = True
        return {"x": torch.from_numpy(dataset.obs.astype(np.float32)),
                "places": torch.from_numpy(possible),
                "owner": torch.from_numpy(np.where(learned, owner, -1))}

    def log_probabilities(self, logits, places_mask):
        """Returns the log-softmax [N, T, S] of `logits` [N, T x S] over each tile's places."""
        shaped = logits.view(places_mask.shape)
        return torch.log_softmax(shaped.masked_fill(~places_mask, float("-inf")), dim=2)

    def loss(self, logits, batch):
        """Returns (the summed loss of the batch, the number of hidden tiles learned from)."""
        log_p = self.log_probabilities(logits, batch["places"])
        owner = batch["owner"]
        learned = owner >= 0
        chosen = log_p.gather(2, owner.clamp(min=0)[:, :, None])[:, :, 0]
        return -chosen[learned].sum(), int(learned.sum())

    def metrics(self, logits, examples, train_examples):
        """Returns choice_metrics of the hidden tiles' places, one choice per tile learned from."""
        log_p = self.log_probabilities(logits, examples["places"]).numpy()
        owner = examples["owner"].numpy()
        learned = owner >= 0
        return metrics.choice_metrics(log_p[learned], examples["places"].numpy()[learned],
                                      owner[learned])
