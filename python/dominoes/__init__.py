"""Block Dominoes with hidden hands: the game, its strategies, the tournament runner and the
exact solvers of the C++ simulator, and the game in the learning libraries' forms.

Everything of the C++ module (dominoes._core) is here at the top: Game, Rules, strategy(), run(),
the solvers (help(dominoes._core) shows each, with shapes and units). The submodules load the
learning libraries only when imported:

  dominoes.pettingzoo   the AEC environment block_dominoes_v0 (PettingZoo's classic games' API)
  dominoes.gymnasium    registers dominoes/BlockDominoes-v0: one learning seat against strategies
  dominoes.vector       a Gymnasium VectorEnv stepping many games in C++ threads
  dominoes.openspiel    registers the game "dominoes" with OpenSpiel (pyspiel)

docs/python.md teaches each with an example.
"""

from dominoes._core import *  # noqa: F401,F403 (the C++ module's whole API)
from dominoes._core import __doc__ as _core_doc
from dominoes._core import __version__  # noqa: F401 (the release, as pip and CMake know it)

__doc__ = __doc__ + "\n" + _core_doc
