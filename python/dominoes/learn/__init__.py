"""Training the belief, policy and value networks on the engine's own games, with PyTorch:
`python -m dominoes.learn KIND --data DIR --out DIR` (--help explains every option and file;
docs/python.md, "Training", teaches it).

  data        a dataset folder of `dominoes dataset` as numpy arrays; the held-out split by deal
  places      where a hidden tile may be, from the observation (the belief model's softmax)
  policy, belief, value   each kind's examples, loss and metrics
  model       the network (an MLP); export writes it as the C++ runtime reads it
  trainer     a run: seeded, deterministic, checkpointed every epoch and resumable
  plot_curve  the learning curve's plot, a script for any python with matplotlib

Needs PyTorch and safetensors (the package's extra `learn`; build/venv has them).
"""

from dominoes import _requires

_requires.require("dominoes.learn", "torch", "safetensors")

from dominoes.learn.options import Options  # noqa: E402  (after the check above)
from dominoes.learn.trainer import train  # noqa: E402

__all__ = ["Options", "train"]
