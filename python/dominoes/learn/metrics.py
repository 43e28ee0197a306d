"""Held-out metrics of a model's predictions, in numpy (float64): for a choice among allowed
classes (a policy's legal actions, a belief's possible places of a tile) the log-loss, the
accuracy of the most likely class and the calibration; for a value the squared and absolute
errors."""

import numpy as np

BINS = 10  # the calibration's bins of predicted probability: [0, 0.1), ..., [0.9, 1]


def reliability(probability, happened, bins=BINS):
    """Returns (the expected calibration error, the bins) of predictions `probability` [M] of
    events `happened` [M] (bool): each bin of equal width in probability that holds predictions
    as {"low", "high", "count", "predicted" (their mean), "frequency" (how often they
    happened)}, and the error as the mean over the predictions of |predicted - frequency| of
    their bin (Naeini, Cooper and Hauskrecht 2015; Guo et al. 2017)."""
    which = np.minimum((probability * bins).astype(np.int64), bins - 1)
    table, error = [], 0.0
    for b in range(bins):
        inside = which == b
        count = int(inside.sum())
        if count == 0:
            continue
        predicted = float(probability[inside].mean())
        frequency = float(happened[inside].mean())
        error += count * abs(predicted - frequency)
        table.append({"low": b / bins, "high": (b + 1) / bins, "count": count,
                      "predicted": predicted, "frequency": frequency})
    return error / max(len(probability), 1), table


def choice_metrics(log_probability, allowed, target):
    """Returns the metrics of M choices: `log_probability` [M, C] (float; anything where not
    allowed), `allowed` [M, C] bool, `target` [M] the class that happened (always allowed):
    {"choices": M, "log_loss" (mean -log p of the target, nats), "uniform_log_loss" (the same for
    a uniform guess among the allowed classes), "accuracy" (the share whose most likely allowed
    class, the lowest on ties, is the target), "calibration_error" and "reliability" (every
    allowed class's probability against whether it happened: reliability())}."""
    log_probability = np.where(allowed, np.asarray(log_probability, dtype=np.float64), -np.inf)
    rows = np.arange(len(target))
    probability = np.exp(log_probability)
    happened = np.zeros_like(allowed)
    happened[rows, target] = True
    error, table = reliability(probability[allowed], happened[allowed])
    return {"choices": int(len(target)),
            "log_loss": float(-log_probability[rows, target].mean()),
            "uniform_log_loss": float(np.log(allowed.sum(axis=1)).mean()),
            "accuracy": float((log_probability.argmax(axis=1) == target).mean()),
            "calibration_error": error, "reliability": table}


def regret_metrics(scores, allowed, values, recorded):
    """Returns the regrets of M decisions, in points per decision: `scores` [M, A] (a policy's
    logits or values; anything where not allowed), `allowed` [M, A] bool (the legal actions),
    `values` [M, A] each action's exact open-hands value, `recorded` [M] the action taken.
    {"regret": the mean of max(values) - values at the highest-scoring allowed action (the
    lowest on ties), "recorded_regret": the same for the recorded actions}: what each choice
    loses against the best move had the hands been open."""
    rows = np.arange(len(recorded))
    values = np.asarray(values, dtype=np.float64)
    best = np.where(allowed, values, -np.inf).max(axis=1)
    chosen = np.where(allowed, np.asarray(scores, dtype=np.float64), -np.inf).argmax(axis=1)
    return {"regret": float(np.mean(best - values[rows, chosen])),
            "recorded_regret": float(np.mean(best - values[rows, recorded]))}


def value_metrics(predicted, points, train_mean):
    """Returns the metrics of value predictions `predicted` [M] of `points` [M] (points):
    {"mse" (points squared), "mae" (points), "mean_mse" (the squared error of
    predicting `train_mean`, the training rows' mean, everywhere: the baseline to beat)}."""
    error = np.asarray(predicted, dtype=np.float64) - points
    return {"mse": float(np.mean(error**2)),
            "mae": float(np.mean(np.abs(error))),
            "mean_mse": float(np.mean((points - train_mean) ** 2))}
