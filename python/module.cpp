// The extension `dominoes._core` (pybind11): the game, the strategies, the runner and the solvers
// of the tournament simulator. The package python/dominoes/ re-exports it at its top; with
// PYTHONPATH=build/python, or installed (cmake --install, the Debian package, pip install .).
#include "arena/tournament/config/experiment_config.h"
#include "engine/common/build_version.h"
#include "python/bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() =
      R"doc(Block Dominoes with hidden hands: the game, its strategies, the tournament runner and
the exact solvers of the C++ simulator (docs/python.md).

Values are plain Python: a tile is 'a-b' (low-high), a move is '3-5' (the lead), '3-5L' or
'3-5R' (on the left or right open end) or 'pass', a hand a list of tiles in reading order.

Action numbering (for networks): action_index(move) = tile_index(tile) * 3 + 0 (lead), 1 (L) or
2 (R), where tile_index('a-b') = b*(b+1)/2 + a for a <= b; the pass is the last action,
Rules().action_count - 1 (84 for double-six; 85 actions in all). Game.action_mask() and
Observation.action_mask() mark the legal ones.

  game = dominoes.Game(seed=1, deal=0)      # deal 0 of seed 1, as `dominoes run` plays it
  heuristic = dominoes.strategy('heuristic')
  while not game.is_terminal():
      obs = game.observation()              # the seat to move's information set
      game.apply(heuristic.choose(obs))     # a move such as '3-5L'
  game.points()                             # [seat 0 points, seat 1 points]

  print(dominoes.run(players=['heuristic', 'random'], deals=1000))

A Python strategy is any object with choose(observation, legal, rng) returning one of `legal`;
seat it by passing the object in run(players=[...]).

Three and four seats: Rules(seats=4) (partners 0 and 2 against 1 and 3) or Rules(seats=3); Game,
Observation (seats, tile_counts, lacks, lead_tile), the strategies and run(seats=4, ...) play
every seat count (docs/python.md, "Three and four seats").

Errors in what you pass (a bad spec, config value, tile, move or position) raise ValueError
with one line naming it and what would be valid.)doc";
  pybind11::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const tournament::ConfigError& e) {  // a user's mistake, like std::invalid_argument
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const pybind11::cast_error& e) {  // pybind11 says only "Unable to cast ..."
      PyErr_SetString(
          PyExc_ValueError,
          (std::string("a value given to dominoes could not be converted (") + e.what() +
           "): pass str, int, float, bool, list or dict values as docs/python.md "
           "shows, and text that encodes as UTF-8")
              .c_str());
    }
  });
  m.attr("__version__") = DOMINOES_VERSION;
  m.def("build_version", &common::tool_version,
        "Returns the commit the module was built from, with \"-dirty+diff.HASH\" for uncommitted\n"
        "changes (as `dominoes --version` and summary.json name a build), or \"unknown\".");
  dominoes_python::bind_game(m);
  dominoes_python::bind_strategies(m);
  dominoes_python::bind_runner(m);
  dominoes_python::bind_solvers(m);
  dominoes_python::bind_openspiel_support(m);
  dominoes_python::bind_vector(m);
  dominoes_python::bind_envs(m);
  dominoes_python::bind_nets(m);
}
