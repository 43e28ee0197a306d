"""`dominoes dataset` read from Python with numpy alone, as docs/formats.md ("Training data") says
a chunk file is laid out (an 8-byte little-endian header length, a JSON header, the tensors), and
every row checked against the game records replayed here in Python: one row per move, the seat
and the action numbered from the move, the points from the record's points, each tile's owner
from the dealt hands and the moves so far, the deal and game. When the `safetensors` package is
installed its loader must read the same arrays."""

import json
import os
import struct
import subprocess
import tempfile
import unittest

import numpy as np

import dominoes

DTYPES = {"U8": np.uint8, "I8": np.int8, "I16": np.int16, "I32": np.int32, "I64": np.int64,
          "F32": np.float32, "F64": np.float64}


def binary():
    """BUILD/bin/dominoes, beside the package BUILD/python/dominoes."""
    build = os.path.dirname(os.path.dirname(os.path.dirname(dominoes.__file__)))
    return os.path.join(build, "bin", "dominoes")


def read_chunk(path):
    """Returns ({name: array}, metadata) of a chunk file, read by hand."""
    with open(path, "rb") as f:
        data = f.read()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + length])
    metadata = header.pop("__metadata__", {})
    start = 8 + length
    arrays = {}
    for name, t in header.items():
        begin, end = t["data_offsets"]
        arrays[name] = np.frombuffer(data[start + begin:start + end],
                                     dtype=DTYPES[t["dtype"]]).reshape(t["shape"])
    return arrays, metadata


def tile_index(text):
    a, b = sorted(int(v) for v in text.split("-"))
    return b * (b + 1) // 2 + a


def action_of(move, tiles):
    if move.get("pass"):
        return 3 * tiles
    side = {None: 0, "L": 1, "R": 2}[move.get("end")]
    return tile_index(move["tile"]) * 3 + side


def net(points, seat):
    """The seat's net points: its team's score when it won, minus the winners' otherwise."""
    best = max(points)
    return best if points[seat] == best else -best


def owners(record, seat, played, seats, tiles):
    """Each tile's place for `seat` after the moves `played`: -1 known, relative seat - 1, or
    seats - 1 for a tile never dealt."""
    out = [seats - 1] * tiles
    for holder, hand in enumerate(record["hands"]):
        for tile in hand:
            out[tile_index(tile)] = -1 if holder == seat else (holder - seat) % seats - 1
    for move in played:
        if not move.get("pass"):
            out[tile_index(move["tile"])] = -1
    return out


class DatasetChunks(unittest.TestCase):
    def make(self, folder, *options):
        program = binary()
        if not os.path.exists(program):
            self.skipTest(f"no dominoes program at {program}")
        subprocess.run([program, "dataset", "--player", "random", "--player", "heuristic",
                        "--quiet", "--out", folder, *options], check=True, capture_output=True)
        with open(os.path.join(folder, "dataset.json")) as f:
            return json.load(f)

    def check_dataset(self, folder, manifest):
        sizes = manifest["sizes"]
        seats, tiles, actions = sizes["seats"], sizes["tiles"], sizes["actions"]
        self.assertTrue(manifest["complete"])
        with open(os.path.join(folder, "games.jsonl")) as f:
            records = [json.loads(line) for line in f]
        rows = {name: [] for name in manifest["tensors"]}
        for chunk in manifest["chunks"]:
            arrays, metadata = read_chunk(os.path.join(folder, chunk["file"]))
            self.assertEqual(metadata["format"], "dominoes-dataset")
            self.assertEqual(set(arrays), set(manifest["tensors"]))
            for name, t in manifest["tensors"].items():
                self.assertEqual(arrays[name].dtype, DTYPES[t["dtype"]], name)
                self.assertEqual(list(arrays[name].shape), [chunk["rows"]] + t["shape"][1:], name)
                rows[name].append(arrays[name])
        rows = {name: np.concatenate(parts) for name, parts in rows.items()}
        self.assertEqual(len(rows["action"]), sum(len(r["moves"]) for r in records))
        self.assertEqual(rows["obs"].shape[1], sizes["observation"])
        k = 0
        for record in records:
            for turn, move in enumerate(record["moves"]):
                seat = move["seat"]
                self.assertEqual(rows["seat"][k], seat)
                self.assertEqual(rows["action"][k], action_of(move, tiles))
                self.assertEqual(rows["legal"][k][action_of(move, tiles)], 1)
                self.assertEqual(manifest["players"][rows["player"][k]]["spec"],
                                 record["players"][seat])
                self.assertEqual(rows["points"][k], net(record["points"], seat))
                self.assertEqual(rows["deal"][k], record["deal"])
                self.assertEqual(rows["game"][k], record["game"])
                self.assertEqual(list(rows["owner"][k]),
                                 owners(record, seat, record["moves"][:turn], seats, tiles))
                k += 1
        if "move_value" in rows:
            self.assertTrue(np.array_equal(np.isnan(rows["move_value"]), rows["legal"] == 0))
        self.assertEqual(rows["legal"].shape[1], actions)
        return rows

    def test_two_seats(self):
        with tempfile.TemporaryDirectory() as folder:
            manifest = self.make(folder, "--deals", "40", "--chunk", "15")
            self.assertEqual(len(manifest["chunks"]), 3)
            self.check_dataset(folder, manifest)

    def test_four_seats_with_move_values(self):
        with tempfile.TemporaryDirectory() as folder:
            manifest = self.make(folder, "--seats", "4", "--target", "0", "--deals", "10",
                                 "--move-values")
            self.assertEqual(manifest["sizes"]["observation"], 205)
            rows = self.check_dataset(folder, manifest)
            # The team's best move is worth at least the move it played, when both are open.
            played = rows["move_value"][np.arange(len(rows["action"])), rows["action"]]
            self.assertTrue(np.all(played <= np.nanmax(rows["move_value"], axis=1)))

    def test_the_safetensors_package_reads_the_same_arrays(self):
        try:
            from safetensors.numpy import load_file
        except ImportError:
            self.skipTest("the safetensors package is not installed")
        with tempfile.TemporaryDirectory() as folder:
            manifest = self.make(folder, "--deals", "10", "--move-values")
            path = os.path.join(folder, manifest["chunks"][0]["file"])
            by_hand, _ = read_chunk(path)
            loaded = load_file(path)
            self.assertEqual(set(loaded), set(by_hand))
            for name, array in by_hand.items():
                np.testing.assert_array_equal(loaded[name], array, err_msg=name)


if __name__ == "__main__":
    unittest.main()
