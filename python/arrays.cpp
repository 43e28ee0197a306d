// numpy arrays and the plain values the bindings share: arrays are made by numpy.empty and filled
// through the buffer protocol, which every numpy version keeps (the system's pybind11 predates
// numpy 2's C API).
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation_tensor.h"
#include "python/bindings.h"

namespace dominoes_python {

using namespace dominoes;

py::object numpy_empty(int size, const char* dtype) {
  // Never destroyed: a static py::object would be released after the interpreter has finalized,
  // without the GIL, which aborts the process at exit (Fatal Python error: PyThreadState_Get).
  static const py::object* const empty = new py::object(py::module_::import("numpy").attr("empty"));
  return (*empty)(size, dtype);
}

// Returns the writable data of `out`, a contiguous one-dimensional buffer of `size` items of
// format `format` ("f" float32, "b" int8); ValueError naming what to give otherwise.
void* buffer_data(const py::buffer& out, int size, const char* format, const char* what) {
  const py::buffer_info info = out.request(true);
  if (info.format != format || info.ndim != 1 || info.shape[0] != size ||
      info.strides[0] != info.itemsize)
    throw py::value_error(std::string(what) + ": give a contiguous numpy array of shape (" +
                          std::to_string(size) + ",) and dtype " +
                          (std::string(format) == "f" ? "float32" : "int8"));
  return info.ptr;
}

Seat seat_or_to_move(const State& s, const py::object& seat_arg) {
  const Seat seat = seat_arg.is_none() ? s.to_move : seat_arg.cast<int>();
  if (seat < 0 || seat >= s.seats)
    throw py::value_error(
        "seat " + std::to_string(seat) + " is not valid: valid " +
        (s.seats == 2 ? std::string("0 or 1") : "0 to " + std::to_string(s.seats - 1)));
  return seat;
}

py::object tensor_array(const State& s, const History& h, const Rules& rules, Seat seat) {
  const TensorLayout layout = tensor_layout(rules);
  py::object out = numpy_empty(layout.size, "float32");
  write_observation_tensor(s, h, rules, layout, seat,
                           static_cast<float*>(buffer_data(out, layout.size, "f", "out")));
  return out;
}

py::list history_strings(const History& h) {
  py::list out;
  for (Move m : h.moves()) out.append(to_string(m));
  return out;
}

std::vector<std::vector<std::string>> hands_of(const State& s) {
  std::vector<std::vector<std::string>> out;
  for (Seat seat = 0; seat < s.seats; ++seat) out.push_back(tile_strings(s.hands[seat]));
  return out;
}

}  // namespace dominoes_python
