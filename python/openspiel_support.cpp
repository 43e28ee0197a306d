// What the OpenSpiel front door (python/dominoes/openspiel.py) needs of the engine beyond Game:
// ExtensiveState, one hand as an extensive-form game (arena/env/extensive_state.h), whose
// methods are the OpenSpiel state's in one call each (the deal, the moves, returns, the views and
// pickling); and a world drawn uniformly among those consistent with one seat's observation (for
// IS-MCTS's resampling, at any seat count).
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "arena/env/extensive_state.h"
#include "arena/env/extensive_views.h"
#include "engine/dominoes/hidden_hands.h"
#include "engine/dominoes/rules_keys.h"
#include "python/bindings.h"

namespace dominoes_python {

using namespace dominoes;
using arena::ExtensiveState;
using arena::ViewKind;
using arena::ViewPiece;

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

// The view of OpenSpiel's IIGObservationType: perfect_recall, the hands shown ("none", "own",
// "all") and public_info.
ViewKind view_kind(bool perfect_recall, const std::string& hands, bool public_info) {
  ViewKind kind{perfect_recall, ViewKind::Hands::kOwn, public_info};
  if (hands == "none")
    kind.hands = ViewKind::Hands::kNone;
  else if (hands == "all")
    kind.hands = ViewKind::Hands::kAll;
  else if (hands != "own")
    throw py::value_error("hands=" + hands + " is not valid: give 'none', 'own' or 'all'");
  return kind;
}

void write_view_into(const ExtensiveState& node, int seat, bool perfect_recall,
                     const std::string& hands, bool public_info, const py::buffer& out) {
  const ViewKind kind = view_kind(perfect_recall, hands, public_info);
  const int size = view_size(node.rules(), kind);
  auto* data = static_cast<float*>(buffer_data(out, size, "f", "out"));
  write_view(node, seat, kind, std::span<float>(data, static_cast<std::size_t>(size)));
}

std::vector<std::pair<std::string, std::vector<int>>> pieces_of(const Rules& rules,
                                                                bool perfect_recall,
                                                                const std::string& hands,
                                                                bool public_info) {
  std::vector<std::pair<std::string, std::vector<int>>> out;
  for (const ViewPiece& piece : view_pieces(rules, view_kind(perfect_recall, hands, public_info)))
    out.emplace_back(piece.name, piece.shape);
  return out;
}

// OpenSpiel's State.legal_actions(player) (spiel.h LegalActions) in one call: [] at the end, the
// chance outcomes at a chance node, the legal actions for the seat to move (player None or that
// seat), [] for another seat.
std::vector<int> legal_actions_for(const ExtensiveState& node, const py::object& player) {
  if (node.is_terminal()) return {};
  if (node.is_chance()) {
    std::vector<int> out;
    for (const auto& [outcome, probability] : node.chance_outcomes()) out.push_back(outcome);
    return out;
  }
  if (player.is_none()) return node.legal_actions();
  const int seat = player.cast<int>();
  if (seat < 0 || seat >= node.rules().seats)
    throw py::value_error("player " + std::to_string(seat) + " is not valid: valid 0.." +
                          std::to_string(node.rules().seats - 1) + " (a seat)");
  return seat == node.current_player() ? node.legal_actions() : std::vector<int>{};
}

py::list returns_of(const ExtensiveState& node) {
  const auto net = node.returns();
  py::list out;
  for (Seat s = 0; s < node.rules().seats; ++s) out.append(double(net[s]));
  return out;
}

py::object game_of(const ExtensiveState& node) {
  if (!node.started()) return py::none();
  return py::cast(PyGame{node.rules(), node.state(), node.history()});
}

// Pickling: the rules as their keys' text (rules_keys) and the actions from the root.
py::tuple state_to_pickle(const ExtensiveState& node) {
  std::vector<std::pair<std::string, std::string>> keys;
  for (const auto& key : rules_keys())
    keys.emplace_back(key.name, key.values(node.rules()).front());
  return py::make_tuple(keys, node.actions());
}

ExtensiveState state_from_pickle(const py::tuple& saved) {
  if (saved.size() != 2)
    throw py::value_error("ExtensiveState: a pickled state is (rules keys, actions), got " +
                          std::to_string(saved.size()) + " items");
  const auto keys = saved[0].cast<std::vector<std::pair<std::string, std::string>>>();
  return ExtensiveState::replay(rules_from(keys), saved[1].cast<std::vector<int>>());
}

void bind_extensive_state(py::module_& m) {
  py::class_<ExtensiveState>(m, "ExtensiveState", R"doc(
One hand as an extensive-form game: the node of the OpenSpiel game "dominoes" (dominoes.openspiel),
whose methods each call one of these.

ExtensiveState(rules): the root, nothing dealt (ValueError for rules with a match target).
The deal: each seat's hand in seat order, one tile per chance node in ascending tile order, the
outcome the tile's index; at a node where the hand needs k more tiles and its candidates (undealt,
above its last tile) are c_1 < ... < c_m, tile c_i has probability C(m-i, k-1) / C(m, k), so each
hand has one chance history and probability 1 / C(undealt, hand_size). Under leader='random' one
more chance node draws the leading seat (outcome = seat, probability 1 / seats). Decisions use the
action numbering (action_index); the pass alone when a seat cannot move.)doc")
      .def(py::init<const Rules&>(), py::arg("rules"))
      .def_static("replay", &ExtensiveState::replay, py::arg("rules"), py::arg("actions"),
                  "Returns the node after `actions` (an actions() record) from the root; "
                  "ValueError naming the first action that is not valid where it falls.")
      .def_property_readonly("rules", &ExtensiveState::rules)
      .def("current_player", &ExtensiveState::current_player,
           "Returns the seat to move, -1 at a chance node, -4 at the end (OpenSpiel's numbers).")
      .def("is_chance", &ExtensiveState::is_chance)
      .def("is_terminal", &ExtensiveState::is_terminal)
      .def("chance_outcomes", &ExtensiveState::chance_outcomes,
           "Returns [(outcome, probability)] at a chance node, by ascending outcome; [] elsewhere.")
      .def("legal_actions", &ExtensiveState::legal_actions,
           "Returns the legal action numbers at a decision, ascending; [] elsewhere.")
      .def("legal_actions_for", &legal_actions_for, py::arg("player") = py::none(),
           "Returns what OpenSpiel's State.legal_actions(player) returns: [] at the end, the\n"
           "chance outcomes at a chance node, the legal actions for the seat to move (player\n"
           "None or that seat), [] for another seat; ValueError for a player not a seat.")
      .def("apply", &ExtensiveState::apply, py::arg("action"),
           "Applies a chance outcome or a legal action; ValueError naming the valid ones for any\n"
           "other (the node is then unchanged).")
      .def("returns", &returns_of,
           "Returns every seat's net points at the end (0.0 before): the team's score when it\n"
           "won, minus the winners' score when another team won, 0 when nobody won.")
      .def("actions", &ExtensiveState::actions,
           "Returns every action from the root to here, chance outcomes included.")
      .def("action_text", &ExtensiveState::action_text, py::arg("action"),
           "Returns `action` at this node as text ('deal seat 1: 2-5', 'leader 2', '3-5L').")
      .def_property_readonly("started", &ExtensiveState::started,
                             "True once every hand is dealt and the leader known")
      .def_property_readonly("dealing_seat", &ExtensiveState::dealing_seat,
                             "the seat being dealt (seats once all are dealt)")
      .def(
          "dealt",
          [](const ExtensiveState& node, int seat) {
            if (seat < 0 || seat >= node.rules().seats)
              throw py::value_error("seat " + std::to_string(seat) + " is not valid: valid 0.." +
                                    std::to_string(node.rules().seats - 1));
            return tile_strings(node.dealt(seat));
          },
          py::arg("seat"), "Returns the tiles dealt to `seat` (its hand as dealt so far).")
      .def_property_readonly("game", &game_of,
                             "a dominoes.Game copy of the hand in play (None while dealing)")
      .def(
          "view_text",
          [](const ExtensiveState& node, int seat, bool perfect_recall, const std::string& hands,
             bool public_info) {
            return view_text(node, seat, view_kind(perfect_recall, hands, public_info));
          },
          py::arg("seat"), py::arg("perfect_recall"), py::arg("hands"), py::arg("public_info"),
          "Returns what `seat` sees as one line (arena/env/extensive_views.h): hands is\n"
          "'none', 'own' or 'all'.")
      .def("write_view", &write_view_into, py::arg("seat"), py::arg("perfect_recall"),
           py::arg("hands"), py::arg("public_info"), py::arg("out"),
           "Writes what `seat` sees into `out`, a float32 numpy array of view_pieces' total size.")
      .def_static("view_pieces", &pieces_of, py::arg("rules"), py::arg("perfect_recall"),
                  py::arg("hands"), py::arg("public_info"),
                  "Returns the view tensor's pieces as [(name, shape)], in order.")
      .def_static("max_chance_outcomes", &ExtensiveState::max_chance_outcomes, py::arg("rules"))
      .def_static("max_game_length", &ExtensiveState::max_game_length, py::arg("rules"))
      .def("copy", [](const ExtensiveState& node) { return node; })
      .def("__copy__", [](const ExtensiveState& node) { return node; })
      .def(
          "__deepcopy__", [](const ExtensiveState& node, const py::dict&) { return node; },
          py::arg("memo"))
      .def(py::pickle(&state_to_pickle, &state_from_pickle))
      .def("__str__", &ExtensiveState::to_string)
      .def("__repr__",
           [](const ExtensiveState& node) { return "ExtensiveState(" + node.to_string() + ")"; });
}

}  // namespace

void bind_openspiel_support(py::module_& m) {
  bind_extensive_state(m);
  m.def("sample_hidden_hands", &sample_hidden_hands, py::arg("observation"), py::arg("seed"),
        "Returns every seat's hand in one world drawn uniformly among those consistent with\n"
        "`observation` of a game still going on, as lists of tiles, from the random stream\n"
        "Rng(seed): its seat's own hand in its seat; each other seat holds its tile count of\n"
        "unseen tiles, none carrying a value it has shown it lacks; with more than two seats\n"
        "under heaviest-double no seat holds a tile heavier than the lead; and some seat can\n"
        "play on the open ends (a recorded pass, or the game going on, says so). One rule is\n"
        "not applied: with two seats under heaviest-double, the leader held the heaviest tile.\n"
        "Replay the game in the world and draw again when it fails (dominoes.openspiel.world\n"
        "does).");
}

}  // namespace dominoes_python
