"""What the learning submodules need beyond the package itself, checked on import so that a
missing library is named in one line with the command that installs it."""

import importlib.util
import sys

# The pip extra (pyproject.toml) that brings what each submodule needs.
_EXTRA = {"dominoes.pettingzoo": "pettingzoo", "dominoes.gymnasium": "gymnasium",
          "dominoes.vector": "gymnasium", "dominoes.openspiel": "openspiel"}


def require(submodule, *libraries):
    """Raises ModuleNotFoundError naming `submodule` (e.g. "dominoes.pettingzoo"), the first of
    `libraries` that cannot be imported, and how to install it."""
    for library in libraries:
        if importlib.util.find_spec(library) is None:
            extra = _EXTRA[submodule]
            raise ModuleNotFoundError(
                f"{submodule} needs {library}, which this Python ({sys.executable}) cannot "
                f"import: pip install 'dominoes-tournament[{extra}]' (from the repository: "
                f"pip install '.[{extra}]'), or use the venv scripts/python-env makes (build/venv)",
                name=library)
