"""The policy model's task. Its examples are the decisions (rows with at least two legal
actions); its output is one number per action, the policy the softmax over the legal actions
only. Four objectives:
- imitation: the cross-entropy of the recorded action (nats per decision);
- soft targets: the cross-entropy of the softmax of the actions' exact values at a temperature;
- value regression: each legal action's output regresses its exact open-hands value (squared
  error in points squared, summed over the decision's legal actions). The output is then the
  action's expected value under the data's distribution of hidden hands, and its argmax is
  perfect-information Monte Carlo (PIMC) with that distribution as the belief and infinitely many
  worlds (as Deep Monte Carlo learns Q-values by regression: Zha et al. 2021, DouZero);
- advantage regression: the same with each value minus the mean of the decision's legal values.
  The argmax is the same (a constant per decision moves every expected value alike), but the
  hand's value, which every move of a world shares and which the observation cannot predict,
  no longer adds its variance to every target (the baseline of policy-gradient methods, applied
  to regression targets)."""

import numpy as np
import torch

from dominoes.learn import data, metrics
from dominoes.learn._text import quoted


class PolicyTask:
    kind = "policy"

    def __init__(self, soft_temperature=None, regress_values=False, regress_advantages=False):
        """`soft_temperature` (points, > 0): train towards softmax(move_value / it) over the legal
        actions instead of the recorded action; `regress_values`: regress the move values;
        `regress_advantages`: regress the move values minus their mean over each decision's legal
        actions. Each needs a dataset with move values."""
        self.soft_temperature = soft_temperature
        self.regress_advantages = regress_advantages
        self.regress_values = regress_values or regress_advantages
        self.unit = ("points squared per decision" if self.regress_values
                     else "nats per decision")

    def output_size(self, rules):
        return rules.action_count

    def rows(self, dataset):
        """Returns the rows this task learns from: the decisions."""
        return data.choice_rows(dataset)

    def examples(self, dataset):
        """Returns the tensors of `dataset`'s rows: "x" [N, D] float32, "legal" [N, A] bool,
        "action" [N] int64, with soft targets "target" [N, A] float32, and when the dataset has
        move values "values" [N, A] float32 (0 at illegal actions; with regress_advantages each
        legal value minus the mean of its row's legal values)."""
        legal = torch.from_numpy(dataset.legal.astype(bool))
        examples = {"x": torch.from_numpy(dataset.obs.astype(np.float32)), "legal": legal,
                    "action": torch.from_numpy(dataset.action.astype(np.int64))}
        if self.soft_temperature is not None:
            examples["target"] = soft_targets(dataset, self.soft_temperature)
        if self.regress_values or dataset.move_value is not None:
            values = legal_values(dataset, "value regression and regrets")
            if self.regress_advantages:
                values = advantages(values, dataset.legal.astype(bool))
            examples["values"] = torch.from_numpy(values.astype(np.float32))
        return examples

    @staticmethod
    def log_probabilities(logits, legal):
        """Returns the policy's log-probabilities: the log-softmax of `logits` over the `legal`
        actions only (-infinity at the others)."""
        return torch.log_softmax(logits.masked_fill(~legal, float("-inf")), dim=1)

    def loss(self, logits, batch):
        """Returns (the summed loss of the batch, the number of decisions)."""
        if self.regress_values:
            error = torch.where(batch["legal"], logits - batch["values"], torch.zeros_like(logits))
            return (error**2).sum(), len(logits)
        log_p = self.log_probabilities(logits, batch["legal"])
        if "target" in batch:
            terms = torch.where(batch["legal"], batch["target"] * log_p, torch.zeros_like(log_p))
            return -terms.sum(), len(logits)
        return -log_p.gather(1, batch["action"][:, None]).sum(), len(logits)

    def metrics(self, logits, examples, train_examples):
        """Returns choice_metrics of the recorded actions under the policy of `logits`, and when
        the examples have move values the regrets (regret_metrics) of its argmax and of the
        recorded actions, and the value regression's squared error."""
        legal = examples["legal"].numpy()
        log_p = self.log_probabilities(logits, examples["legal"])
        result = metrics.choice_metrics(log_p.numpy(), legal, examples["action"].numpy())
        if "values" in examples:
            values = examples["values"].numpy()
            result.update(metrics.regret_metrics(logits.numpy(), legal, values,
                                                 examples["action"].numpy()))
            if self.regress_values:
                result["value_mse"] = float(np.mean(
                    ((logits.numpy() - values) ** 2)[legal]))
        return result


def legal_values(dataset, purpose):
    """Returns the dataset's move values with 0 at the illegal actions, [N, A] float64. Raises
    DatasetError, naming `purpose` (what needs them), when it has none or a legal action has
    none."""
    if dataset.move_value is None:
        raise data.DatasetError(f"{purpose} need move values and the dataset "
                                f"{quoted(dataset.folder)} has none (dominoes dataset "
                                f"--move-values writes them)")
    legal = dataset.legal.astype(bool)
    values = dataset.move_value.astype(np.float64)
    if not np.isfinite(values[legal]).all():
        raise data.DatasetError(f"dataset {quoted(dataset.folder)} has a legal action without "
                                f"a finite move value")
    return np.where(legal, values, 0.0)


def advantages(values, legal):
    """Returns `values` [N, A] minus, in each row, the mean of its `legal` entries (0 stays at the
    illegal ones)."""
    mean = values.sum(axis=1, where=legal, keepdims=True) / legal.sum(axis=1, keepdims=True)
    return np.where(legal, values - mean, 0.0)


def soft_targets(dataset, temperature):
    """Returns softmax(move_value / temperature) over each row's legal actions, [N, A] float32 (0
    for the illegal ones). Raises DatasetError as legal_values does."""
    legal = dataset.legal.astype(bool)
    scaled = np.where(legal, legal_values(dataset, "soft targets") / temperature, -np.inf)
    scaled -= scaled.max(axis=1, keepdims=True)
    weights = np.exp(scaled)
    return torch.from_numpy((weights / weights.sum(axis=1, keepdims=True)).astype(np.float32))
