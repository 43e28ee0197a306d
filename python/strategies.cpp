// Strategies in Python: the random stream (Rng), every built-in strategy by spec
// (dominoes.strategy), the strategy list, and the adapter that seats a Python object in a run.
#include <pybind11/stl.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

#include "arena/tournament/play/game_loop.h"
#include "engine/common/text.h"
#include "engine/dominoes/notation.h"
#include "engine/search/search_limit.h"
#include "python/bindings.h"
#include "python/signal_poll.h"
#include "strategies/registry.h"

namespace dominoes_python {

std::set<unsigned long>& threads_in_choose() {
  static std::set<unsigned long> threads;  // guarded by the GIL
  return threads;
}

using dominoes::Move;
using dominoes::MoveList;
using dominoes::Rng;

namespace {

// ---- a Python object as a strategies::Strategy
// ---------------------------------------------------

// Marks the calling thread as inside a Python choose() while it lives (the GIL held throughout).
class InChoose {
 public:
  InChoose() : ident_(PyThread_get_thread_ident()) { threads_in_choose().insert(ident_); }
  ~InChoose() { threads_in_choose().erase(ident_); }
  InChoose(const InChoose&) = delete;
  InChoose& operator=(const InChoose&) = delete;

 private:
  unsigned long ident_;
};

/// Asks a Python object for each move. The object is borrowed (the run keeps it alive) and every
/// clone shares it: clone() must not touch reference counts, since the runner clones players on
/// worker threads that do not hold the GIL.
class PythonStrategy final : public strategies::Strategy {
 public:
  PythonStrategy(PyObject* object, std::string name) : object_(object), name_(std::move(name)) {}

  Move choose(const dominoes::Observation& obs, const MoveList& legal, Rng& rng) override {
    py::gil_scoped_acquire gil;  // held only for this call: built-in players run on meanwhile
    // Keep this worker's Python thread state for its next calls instead of building and deleting
    // one per call, which made a 2-thread run 8 times slower than a 1-thread one: one extra
    // reference per thread, never dropped (the interpreter frees its thread states at exit).
    thread_local const bool keep_thread_state = (gil.inc_ref(), true);
    (void)keep_thread_state;
    const InChoose in_choose;  // so that Ctrl-C can reach this thread (bindings.h)
    try {
      py::list moves;
      for (Move m : legal) moves.append(dominoes::to_string(m));
      py::object py_rng = py::cast(rng);
      const py::object answer = py::reinterpret_borrow<py::object>(object_).attr("choose")(
          PyObservation::from(obs), moves, py_rng);
      rng = py_rng.cast<Rng>();  // the object's draws advance the seat's stream
      return checked(answer, legal, obs.rules());
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_KeyboardInterrupt)) throw PythonInterrupted("interrupted");
      throw std::runtime_error("python strategy " + common::quoted(name_) + ": " + e.what());
    }
  }

  std::unique_ptr<strategies::Strategy> clone() const override {
    return std::make_unique<PythonStrategy>(object_, name_);
  }

 private:
  // Returns the answer as a move of `legal`: its notation or its action number.
  Move checked(const py::object& answer, const MoveList& legal,
               const dominoes::Rules& rules) const {
    Move m = Move::pass();
    try {
      m = py::isinstance<py::int_>(answer)
              ? checked_action_move(answer.cast<int>(), rules)
              : parse_move_text(py::str(answer).cast<std::string>(), rules);
    } catch (const std::exception& e) {
      throw std::runtime_error("python strategy " + common::quoted(name_) + " returned " +
                               py::repr(answer).cast<std::string>() + ": " + e.what());
    }
    if (legal.contains(m)) return m;
    std::string valid;
    for (Move x : legal) valid += (valid.empty() ? "" : ", ") + dominoes::to_string(x);
    throw std::runtime_error("python strategy " + common::quoted(name_) + " returned " +
                             dominoes::to_string(m) + ", not a legal move: valid " + valid);
  }

  PyObject* object_;
  std::string name_;
};

// ---- built-in strategies by spec
// -----------------------------------------------------------------

/// A built-in strategy made from its spec, with its own random stream for calls that bring none.
/// A strategy object keeps state between and during decisions (a search's tables, what adapt
/// learned), so its decisions take turns: `turn` is held for each, with the GIL released.
struct BuiltinStrategy {
  std::string spec;  ///< canonical: every parameter spelled out
  strategies::Player player;
  Rng rng;                       ///< guarded by `turn`
  std::vector<int> seat_counts;  ///< the seat counts it plays (StrategyInfo::seat_counts)
  std::unique_ptr<std::timed_mutex> turn = std::make_unique<std::timed_mutex>();
};

BuiltinStrategy make_builtin(const std::string& spec, std::uint64_t seed) {
  const auto& registry = strategies::Registry::builtin();  // SpecError is a ValueError
  const std::string canonical = registry.canonical(spec);
  const auto* info = registry.find(strategies::parse_spec(canonical).name);
  return BuiltinStrategy{canonical, registry.make(spec), Rng(seed), info->seat_counts};
}

// Returns the move `s` chooses at `state` with the stream `given` (null: its own), the GIL
// released throughout: waits for the strategy's turn (another thread may be deciding with it),
// then decides with `poll` as the thread's search::StopPoll, so that Ctrl-C stops the wait or the
// search (search::SearchStopped) within about 100 ms plus one search check.
Move decide_without_gil(BuiltinStrategy& s, const dominoes::State& state,
                        const dominoes::History& history, const dominoes::Rules& rules,
                        const MoveList& legal, Rng* given, SignalPoll& poll) {
  const search::ScopedStopPoll scoped(poll);
  py::gil_scoped_release release;
  while (!s.turn->try_lock_for(std::chrono::milliseconds(20)))
    if (poll.check_signals())
      throw search::SearchStopped(search::StopReason::kInterrupt, "interrupted while waiting");
  const std::lock_guard<std::timed_mutex> turn(*s.turn, std::adopt_lock);
  return s.player.choose(state, history, rules, legal, given ? *given : s.rng);
}

std::string choose_builtin(BuiltinStrategy& s, const PyObservation& o, Rng* rng) {
  if (s.player.omniscient() && !o.full_state)
    throw py::value_error("strategy " + s.spec +
                          " sees both hands: give it an observation from "
                          "Game.observation(), not one a run handed to a Python strategy");
  if (const std::string why = strategies::Registry::builtin().rules_refusal(s.spec, o.rules);
      !why.empty())
    throw py::value_error(why);
  const dominoes::State state = o.full_state ? *o.full_state : o.view_state();
  if (state.to_move != o.seat)
    throw py::value_error("observation of seat " + std::to_string(o.seat) + ": it is seat " +
                          std::to_string(state.to_move) + "'s turn");
  if (dominoes::status(state) != dominoes::GameStatus::kOngoing)
    throw py::value_error("the game is over: there is no move to choose");
  const MoveList legal = dominoes::legal_moves(state);
  if (legal.empty()) return "pass";
  if (legal.size() == 1) return dominoes::to_string(legal[0]);  // the runner never asks then
  // The caller's stream is copied in and back under the GIL: another thread may hold it too.
  std::optional<Rng> stream;
  if (rng) stream = *rng;
  SignalPoll poll;
  Move m = Move::pass();
  try {
    m = decide_without_gil(s, state, o.history, o.rules, legal, stream ? &*stream : nullptr, poll);
  } catch (const search::SearchStopped&) {
    poll.raise_if_caught();  // Ctrl-C: KeyboardInterrupt, as Python code would raise it
    throw;                   // a run's interrupt in this process: RuntimeError
  }
  poll.raise_if_caught();  // a Ctrl-C the decision finished before seeing is not lost
  if (rng) *rng = *stream;
  return dominoes::to_string(m);
}

py::list strategy_list() {
  py::list out;
  for (const auto& info : strategies::Registry::builtin().all()) {
    py::list params;
    for (const auto& p : info.params) {
      py::dict d;
      d["name"] = p.name;
      d["default"] = p.default_value;
      d["help"] = p.help;
      if (!p.choices.empty()) d["choices"] = p.choices;
      params.append(d);
    }
    py::dict d;
    d["name"] = info.name;
    d["summary"] = info.summary;
    d["method"] = info.method;
    d["source"] = info.source;
    d["omniscient"] = info.omniscient;
    d["seat_counts"] = info.seat_counts;
    d["params"] = params;
    out.append(d);
  }
  return out;
}

void bind_rng(py::module_& m) {
  py::class_<Rng>(m, "Rng", R"doc(
The engine's random stream (xoshiro256** seeded through SplitMix64). A Python strategy gets
the seat's stream as `rng` and should draw every random choice from it, so that runs stay
reproducible. Rng(key=0); Rng.seat_stream(seed, deal, game, seat) is the stream `dominoes run`
gives seat `seat` in game `game` of deal `deal`.)doc")
      .def(py::init<std::uint64_t>(), py::arg("key") = 0)
      .def_static("seat_stream", &tournament::seat_stream, py::arg("seed"), py::arg("deal"),
                  py::arg("game"), py::arg("seat"))
      .def(
          "below",
          [](Rng& r, std::uint32_t n) {
            if (n == 0) throw py::value_error("below(0): give n >= 1");
            return r.below(n);
          },
          py::arg("n"), "Returns an int uniform in [0, n), 1 <= n < 2**32.")
      .def("uniform", &Rng::uniform, "Returns a float uniform in [0, 1).")
      .def("next", &Rng::next, "Returns the next 64 random bits as an int.");
}

}  // namespace

strategies::StrategyInfo python_strategy_info(const std::string& name, PyObject* object) {
  strategies::StrategyInfo info;
  info.name = name;
  info.summary = "a Python object's choose(observation, legal, rng)";
  info.seat_counts = strategies::kEverySeatCount;  // the observation carries every seat's fields
  info.make = [object, name](const strategies::ParamValues&) {
    return strategies::Player(
        std::unique_ptr<strategies::Strategy>(new PythonStrategy(object, name)));
  };
  return info;
}

void bind_strategies(py::module_& m) {
  SignalPoll::note_main_thread();
  bind_rng(m);
  py::class_<BuiltinStrategy>(m, "Strategy", R"doc(
A built-in strategy made by dominoes.strategy(spec). choose(observation, rng=None) returns its
move (notation string) for the observation's seat; with no rng it draws from its own stream.

Threads: choose() releases the GIL while it decides. Threads may share one object: its decisions
take turns (a lock per object). Make one object per thread to decide in parallel. Ctrl-C during a
long decision raises KeyboardInterrupt within about a second; the object stays usable.)doc")
      .def_readonly("spec", &BuiltinStrategy::spec,
                    "the canonical spec, every parameter spelled out")
      .def_property_readonly(
          "omniscient", [](const BuiltinStrategy& s) { return s.player.omniscient(); },
          "True when it sees both hands (it cheats, as an upper bound)")
      .def_readonly("seat_counts", &BuiltinStrategy::seat_counts,
                    "the seat counts it plays, e.g. [2, 3, 4]; choose() at another count raises\n"
                    "ValueError naming the strategies that play it")
      .def("choose", &choose_builtin, py::arg("observation"), py::arg("rng") = nullptr,
           "Returns the strategy's move for the observation's seat, which must be the seat to "
           "move.\n"
           "A lone legal move or a pass is returned without asking it, as in a run. The GIL is\n"
           "released while it decides; calls on one object from several threads take turns.\n"
           "Ctrl-C raises KeyboardInterrupt within about a second.")
      .def("__repr__",
           [](const BuiltinStrategy& s) { return "dominoes.strategy('" + s.spec + "')"; });
  m.def("strategy", &make_builtin, py::arg("spec"), py::arg("seed") = 0,
        "Returns the built-in strategy `spec`, e.g. 'heuristic' or 'minimax(scenarios=200)', with "
        "its\n"
        "own random stream Rng(seed). Raises ValueError for an unknown strategy or parameter.");
  m.def("strategies", &strategy_list,
        "Returns every built-in strategy as {'name', 'summary', 'method', 'source', 'omniscient',\n"
        "'seat_counts', 'params'} (method: how it decides; source: where the method comes from), "
        "each\n"
        "parameter as {'name', 'default', 'help'} (plus 'choices' for a choice).");
}

}  // namespace dominoes_python
