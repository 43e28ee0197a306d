"""dominoes.learn's training, on small synthetic datasets whose best possible loss is known
(learn_datasets.py): each kind trained for a few seconds comes within a margin of it and far
below the uniform guess; the exported model re-read with safetensors and run forward in numpy
gives PyTorch's outputs; the card has the model file format's fields; two runs give the same
bytes, and a run interrupted after an epoch and resumed gives the bytes of an uninterrupted one;
the metrics agree with a recomputation from the exported weights."""

import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import safetensors.numpy
import torch

import dominoes
from dominoes.learn import Options, data, metrics, plot_curve, policy, train
from dominoes.learn.model import MLP
from dominoes.learn.trainer import make_task

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import learn_datasets as ld  # noqa: E402

SMALL = {"hidden": (32,), "epochs": 4, "batch": 64, "lr": 0.003, "plot": False}


def numpy_forward(stem, x):
    """The model's outputs for inputs `x`, computed in float64 from its files alone."""
    with open(stem + ".json") as f:
        card = json.load(f)
    weights = safetensors.numpy.load_file(stem + ".safetensors")
    out = np.asarray(x, dtype=np.float64)
    for layer in card["layers"]:
        out = out @ weights[layer["weight"]].astype(np.float64).T + weights[layer["bias"]]
        if layer["activation"] == "relu":
            out = np.maximum(out, 0)
        else:
            assert layer["activation"] == "none", layer
    return out


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


class Training(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="learn-training-")
        cls.policy_rows, cls.policy_truth = ld.policy_rows(8000, 1)
        cls.policy_data = ld.write_dataset(os.path.join(cls.dir, "policy"), cls.policy_rows)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def out(self, name):
        return os.path.join(self.dir, name)

    def run_policy(self, out, **changes):
        options = Options(kind="policy", data=self.policy_data, out=out, player="teacher",
                          **{**SMALL, **changes})
        return train(options)

    def teachers_log_loss(self, fraction):
        """The log-loss of the teacher's own probabilities on its held-out rows: the best a
        model can expect there."""
        rows = self.policy_rows
        held = (rows["player"] == 0) & data.held_out(rows["deal"], fraction)
        chosen = self.policy_truth[np.flatnonzero(held), rows["action"][held]]
        return -np.log(chosen).mean()

    def test_policy_comes_near_the_teachers_log_loss(self):
        result = self.run_policy(self.out("policy-fit"), epochs=6)
        held = result["metrics"]["held_out"]
        best = self.teachers_log_loss(0.1)  # about 1.56 nats
        self.assertLess(held["log_loss"], best + 0.1, held)
        self.assertGreater(held["uniform_log_loss"], best + 0.6)
        self.assertLess(held["calibration_error"], 0.05)
        # Only the teacher's decisions: about 90% of its 4,000 rows train, the rest measure.
        self.assertEqual(held["rows"] + result["metrics"]["train"]["rows"], 4000)

    def test_belief_comes_near_the_true_entropy(self):
        rows, entropies, learned = ld.belief_rows(3000, 2)
        folder = ld.write_dataset(self.out("belief"), rows)
        result = train(Options(kind="belief", data=folder, out=self.out("belief-fit"),
                               **{**SMALL, "hidden": (64,), "epochs": 6, "batch": 32}))
        held = result["metrics"]["held_out"]
        best = entropies.sum() / learned.sum()  # about 0.48 nats per tile
        self.assertLess(held["log_loss"], best + 0.05, held)
        self.assertAlmostEqual(held["uniform_log_loss"], np.log(2))  # two places, one lacked
        self.assertLess(held["calibration_error"], 0.08)
        self.assertGreater(held["accuracy"], 0.75)  # the best guess is right 81% of the time

    def test_value_comes_near_the_noise(self):
        folder = ld.write_dataset(self.out("value"), ld.value_rows(3000, 3))
        result = train(Options(kind="value", data=folder, out=self.out("value-fit"),
                               **{**SMALL, "epochs": 10, "batch": 32, "lr": 0.01}))
        held = result["metrics"]["held_out"]
        self.assertLess(held["mse"], 1.0 + 0.6, held)  # the noise's variance is 1
        self.assertGreater(held["mean_mse"], 6.0)

    def test_exported_files_give_torchs_outputs_and_the_format(self):
        out = self.out("policy-export")
        self.run_policy(out, hidden=(16, 8))
        stem = os.path.join(out, "policy")
        with open(stem + ".json") as f:
            card = json.load(f)
        self.assertEqual(list(card), ["format", "version", "kind", "input", "output", "rules",
                                      "layers", "training", "metrics"])
        self.assertEqual((card["format"], card["version"], card["kind"]),
                         ("dominoes-model", 1, "policy"))
        rules = dominoes.Rules()
        self.assertEqual(card["input"], {"layout": "observation-v1",
                                         "size": rules.observation_shape[0]})
        self.assertEqual(card["output"], {"size": rules.action_count})
        self.assertEqual(card["rules"], ld.RULES)
        weights = safetensors.numpy.load_file(stem + ".safetensors")
        sizes = [125, 16, 8, 85]
        self.assertEqual(len(card["layers"]), 3)
        self.assertEqual(sorted(weights), sorted(n for layer in card["layers"]
                                                 for n in (layer["weight"], layer["bias"])))
        for i, layer in enumerate(card["layers"]):
            self.assertEqual(layer, {"weight": f"layers.{i}.weight", "bias": f"layers.{i}.bias",
                                     "activation": "none" if i == 2 else "relu"})
            self.assertEqual(weights[layer["weight"]].shape, (sizes[i + 1], sizes[i]))
            self.assertEqual(weights[layer["bias"]].shape, (sizes[i + 1],))
            self.assertEqual(weights[layer["weight"]].dtype, np.float32)
        training = card["training"]
        self.assertEqual((training["data"], training["seed"]), (self.policy_data, 1))
        self.assertEqual(training["examples"] + training["held_out_examples"], 4000)
        for name in ("held_out_log_loss", "held_out_accuracy", "held_out_calibration_error"):
            self.assertIsInstance(card["metrics"][name], float)

        model = MLP(125, (16, 8), 85).double()
        model.load_state_dict({k: torch.from_numpy(v).double() for k, v in weights.items()})
        x = self.policy_rows["obs"][:500].astype(np.float64)
        with torch.no_grad():
            expected = model(torch.from_numpy(x)).numpy()
        np.testing.assert_allclose(numpy_forward(stem, x), expected, rtol=0, atol=1e-6)

    def test_metrics_agree_with_the_exported_weights(self):
        out = self.out("policy-metrics")
        result = self.run_policy(out)
        loaded = data.load(self.policy_data)
        rows = data.choice_rows(loaded) & data.player_rows(loaded, "teacher")
        chosen = loaded.take(rows)
        held = chosen.take(data.held_out(chosen.deal, 0.1))
        logits = numpy_forward(os.path.join(out, "policy"), held.obs)
        logits = np.where(held.legal == 1, logits, -np.inf)
        log_p = logits - np.log(np.exp(logits - logits.max(1, keepdims=True)).sum(1,
                                keepdims=True)) - logits.max(1, keepdims=True)
        actions = held.action.astype(np.int64)
        metrics = result["metrics"]["held_out"]
        self.assertAlmostEqual(metrics["log_loss"],
                               -log_p[np.arange(len(held)), actions].mean(), delta=1e-5)
        self.assertAlmostEqual(metrics["accuracy"], (log_p.argmax(1) == actions).mean())
        legal_pairs = int(held.legal.sum())
        self.assertEqual(sum(b["count"] for b in metrics["reliability"]), legal_pairs)
        with open(os.path.join(out, "metrics.json")) as f:
            self.assertEqual(json.load(f), result["metrics"])
        with open(os.path.join(out, "curve.csv"), newline="") as f:
            curve = list(csv.DictReader(f))
        self.assertEqual([int(r["epoch"]) for r in curve], [1, 2, 3, 4])
        self.assertAlmostEqual(float(curve[-1]["held_out_loss"]), metrics["log_loss"], places=5)

    def test_same_options_same_bytes_and_resume_equals_uninterrupted(self):
        first, second, resumed = (self.out(n) for n in ("same-1", "same-2", "resumed"))
        self.run_policy(first)
        self.run_policy(second)

        def stop_after_two(row):
            if row["epoch"] == 2:
                raise KeyboardInterrupt

        options = Options(kind="policy", data=self.policy_data, out=resumed, player="teacher",
                          **SMALL)
        with self.assertRaises(KeyboardInterrupt):
            train(options, on_epoch=stop_after_two)
        self.assertFalse(os.path.exists(os.path.join(resumed, "policy.safetensors")))
        epochs = []
        result = train(options, on_epoch=lambda row: epochs.append(row["epoch"]))
        self.assertEqual(epochs, [3, 4])
        self.assertEqual(result["epochs_run"], 2)
        for name in ("policy.safetensors", "policy.json", "metrics.json"):
            expected = read_bytes(os.path.join(first, name))
            self.assertEqual(read_bytes(os.path.join(second, name)), expected, name)
            self.assertEqual(read_bytes(os.path.join(resumed, name)), expected, name)
        # A finished training run again trains nothing and writes the same files.
        again = train(options, on_epoch=lambda row: self.fail("trained again"))
        self.assertEqual(again["epochs_run"], 0)
        self.assertEqual(read_bytes(os.path.join(resumed, "policy.safetensors")),
                         read_bytes(os.path.join(first, "policy.safetensors")))

    def test_another_seed_other_weights(self):
        out = self.out("seed-2")
        self.run_policy(out, seed=2, epochs=1)
        other = self.out("seed-1")
        self.run_policy(other, epochs=1)
        self.assertNotEqual(read_bytes(os.path.join(out, "policy.safetensors")),
                            read_bytes(os.path.join(other, "policy.safetensors")))

    def test_keep_best_writes_the_epoch_of_the_lowest_held_out_loss(self):
        # A wide network at a high rate on 600 rows overfits: the held-out loss falls, then
        # rises. --keep best writes the weights of its lowest epoch (metrics.json, recomputed
        # from the written weights, shows that epoch's held-out loss), --keep last the last's.
        rows, _ = ld.policy_rows(1200, 9)
        folder = ld.write_dataset(self.out("overfit"), rows)
        runs = {}
        for keep in ("best", "last"):
            result = train(Options(kind="policy", data=folder, out=self.out(f"keep-{keep}"),
                                   player="teacher", hidden=(256,), epochs=8, batch=16,
                                   lr=0.01, plot=False, keep=keep))
            with open(os.path.join(self.out(f"keep-{keep}"), "curve.csv")) as f:
                curve = [float(r["held_out_loss"]) for r in csv.DictReader(f)]
            with open(os.path.join(self.out(f"keep-{keep}"), "policy.json")) as f:
                card = json.load(f)
            runs[keep] = (result["metrics"]["held_out"]["log_loss"], curve, card["training"])
        held_best, curve, training = runs["best"]
        lowest = int(np.argmin(curve))
        self.assertLess(lowest, len(curve) - 1, curve)  # it did overfit: the test means something
        self.assertAlmostEqual(held_best, curve[lowest], places=5)
        self.assertEqual((training["keep"], training["kept_epoch"]), ("best", lowest + 1))
        held_last, curve_last, training = runs["last"]
        self.assertEqual(curve_last, curve)  # the same training; only the written epoch differs
        self.assertAlmostEqual(held_last, curve[-1], places=5)
        self.assertEqual((training["keep"], training["kept_epoch"]), ("last", len(curve)))

    def test_soft_targets_from_move_values(self):
        rows = dict(self.policy_rows)
        sign = np.where(rows["obs"][:, 0] == 1, 1.0, -1.0)
        values = 6.0 * sign[:, None] * np.arange(ld.A) / ld.A  # the teacher's scores, in points
        rows["move_value"] = np.where(rows["legal"] == 1, values, np.nan).astype(np.float32)
        folder = ld.write_dataset(self.out("soft"), rows)
        result = train(Options(kind="policy", data=folder, out=self.out("soft-fit"),
                               player="teacher", soft_targets=1.0, **{**SMALL, "epochs": 6}))
        held = result["metrics"]["held_out"]
        self.assertLess(held["log_loss"], self.teachers_log_loss(0.1) + 0.1, held)
        with self.assertRaises(data.DatasetError) as caught:
            train(Options(kind="policy", data=self.policy_data, out=self.out("soft-none"),
                          soft_targets=1.0, **SMALL))
        self.assertIn("soft targets need move values", str(caught.exception))

    def regress(self, name, rng, shared, **objective):
        """Trains a policy by `objective` on move values that are the teacher's score plus unit
        Gaussian noise plus, per row, an offset of standard deviation `shared` common to all its
        actions. Returns (the held-out metrics, the regret of the score's argmax against the
        noisy best move, computed here)."""
        rows = dict(self.policy_rows)
        legal = rows["legal"] == 1
        sign = np.where(rows["obs"][:, 0] == 1, 1.0, -1.0)
        scores = 6.0 * sign[:, None] * np.arange(ld.A) / ld.A
        noisy = (scores + rng.standard_normal(scores.shape)
                 + rng.normal(0, 1, (len(scores), 1)) * shared)
        rows["move_value"] = np.where(legal, noisy, np.nan).astype(np.float32)
        folder = ld.write_dataset(self.out(name), rows)
        result = train(Options(kind="policy", data=folder, out=self.out(name + "-fit"),
                               **objective, **{**SMALL, "epochs": 8}))
        best = np.where(legal, noisy, -np.inf).max(axis=1)
        ideal = np.where(legal, scores, -np.inf).argmax(axis=1)
        return (result["metrics"]["held_out"],
                np.mean(best - noisy[np.arange(len(best)), ideal]))

    def test_value_regression_finds_the_expected_values_and_their_argmax(self):
        # Each legal action's value is the teacher's score plus unit Gaussian noise: regression
        # should find the score (squared error near the noise's variance, 1) and play its argmax,
        # whose regret against the noisy best move this test computes on its own.
        held, ideal_regret = self.regress("regress", np.random.default_rng(7), shared=0.0,
                                          regress_values=True)
        self.assertLess(held["value_mse"], 1.3, held)
        self.assertGreater(held["value_mse"], 0.7, held)  # it cannot learn the noise
        self.assertLess(held["regret"], ideal_regret + 0.15, (held, ideal_regret))
        self.assertLess(held["regret"], held["recorded_regret"], held)

    def test_the_plot_marks_the_written_epoch_and_names_the_objectives_loss(self):
        held = [5.0, 3.0, 4.0, 3.0]
        self.assertEqual(plot_curve.kept_epoch([1, 2, 3, 4], held, {"keep": "best"}), 2)
        self.assertEqual(plot_curve.kept_epoch([1, 2, 3, 4], held, {"keep": "last"}), 4)
        self.assertIn("nats per decision", plot_curve.loss_label({"kind": "policy"}))
        self.assertIn("move values", plot_curve.loss_label({"kind": "policy",
                                                            "regress_values": True}))
        self.assertIn("hidden tile", plot_curve.loss_label({"kind": "belief"}))

    def test_advantage_regression_ignores_what_every_move_shares(self):
        # As above, plus a large offset common to every action of a row (the hand's value, which
        # the observation cannot predict): the advantages (values less their row's legal mean)
        # carry none of it, so their squared error stays near the unit noise's (times 1 - 1/k
        # for k legal actions, at most 1) and the argmax near the ideal; the values' error would
        # be the offset's variance, 400.
        held, ideal_regret = self.regress("advantages", np.random.default_rng(8), shared=20.0,
                                          regress_advantages=True)
        self.assertLess(held["value_mse"], 1.3, held)
        self.assertLess(held["regret"], ideal_regret + 0.15, (held, ideal_regret))

    def test_advantages_by_hand(self):
        legal = np.array([[True, True, False], [True, True, True]])
        values = np.array([[1.0, 3.0, 0.0], [2.0, -1.0, 2.0]])
        np.testing.assert_allclose(policy.advantages(values, legal),
                                   [[-1.0, 1.0, 0.0], [1.0, -2.0, 1.0]])

    def test_regret_metrics_by_hand(self):
        allowed = np.array([[True, True, False], [True, True, True]])
        values = np.array([[1.0, 3.0, 9.0], [2.0, -1.0, 0.5]])
        scores = np.array([[5.0, 4.0, 99.0], [0.0, 1.0, 1.0]])  # 99 is not allowed; a tie
        regrets = metrics.regret_metrics(scores, allowed, values, np.array([1, 2]))
        # argmax picks action 0 (regret 3 - 1) and action 1 (the lowest of a tie: 2 - (-1)).
        self.assertAlmostEqual(regrets["regret"], (2.0 + 3.0) / 2)
        self.assertAlmostEqual(regrets["recorded_regret"], (0.0 + 1.5) / 2)

    def test_masked_logits_never_make_a_nan(self):
        task = make_task(Options(kind="policy", data="", out=""))
        logits = torch.randn(3, 85, requires_grad=True)
        legal = torch.zeros(3, 85, dtype=torch.bool)
        legal[:, [4, 9]] = True
        target = torch.zeros(3, 85)
        target[:, 4] = 0.25
        target[:, 9] = 0.75
        for batch in ({"legal": legal, "action": torch.tensor([4, 9, 9])},
                      {"legal": legal, "target": target}):
            loss, _ = task.loss(logits, batch)
            loss.backward()
            self.assertTrue(torch.isfinite(loss))
            self.assertTrue(torch.isfinite(logits.grad).all())
            self.assertEqual(float(logits.grad[:, 0].abs().max()), 0.0)  # illegal: no gradient
            logits.grad = None

    @unittest.skipUnless(os.path.exists("/usr/bin/python3"), "no /usr/bin/python3")
    def test_curve_png_drawn_by_the_system_python(self):
        has_matplotlib = subprocess.run(["/usr/bin/python3", "-c", "import matplotlib"],
                                        capture_output=True).returncode == 0
        if not has_matplotlib:
            self.skipTest("Debian's python3-matplotlib is not installed")
        out = self.out("plotted")
        result = self.run_policy(out, epochs=2, plot=True)
        self.assertIsNone(result["plot_note"])
        png = os.path.join(out, "curve.png")
        self.assertEqual(read_bytes(png)[:8], b"\x89PNG\r\n\x1a\n")
        # The script alone, without the package on the path: it needs matplotlib only.
        os.remove(png)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        done = subprocess.run(["/usr/bin/python3", "-I", plot_curve.__file__, out], env=env,
                              cwd=self.dir, capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, f"wrote {png}\n")
        self.assertEqual(read_bytes(png)[:8], b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
