// The pybind11 module `dominoes`: what its parts share. module.cpp defines the module and calls
// one bind_* function per area: the game (game.cpp), strategies (strategies.cpp), the runner
// (runner.cpp) and the solvers (solvers.cpp).
//
// Python sees plain values: a tile is the string "a-b" (low-high), a move its notation ("3-5" for
// the lead, "3-5L"/"3-5R" for an end, "pass"), a hand or line a list of tile strings in reading
// order (docs/rules.md, "Notation"). Networks get an action numbering instead (action_index below).
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/env/contract.h"
#include "engine/dominoes/history.h"
#include "engine/dominoes/observation.h"
#include "engine/dominoes/rng.h"
#include "engine/dominoes/rules.h"
#include "engine/dominoes/state.h"
#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace dominoes_python {

namespace py = pybind11;

/// Returns the Python str `value` as UTF-8. Raises ValueError naming `what` when it cannot be
/// encoded: a str holding lone surrogates, as os.fsdecode() or errors='surrogateescape' leave for
/// bytes that are not UTF-8 (pybind11 itself would say only "Unable to cast Python instance").
inline std::string utf8_text(const py::handle& value, const std::string& what) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
  if (!data) {
    PyErr_Clear();
    throw py::value_error(what +
                          " is not valid Unicode text (it holds a lone surrogate, as "
                          "bytes decoded with errors='surrogateescape' do): give text that "
                          "encodes as UTF-8");
  }
  return std::string(data, static_cast<std::size_t>(size));
}

/// The idents (PyThread_get_thread_ident) of the threads now inside a Python strategy's
/// choose(), read and written only with the GIL held: on Ctrl-C, RunWatch raises
/// KeyboardInterrupt in them (PyThreadState_SetAsyncExc), so a choose() stuck in a Python loop
/// ends and the run can stop.
std::set<unsigned long>& threads_in_choose();

void bind_game(py::module_& m);
void bind_strategies(py::module_& m);
void bind_runner(py::module_& m);
void bind_solvers(py::module_& m);
void bind_openspiel_support(py::module_& m);
void bind_vector(py::module_& m);
void bind_envs(py::module_& m);
void bind_nets(py::module_& m);

/// A game in progress with its rules and its move record: dominoes.Game.
struct PyGame {
  dominoes::Rules rules;
  dominoes::State state;
  dominoes::History history;
};

/// One seat's information set, owning its copies of the rules and the move record (a C++
/// Observation only points at them), so Python may keep it after the game moved on.
struct PyObservation {
  dominoes::Rules rules;
  dominoes::History history;
  dominoes::TileSet hand, line;
  int left = -1, right = -1;
  int seats = 2;
  std::array<int, dominoes::kStateSeats> counts{};  ///< every seat's tile count
  std::array<dominoes::ValueSet, dominoes::kStateSeats>
      lacks{};  ///< what each seat has shown it lacks
  /// The tile the rules made the leader lead (Observation::required_lead), kept after the lead,
  /// or -1; Python is shown it only while the line is empty.
  int lead_tile = -1;
  dominoes::Seat seat = 0;
  /// The full state, only when made by Game.observation(): omniscient strategies need it. Never
  /// shown to Python.
  std::optional<dominoes::State> full_state;

  /// Returns a copy of what `obs` shows.
  static PyObservation from(const dominoes::Observation& obs);
  /// Returns the seat's view as a State that observe() turns back into the same observation: each
  /// other seat's hand is a placeholder of the right size drawn from the unseen tiles (observe()
  /// passes on only its size).
  dominoes::State view_state() const;
  /// Returns this seat's legal moves: the forced lead tile alone while it applies, else those of
  /// the hand on the open ends (an empty list: it must pass).
  dominoes::MoveList legal() const;
};

/// Returns the move with action number `index` (engine/dominoes/actions.h: the numbering, with
/// action_count and action_index); throws py::value_error outside 0..action_count - 1.
dominoes::Move checked_action_move(int index, const dominoes::Rules& rules);

/// Returns the move written `text` under `rules` (ValueError on bad notation).
dominoes::Move parse_move_text(const std::string& text, const dominoes::Rules& rules);
/// Returns the tiles of `set` as "a-b" strings in reading order.
std::vector<std::string> tile_strings(dominoes::TileSet set);
/// Returns the values of `set`, ascending.
std::vector<int> value_list(dominoes::ValueSet set);
/// Returns the legal moves of the seat to move in `s` as written: "pass" alone when it must
/// pass, none when the game is over.
py::list legal_move_strings(const dominoes::State& s);

// ---- arrays and plain values (arrays.cpp)

/// Returns a new uninitialised numpy array of `size` items of `dtype` ("float32", "int8").
py::object numpy_empty(int size, const char* dtype);
/// Returns the writable data of `out`, a contiguous one-dimensional buffer of `size` items of
/// format `format` ("f" float32, "b" int8); ValueError naming `what` and what to give otherwise.
void* buffer_data(const py::buffer& out, int size, const char* format, const char* what);
/// Returns `seat_arg` as a seat of the table of `s` (None: the seat to move); ValueError naming
/// the valid seats otherwise.
dominoes::Seat seat_or_to_move(const dominoes::State& s, const py::object& seat_arg);
/// Returns seat `seat`'s observation tensor of `s` (numpy float32, the rules' tensor length).
py::object tensor_array(const dominoes::State& s, const dominoes::History& h,
                        const dominoes::Rules& rules, dominoes::Seat seat);
/// Returns the moves of `h` as notation strings.
py::list history_strings(const dominoes::History& h);
/// Returns every seat's hand in `s` as lists of tile strings.
std::vector<std::vector<std::string>> hands_of(const dominoes::State& s);

/// Returns the players of the other seats of a table of `rules` from their specs: one spec for
/// all, or one per other seat; ValueError naming a bad spec or count, or a strategy that does not
/// play these rules (Registry::rules_refusal).
std::vector<strategies::Player> opponents_of(const std::vector<std::string>& specs,
                                             const dominoes::Rules& rules);
/// Returns the illegal-action rule of `penalty`: None an error, a number >= 0 a penalty in points
/// (arena/env/contract.h); ValueError otherwise.
arena::IllegalActionRule illegal_rule_of(const py::object& penalty);

/// Thrown out of a run when Ctrl-C arrives while a Python strategy is in its choose(): the run
/// stops at once (finished chunks stay in the journal) and dominoes.run raises KeyboardInterrupt.
class PythonInterrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Returns a registry entry named `name` whose players ask the Python object `object` (borrowed:
/// the caller keeps it alive while the registry is used) for their moves: its method
/// choose(observation, legal, rng) is called with the GIL held, and only for that call.
strategies::StrategyInfo python_strategy_info(const std::string& name, PyObject* object);

}  // namespace dominoes_python
