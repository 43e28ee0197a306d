// The game in Python: Rules, deals, Game (state, legal moves, apply, terminal test, points),
// Observation (one seat's information set) and the action numbering for networks.
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <sstream>

#include "arena/tournament/play/game_loop.h"
#include "arena/tournament/play/games_writer.h"
#include "engine/common/text.h"
#include "engine/dominoes/action_mask.h"
#include "engine/dominoes/actions.h"
#include "engine/dominoes/deal.h"
#include "engine/dominoes/notation.h"
#include "engine/dominoes/observation_tensor.h"
#include "engine/dominoes/rules_keys.h"
#include "engine/dominoes/table_text.h"
#include "python/bindings.h"

namespace dominoes_python {

using namespace dominoes;

// ---- shared helpers
// ------------------------------------------------------------------------------

Move checked_action_move(int index, const Rules& rules) {
  const int count = dominoes::action_count(rules);
  if (index < 0 || index >= count)
    throw py::value_error("action " + std::to_string(index) + " is not valid: valid 0.." +
                          std::to_string(count - 1));
  return dominoes::action_move(index, rules);
}

Move parse_move_text(const std::string& text, const Rules& rules) {
  return parse_move(text, rules.max_pip);  // NotationError is a std::invalid_argument: ValueError
}

std::vector<std::string> tile_strings(TileSet set) {
  std::vector<std::string> out;
  for (Tile t : reading_order(set)) out.push_back(to_string(t));
  return out;
}

std::vector<int> value_list(ValueSet set) {
  std::vector<int> out;
  for (int v = 0; v <= kMaxPip; ++v)
    if (set.contains(v)) out.push_back(v);
  return out;
}

py::list legal_move_strings(const State& s) {
  py::list out;
  if (status(s) != GameStatus::kOngoing) return out;
  const MoveList moves = legal_moves(s);
  if (moves.empty()) out.append("pass");
  for (Move m : moves) out.append(to_string(m));
  return out;
}

PyObservation PyObservation::from(const Observation& obs) {
  PyObservation o;
  o.rules = obs.rules();
  o.history = History(obs.leader(), obs.seats());
  for (Move m : obs.history()) o.history.push_back(m);
  o.hand = obs.hand();
  o.line = obs.line();
  o.left = obs.left_end();
  o.right = obs.right_end();
  o.seats = obs.seats();
  for (Seat s = 0; s < obs.seats(); ++s) {
    o.counts[s] = obs.tile_count(s);
    o.lacks[s] = obs.lacks(s);
  }
  o.lead_tile = obs.required_lead();  // kept after the lead: the sampler reads it
  o.seat = obs.seat();
  return o;
}

State PyObservation::view_state() const {
  State s;
  s.seats = static_cast<std::uint8_t>(seats);
  TileSet unseen = TileSet::full(rules.max_pip) - hand - line;
  for (Seat other = 0; other < seats; ++other) {
    if (other == seat) continue;
    for (Tile t : unseen) {  // the other seats hold disjoint placeholders among the unseen tiles
      if (s.hands[other].size() == counts[other]) break;
      s.hands[other].insert(t);
    }
    unseen = unseen - s.hands[other];
  }
  s.hands[seat] = hand;
  s.line = line;
  s.left = static_cast<std::int8_t>(left);
  s.right = static_cast<std::int8_t>(right);
  s.to_move = static_cast<std::uint8_t>(seat);
  s.leader = static_cast<std::uint8_t>(history.leader());
  s.lead_tile = static_cast<std::int8_t>(lead_tile);
  s.last_was_pass = history.size() > 0 && history[history.size() - 1].is_pass();
  s.lacks = lacks;
  return s;
}

MoveList PyObservation::legal() const {
  if (lead_tile >= 0 && left < 0) {
    MoveList moves;
    moves.push_back(Move(static_cast<Tile>(lead_tile), Placement::kLead));
    return moves;
  }
  return legal_moves(hand, left, right);
}

namespace {

py::object tensor_high_array(const Rules& rules) {
  const int size = tensor_layout(rules).size;
  py::object out = numpy_empty(size, "float32");
  auto* data = static_cast<float*>(buffer_data(out, size, "f", "observation_high"));
  tensor_high(rules, std::span<float>(data, static_cast<std::size_t>(size)));
  return out;
}

// ---- rules
// ---------------------------------------------------------------------------------------

// A rules key's Python keyword: its name with '-' written '_' (hand-size is hand_size).
std::string python_name(const std::string& key) {
  std::string name = key;
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

// Rules(**keywords): the rules keys (engine/dominoes/rules_keys.h) read as `dominoes run` reads
// them. An unknown keyword, a value of the wrong type or a bad value raises ValueError in one line.
Rules make_rules(const py::kwargs& keywords) {
  std::vector<std::pair<std::string, std::string>> given;
  for (const auto& [word, value] : keywords) {
    const std::string name = py::str(word).cast<std::string>();
    const auto& keys = rules_keys();
    const auto key = std::find_if(keys.begin(), keys.end(),
                                  [&](const auto& k) { return python_name(k.name) == name; });
    if (key == keys.end()) {
      std::string valid;
      for (const auto& k : keys) valid += (valid.empty() ? "" : ", ") + python_name(k.name);
      throw py::value_error("Rules has no keyword " + common::quoted(name) + "; valid: " + valid);
    }
    const bool integer = key->kind == common::KeyKind::kInteger;
    const bool boolean = key->kind == common::KeyKind::kBoolean;
    const bool right_type =
        integer   ? py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)
        : boolean ? py::isinstance<py::bool_>(value)
                  : py::isinstance<py::str>(value);
    if (!right_type) {
      const std::string shown = common::quoted(py::repr(value).cast<std::string>());
      throw py::value_error(name + "=" + shown.substr(1, shown.size() - 2) +
                            " is not valid: give " +
                            (integer   ? "an int, "
                             : boolean ? "a bool, "
                                       : "a str, ") +
                            key->valid);
    }
    given.emplace_back(key->name, boolean ? (value.cast<bool>() ? "true" : "false")
                                          : utf8_text(py::str(value), name));
  }
  try {
    return rules_from(given);
  } catch (const common::KeyError& e) {
    throw py::value_error(e.what());
  }
}

// The keys as written in configs (rules_key_written): a two-seat Rules reads as it always has.
std::string rules_repr(const Rules& r) {
  std::string text;
  for (const auto& key : rules_keys()) {
    if (!rules_key_written(key, r)) continue;
    const std::string value = key.values(r).front();
    std::string shown = "'" + value + "'";
    if (key.kind == common::KeyKind::kInteger) shown = value;
    if (key.kind == common::KeyKind::kBoolean) shown = value == "true" ? "True" : "False";
    text += (text.empty() ? "" : ", ") + python_name(key.name) + "=" + shown;
  }
  return "Rules(" + text + ")";
}

std::string rules_doc() {
  std::string doc =
      "\nA variant of Block Dominoes; every field defaults to the seed's game (docs/rules.md).\n\n"
      "Rules(**keys): the rules keys of `dominoes run` (docs/formats.md), '-' written '_':\n";
  for (const auto& key : rules_keys())
    doc += "  " + python_name(key.name) + ": " + key.help + " (" + key.valid + "; default " +
           common::default_text(key) + ")\n";
  return doc +
         "Each is also a read-only attribute. Raises ValueError naming a bad keyword or value.";
}

void bind_rules(py::module_& m) {
  static const std::string doc = rules_doc();
  auto rules = py::class_<Rules>(m, "Rules", doc.c_str());
  rules.def(py::init(&make_rules));
  for (const auto& key : rules_keys()) {
    const auto values = key.values;
    if (key.kind == common::KeyKind::kInteger)
      rules.def_property_readonly(python_name(key.name).c_str(), [values](const Rules& r) {
        return std::stoi(values(r).front());
      });
    else if (key.kind == common::KeyKind::kBoolean)
      rules.def_property_readonly(python_name(key.name).c_str(),
                                  [values](const Rules& r) { return values(r).front() == "true"; });
    else
      rules.def_property_readonly(python_name(key.name).c_str(),
                                  [values](const Rules& r) { return values(r).front(); });
  }
  py::list names;
  for (const auto& key : rules_keys()) names.append(python_name(key.name));
  rules.attr("keywords") = py::tuple(names);  // the keywords Rules takes, from the rules table
  rules
      .def_property_readonly(
          "tile_count", [](const Rules& r) { return tile_count(r.max_pip); },
          "number of tiles in the set (28 for double-six)")
      .def_property_readonly("action_count", &action_count,
                             "size of the action numbering: 3 per tile + 1 (85 for double-six)")
      .def_property_readonly(
          "observation_shape", [](const Rules& r) { return py::make_tuple(tensor_layout(r).size); },
          "the observation tensor's shape, (length,): Game.observation_tensor() (125 for\n"
          "double-six and two seats; docs/formats.md, \"Observation tensor\")")
      .def_property_readonly("observation_high", &tensor_high_array,
                             "numpy float32 array of observation_shape: the largest value of each\n"
                             "entry of the observation tensor (every entry's smallest is 0)")
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; })
      .def("__repr__", &rules_repr);
}

// ---- the game
// ------------------------------------------------------------------------------------

TileSet tiles_from(const py::handle& hand, const Rules& rules) {
  if (py::isinstance<py::str>(hand)) return parse_tiles(utf8_text(hand, "hand"), rules.max_pip);
  TileSet set;
  for (const py::handle& item : hand) {
    const Tile t = parse_tile(utf8_text(py::str(item), "tile"), rules.max_pip);
    if (set.contains(t))
      throw py::value_error("tile " + to_string(t) + " is listed twice in one hand");
    set.insert(t);
  }
  return set;
}

PyGame game_from_deal(const Rules& rules, std::uint64_t seed, std::uint64_t deal, int game) {
  const Deal d = make_deal(rules, seed, deal, game);
  return PyGame{rules, start_state(d), History(d.leader, d.seats)};
}

// Returns "0 or 1" (two seats) or "0 to 3": the valid seats of a table of `seats`.
std::string valid_seats(int seats) {
  return seats == 2 ? "0 or 1" : "0 to " + std::to_string(seats - 1);
}

// Returns the seat that leads the hands of `d` when from_hands is given no leader: seat 0, or with
// more than two seats under heaviest-double the holder of the heaviest tile, who must lead it.
Seat default_leader(Deal& d, const Rules& rules) {
  if (d.seats > 2 && rules.leader == LeaderRule::kHeaviestDouble) lead_heaviest(d);
  return d.leader;
}

PyGame game_from_hands(const py::sequence& hands, const py::object& leader_arg,
                       const py::object& rules_arg) {
  const int n = static_cast<int>(py::len(hands));
  if (n < 2 || n > kMaxSeats)
    throw py::value_error("hands: give 2 to " + std::to_string(kMaxSeats) +
                          " hands, one per seat in seat order, got " + std::to_string(n));
  const Rules rules = rules_arg.is_none() ? table_rules(n) : rules_arg.cast<Rules>();
  if (rules.seats != n)
    throw py::value_error("hands: " + std::to_string(n) + " hands given but the rules seat " +
                          std::to_string(rules.seats) + ": give " + std::to_string(rules.seats) +
                          " hands, or Rules(seats=" + std::to_string(n) + ")");
  Deal d;
  d.seats = n;
  TileSet seen;
  for (Seat s = 0; s < n; ++s) {
    d.hands[s] = tiles_from(hands[s], rules);
    if (const TileSet twice = seen & d.hands[s]; !twice.empty()) {
      Seat other = 0;
      while ((d.hands[other] & twice).empty()) ++other;
      throw py::value_error(
          "tiles " + to_string(twice) + " are in " +
          (n == 2 ? std::string("both hands")
                  : "the hands of seats " + std::to_string(other) + " and " + std::to_string(s)));
    }
    seen = seen | d.hands[s];
  }
  const Seat heaviest = default_leader(d, rules);
  if (!leader_arg.is_none()) {
    const int leader = leader_arg.cast<int>();
    if (leader < 0 || leader >= n)
      throw py::value_error("leader " + std::to_string(leader) + " is not valid: valid " +
                            valid_seats(n));
    if (d.lead_tile >= 0 && leader != heaviest)
      throw py::value_error("leader " + std::to_string(leader) + " is not valid under leader=" +
                            "heaviest-double: seat " + std::to_string(heaviest) + " holds " +
                            to_string(static_cast<Tile>(d.lead_tile)) +
                            " and leads it (leave leader out, or give Rules(leader='random'))");
    d.leader = leader;
  }
  return PyGame{rules, start_state(d), History(d.leader, n)};
}

Move move_from(const py::handle& move, const Rules& rules) {
  if (py::isinstance<py::int_>(move)) return checked_action_move(move.cast<int>(), rules);
  return parse_move_text(utf8_text(py::str(move), "move"), rules);
}

void apply_move(PyGame& g, const py::object& move) {
  const Move m = move_from(move, g.rules);
  if (status(g.state) != GameStatus::kOngoing)
    throw py::value_error("move " + to_string(m) + ": the game is over");
  const MoveList legal = legal_moves(g.state);
  const bool ok = m.is_pass() ? legal.empty() : legal.contains(m);
  if (!ok) {
    std::string valid;
    for (const py::handle& s : legal_move_strings(g.state))
      valid += (valid.empty() ? "" : ", ") + s.cast<std::string>();
    throw py::value_error("move " + to_string(m) + " is not legal for seat " +
                          std::to_string(g.state.to_move) + ": valid " + valid);
  }
  apply(g.state, m);
  g.history.push_back(m);
}

std::string status_name(const State& s) {
  switch (status(s)) {
    case GameStatus::kOngoing:
      return "ongoing";
    case GameStatus::kDomino:
      return "domino";
    case GameStatus::kBlocked:
      return "blocked";
  }
  return "ongoing";
}

std::vector<bool> mask_of(const State& s, const Rules& rules) {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(action_count(rules)));
  write_action_mask(s, rules, mask.data());
  return std::vector<bool>(mask.begin(), mask.end());
}

py::object ends_of(int left, int right) {
  if (left < 0) return py::none();
  return py::make_tuple(left, right);
}

PyObservation observation_of(const PyGame& g, py::object seat_arg) {
  const Seat seat = seat_arg.is_none() ? g.state.to_move : seat_arg.cast<int>();
  if (seat < 0 || seat >= g.state.seats)
    throw py::value_error("seat " + std::to_string(seat) + " is not valid: valid " +
                          valid_seats(g.state.seats));
  PyObservation o = PyObservation::from(observe(g.state, g.history, g.rules, seat));
  o.full_state = g.state;
  return o;
}

std::string game_repr(const PyGame& g) {
  std::ostringstream out;
  out << "Game(hands=[";
  for (Seat s = 0; s < g.state.seats; ++s) out << (s ? " / " : "") << to_string(g.state.hands[s]);
  out << "], ends=";
  if (g.state.line_empty())
    out << "none";
  else
    out << int(g.state.left) << "," << int(g.state.right);
  out << ", to_move=" << int(g.state.to_move) << ", status=" << status_name(g.state) << ")";
  return out.str();
}

// The tile the leader must lead while the line is empty (heaviest-double with more than two
// seats), as "a-b", or None.
py::object lead_tile_of(int lead_tile, int left) {
  if (lead_tile < 0 || left >= 0) return py::none();
  return py::str(to_string(static_cast<Tile>(lead_tile)));
}

std::vector<int> teams_of(const Rules& rules) {
  std::vector<int> out;
  for (Seat s = 0; s < rules.seats; ++s) out.push_back(team_of(rules, s));
  return out;
}

const tournament::GameOutcome finished_outcome(const PyGame& g, const char* what) {
  if (status(g.state) == GameStatus::kOngoing)
    throw py::value_error(std::string(what) + ": the game is not over (status ongoing)");
  return tournament::score_game(g.state, g.rules);
}

void bind_game_class(py::module_& m) {
  py::class_<PyGame>(m, "Game", R"doc(
A game of Block Dominoes with every hand (the referee's view), at a table of 2, 3 or 4 seats.
Moves are notation strings ("3-5" leads, "3-5L"/"3-5R" on an end, "pass") or action numbers
(see action_index).

Game(rules=Rules(), seed=1, deal=0, game=0)
  deal `deal` of an experiment with seed `seed` (game `game` of a match or duplicate pair):
  the same hands and leader `dominoes run` plays for that deal, at rules.seats seats.
Game.from_hands(hands, leader=None, rules=None)
  hands: one tile list per seat in seat order (["0-1", "2-3"] or "0-1,2-3"), 2 to 4 of them.
  rules: default the table's written rules for that many hands (Rules(seats=len(hands))); given
  rules must seat len(hands). leader: default seat 0, except that with more than two seats under
  leader='heaviest-double' the holder of the heaviest double (else tile) leads, and must lead it.)doc")
      .def(py::init(&game_from_deal), py::arg("rules") = Rules(), py::arg("seed") = 1,
           py::arg("deal") = 0, py::arg("game") = 0)
      .def_static("from_hands", &game_from_hands, py::arg("hands"), py::arg("leader") = py::none(),
                  py::arg("rules") = py::none())
      .def_readonly("rules", &PyGame::rules)
      .def_property_readonly(
          "seats", [](const PyGame& g) { return int(g.state.seats); },
          "the number of seats at the table (2, 3 or 4)")
      .def_property_readonly(
          "teams", [](const PyGame& g) { return teams_of(g.rules); },
          "each seat's team: [0, 1] for two seats, [0, 1, 0, 1] with partners,\n"
          "[0, 1, 2] or [0, 1, 2, 3] cut-throat")
      .def_property_readonly(
          "to_move", [](const PyGame& g) { return int(g.state.to_move); },
          "the seat (0 to seats - 1) whose turn it is")
      .def_property_readonly("leader", [](const PyGame& g) { return int(g.state.leader); })
      .def_property_readonly(
          "lead_tile",
          [](const PyGame& g) { return lead_tile_of(g.state.lead_tile, g.state.left); },
          "the tile the leader must lead ('6-6'; heaviest-double with more than two seats) while\n"
          "the line is empty, else None")
      .def_property_readonly(
          "hands", [](const PyGame& g) { return hands_of(g.state); },
          "every hand: [seat 0 tiles, seat 1 tiles, ...], tiles 'a-b' in reading order")
      .def_property_readonly(
          "line", [](const PyGame& g) { return tile_strings(g.state.line); },
          "the tiles on the line, in reading order (not line order)")
      .def_property_readonly(
          "ends", [](const PyGame& g) { return ends_of(g.state.left, g.state.right); },
          "the open ends (left, right), or None before the lead")
      .def_property_readonly(
          "history", [](const PyGame& g) { return history_strings(g.history); },
          "every move so far, passes included, in order")
      .def_property_readonly(
          "status", [](const PyGame& g) { return status_name(g.state); },
          "'ongoing', 'domino' (a hand is empty) or 'blocked' (nobody can move)")
      .def(
          "is_terminal", [](const PyGame& g) { return status(g.state) != GameStatus::kOngoing; },
          "Returns True when the game is over (domino or blocked).")
      .def(
          "legal_moves", [](const PyGame& g) { return legal_move_strings(g.state); },
          "Returns the legal moves of the seat to move in the engine's order (leads or left-end\n"
          "moves by tile index, then right-end moves; when both ends show the same value only\n"
          "left-end moves; the lead tile alone when the rules force it); ['pass'] when it must\n"
          "pass; [] when the game is over.")
      .def(
          "legal_actions",
          [](const PyGame& g) {
            std::vector<int> out;
            const auto mask = mask_of(g.state, g.rules);
            for (int i = 0; i < static_cast<int>(mask.size()); ++i)
              if (mask[i]) out.push_back(i);
            return out;
          },
          "Returns the action numbers of the legal moves, ascending.")
      .def(
          "action_mask", [](const PyGame& g) { return mask_of(g.state, g.rules); },
          "Returns a list of rules.action_count bools: True at each legal move's action number.")
      .def("apply", &apply_move, py::arg("move"),
           "Plays `move` (notation string or action number) for the seat to move.\n"
           "Raises ValueError when it is malformed or not legal, naming the legal moves.")
      .def(
          "pips",
          [](const PyGame& g) {
            std::vector<int> out;
            for (Seat s = 0; s < g.state.seats; ++s) out.push_back(pips(g.state.hands[s]));
            return out;
          },
          "Returns the pips left in each hand: [seat 0 pips, seat 1 pips, ...].")
      .def(
          "points",
          [](const PyGame& g) {
            const auto points = finished_outcome(g, "points").points;
            return std::vector<int>(points.begin(), points.begin() + g.state.seats);
          },
          "Returns what each seat scored in the finished game, [seat 0 points, seat 1 points, "
          "...]:\n"
          "every seat of the winning team gets the team's score under the rules' scoring "
          "(partners\n"
          "alike), the others 0; all 0 when nobody wins (equal pips, a tied block). Raises\n"
          "ValueError while the game goes on.")
      .def(
          "winner_team",
          [](const PyGame& g) -> py::object {
            const int team = finished_outcome(g, "winner_team").winner_team;
            if (team < 0) return py::none();
            return py::int_(team);
          },
          "Returns the team (see teams) that won the finished game, or None when nobody won.\n"
          "Raises ValueError while the game goes on.")
      .def("observation", &observation_of, py::arg("seat") = py::none(),
           "Returns seat `seat`'s Observation (default: the seat to move).")
      .def(
          "observation_tensor",
          [](const PyGame& g, const py::object& seat) {
            return tensor_array(g.state, g.history, g.rules, seat_or_to_move(g.state, seat));
          },
          py::arg("seat") = py::none(),
          "Returns what seat `seat` (default: the seat to move) knows as a numpy float32 array of\n"
          "rules.observation_shape: own hand, each seat's played tiles (relative seat order: the\n"
          "seat, the next, ...), open ends, tile counts, lacked values, passes, leader, turn, own\n"
          "seat and team (docs/formats.md, \"Observation tensor\"). Raises ValueError for a bad "
          "seat.")
      .def(
          "copy", [](const PyGame& g) { return g; }, "Returns an independent copy.")
      .def("__repr__", &game_repr);
}

// ---- the observation ----------------------------------------------------------------------------

std::vector<int> tile_counts_of(const PyObservation& o) {
  return std::vector<int>(o.counts.begin(), o.counts.begin() + o.seats);
}

std::vector<std::vector<int>> lacks_of(const PyObservation& o) {
  std::vector<std::vector<int>> out;
  for (Seat s = 0; s < o.seats; ++s) out.push_back(value_list(o.lacks[s]));
  return out;
}

// The two-seat fields opponent_tile_count and opponent_lacks name "the" opponent; at a larger
// table there are two or three, so they are refused with the fields to read instead.
void require_two_seats(const PyObservation& o, const char* field, const char* instead) {
  if (o.seats != 2)
    throw py::value_error(std::string(field) + " is a two-seat field and this table has " +
                          std::to_string(o.seats) + " seats: read " + instead);
}

// A two-seat observation's dict keeps exactly the keys it has always had (code that flattens
// them keeps working); with more seats the opponent fields give way to every seat's.
py::dict observation_dict(const PyObservation& o) {
  py::dict d;
  d["seat"] = o.seat;
  if (o.seats != 2) d["seats"] = o.seats;
  d["hand"] = tile_strings(o.hand);
  d["line"] = tile_strings(o.line);
  d["ends"] = ends_of(o.left, o.right);
  if (o.seats == 2) {
    d["opponent_tile_count"] = o.counts[1 - o.seat];
    d["opponent_lacks"] = value_list(o.lacks[1 - o.seat]);
  } else {
    d["tile_counts"] = tile_counts_of(o);
    d["lacks"] = lacks_of(o);
  }
  d["own_lacks"] = value_list(o.lacks[o.seat]);
  d["unseen"] = tile_strings(TileSet::full(o.rules.max_pip) - o.hand - o.line);
  d["leader"] = o.history.leader();
  if (o.seats != 2) d["lead_tile"] = lead_tile_of(o.lead_tile, o.left);
  d["history"] = history_strings(o.history);
  return d;
}

// Returns true when the observation is known to come from a finished game (only an observation
// made by Game.observation() knows: one seat cannot tell a blocked game from its own pass).
bool known_over(const PyObservation& o) {
  return o.full_state && status(*o.full_state) != GameStatus::kOngoing;
}

std::vector<bool> observation_mask(const PyObservation& o) {
  if (known_over(o)) return std::vector<bool>(static_cast<std::size_t>(action_count(o.rules)));
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(action_count(o.rules)));
  write_action_mask(o.legal(), o.rules, mask.data());
  return std::vector<bool>(mask.begin(), mask.end());
}

void bind_observation(py::module_& m) {
  py::class_<PyObservation>(m, "Observation", R"doc(
What one seat knows (its information set): the same information the C++ strategies get. It
holds no other seat's hand. Tiles are 'a-b' strings in reading order, values are ints 0..N.
Every seat count has seats, tile_counts, lacks and lead_tile; opponent_tile_count and
opponent_lacks are two-seat fields (ValueError at a larger table). to_dict() gives every field as
plain Python values (two seats: the two-seat fields; more: the per-seat ones).)doc")
      .def_readonly("seat", &PyObservation::seat)
      .def_readonly("seats", &PyObservation::seats, "the number of seats at the table (2, 3 or 4)")
      .def_property_readonly("hand", [](const PyObservation& o) { return tile_strings(o.hand); })
      .def_property_readonly("line", [](const PyObservation& o) { return tile_strings(o.line); })
      .def_property_readonly(
          "ends", [](const PyObservation& o) { return ends_of(o.left, o.right); },
          "(left, right) open ends, or None before the lead")
      .def_property_readonly(
          "tile_counts", &tile_counts_of,
          "how many tiles each seat holds: [seat 0, seat 1, ...] (public knowledge)")
      .def_property_readonly(
          "lacks", &lacks_of,
          "the values each seat has shown it lacks by passing, one list per seat")
      .def_property_readonly(
          "opponent_tile_count",
          [](const PyObservation& o) {
            require_two_seats(o, "opponent_tile_count", "tile_counts[seat], every seat's count");
            return o.counts[1 - o.seat];
          },
          "two seats: how many tiles the opponent holds (ValueError with more seats)")
      .def_property_readonly(
          "opponent_lacks",
          [](const PyObservation& o) {
            require_two_seats(o, "opponent_lacks", "lacks[seat], every seat's lacked values");
            return value_list(o.lacks[1 - o.seat]);
          },
          "two seats: values the opponent has shown it lacks by passing (ValueError with more "
          "seats)")
      .def_property_readonly("own_lacks",
                             [](const PyObservation& o) { return value_list(o.lacks[o.seat]); })
      .def_property_readonly(
          "unseen",
          [](const PyObservation& o) {
            return tile_strings(TileSet::full(o.rules.max_pip) - o.hand - o.line);
          },
          "tiles neither in hand nor on the line: the other hands and the undrawn tiles")
      .def_property_readonly("leader", [](const PyObservation& o) { return o.history.leader(); })
      .def_property_readonly(
          "lead_tile", [](const PyObservation& o) { return lead_tile_of(o.lead_tile, o.left); },
          "the tile the leader must lead while the line is empty (heaviest-double\n"
          "with more than two seats), else None")
      .def_property_readonly("history",
                             [](const PyObservation& o) { return history_strings(o.history); })
      .def_readonly("rules", &PyObservation::rules)
      .def(
          "legal_moves",
          [](const PyObservation& o) {
            py::list out;
            if (known_over(o)) return out;
            const MoveList legal = o.legal();
            if (legal.empty()) out.append("pass");
            for (Move mv : legal) out.append(to_string(mv));
            return out;
          },
          "Returns this seat's legal moves (['pass'] when it has none), in the engine's order;\n"
          "[] when the observation came from Game.observation() of a finished game.")
      .def("action_mask", &observation_mask,
           "Returns rules.action_count bools, True at each legal move's action number.")
      .def(
          "observation_tensor",
          [](const PyObservation& o) {
            return tensor_array(o.view_state(), o.history, o.rules, o.seat);
          },
          "Returns this seat's observation tensor, numpy float32 of rules.observation_shape:\n"
          "what Game.observation_tensor(seat) gives for the same position (docs/formats.md,\n"
          "\"Observation tensor\"), so a network trained on dominoes.vector can be seated in a "
          "run.")
      .def("to_dict", &observation_dict, "Returns every field as a dict of plain Python values.")
      .def("__repr__", [](const PyObservation& o) {
        return "Observation(" + py::repr(observation_dict(o)).cast<std::string>() + ")";
      });
}

// ---- deals, tiles and actions
// --------------------------------------------------------------------

void bind_functions(py::module_& m) {
  m.def(
      "deal",
      [](std::uint64_t seed, std::uint64_t index, const Rules& rules, int game) {
        const Deal d = make_deal(rules, seed, index, game);
        py::dict out;
        out["hands"] = hands_of(start_state(d));
        out["leader"] = d.leader;
        if (d.seats != 2) out["lead_tile"] = lead_tile_of(d.lead_tile, -1);
        return out;
      },
      py::arg("seed"), py::arg("index"), py::arg("rules") = Rules(), py::arg("game") = 0,
      "Returns deal `index` of seed `seed` (game `game` within a match or duplicate pair) as\n"
      "{'hands': [seat 0 tiles, seat 1 tiles, ...], 'leader': seat}: the deal `dominoes run` "
      "plays\n"
      "(rules.seats hands). With more than two seats also 'lead_tile': the tile the leader must\n"
      "lead ('6-6'), or None when any tile may lead.");
  m.def(
      "tile_index", [](const std::string& tile) { return int(parse_tile(tile, kMaxPip)); },
      py::arg("tile"), "Returns the index of tile 'a-b' (a <= b): b*(b+1)/2 + a.");
  m.def(
      "tile_at",
      [](int index) {
        if (index < 0 || index >= kMaxTiles)
          throw py::value_error("tile index " + std::to_string(index) + " is not valid: valid 0.." +
                                std::to_string(kMaxTiles - 1));
        return to_string(static_cast<Tile>(index));
      },
      py::arg("index"), "Returns the tile 'a-b' with index `index`.");
  m.def(
      "action_index",
      [](const std::string& move, const Rules& rules) {
        return action_index(parse_move_text(move, rules), rules);
      },
      py::arg("move"), py::arg("rules") = Rules(),
      "Returns the action number of a move: tile_index(tile)*3 + (0 lead, 1 'L', 2 'R'),\n"
      "and rules.action_count - 1 (84 for double-six) for 'pass'.");
  m.def(
      "action_move",
      [](int index, const Rules& rules) { return to_string(checked_action_move(index, rules)); },
      py::arg("index"), py::arg("rules") = Rules(), "Returns the move with action number `index`.");
}

}  // namespace

void bind_game(py::module_& m) {
  bind_rules(m);
  bind_observation(m);  // before Game, so Game's signatures name it
  bind_game_class(m);
  bind_functions(m);
}

}  // namespace dominoes_python
