"""The policy: a one-hidden-layer network, numpy only, with a softmax over the actions restricted to
the legal ones (the action mask) and a value head that learns the baseline.

    x      = observation / observation_high            every entry in [0, 1]
    h      = tanh(x W1 + b1)                           the hidden layer (`hidden` units)
    logits = h W2 + b2, set to -inf where the mask is 0
    p      = softmax(logits)                           the policy: 0 on every illegal action
    v      = h . w_v + b_v                             the value: expected return, in reward units

The loss of a batch (minimized) is the policy gradient's surrogate with an entropy bonus and the
value's squared error:

    loss = -mean(advantage * log p[action]) - entropy_coef * mean(H(p))
           + value_coef * mean((v - return)^2) / 2

`loss_and_gradients` returns it with its exact gradient (tests/venv/test_rl_example.py checks it
against finite differences). The arrays keep the parameters' dtype: float32 to train, float64 to
check.
"""

import numpy as np

PARAMETER_NAMES = ("W1", "b1", "W2", "b2", "w_v", "b_v")


def init_parameters(observation_size, action_count, hidden, rng, dtype=np.float32):
    """Returns fresh parameters: Glorot-uniform W1, small W2 (a near-uniform first policy), zero
    biases and value head. `rng` is a numpy Generator."""
    limit = np.sqrt(6.0 / (observation_size + hidden))
    return {
        "W1": rng.uniform(-limit, limit, (observation_size, hidden)).astype(dtype),
        "b1": np.zeros(hidden, dtype),
        "W2": (0.01 * rng.standard_normal((hidden, action_count))).astype(dtype),
        "b2": np.zeros(action_count, dtype),
        "w_v": np.zeros(hidden, dtype),
        "b_v": np.zeros((), dtype),
    }


def forward(params, x, mask):
    """x: (N, D) scaled observations; mask: (N, A), nonzero = legal. Returns (h, p, v): the hidden
    layer, the masked softmax and the values."""
    h = np.tanh(x @ params["W1"] + params["b1"])
    logits = h @ params["W2"] + params["b2"]
    legal = mask != 0
    logits = np.where(legal, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    p = e / e.sum(axis=1, keepdims=True)
    v = h @ params["w_v"] + params["b_v"]
    return h, p, v


def entropy(p):
    """The entropy of each row of p (nats), 0 log 0 taken as 0."""
    logp = np.log(np.where(p > 0, p, 1.0))
    return -(p * logp).sum(axis=1)


def loss_and_gradients(params, x, mask, actions, advantages, returns, entropy_coef=0.01,
                       value_coef=0.5):
    """Returns (loss, {name: gradient}, stats) of a batch of N rows; actions must be legal."""
    n = x.shape[0]
    h, p, v = forward(params, x, mask)
    rows = np.arange(n)
    logp = np.log(np.where(p > 0, p, 1.0))
    ent = -(p * logp).sum(axis=1)
    value_error = v - returns
    loss = (-(advantages * logp[rows, actions]).mean() - entropy_coef * ent.mean()
            + value_coef * 0.5 * (value_error ** 2).mean())
    # d loss / d logits: the policy term -A (onehot - p), the entropy term p (log p + H)
    d_logits = p * advantages[:, None]
    d_logits[rows, actions] -= advantages
    d_logits += entropy_coef * p * (logp + ent[:, None])
    d_logits /= n
    d_v = value_coef * value_error / n
    d_h = d_logits @ params["W2"].T + np.outer(d_v, params["w_v"])
    d_pre = d_h * (1.0 - h * h)
    grads = {
        "W1": x.T @ d_pre,
        "b1": d_pre.sum(axis=0),
        "W2": h.T @ d_logits,
        "b2": d_logits.sum(axis=0),
        "w_v": h.T @ d_v,
        "b_v": d_v.sum(),
    }
    grads = {name: g.astype(params[name].dtype) for name, g in grads.items()}
    stats = {"entropy": float(ent.mean()), "value_error": float((value_error ** 2).mean())}
    return float(loss), grads, stats


class Adam:
    """Adam (Kingma and Ba) over a parameter dict, with the gradient's global norm clipped."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, clip=1.0):
        self.learning_rate, self.beta1, self.beta2, self.eps, self.clip = (
            learning_rate, beta1, beta2, eps, clip)
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.s = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params, grads):
        """Updates params in place; returns the gradient's norm before clipping."""
        norm = float(np.sqrt(sum(float((g.astype(np.float64) ** 2).sum())
                                 for g in grads.values())))
        scale = min(1.0, self.clip / norm) if norm > 0 else 1.0
        self.t += 1
        correction1 = 1.0 - self.beta1 ** self.t
        correction2 = 1.0 - self.beta2 ** self.t
        for k in params:
            g = grads[k] * scale
            self.m[k] = self.beta1 * self.m[k] + (1.0 - self.beta1) * g
            self.s[k] = self.beta2 * self.s[k] + (1.0 - self.beta2) * g * g
            step = (self.learning_rate * (self.m[k] / correction1)
                    / (np.sqrt(self.s[k] / correction2) + self.eps))
            params[k] -= step.astype(params[k].dtype)
        return norm


def save(path, params, observation_high, **meta):
    """Writes the parameters, the observation scale and any metadata to an .npz file."""
    np.savez(path, observation_high=np.asarray(observation_high, np.float32),
             **{k: params[k] for k in PARAMETER_NAMES},
             **{k: np.asarray(v) for k, v in meta.items()})


def load(path):
    """Returns (params, observation_high, meta) from a file `save` wrote."""
    with np.load(path) as f:
        params = {k: f[k] for k in PARAMETER_NAMES}
        high = f["observation_high"]
        meta = {k: f[k] for k in f.files if k not in PARAMETER_NAMES and k != "observation_high"}
    return params, high, meta


def scale_of(observation_high):
    """The factor that maps an observation into [0, 1]: 1 / high, 0 where high is 0."""
    high = np.asarray(observation_high, np.float32)
    return np.where(high > 0, 1.0 / np.where(high > 0, high, 1.0), 0.0).astype(np.float32)
