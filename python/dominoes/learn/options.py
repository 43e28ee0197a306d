"""A training run's options, checked: the command line's and train()'s, one place for both."""

import dataclasses
import math

KINDS = ("belief", "policy", "value")


@dataclasses.dataclass
class Options:
    """What `python -m dominoes.learn KIND ...` is given (its --help explains each)."""
    kind: str
    data: object  # a dataset folder, or a list of them (joined)
    out: str
    hidden: tuple = (256, 256)
    epochs: int = 10
    batch: int = 256
    lr: float = 1e-3
    seed: int = 1
    player: str = None
    held_out: float = 0.1
    threads: int = 1
    soft_targets: float = None
    regress_values: bool = False
    regress_advantages: bool = False
    keep: str = "best"  # the epoch whose weights are written: best held-out loss, or the last
    plot: bool = True
    command: str = ""  # the command line, as the model's card records it

    def data_folders(self):
        """Returns the dataset folders, a tuple of one or more."""
        return (self.data,) if isinstance(self.data, str) else tuple(self.data)

    def check(self):
        """Raises ValueError, one line naming the option and what is valid, for a bad value."""
        if not self.data_folders() or not all(isinstance(f, str) and f
                                              for f in self.data_folders()):
            raise ValueError("--data: give one or more dataset folders")
        if self.kind not in KINDS:
            raise ValueError(f"model kind {self.kind!r} is not one of {', '.join(KINDS)}")
        hidden = tuple(self.hidden)
        if not hidden or any(not isinstance(h, int) or not 1 <= h <= 65536 for h in hidden):
            raise ValueError(f"--hidden {','.join(map(str, hidden)) or '(empty)'}: give one or "
                             f"more layer sizes from 1 to 65536, comma-separated (256,256)")
        for name, value, top in (("epochs", self.epochs, 1_000_000), ("batch", self.batch,
                                 1 << 24), ("threads", self.threads, 1024)):
            if not isinstance(value, int) or not 1 <= value <= top:
                raise ValueError(f"--{name} {value}: give a whole number from 1 to {top}")
        if not isinstance(self.seed, int) or not 0 <= self.seed < 2**63:
            raise ValueError(f"--seed {self.seed}: give a whole number from 0 to 2**63 - 1")
        if not (isinstance(self.lr, float) and math.isfinite(self.lr) and 0 < self.lr <= 10):
            raise ValueError(f"--lr {self.lr}: give a learning rate above 0 and at most 10")
        if not (isinstance(self.held_out, float) and 0 < self.held_out < 1):
            raise ValueError(f"--held-out {self.held_out}: give the share of deals held out, "
                             f"above 0 and below 1 (0.1)")
        if self.soft_targets is not None:
            if self.kind != "policy":
                raise ValueError("--soft-targets is for policy models only")
            if not (math.isfinite(self.soft_targets) and self.soft_targets > 0):
                raise ValueError(f"--soft-targets {self.soft_targets}: give a temperature in "
                                 f"points above 0 (1.0)")
        objectives = [name for name, given in (("--soft-targets", self.soft_targets is not None),
                                                ("--regress-values", self.regress_values),
                                                ("--regress-advantages",
                                                 self.regress_advantages)) if given]
        if objectives and self.kind != "policy":
            raise ValueError(f"{objectives[0]} is for policy models only")
        if len(objectives) > 1:
            raise ValueError(f"{objectives[0]} and {objectives[1]} are two objectives: give one")
        if self.keep not in ("best", "last"):
            raise ValueError(f"--keep {self.keep}: give best (the epoch of the lowest held-out "
                             f"loss) or last")
        if self.player is not None and not self.player:
            raise ValueError("--player is empty: give a player's name or spec from the dataset")

    def keys(self):
        """Returns the options that make the result, as training.json records them: a run in a
        folder made with other keys is another training (the data folder is compared by its
        manifest, not its path; --no-plot does not count)."""
        return {"kind": self.kind, "hidden": list(self.hidden), "epochs": self.epochs,
                "batch": self.batch, "lr": self.lr, "seed": self.seed, "player": self.player,
                "held_out": self.held_out, "threads": self.threads,
                "soft_targets": self.soft_targets, "regress_values": self.regress_values,
                # only when given: a folder trained before the option existed resumes as before
                **({"regress_advantages": True} if self.regress_advantages else {}),
                "keep": self.keep}
