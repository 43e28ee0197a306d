"""The value model's task: the deciding seat's net points for the hand (what `dominoes run`
scores it), regressed by mean squared error (points squared per decision); one output."""

import numpy as np
import torch

from dominoes.learn import metrics


class ValueTask:
    kind = "value"
    unit = "points squared per decision"

    def output_size(self, rules):
        return 1

    def rows(self, dataset):
        """Returns the rows this task learns from: all."""
        return np.ones(len(dataset), dtype=bool)

    def examples(self, dataset):
        """Returns the tensors of `dataset`'s rows: "x" [N, D] and "points" [N], float32."""
        return {"x": torch.from_numpy(dataset.obs.astype(np.float32)),
                "points": torch.from_numpy(dataset.points.astype(np.float32))}

    def loss(self, logits, batch):
        """Returns (the summed squared error of the batch, its number of rows)."""
        return ((logits[:, 0] - batch["points"]) ** 2).sum(), len(logits)

    def metrics(self, logits, examples, train_examples):
        """Returns value_metrics of the predictions, against the training rows' mean."""
        train_mean = float(train_examples["points"].double().mean())
        return metrics.value_metrics(logits[:, 0].numpy(), examples["points"].numpy().astype(
            np.float64), train_mean)
