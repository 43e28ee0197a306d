"""A trained model as the C++ runtime and the strategies read it (docs/formats.md, "Model
files"): NAME.safetensors, the weights (layers.I.weight [out, in], layers.I.bias [out], float32),
and NAME.json, its card: kind, input layout and size, output size, the game's rules, the layers
in order with their activations, how it was trained and its held-out metrics."""

import json

import safetensors.torch

from dominoes.learn import outfolder

CARD_FORMAT = "dominoes-model"
CARD_VERSION = 1
INPUT_LAYOUT = "observation-v1"  # docs/formats.md, "Observation tensor"


def card(model, kind, input_size, output_size, rules, training, metrics):
    """Returns the card of `model` (an MLP) as a dict, its keys in the format's order."""
    layers = [{"weight": f"layers.{i}.weight", "bias": f"layers.{i}.bias", "activation": act}
              for i, act in enumerate(model.activations())]
    return {"format": CARD_FORMAT, "version": CARD_VERSION, "kind": kind,
            "input": {"layout": INPUT_LAYOUT, "size": input_size},
            "output": {"size": output_size}, "rules": rules, "layers": layers,
            "training": training, "metrics": metrics}


def write_model(path_stem, model, card_dict):
    """Writes PATH_STEM.safetensors (the model's parameters, float32, contiguous) and
    PATH_STEM.json (the card), each whole or not at all, the weights first: a card on disk
    always has its weights beside it."""
    tensors = {name: tensor.detach().float().contiguous()
               for name, tensor in model.state_dict().items()}
    outfolder.write_whole(path_stem + ".safetensors", lambda partial: safetensors.torch.save_file(
        tensors, partial, metadata={"format": CARD_FORMAT}))
    outfolder.write_text(path_stem + ".json", json.dumps(card_dict, indent=2) + "\n")
