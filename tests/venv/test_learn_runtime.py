"""The C++ runtime of the strategies (engine/nets, as dominoes.Model) against PyTorch: a policy
trained by dominoes.learn, exported, read back by C++, gives PyTorch's logits within 1e-5 on
1,000 observation tensors of real two-seat positions (random play); and a seated
net(policy=FILE) plays the legal move of the highest PyTorch logit. Bad model files are one
ValueError naming the file."""

import os
import shutil
import sys
import tempfile
import unittest

import numpy as np
import safetensors.numpy
import torch

import dominoes
from dominoes.learn import Options, train
from dominoes.learn.model import MLP

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import learn_datasets as ld  # noqa: E402


def real_positions(rules, count, seed):
    """Returns (observation tensors [count, D] float32, games and seats they came from) of
    positions reached by uniformly random play."""
    rng = np.random.default_rng(seed)
    tensors, where = [], []
    deal = 0
    while len(tensors) < count:
        game = dominoes.Game(rules=rules, seed=seed, deal=deal)
        deal += 1
        while not game.is_terminal() and len(tensors) < count:
            tensors.append(game.observation_tensor(game.to_move))
            where.append(game.copy())
            legal = game.legal_actions()
            game.apply(int(legal[rng.integers(len(legal))]))
    return np.stack(tensors).astype(np.float32), where


class Runtime(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="learn-runtime-")
        rows, _ = ld.policy_rows(3000, 4)
        data = ld.write_dataset(os.path.join(cls.dir, "data"), rows)
        cls.out = os.path.join(cls.dir, "policy")
        train(Options(kind="policy", data=data, out=cls.out, player="teacher", hidden=(64, 32),
                      epochs=2, batch=64, lr=0.003, plot=False))
        cls.stem = os.path.join(cls.out, "policy")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def torch_logits(self, x):
        weights = safetensors.numpy.load_file(self.stem + ".safetensors")
        model = MLP(x.shape[1], (64, 32), weights["layers.2.bias"].shape[0])
        model.load_state_dict({k: torch.from_numpy(v) for k, v in weights.items()})
        with torch.no_grad():
            return model(torch.from_numpy(x)).numpy()

    def test_cpp_equals_pytorch_on_a_thousand_real_positions(self):
        model = dominoes.Model(self.stem + ".safetensors")
        self.assertEqual((model.kind, model.input_size, model.output_size), ("policy", 125, 85))
        x, _ = real_positions(dominoes.Rules(), 1000, 7)
        cpp = model.forward(x)
        self.assertEqual(cpp.shape, (1000, 85))
        np.testing.assert_allclose(cpp, self.torch_logits(x), rtol=0, atol=1e-5)
        np.testing.assert_array_equal(model.forward(x[3]), cpp[3])  # one row alone

    def test_seated_net_plays_the_highest_pytorch_logit(self):
        x, games = real_positions(dominoes.Rules(), 300, 11)
        logits = self.torch_logits(x)
        net = dominoes.strategy(f"net(policy={self.stem}.safetensors)")
        checked = 0
        for row, game in zip(logits, games):
            legal = [int(a) for a in game.legal_actions()]
            if len(legal) < 2:
                continue
            best = max(legal, key=lambda a: (row[a], -legal.index(a)))
            if sorted(row[legal])[-2] > row[best] - 1e-4:
                continue  # a near tie: float rounding may pick either
            move = net.choose(game.observation(game.to_move))
            self.assertEqual(dominoes.action_index(move, game.rules), best)
            checked += 1
        self.assertGreater(checked, 100)

    def test_bad_files_are_one_value_error_naming_the_file(self):
        bad = os.path.join(self.dir, "bad.safetensors")
        shutil.copy(self.stem + ".json", os.path.join(self.dir, "bad.json"))
        with open(self.stem + ".safetensors", "rb") as f:
            data = f.read()
        with open(bad, "wb") as f:
            f.write(data[: len(data) // 2])
        with self.assertRaises(ValueError) as caught:
            dominoes.Model(bad)
        self.assertIn("bad.safetensors", str(caught.exception))
        self.assertNotIn("\n", str(caught.exception))
        with self.assertRaises(ValueError):
            dominoes.Model(os.path.join(self.dir, "missing.safetensors"))
        model = dominoes.Model(self.stem + ".json")
        with self.assertRaises(ValueError):
            model.forward(np.zeros(124, np.float32))


if __name__ == "__main__":
    unittest.main()
