"""The trainer's output folder: claimed by its training.json (the options that make the result
and the dataset's fingerprint), refused when it is another's, and holding the checkpoint a rerun
resumes from. Every file is written whole or not at all (FILE.partial, then a rename)."""

import fcntl
import hashlib
import json
import os

import torch

from dominoes.learn._text import quoted

FORMAT = "dominoes-training"
VERSION = 1
CLAIM = "training.json"
CHECKPOINT = "checkpoint.pt"


class OutFolderError(ValueError):
    """An output folder the trainer may not use; the message is one line naming it."""


def differing_keys(there, now):
    """Returns the keys whose values differ, as `dominoes run` names them: 'lr is "0.001" there
    and "0.01" now, ...'."""
    names = list(there) + [name for name in now if name not in there]
    return ", ".join(f"{name} is {quoted(there.get(name, '(not set)'))} there and "
                     f"{quoted(now.get(name, '(not set)'))} now"
                     for name in names if there.get(name) != now.get(name))


def dataset_fingerprint(folders):
    """Returns the SHA-256 of the dataset's manifest (its chunk list and config): the same data
    wherever the folder is; of several folders, the SHA-256 of their fingerprints in order."""
    prints = []
    for folder in folders:
        with open(os.path.join(folder, "dataset.json"), "rb") as f:
            prints.append(hashlib.sha256(f.read()).hexdigest())
    if len(prints) == 1:
        return prints[0]
    return hashlib.sha256(",".join(prints).encode()).hexdigest()


def write_whole(path, write):
    """Calls write(PARTIAL_PATH), syncs that file and renames it to `path`."""
    partial = path + ".partial"
    write(partial)
    with open(partial, "rb") as f:
        os.fsync(f.fileno())
    os.replace(partial, path)


def write_text(path, text):
    """Writes `text` to `path` whole or not at all."""
    def write(partial):
        with open(partial, "w", encoding="utf-8") as f:
            f.write(text)
    write_whole(path, write)


def read_claim(out):
    """Returns the keys of OUT/training.json, or raises OutFolderError when it is not one."""
    path = os.path.join(out, CLAIM)
    try:
        with open(path, encoding="utf-8") as f:
            claim = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise OutFolderError(f"out {quoted(out)} holds a {CLAIM} that cannot be read ({e}): "
                             f"choose another --out") from None
    if not isinstance(claim, dict) or claim.get("format") != FORMAT or not isinstance(
            claim.get("keys"), dict):
        raise OutFolderError(f"out {quoted(out)} holds a {CLAIM} that is not a trainer's: "
                             f"choose another --out")
    return claim["keys"]


def claim(out, keys):
    """Makes `out` the training folder of `keys` (a dict of the options that make the result) or
    checks that it already is. Returns an open file holding the folder's lock (close it when
    done). Raises OutFolderError for a path that is not a folder, a folder holding files but no
    training.json (not the trainer's), a training of other keys, or one in use."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise OutFolderError(f"out {quoted(out)} is not a folder: choose a new or empty --out")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, CLAIM)
    if os.path.exists(path):
        there = read_claim(out)
        if there != keys:
            raise OutFolderError(
                f"out {quoted(out)} holds the training of another configuration "
                f"({differing_keys(there, keys)}): choose another --out, or train that "
                f"configuration again (its {CLAIM} there) to resume it")
    else:
        held = sorted(os.listdir(out))
        if held:
            more = f" and {len(held) - 1} more" if len(held) > 1 else ""
            raise OutFolderError(f"out {quoted(out)} is not a training folder (it holds "
                                 f"{held[0]}{more}, and no {CLAIM}): choose a new or empty --out")
        write_text(path, json.dumps({"format": FORMAT, "version": VERSION, "keys": keys},
                                    indent=2) + "\n")
    return lock(out)


def lock(out):
    """Returns the open training.json of `out`, locked for this process (flock), or raises
    OutFolderError when another process holds it."""
    handle = open(os.path.join(out, CLAIM), "rb")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise OutFolderError(f"out {quoted(out)} is in use by another training: wait for it, or "
                             f"choose another --out") from None
    return handle


def save_checkpoint(out, state):
    """Writes `state` (a dict of tensors, numbers, strings, lists and dicts) to
    OUT/checkpoint.pt, whole or not at all."""
    write_whole(os.path.join(out, CHECKPOINT), lambda partial: torch.save(state, partial))


def load_checkpoint(out):
    """Returns the state OUT/checkpoint.pt holds, or None when there is none. Raises
    OutFolderError when it cannot be read."""
    path = os.path.join(out, CHECKPOINT)
    if not os.path.exists(path):
        return None
    try:
        return torch.load(path, weights_only=True)
    except Exception as e:  # torch raises many kinds for a damaged file
        raise OutFolderError(f"checkpoint {path} cannot be read ({str(e).splitlines()[0]}): move "
                             f"it away to train from the start") from None
