"""Where a hidden tile may be, from the deciding seat's observation tensor alone: the places of
the belief model's output (docs/formats.md, "Observation tensor"; place p = 0..S-2 is the seat
p + 1 places after the observer in turn order, p = S-1 "never dealt").

A place is ruled out when the observation says so outright:
  - a seat holding no tile any more holds none of the hidden ones;
  - a seat that has shown it lacks a value (it passed with that value at an open end) holds no
    tile with that value: in the block game nobody draws, so what it lacked it still lacks;
  - "never dealt" is ruled out when the other seats' tile counts add up to every hidden tile.
Every other place stays possible, even where the counts together exclude it (the model learns
the rest). The belief model's softmax for a tile runs over these places only, in training and in
use, so each probability it gives is for a place the tile may really be in.
"""

import numpy as np


def tile_values(double):
    """Returns the two pip values of every tile of the double-`double` set, [T, 2], in the action
    numbering's tile order (tile_index('a-b') = b(b+1)/2 + a for a <= b)."""
    return np.array([(a, b) for b in range(double + 1) for a in range(b + 1)], dtype=np.int64)


def observation_offsets(rules):
    """Returns the offsets of the observation tensor's sections the places read: {"hand",
    "played", "counts", "lacks"} for the dominoes.Rules `rules` (layout observation-v1)."""
    tiles, seats, values = rules.tile_count, rules.seats, rules.double + 1
    counts = tiles * (seats + 1) + 2 * values + 1
    return {"hand": 0, "played": tiles, "counts": counts, "lacks": counts + seats}


def possible_places(obs, rules):
    """Returns a boolean array [N, T, S]: True where tile t may be at place p given the
    observation `obs` ([N, D], the observation tensors of rules `rules`), as the module's
    docstring says. Tiles the observer sees (its own, the played ones) get their places too; the
    trainer reads them only for the hidden tiles."""
    obs = np.asarray(obs)
    tiles, seats, values = rules.tile_count, rules.seats, rules.double + 1
    at = observation_offsets(rules)
    counts = obs[:, at["counts"]:at["counts"] + seats].astype(np.int64)         # [N, S]
    lacks = obs[:, at["lacks"]:at["lacks"] + seats * values].reshape(-1, seats, values) > 0
    tile = tile_values(rules.double)
    # lacks_tile[n, r, t]: relative seat r lacks one of tile t's values.
    lacks_tile = lacks[:, :, tile[:, 0]] | lacks[:, :, tile[:, 1]]               # [N, S, T]
    places = np.empty((obs.shape[0], tiles, seats), dtype=bool)
    for place in range(seats - 1):
        seat = place + 1
        places[:, :, place] = (counts[:, seat, None] > 0) & ~lacks_tile[:, seat, :]
    seen = (obs[:, at["hand"]:at["hand"] + tiles].sum(axis=1, dtype=np.int64)
            + obs[:, at["played"]:at["played"] + seats * tiles].sum(axis=1, dtype=np.int64))
    never_dealt = tiles - seen - counts[:, 1:].sum(axis=1)
    places[:, :, seats - 1] = (never_dealt > 0)[:, None]
    return places
