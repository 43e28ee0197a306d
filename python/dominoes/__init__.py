"""Block Dominoes with hidden hands: the game, its strategies, the tournament runner and the
exact solvers of the C++ simulator, and the game in the learning libraries' forms.

Everything of the C++ module (dominoes._core) is here at the top: Game, Rules, strategy(), run(),
the solvers (help(dominoes._core) shows each, with shapes and units). The submodules load the
learning libraries only when imported:

  dominoes.pettingzoo   the AEC environment block_dominoes_v0 (PettingZoo's classic games' API)
  dominoes.gymnasium    registers dominoes/BlockDominoes-v0: one learning seat against strategies
  dominoes.vector       a Gymnasium VectorEnv stepping many games in C++ threads
  dominoes.openspiel    registers the game "dominoes" with OpenSpiel (pyspiel)

docs/python.md teaches each with an example. `python -m dominoes --version` prints the package's
version and the commit it was built from.
"""

from dominoes import _core

# The C++ module's whole public API at the package's top, as `import dominoes` always gave it.
__all__ = [name for name in vars(_core) if not name.startswith("_")]
globals().update({name: getattr(_core, name) for name in __all__})
__version__ = _core.__version__  # the release, as pip and CMake know it
__doc__ = __doc__ + "\n" + _core.__doc__
