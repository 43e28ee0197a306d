"""Training data: a folder `dominoes dataset` wrote (docs/formats.md, "Training data"), read into
numpy arrays, with the held-out split by deal and the filters the trainers use.

The folder holds dataset.json (the manifest: "format" "dominoes-dataset", "version" 1, the game's
"rules" as a game record writes them plus "seats", the "players" (each a spec, or an object with
"spec" and optionally "name"), the "chunks" in order (each a file name, or an object with "file"
and optionally "rows"), and when given "layout" "observation-v1" and "complete" true; other keys
are read by other tools) and the chunk files, safetensors files of one row per turn of a
seat. Every column is checked against the rules (widths) and against the others (rows, the
action legal, indices in range) when loaded, so a folder of another format is refused in one
line (DatasetError) before any training.
"""

import json
import os

import numpy as np
import safetensors
import safetensors.numpy

import dominoes
from dominoes.learn._text import quoted

FORMAT = "dominoes-dataset"
VERSION = 1
MANIFEST = "dataset.json"
LAYOUT = "observation-v1"  # the observation tensor's layout (docs/formats.md)
# column: (numpy dtype, the row's width: "D" observation size, "A" actions, "T" tiles, None one)
COLUMNS = {"obs": (np.uint8, "D"), "legal": (np.uint8, "A"), "action": (np.int16, None),
           "seat": (np.uint8, None), "player": (np.uint8, None), "owner": (np.int8, "T"),
           "points": (np.float32, None), "deal": (np.int64, None), "game": (np.int16, None)}
OPTIONAL_COLUMNS = {"move_value": (np.float32, "A")}


class DatasetError(ValueError):
    """A dataset folder that cannot be used; the message is one line naming the file."""


class Dataset:
    """Rows of a dataset: each column a numpy array (dataset.obs [N, D] uint8, .legal [N, A] uint8,
    .action [N] int16, .seat, .player [N] uint8, .owner [N, T] int8, .points [N] float32, .deal
    [N] int64, .game [N] int16, and .move_value [N, A] float32 or None), with the manifest,
    the game's rules (dict, as the manifest has them), dominoes.Rules of them, and the players'
    labels (a player's name where the manifest gives one, else its spec)."""

    def __init__(self, folder, manifest, rules, players, columns):
        self.folder, self.manifest, self.rules, self.players = folder, manifest, rules, players
        self.game_rules = rules_of(rules, folder)
        self.columns = columns

    def __getattr__(self, name):
        columns = self.__dict__.get("columns", {})
        if name in columns:
            return columns[name]
        if name in OPTIONAL_COLUMNS:
            return None
        raise AttributeError(name)

    def __len__(self):
        return len(self.columns["action"])

    def take(self, rows):
        """Returns the dataset of `rows` (a boolean mask or indices) only."""
        return Dataset(self.folder, self.manifest, self.rules, self.players,
                       {name: column[rows] for name, column in self.columns.items()})


def rules_of(rules, folder):
    """Returns dominoes.Rules of the manifest's `rules` dict (keys as game records write them,
    "hand-size"), or raises DatasetError naming the folder."""
    if not isinstance(rules, dict) or "seats" not in rules:
        raise DatasetError(f"data {quoted(folder)}: {MANIFEST}'s \"rules\" is not an object with "
                           f"\"seats\" and the game's rules keys")
    try:
        return dominoes.Rules(**{key.replace("-", "_"): value for key, value in rules.items()})
    except (TypeError, ValueError) as e:
        raise DatasetError(f"data {quoted(folder)}: {MANIFEST}'s \"rules\": {e}") from None


def read_manifest(folder):
    """Returns the manifest of the dataset `folder`, checked for format and version."""
    if not os.path.isdir(folder):
        raise DatasetError(f"data {quoted(folder)} is not a folder: give the folder `dominoes "
                           f"dataset` wrote (it holds {MANIFEST} and chunk-NNNNNN.safetensors "
                           f"files)")
    path = os.path.join(folder, MANIFEST)
    if not os.path.isfile(path):
        raise DatasetError(f"data {quoted(folder)} has no {MANIFEST}: not a folder `dominoes "
                           f"dataset` wrote")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise DatasetError(f"{path} is not JSON ({e})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        found = manifest.get("format") if isinstance(manifest, dict) else None
        raise DatasetError(f"{path} is not a dominoes dataset manifest (format {quoted(found)}, "
                           f"expected {quoted(FORMAT)})")
    if manifest.get("version") != VERSION:
        raise DatasetError(f"{path} is {FORMAT} version {manifest.get('version')!r}; this "
                           f"reader reads version {VERSION}")
    if manifest.get("layout", LAYOUT) != LAYOUT:
        raise DatasetError(f"{path}: observations of layout {quoted(manifest['layout'])}; this "
                           f"reader reads {quoted(LAYOUT)}")
    if manifest.get("complete") is False:
        raise DatasetError(f"data {quoted(folder)} is not complete: `dominoes dataset` is still "
                           f"writing it, or was stopped (run it again to finish it)")
    return manifest


def player_labels(manifest, path):
    """Returns the label of each of the manifest's players: its name, else its spec."""
    players = manifest.get("players")
    if not isinstance(players, list) or not players:
        raise DatasetError(f"{path}: \"players\" is not a non-empty list")
    labels = []
    for player in players:
        if isinstance(player, dict):
            player = player.get("name") or player.get("spec")
        if not isinstance(player, str) or not player:
            raise DatasetError(f"{path}: a player is neither a spec nor an object with \"spec\"")
        labels.append(player)
    return labels


def chunk_files(manifest, folder):
    """Returns [(path, rows or None)] of the manifest's chunks, in order."""
    path = os.path.join(folder, MANIFEST)
    chunks = manifest.get("chunks")
    if not isinstance(chunks, list) or not chunks:
        raise DatasetError(f"{path}: \"chunks\" is not a non-empty list of chunk files")
    files = []
    for chunk in chunks:
        name, rows = (chunk.get("file"), chunk.get("rows")) if isinstance(chunk, dict) else (chunk,
                                                                                            None)
        if not isinstance(name, str) or not name or os.path.basename(name) != name:
            raise DatasetError(f"{path}: chunk {quoted(chunk)} is not a file name in the folder")
        files.append((os.path.join(folder, name), rows))
    return files


def widths(rules):
    """Returns the row widths {"D", "A", "T"} of the dominoes.Rules `rules`."""
    return {"D": rules.observation_shape[0], "A": rules.action_count, "T": rules.tile_count}


def read_chunk(path, rows_listed, width):
    """Returns the columns of one chunk file, each checked for dtype and shape."""
    try:
        tensors = safetensors.numpy.load_file(path)
    except FileNotFoundError:
        raise DatasetError(f"chunk {path} is missing (listed in {MANIFEST})") from None
    except (OSError, safetensors.SafetensorError) as e:
        raise DatasetError(f"chunk {path} is not a safetensors file ({e})") from None
    rows = len(tensors["action"]) if "action" in tensors else None
    if rows_listed is not None and rows != rows_listed:
        raise DatasetError(f"chunk {path} has {rows} rows and {MANIFEST} lists {rows_listed}")
    columns = {}
    for name, (dtype, row_width) in {**COLUMNS, **OPTIONAL_COLUMNS}.items():
        if name not in tensors:
            if name in OPTIONAL_COLUMNS:
                continue
            raise DatasetError(f"chunk {path} has no tensor {quoted(name)}")
        shape = (rows,) if row_width is None else (rows, width[row_width])
        tensor = tensors[name]
        if tensor.dtype != dtype or tensor.shape != shape:
            raise DatasetError(f"chunk {path}: tensor {quoted(name)} is {tensor.dtype} "
                               f"{tensor.shape}, expected {np.dtype(dtype)} {shape} for the "
                               f"dataset's rules")
        columns[name] = tensor
    return columns


def join_chunks(chunks, folder):
    """Returns the columns of `chunks` (lists of columns) end to end."""
    names = set(chunks[0])
    for columns in chunks[1:]:
        if set(columns) != names:
            raise DatasetError(f"data {quoted(folder)}: some chunks have move values and some not")
    return {name: np.concatenate([columns[name] for columns in chunks]) for name in chunks[0]}


def check_values(columns, rules, players, folder):
    """Raises DatasetError when a value is out of its range: an action not legal in its row, a
    seat or player index out of range, a tile's place beyond the seats."""
    def refuse(what, rows):
        row = int(np.flatnonzero(rows)[0])
        raise DatasetError(f"data {quoted(folder)}: row {row} {what}: not a dataset of these rules")

    action = columns["action"].astype(np.int64)
    in_range = (action >= 0) & (action < rules.action_count)
    if not in_range.all():
        refuse(f"has action {action[~in_range][0]}", ~in_range)
    legal = columns["legal"][np.arange(len(action)), action] == 1
    if not legal.all():
        refuse("has an action its legal mask does not allow", ~legal)
    for name, limit in (("seat", rules.seats), ("player", len(players))):
        if (columns[name] >= limit).any():
            refuse(f"has {name} {columns[name].max()} (there are {limit})", columns[name] >= limit)
    owner = columns["owner"]
    bad = ((owner < -1) | (owner >= rules.seats)).any(axis=1)
    if bad.any():
        refuse(f"has a tile's place outside -1..{rules.seats - 1}", bad)


def load(folder):
    """Returns the Dataset of the folder `folder` (every chunk, in the manifest's order). Raises
    DatasetError (a ValueError), one line naming the file, for a folder that is not a dataset of
    this format or whose columns do not fit its rules."""
    manifest = read_manifest(folder)
    path = os.path.join(folder, MANIFEST)
    rules = manifest.get("rules")
    game_rules = rules_of(rules, folder)
    players = player_labels(manifest, path)
    width = widths(game_rules)
    chunks = [read_chunk(file, rows, width) for file, rows in chunk_files(manifest, folder)]
    columns = join_chunks(chunks, folder)
    check_values(columns, game_rules, players, folder)
    return Dataset(folder, manifest, rules, players, columns)


def spec_of(entry):
    """Returns the spec of a manifest's player entry (a spec, or an object with "spec")."""
    return entry.get("spec") if isinstance(entry, dict) else entry


def load_all(folders):
    """Returns the Dataset of the folders `folders` (a list of one or more) end to end: one
    folder's as load() gives it; several (the data of successive rounds of play, say) joined,
    their players merged by spec (a player's index re-numbered into the merged list). Raises
    DatasetError, one line, when a folder cannot be loaded, two are games of other rules, or
    some have move values and some not."""
    parts = [load(folder) for folder in folders]
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    for part in parts[1:]:
        if part.rules != first.rules:
            raise DatasetError(f"data {quoted(part.folder)} is of other rules than "
                               f"{quoted(first.folder)} ({part.rules} against {first.rules}): "
                               f"give datasets of one game")
        if (part.move_value is None) != (first.move_value is None):
            raise DatasetError(f"data {quoted(part.folder)} and {quoted(first.folder)}: one has "
                               f"move values and the other not")
    entries, labels, columns, merged = [], [], [], {}  # merged: spec -> index in entries
    for part in parts:
        index = []
        for entry, label in zip(part.manifest["players"], part.players):
            if spec_of(entry) not in merged:
                merged[spec_of(entry)] = len(entries)
                entries.append(entry)
                labels.append(label)
            index.append(merged[spec_of(entry)])
        renumbered = dict(part.columns)
        renumbered["player"] = np.asarray(index, np.uint8)[part.player]
        columns.append(renumbered)
    manifest = {"players": entries, "rules": first.rules, "parts": [p.manifest for p in parts]}
    return Dataset(" + ".join(folders), manifest, first.rules, labels,
                   join_chunks(columns, " + ".join(folders)))


def held_out(deal, fraction):
    """Returns a boolean array, True for the rows whose deal is held out: those whose deal number's
    hash (SplitMix64's finaliser, mapped to [0, 1)) is below `fraction`. Every row of a deal falls
    on the same side, whatever the dataset's order, size or seed, so every seat and seating of a
    held-out deal is held out together."""
    with np.errstate(over="ignore"):  # the hash's arithmetic is modulo 2**64 on purpose
        z = deal.astype(np.uint64) + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * 2.0**-53 < fraction


def canonical_spec(text):
    """Returns the canonical spec of `text` (every parameter spelt out, as datasets list their
    players), or `text` itself when it is not a built-in strategy's spec (a display name)."""
    from dominoes import _core
    try:
        return _core.strategy(text).spec
    except ValueError:
        return text


def player_rows(dataset, player):
    """Returns a boolean array, True for the rows decided by `player` (a player's label or spec).
    Raises DatasetError naming the dataset's players when none is called so."""
    specs = [spec_of(p) for p in dataset.manifest["players"]]
    names = {player, canonical_spec(player)}
    matches = [i for i, (label, spec) in enumerate(zip(dataset.players, specs))
               if names & {label, spec}]
    if not matches:
        listed = ", ".join(quoted(label) for label in dataset.players)
        raise DatasetError(f"player {quoted(player)} is not in the dataset "
                           f"{quoted(dataset.folder)}: its players are {listed}")
    return np.isin(dataset.player, matches)


def choice_rows(dataset):
    """Returns a boolean array, True for the rows with at least two legal actions (a decision, not
    a forced move or a pass-only turn)."""
    return dataset.legal.sum(axis=1, dtype=np.int64) >= 2
