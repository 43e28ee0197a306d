// dominoes._core.TableEnv and LearnerEnv: the one C++ stepper of the learning front doors
// (arena/env/: table_env.h, learner_env.h, contract.h) as Python classes. PettingZoo steps a
// TableEnv, Gymnasium a LearnerEnv, the vector environment many LearnerEnvs (vector_env.cpp);
// what a step means, rewards and illegal actions are theirs, not this file's.
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "arena/env/contract.h"
#include "arena/env/learner_env.h"
#include "arena/env/table_env.h"
#include "arena/tournament/play/games_writer.h"
#include "engine/dominoes/actions.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation_tensor.h"
#include "engine/dominoes/table_text.h"
#include "engine/search/search_limit.h"
#include "python/bindings.h"
#include "python/signal_poll.h"
#include "strategies/registry.h"

namespace dominoes_python {

using arena::LearnerEnv;
using arena::TableEnv;
using dominoes::Rules;
using dominoes::Seat;

std::vector<strategies::Player> opponents_of(const std::vector<std::string>& specs,
                                             const dominoes::Rules& rules) {
  const int seats = rules.seats;
  if (specs.size() != 1 && static_cast<int>(specs.size()) != seats - 1)
    throw py::value_error("opponent must be one strategy spec, or a list of " +
                          std::to_string(seats - 1) + " (one per other seat), not " +
                          std::to_string(specs.size()));
  std::vector<strategies::Player> players;
  const auto& registry = strategies::Registry::builtin();
  for (int k = 0; k < seats - 1; ++k) {
    const std::string& spec = specs[specs.size() == 1 ? 0 : static_cast<std::size_t>(k)];
    if (const std::string why = registry.rules_refusal(spec, rules); !why.empty())
      throw py::value_error(why);
    players.push_back(registry.make(spec));
  }
  return players;
}

arena::IllegalActionRule illegal_rule_of(const py::object& penalty) {
  if (penalty.is_none()) return {};
  if (py::isinstance<py::bool_>(penalty) ||
      !(py::isinstance<py::int_>(penalty) || py::isinstance<py::float_>(penalty)))
    throw py::value_error(
        "illegal_penalty must be a number of points >= 0, or None (an illegal "
        "action raises ValueError), not " +
        py::repr(penalty).cast<std::string>());
  return arena::penalty_rule(penalty.cast<double>());
}

namespace {

// Returns `action` as an action number, or raises ValueError: an int (Python or numpy), not a
// bool, within 64 bits (the range check is the stepper's).
long long action_value(const py::handle& action) {
  if (PyBool_Check(action.ptr()) || !PyIndex_Check(action.ptr()))  // a float has no __index__
    throw py::value_error("action " + py::repr(action).cast<std::string>() +
                          " is not valid: give an int (the action number)");
  const py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(action.ptr()));
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0) return -1;  // out of range either way; the stepper names the valid ones
  return v;
}

py::object mask_array(const std::function<void(std::uint8_t*)>& write, int count) {
  py::object out = numpy_empty(count, "int8");
  write(static_cast<std::uint8_t*>(buffer_data(out, count, "b", "action_mask")));
  return out;
}

std::vector<std::string> default_players(const Rules& rules) {
  std::vector<std::string> out;
  for (Seat s = 0; s < rules.seats; ++s) out.push_back("player_" + std::to_string(s));
  return out;
}

// Finished hand `index` (negative from the end) of `env`'s episode as a --games-out record.
std::string game_record(const TableEnv& env, const py::object& players, int index) {
  const auto& finished = env.finished_hands();
  const int n = static_cast<int>(finished.size());
  if (n == 0) throw py::value_error("game_record: no hand has finished yet");
  if (index < -n || index >= n)
    throw py::value_error("index " + std::to_string(index) + " is not valid: valid " +
                          std::to_string(-n) + " to " + std::to_string(n - 1));
  const auto names =
      players.is_none() ? default_players(env.rules()) : players.cast<std::vector<std::string>>();
  if (static_cast<int>(names.size()) != env.rules().seats)
    throw py::value_error("players: give " + std::to_string(env.rules().seats) +
                          " names, one per seat, got " + std::to_string(names.size()));
  const arena::FinishedHand& f = finished[static_cast<std::size_t>(index < 0 ? index + n : index)];
  return tournament::game_record_json(
      {static_cast<std::int64_t>(env.deal_index()), 0, env.rules().match_target > 0 ? f.game : -1},
      names, env.rules(), f.deal, f.history, f.outcome);
}

std::string table_text_of(const TableEnv& env, const py::object& seat,
                          const std::vector<std::string>& labels) {
  const Seat s = seat_or_to_move(env.state(), seat);
  if (static_cast<int>(labels.size()) != env.rules().seats)
    throw py::value_error("labels: give one per seat");
  return dominoes::table_text(env.state(), env.history(), s, labels);
}

std::vector<double> seat_values(const std::array<double, dominoes::kMaxSeats>& values, int seats) {
  return std::vector<double>(values.begin(), values.begin() + seats);
}

// A LearnerEnv whose steps run with the GIL released (the other seats' strategies may search
// for long), refused from a second thread while one runs.
struct PyLearnerEnv {
  LearnerEnv env;
  std::atomic<bool> busy{false};

  PyLearnerEnv(const LearnerEnv& e) : env(e) {}

  // Runs f() with the GIL released, Ctrl-C reaching the other seats' searches (SignalPoll: a
  // KeyboardInterrupt is raised within about 100 ms of it, python/signal_poll.h).
  template <class F>
  auto run(F&& f) {
    if (busy.exchange(true))
      throw std::logic_error(
          "this environment is in use by another thread: step and reset one environment from "
          "one thread at a time");
    struct Release {
      std::atomic<bool>& flag;
      ~Release() { flag.store(false); }
    } release{busy};
    SignalPoll poll;
    try {
      auto out = without_gil(poll, f);
      poll.raise_if_caught();  // a Ctrl-C the step finished before seeing is not lost
      return out;
    } catch (const search::SearchStopped&) {
      poll.raise_if_caught();  // Ctrl-C: KeyboardInterrupt
      throw;
    }
  }

  template <class F>
  static auto without_gil(SignalPoll& poll, F& f) {
    const search::ScopedStopPoll scoped(poll);
    py::gil_scoped_release unlocked;
    return f();
  }
};

void bind_table_env(py::module_& m) {
  py::class_<TableEnv>(m, "TableEnv", R"doc(
One hand of Block Dominoes, or a match of hands when rules.target > 0, stepped one action at a
time, every seat's action given by the caller: the C++ core of dominoes.pettingzoo
(docs/python.md, "The environment contract"). Actions are the action numbering (tile_index * 3 +
0 lead, 1 left, 2 right; the pass last).

TableEnv(rules, illegal_penalty=None)
  reset(seed, deal) deals game 0 of deal `deal` of seed `seed`, as `dominoes run` deals it.
  step(action) plays it for the seat to move and returns True when the episode is over; a hand
  that ends sets rewards (each seat's team's net points) and, in a match that goes on, deals the
  next hand. An illegal action raises ValueError, or with illegal_penalty=P ends the episode
  with -P for the seat that played it.)doc")
      .def(py::init([](const Rules& rules, const py::object& penalty) {
             return TableEnv(rules, illegal_rule_of(penalty));
           }),
           py::arg("rules") = Rules(), py::arg("illegal_penalty") = py::none())
      .def_property_readonly("rules", &TableEnv::rules)
      .def("reset", &TableEnv::reset, py::arg("seed"), py::arg("deal") = 0,
           "Deals game 0 of deal `deal` of seed `seed` (ints 0..2**64-1) and clears the match.")
      .def(
          "step", [](TableEnv& e, const py::handle& a) { return e.step(action_value(a)).over; },
          py::arg("action"),
          "Plays action `action` for the seat to move; returns True when the episode (the hand,\n"
          "or the match) is over. ValueError for an action out of range, an illegal one (naming\n"
          "the legal ones) unless a penalty is set, or a step after the end or before reset().")
      .def_property_readonly(
          "to_move", [](const TableEnv& e) { return int(e.to_move()); }, "the seat to move")
      .def_property_readonly("over", &TableEnv::over, "True when the episode is over")
      .def_property_readonly(
          "hand_ended", [](const TableEnv& e) { return e.last_step().hand_ended; },
          "True when the last step ended a hand")
      .def_property_readonly(
          "illegal", [](const TableEnv& e) { return e.last_step().illegal; },
          "True when the last step was an illegal action that ended the episode (a penalty)")
      .def_property_readonly("game", &TableEnv::game, "the hand's number within the match")
      .def_property_readonly("seed", &TableEnv::seed)
      .def_property_readonly("deal", &TableEnv::deal_index, "the deal's number within the seed")
      .def_property_readonly(
          "rewards", [](const TableEnv& e) { return seat_values(e.rewards(), e.rules().seats); },
          "each seat's reward from the last step, in points (docs/python.md)")
      .def_property_readonly(
          "totals",
          [](const TableEnv& e) {
            const auto& t = e.match().totals;
            return std::vector<int>(t.begin(), t.begin() + e.rules().seats);
          },
          "points credited to each seat over the episode so far (partners alike)")
      .def_property_readonly(
          "history", [](const TableEnv& e) { return history_strings(e.history()); },
          "the current hand's moves")
      .def_property_readonly(
          "hands", [](const TableEnv& e) { return hands_of(e.state()); },
          "every seat's tiles now (the referee's view; never put it in an observation)")
      .def("legal_actions", &TableEnv::legal_actions,
           "Returns the legal actions of the seat to move, ascending ([] once over).")
      .def(
          "action_mask",
          [](const TableEnv& e) {
            return mask_array([&](std::uint8_t* out) { e.write_mask(out); },
                              dominoes::action_count(e.rules()));
          },
          "Returns the seat to move's action mask (numpy int8; all 0 once over).")
      .def(
          "observation",
          [](const TableEnv& e, int seat) {
            return tensor_array(e.state(), e.history(), e.rules(),
                                seat_or_to_move(e.state(), py::int_(seat)));
          },
          py::arg("seat"), "Returns seat `seat`'s observation tensor (numpy float32).")
      .def(
          "view",
          [](const TableEnv& e, int seat) {
            const Seat s = seat_or_to_move(e.state(), py::int_(seat));
            PyObservation o =
                PyObservation::from(dominoes::observe(e.state(), e.history(), e.rules(), s));
            o.full_state = e.state();
            return o;
          },
          py::arg("seat"), "Returns seat `seat`'s Observation (for strategies).")
      .def(
          "action_move",
          [](const TableEnv& e, int a) { return to_string(checked_action_move(a, e.rules())); },
          py::arg("action"), "Returns the move of action `action` in notation ('3-5L', 'pass').")
      .def("table_text", &table_text_of, py::arg("seat"), py::arg("labels"),
           "Returns the table as seat `seat` sees it, as `dominoes play` draws it.")
      .def_property_readonly(
          "finished_hands", [](const TableEnv& e) { return int(e.finished_hands().size()); },
          "hands finished in this episode")
      .def("game_record", &game_record, py::arg("players") = py::none(), py::arg("index") = -1,
           "Returns finished hand `index` of the episode (default the last) as one --games-out\n"
           "record (a JSON line, docs/formats.md); ValueError before a hand has finished.")
      .def("__copy__", [](const TableEnv& e) { return TableEnv(e); })
      .def("__deepcopy__", [](const TableEnv& e, const py::dict&) { return TableEnv(e); });
}

void bind_learner_env(py::module_& m) {
  py::class_<PyLearnerEnv>(m, "LearnerEnv", R"doc(
One learning seat at a table whose other seats are played by built-in strategies in C++: the core
of dominoes.gymnasium (docs/python.md, "The environment contract"). A step is one turn of the
learning seat; the other seats play inside it, with the GIL released.

LearnerEnv(rules, learner, opponents, illegal_penalty=None)
  opponents: one strategy spec for every other seat, or one per other seat in seat order.)doc")
      .def(py::init([](const Rules& rules, int learner, const std::vector<std::string>& specs,
                       const py::object& penalty) {
             return new PyLearnerEnv(LearnerEnv(rules, static_cast<Seat>(learner),
                                                opponents_of(specs, rules),
                                                illegal_rule_of(penalty)));
           }),
           py::arg("rules"), py::arg("learner"), py::arg("opponents"),
           py::arg("illegal_penalty") = py::none())
      .def(
          "reset",
          [](PyLearnerEnv& e, std::uint64_t seed, std::uint64_t deal) {
            e.run([&] {
              e.env.reset(seed, deal);
              return true;
            });
          },
          py::arg("seed"), py::arg("deal") = 0,
          "Deals game 0 of deal `deal` of `seed` and plays the other seats up to the learning\n"
          "seat's first turn.")
      .def(
          "step",
          [](PyLearnerEnv& e, const py::handle& action) {
            const long long a = action_value(action);
            const arena::LearnerStep s = e.run([&] { return e.env.step(a); });
            return py::make_tuple(s.reward, s.terminated, s.illegal);
          },
          py::arg("action"),
          "Plays `action` for the learning seat, then the other seats; returns (reward,\n"
          "terminated, illegal). ValueError as TableEnv.step.")
      .def_property_readonly(
          "awaiting_action", [](const PyLearnerEnv& e) { return e.env.awaiting_action(); },
          "True while the learning seat has a turn to take")
      .def_property_readonly(
          "ended_before_turn", [](const PyLearnerEnv& e) { return e.env.ended_before_turn(); },
          "True on the turn given after an episode ended before the learning seat moved")
      .def_property_readonly("learner", [](const PyLearnerEnv& e) { return int(e.env.learner()); })
      .def(
          "legal_actions", [](const PyLearnerEnv& e) { return e.env.legal_actions(); },
          "Returns the learning seat's legal actions, ascending.")
      .def(
          "action_mask",
          [](const PyLearnerEnv& e) {
            return mask_array([&](std::uint8_t* out) { e.env.write_mask(out); },
                              dominoes::action_count(e.env.table().rules()));
          },
          "Returns the learning seat's action mask (numpy int8).")
      .def(
          "observation",
          [](const PyLearnerEnv& e) {
            const int size = dominoes::tensor_layout(e.env.table().rules()).size;
            py::object out = numpy_empty(size, "float32");
            e.env.write_observation(static_cast<float*>(buffer_data(out, size, "f", "out")));
            return out;
          },
          "Returns the learning seat's observation tensor (numpy float32).")
      .def(
          "table_text",
          [](const PyLearnerEnv& e, const std::vector<std::string>& labels) {
            return table_text_of(e.env.table(), py::int_(int(e.env.learner())), labels);
          },
          py::arg("labels"), "Returns the table as the learning seat sees it.")
      .def(
          "game_record",
          [](const PyLearnerEnv& e, const py::object& players, int index) {
            return game_record(e.env.table(), players, index);
          },
          py::arg("players") = py::none(), py::arg("index") = -1,
          "Returns finished hand `index` of the episode as one --games-out record.")
      .def(
          "action_move",
          [](const PyLearnerEnv& e, int a) {
            return to_string(checked_action_move(a, e.env.table().rules()));
          },
          py::arg("action"))
      .def_property_readonly(
          "table", [](const PyLearnerEnv& e) { return TableEnv(e.env.table()); },
          "A copy of the table as it stands (the referee's view: never show it to the learner)")
      .def("__copy__", [](const PyLearnerEnv& e) { return new PyLearnerEnv(e.env); })
      .def("__deepcopy__",
           [](const PyLearnerEnv& e, const py::dict&) { return new PyLearnerEnv(e.env); });
}

}  // namespace

void bind_envs(py::module_& m) {
  bind_table_env(m);
  bind_learner_env(m);
  m.def("max_episode_loss", &arena::max_episode_loss, py::arg("rules"),
        "Returns the largest loss (points) one seat can suffer over an episode of `rules` (a\n"
        "hand, or a match when rules.target > 0): the default illegal-action penalty.");
  // Rules are values: a copy is the same rules (so environments holding them deep-copy).
  py::object rules = py::type::of<Rules>();
  py::setattr(rules, "__copy__",
              py::cpp_function([](const Rules& r) { return r; }, py::is_method(rules)));
  py::setattr(
      rules, "__deepcopy__",
      py::cpp_function([](const Rules& r, const py::dict&) { return r; }, py::is_method(rules)));
}

}  // namespace dominoes_python
