// What the OpenSpiel front door (python/dominoes/openspiel.py) needs of the engine beyond Game:
// a world drawn uniformly among those consistent with one seat's observation (for IS-MCTS's
// resampling, at any seat count) and the holder of a deal's heaviest tile (the heaviest-double
// leader rule, which Game.from_hands applies by itself only with more than two seats).
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "engine/dominoes/deal.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/notation.h"
#include "python/bindings.h"

namespace dominoes_python {

using namespace dominoes;

namespace {

std::vector<std::vector<std::string>> sample_hidden_hands(const PyObservation& o,
                                                          std::uint64_t seed) {
  const State view = o.view_state();
  const Observation obs = observe(view, o.history, o.rules, o.seat);
  const HiddenHandsSampler sampler(obs);
  if (sampler.count() <= 0)
    throw py::value_error("the observation has no consistent world (is it from a real game?)");
  Rng rng(seed);
  const TableHands hands = sampler.sample(rng);
  std::vector<std::vector<std::string>> out;
  for (Seat s = 0; s < o.seats; ++s) out.push_back(tile_strings(hands[s]));
  return out;
}

py::tuple heaviest_tile(const std::vector<std::string>& hands, int max_pip) {
  const int n = static_cast<int>(hands.size());
  if (n < 2 || n > kMaxSeats)
    throw py::value_error("hands: give 2 to " + std::to_string(kMaxSeats) + " hands, got " +
                          std::to_string(n));
  std::array<TileSet, kStateSeats> sets{};
  TileSet all;
  for (int s = 0; s < n; ++s) {
    sets[s] = parse_tiles(utf8_text(py::str(hands[s]), "hand"), max_pip);
    all = all | sets[s];
  }
  if (all.empty()) throw py::value_error("hands: every hand is empty");
  const HeaviestTile h = heaviest_tile_holder(sets, n);
  return py::make_tuple(int(h.seat), to_string(h.tile));
}

}  // namespace

void bind_openspiel_support(py::module_& m) {
  m.def("sample_hidden_hands", &sample_hidden_hands, py::arg("observation"), py::arg("seed"),
        "Returns every seat's hand in one world drawn uniformly among those consistent with\n"
        "`observation` (its seat's own hand in its seat; each other seat holds its tile count of\n"
        "unseen tiles, none carrying a value it has shown it lacks), as lists of tiles, from\n"
        "the random stream Rng(seed). Two facts are not applied: the leader rule's\n"
        "(heaviest-double: the leader held the heaviest tile) and, with more than two seats,\n"
        "that a recorded pass or the game still going on means some seat could play. Replay\n"
        "the game in the world and draw again when it fails (dominoes.openspiel.world does).");
  m.def("heaviest_tile", &heaviest_tile, py::arg("hands"), py::arg("max_pip") = 6,
        "Returns (seat, tile) for the hands ('0-1,2-3' per seat, in seat order): the seat\n"
        "holding the highest double, or when no hand has one the heaviest tile (more pips;\n"
        "equal pips: the larger high value), as the heaviest-double leader rule reads a deal.");
}

}  // namespace dominoes_python
