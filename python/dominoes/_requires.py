"""What the learning submodules need beyond the package itself, checked on import so that a
missing library is named in one line with the command that installs it."""

import importlib.util
import sys

# Each submodule's pip extra and what it installs: the same requirements as pyproject.toml's
# [project.optional-dependencies] (tests/python/test_learning_submodules.py compares them). The
# package itself is not on the Python package index, so the message names the libraries
# themselves, and the extra only for an install from the repository.
_EXTRA = {"dominoes.pettingzoo": "pettingzoo", "dominoes.gymnasium": "gymnasium",
          "dominoes.vector": "gymnasium", "dominoes.openspiel": "openspiel",
          "dominoes.learn": "learn"}
EXTRA_REQUIREMENTS = {"gymnasium": ["gymnasium>=1.0"],
                      "pettingzoo": ["pettingzoo>=1.24", "gymnasium>=1.0"],
                      "openspiel": ["open-spiel>=1.5"],
                      "learn": ["torch>=2.2", "safetensors>=0.4"]}


def require(submodule, *libraries):
    """Raises ModuleNotFoundError naming `submodule` (e.g. "dominoes.pettingzoo"), the first of
    `libraries` that cannot be imported, and how to install it."""
    for library in libraries:
        if importlib.util.find_spec(library) is None:
            extra = _EXTRA[submodule]
            requirements = " ".join(f"'{r}'" for r in EXTRA_REQUIREMENTS[extra])
            raise ModuleNotFoundError(
                f"{submodule} needs {library}, which this Python ({sys.executable}) cannot "
                f"import: {sys.executable} -m pip install {requirements} (or, in a checkout of "
                f"the repository, pip install '.[{extra}]', which installs the package with "
                f"them; or use the venv scripts/python-env makes, build/venv)",
                name=library)
