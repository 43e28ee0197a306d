"""The network every model kind uses: a multilayer perceptron, dense layers with ReLU between them
and none after the last, laid out as the model files' card names them (docs/formats.md, "Model
files": layers.I.weight [out, in] and layers.I.bias [out], PyTorch's nn.Linear)."""

import torch
from torch import nn


class MLP(nn.Module):
    """input_size -> hidden[0] -> ... -> hidden[-1] -> output_size, ReLU after every layer but
    the last. Its parameters start as PyTorch's nn.Linear defaults draw them from torch's global
    generator (seed it first: torch.manual_seed)."""

    def __init__(self, input_size, hidden, output_size):
        super().__init__()
        sizes = [input_size, *hidden, output_size]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))

    def forward(self, x):
        """Returns the logits [N, output_size] of the float32 inputs x [N, input_size]."""
        last = len(self.layers) - 1
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < last:
                x = torch.relu(x)
        return x

    def activations(self):
        """Returns each layer's activation as the card names it: "relu", the last "none"."""
        return ["relu"] * (len(self.layers) - 1) + ["none"]
