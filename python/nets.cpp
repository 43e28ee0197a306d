// dominoes.Model: a network model file (docs/formats.md, "Model files") read by the C++ runtime
// the strategies use (engine/nets), so that Python can check the C++ outputs against PyTorch's
// and look at what a seated model computes.
#include <pybind11/stl.h>

#include <string>

#include "engine/nets/model.h"
#include "python/bindings.h"

namespace dominoes_python {
namespace {

// Returns numpy.empty(shape, "float32").
py::object empty_float32(py::tuple shape) {
  static const py::object* const empty = new py::object(py::module_::import("numpy").attr("empty"));
  return (*empty)(shape, "float32");
}

// The outputs of `model` for `inputs`: a float32 array of shape (D,) or (N, D), C-contiguous.
py::object forward(const nets::Model& model, const py::buffer& inputs) {
  const py::buffer_info in = inputs.request();
  const int d = model.network.input_size();
  const bool one = in.ndim == 1;
  if (in.format != "f" || (in.ndim != 1 && in.ndim != 2) || in.shape[in.ndim - 1] != d ||
      in.strides[in.ndim - 1] != 4 || (!one && in.strides[0] != 4 * d))
    throw py::value_error("inputs: give a C-contiguous float32 array of shape (" +
                          std::to_string(d) + ",) or (N, " + std::to_string(d) + ")");
  const py::ssize_t rows = one ? 1 : in.shape[0];
  const int o = model.network.output_size();
  py::object out = one ? empty_float32(py::make_tuple(o)) : empty_float32(py::make_tuple(rows, o));
  const py::buffer_info result = out.cast<py::buffer>().request(true);
  const auto* x = static_cast<const float*>(in.ptr);
  auto* y = static_cast<float*>(result.ptr);
  {
    py::gil_scoped_release release;
    nets::Workspace workspace;
    for (py::ssize_t r = 0; r < rows; ++r)
      model.network.forward({x + r * d, static_cast<std::size_t>(d)},
                            {y + r * o, static_cast<std::size_t>(o)}, workspace);
  }
  return out;
}

}  // namespace

void bind_nets(py::module_& m) {
  py::class_<nets::Model>(m, "Model",
                          "A network model (NAME.safetensors with its card NAME.json) as the C++ "
                          "runtime of the strategies reads it: net(policy=FILE), model=net:FILE.")
      .def(py::init([](const std::string& path) {
             try {
               return nets::load_model(path);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
           }),
           py::arg("path"),
           "Reads and checks the model at path (either file of the pair); ValueError naming the "
           "file and what is wrong.")
      .def_property_readonly(
          "kind",
          [](const nets::Model& model) {
            return std::string(nets::model_kind_name(model.card.kind));
          },
          "policy, belief or value")
      .def_property_readonly(
          "input_size", [](const nets::Model& model) { return model.network.input_size(); },
          "floats the network reads (the observation tensor's length)")
      .def_property_readonly(
          "output_size", [](const nets::Model& model) { return model.network.output_size(); },
          "floats it writes (docs/formats.md, \"Model files\")")
      .def_property_readonly(
          "card", [](const nets::Model& model) { return nets::model_card_json(model.card).dump(); },
          "the card as JSON text")
      .def(
          "forward", &forward, py::arg("inputs"),
          "Returns the network's outputs (raw logits or values) for a float32 array of shape "
          "(input_size,) or (N, input_size): float32 of shape (output_size,) or (N, output_size).");
}

}  // namespace dominoes_python
