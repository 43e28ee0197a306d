"""Training the belief, policy and value networks on the engine's own games, with PyTorch.

  data        a dataset folder of `dominoes dataset` as numpy arrays; the held-out split by deal
  places      where a hidden tile may be, from the observation (the belief model's softmax)

Needs PyTorch and safetensors (the package's extra `learn`; build/venv has them).
"""

from dominoes import _requires

_requires.require("dominoes.learn", "torch", "safetensors")
