"""The trained policy as a Python strategy for dominoes.run: an object with choose(observation,
legal, rng) (docs/python.md, "Python strategies").

    import dominoes, strategy
    player = strategy.PolicyStrategy.from_file("results/rl/policy.npz")
    dominoes.run(players=[player, "random"], deals=20000, out="/tmp/rl-vs-random")

It reads observation.observation_tensor(), the tensor the vector environment trained it on, maps
each legal move to its action with dominoes.action_index, and plays the legal action of highest
probability (greedy=True, the default) or draws one from the policy with the seat's stream rng
(greedy=False), so the tables stay reproducible either way.
"""

import numpy as np

import dominoes
import policy


class PolicyStrategy:
    """A seatable strategy for the two-seat game (or any rules the weights were trained on)."""

    def __init__(self, params, observation_high, rules=None, greedy=True, name="rl-policy"):
        self.params = {k: np.asarray(v, np.float64) for k, v in params.items()}
        self.scale = policy.scale_of(observation_high).astype(np.float64)
        self.rules = rules if rules is not None else dominoes.Rules()
        self.action_count = self.rules.action_count
        self.greedy = greedy
        self.name = name  # the name dominoes.run seats it under and the tables show

    @classmethod
    def from_file(cls, path, **kwargs):
        params, high, _ = policy.load(path)
        return cls(params, high, **kwargs)

    def probabilities(self, observation, legal):
        """The policy's probability of each move of `legal`, in that order."""
        x = np.asarray(observation.observation_tensor(), np.float64) * self.scale
        actions = [dominoes.action_index(move, self.rules) for move in legal]
        mask = np.zeros((1, self.action_count), np.uint8)
        mask[0, actions] = 1
        _, p, _ = policy.forward(self.params, x[None, :], mask)
        return p[0, actions]

    def choose(self, observation, legal, rng):
        p = self.probabilities(observation, legal)
        if self.greedy:
            return legal[int(np.argmax(p))]
        u, total = rng.uniform(), 0.0
        for move, q in zip(legal, p):
            total += q
            if u < total:
                return move
        return legal[int(np.argmax(p))]  # u beyond the rounded total
