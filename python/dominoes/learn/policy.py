"""The policy model's task: imitation. Its examples are the decisions (rows with at least two
legal actions); its output is one logit per action, the policy the softmax over the legal
actions only; its loss the cross-entropy of the recorded action (nats per decision), or with
soft targets the cross-entropy of the softmax of the actions' exact values at a temperature."""

import numpy as np
import torch

from dominoes.learn import data, metrics
from dominoes.learn._text import quoted


class PolicyTask:
    kind = "policy"
    unit = "nats per decision"

    def __init__(self, soft_temperature=None):
        """`soft_temperature` (points, > 0): train towards softmax(move_value / it) over the legal
        actions instead of the recorded action; the dataset must carry move values."""
        self.soft_temperature = soft_temperature

    def output_size(self, rules):
        return rules.action_count

    def rows(self, dataset):
        """Returns the rows this task learns from: the decisions."""
        return data.choice_rows(dataset)

    def examples(self, dataset):
        """Returns the tensors of `dataset`'s rows: "x" [N, D] float32, "legal" [N, A] bool,
        "action" [N] int64, and with soft targets "target" [N, A] float32."""
        legal = torch.from_numpy(dataset.legal.astype(bool))
        examples = {"x": torch.from_numpy(dataset.obs.astype(np.float32)), "legal": legal,
                    "action": torch.from_numpy(dataset.action.astype(np.int64))}
        if self.soft_temperature is not None:
            examples["target"] = soft_targets(dataset, self.soft_temperature)
        return examples

    @staticmethod
    def log_probabilities(logits, legal):
        """Returns the policy's log-probabilities: the log-softmax of `logits` over the `legal`
        actions only (-infinity at the others)."""
        return torch.log_softmax(logits.masked_fill(~legal, float("-inf")), dim=1)

    def loss(self, logits, batch):
        """Returns (the summed loss of the batch, the number of decisions)."""
        log_p = self.log_probabilities(logits, batch["legal"])
        if "target" in batch:
            terms = torch.where(batch["legal"], batch["target"] * log_p, torch.zeros_like(log_p))
            return -terms.sum(), len(logits)
        return -log_p.gather(1, batch["action"][:, None]).sum(), len(logits)

    def metrics(self, logits, examples, train_examples):
        """Returns choice_metrics of the recorded actions under the policy of `logits`."""
        legal = examples["legal"].numpy()
        log_p = self.log_probabilities(logits, examples["legal"])
        return metrics.choice_metrics(log_p.numpy(), legal, examples["action"].numpy())


def soft_targets(dataset, temperature):
    """Returns softmax(move_value / temperature) over each row's legal actions, [N, A] float32 (0
    for the illegal ones). Raises DatasetError when the dataset has no move values, or a legal
    action has none."""
    if dataset.move_value is None:
        raise data.DatasetError(f"soft targets need move values and the dataset "
                                f"{quoted(dataset.folder)} has none (dominoes dataset "
                                f"--move-values writes them)")
    legal = dataset.legal.astype(bool)
    values = dataset.move_value.astype(np.float64)
    if not np.isfinite(values[legal]).all():
        raise data.DatasetError(f"dataset {quoted(dataset.folder)} has a legal action without "
                                f"a finite move value")
    scaled = np.where(legal, values / temperature, -np.inf)
    scaled -= scaled.max(axis=1, keepdims=True)
    weights = np.exp(scaled)
    return torch.from_numpy((weights / weights.sum(axis=1, keepdims=True)).astype(np.float32))
