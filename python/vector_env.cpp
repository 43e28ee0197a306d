// dominoes._core._VectorGames: the C++ core of dominoes.vector (python/dominoes/vector.py), many
// games stepped together on worker threads (arena/env/vector_games.h), over numpy arrays the
// Python side owns. The GIL is released while the games step.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "arena/env/vector_games.h"
#include "python/bindings.h"

namespace dominoes_python {

namespace {

// The arrays come through the buffer protocol, not pybind11's numpy API: Debian's pybind11 (2.10)
// predates numpy 2's C API, and the buffer protocol needs none of it.

// Returns the data of `array` (a writable, C-contiguous buffer of `format`, e.g. numpy's float32
// "f") after checking its shape is (rows,) when columns is 0, else (rows, columns); ValueError
// naming `what` and what is valid otherwise.
template <class T>
T* checked(const py::buffer& array, const char* format, py::ssize_t rows, py::ssize_t columns,
           const char* what, bool writable = true) {
  const py::buffer_info info = array.request(writable);
  const std::string shape = "(" + std::to_string(rows) +
                            (columns ? ", " + std::to_string(columns) : std::string(",")) + ")";
  const bool shape_ok = columns == 0
                            ? info.ndim == 1 && info.shape[0] == rows
                            : info.ndim == 2 && info.shape[0] == rows && info.shape[1] == columns;
  const bool contiguous =
      info.strides.back() == static_cast<py::ssize_t>(sizeof(T)) &&
      (info.ndim == 1 || info.strides[0] == static_cast<py::ssize_t>(sizeof(T)) * info.shape[1]);
  // numpy names int64 "l" where long is 64 bits (Linux) and "q" elsewhere.
  const bool same_format =
      info.format == format || (std::string(format) == "q" && info.format == "l");
  if (!same_format || info.itemsize != static_cast<py::ssize_t>(sizeof(T)) || !shape_ok ||
      !contiguous)
    throw py::value_error(std::string(what) + " must be a C-contiguous array of shape " + shape +
                          " and format '" + format + "'");
  return static_cast<T*>(info.ptr);
}

class PyVectorGames {
 public:
  PyVectorGames(const dominoes::Rules& rules, int games, int learner,
                const std::vector<std::string>& opponents, int threads,
                const py::object& illegal_penalty)
      : games_(rules, games, static_cast<dominoes::Seat>(learner), opponents_of(opponents, rules),
               threads, illegal_rule_of(illegal_penalty)) {}

  void reset(std::uint64_t seed, const py::buffer& observations, const py::buffer& masks) {
    arena::VectorStepOut out;
    out.observations = observations_of(observations, "observations");
    out.masks = checked<std::uint8_t>(masks, "b", rows(), games_.action_count(), "masks");
    py::gil_scoped_release unlocked;
    games_.reset(seed, out);
  }

  void restart(const py::buffer& observations, const py::buffer& masks) {
    arena::VectorStepOut out;
    out.observations = observations_of(observations, "observations");
    out.masks = checked<std::uint8_t>(masks, "b", rows(), games_.action_count(), "masks");
    py::gil_scoped_release unlocked;
    games_.restart(out);
  }

  void step(const py::buffer& actions, const py::buffer& observations, const py::buffer& masks,
            const py::buffer& rewards, const py::buffer& terminated,
            const py::buffer& final_observations) {
    const std::int64_t* chosen = checked<std::int64_t>(actions, "q", rows(), 0, "actions", false);
    arena::VectorStepOut out;
    out.observations = observations_of(observations, "observations");
    out.masks = checked<std::uint8_t>(masks, "b", rows(), games_.action_count(), "masks");
    out.rewards = checked<float>(rewards, "f", rows(), 0, "rewards");
    out.terminated = checked<std::uint8_t>(terminated, "B", rows(), 0, "terminated");
    out.final_observations = observations_of(final_observations, "final_observations");
    py::gil_scoped_release unlocked;
    games_.step(chosen, out);
  }

  void random_actions(const py::buffer& actions) {
    std::int64_t* out = checked<std::int64_t>(actions, "q", rows(), 0, "actions");
    py::gil_scoped_release unlocked;
    games_.random_actions(out);
  }

  int games() const { return games_.games(); }
  int observation_size() const { return games_.observation_size(); }
  int action_count() const { return games_.action_count(); }

 private:
  py::ssize_t rows() const { return games_.games(); }
  float* observations_of(const py::buffer& array, const char* what) {
    return checked<float>(array, "f", rows(), games_.observation_size(), what);
  }
  arena::VectorGames games_;
};

}  // namespace

void bind_vector(py::module_& m) {
  py::class_<PyVectorGames>(m, "_VectorGames",
                            "Many games stepped together in C++ threads: the core of "
                            "dominoes.vector.BlockDominoesVectorEnv (use that).")
      .def(py::init<const dominoes::Rules&, int, int, const std::vector<std::string>&, int,
                    const py::object&>(),
           py::arg("rules"), py::arg("games"), py::arg("learner"), py::arg("opponents"),
           py::arg("threads"), py::arg("illegal_penalty") = py::none())
      // The output arrays are written in place: noconvert(), so that one of another dtype is
      // refused instead of silently written into a converted copy.
      .def("reset", &PyVectorGames::reset, py::arg("seed"), py::arg("observations").noconvert(),
           py::arg("masks").noconvert())
      .def("restart", &PyVectorGames::restart, py::arg("observations").noconvert(),
           py::arg("masks").noconvert())
      .def("step", &PyVectorGames::step, py::arg("actions"), py::arg("observations").noconvert(),
           py::arg("masks").noconvert(), py::arg("rewards").noconvert(),
           py::arg("terminated").noconvert(), py::arg("final_observations").noconvert())
      .def("random_actions", &PyVectorGames::random_actions, py::arg("actions").noconvert())
      .def_property_readonly("games", &PyVectorGames::games)
      .def_property_readonly("observation_size", &PyVectorGames::observation_size)
      .def_property_readonly("action_count", &PyVectorGames::action_count);
}

}  // namespace dominoes_python
