// The exact solvers in Python: Block Dominoes with open hands, the expected move values over its
// hidden worlds (PIMC, as `dominoes advise`), and the seed games' solvers (Dance Battle, Magic
// Fingers, Takeaway, the tetromino square). Each returns plain values (a dict).
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <sstream>

#include "engine/common/memory_limit.h"
#include "engine/common/text.h"
#include "engine/dominoes/notation.h"
#include "engine/endgame/block_dominoes_position.h"
#include "engine/endgame/block_dominoes_solver.h"
#include "engine/endgame/expected_move_values.h"
#include "engine/puzzles/dance_battle.h"
#include "engine/puzzles/magic_fingers.h"
#include "engine/puzzles/takeaway.h"
#include "engine/puzzles/tetromino.h"
#include "python/bindings.h"

namespace dominoes_python {

namespace {

// Returns the bytes of a table of `table_mb` MiB. Throws ValueError outside 0.0625..65536 MiB or
// above what this machine allows (common::max_table_mib, as the solver's --table-mb), rather than
// let the allocation raise MemoryError or swap.
std::size_t table_bytes(double table_mb) {
  if (!(table_mb >= 0.0625 && table_mb <= 65536))
    throw py::value_error("table_mb " + common::shortest_decimal(table_mb) +
                          " is not valid: valid 0.0625..65536 MiB");
  const auto most = static_cast<double>(std::min<std::uint64_t>(65536, common::max_table_mib()));
  if (table_mb > most)
    throw py::value_error("table_mb " + common::shortest_decimal(table_mb) +
                          " is more memory than this machine allows: valid 0.0625.." +
                          common::shortest_decimal(most) + " MiB (" + common::table_limit_reason() +
                          ")");
  return static_cast<std::size_t>(table_mb * (1 << 20));
}

// ---- Block Dominoes with open hands
// --------------------------------------------------------------

std::string hand_text(const py::handle& hand) {
  if (py::isinstance<py::str>(hand)) return utf8_text(hand, "hand");
  std::string text;
  for (const py::handle& t : hand) {
    if (!text.empty()) text += ',';
    text += utf8_text(py::str(t), "tile");
  }
  return text;
}

// The rules of a position: `given` (a Rules), or without one (None) the table the hands make, as
// `solver block-dominoes` reads it: the seats the hands number, partners with four. Given rules
// must have as many seats as there are hands.
dominoes::Rules position_rules(const py::object& given, int hands) {
  if (given.is_none()) {
    if (hands < 2 || hands > dominoes::kMaxSeats)
      throw py::value_error("hands: give 2, 3 or 4 hands, one per seat ('H0/H1/H2/H3'), got " +
                            std::to_string(hands));
    dominoes::Rules rules;
    rules.seats = hands;
    rules.partners = hands == 4;
    return rules;
  }
  const auto rules = given.cast<dominoes::Rules>();
  if (hands != rules.seats)
    throw py::value_error("hands: " + std::to_string(hands) + " hands given, but rules.seats is " +
                          std::to_string(rules.seats) +
                          ": give one hand per seat, or rules=Rules(" +
                          "seats=" + std::to_string(hands) + ") (or leave rules out: the hands " +
                          "then say the seats)");
  return rules;
}

py::dict solve_block_dominoes(const py::object& hands, const std::string& line,
                              const std::string& ends, int to_move, int depth,
                              const py::object& given_rules, double table_mb) {
  endgame::PositionText text;
  int count = 0;
  if (py::isinstance<py::str>(hands)) {
    text.hands = utf8_text(hands, "hands");
    count = static_cast<int>(common::split_list(text.hands, '/').size());
  } else {
    const auto list = hands.cast<py::sequence>();
    count = static_cast<int>(py::len(list));
    for (std::size_t seat = 0; seat < py::len(list); ++seat)
      text.hands += (seat == 0 ? "" : "/") + hand_text(list[seat]);
  }
  const dominoes::Rules rules = position_rules(given_rules, count);
  text.line = line;
  text.ends = ends;
  text.to_move = to_move;
  if (depth < 0)
    throw py::value_error("depth " + std::to_string(depth) +
                          " is not valid: valid 0 (exact) or more");
  const dominoes::State s = endgame::parse_position(text, rules);  // PositionError: ValueError
  endgame::BlockDominoesSolver solver(rules, table_bytes(table_mb));
  py::dict out;
  std::vector<std::pair<std::string, int>> moves;
  std::vector<std::string> pv;
  int value = 0;
  {
    py::gil_scoped_release release;
    value = solver.value(s, depth);
    for (const auto& mv : solver.move_values(s, depth))
      moves.emplace_back(dominoes::to_string(mv.move), mv.value);
    for (const auto& m : solver.principal_variation(s, depth)) pv.push_back(dominoes::to_string(m));
  }
  out["value"] = value;
  out["moves"] = moves;
  out["pv"] = pv;
  out["nodes"] = solver.nodes();
  return out;
}

// ---- the seed games
// ------------------------------------------------------------------------------

py::dict solve_takeaway(const std::vector<std::uint64_t>& moves, std::uint64_t n,
                        std::uint64_t bound) {
  if (n > puzzles::Takeaway::kMaxStones)
    throw py::value_error("n " + std::to_string(n) + " is not valid: valid 0..2^63-1");
  std::optional<puzzles::Takeaway> game;
  {
    py::gil_scoped_release release;
    game.emplace(moves, bound);  // TakeawayError: ValueError
  }
  py::dict out;
  const auto& p = game->period();
  out["wins"] = game->wins(n) ? py::cast(*game->wins(n)) : py::none();
  out["grundy"] = game->grundy(n) ? py::cast(*game->grundy(n)) : py::none();
  out["winning_moves"] = game->winning_moves(n) ? py::cast(*game->winning_moves(n)) : py::none();
  out["period"] = p.found ? py::cast(p.period) : py::none();
  out["preperiod"] = p.found ? py::cast(p.preperiod) : py::none();
  return out;
}

py::dict solve_dance_battle(int n, const std::vector<std::pair<int, int>>& turns, double table_mb) {
  std::ostringstream input;
  input << n << "\n" << turns.size() << "\n";
  for (const auto& [a, b] : turns) input << a << " " << b << "\n";
  std::istringstream in(input.str());
  const puzzles::DanceBattlePosition p = puzzles::read_dance_battle(in);  // DanceBattleError
  puzzles::DanceBattleSolver solver(p.n, table_bytes(table_mb));
  std::vector<std::pair<int, int>> winning;
  bool wins = false;
  {
    py::gil_scoped_release release;
    for (const auto& t : solver.winning_turns(p)) winning.emplace_back(t.from, t.to);
    wins = !winning.empty();
  }
  py::dict out;
  out["wins"] = wins;
  out["winning_turns"] = winning;
  out["nodes"] = solver.nodes();
  return out;
}

std::string outcome_name(search::Outcome o) {
  switch (o) {
    case search::Outcome::kWin:
      return "win";
    case search::Outcome::kLoss:
      return "loss";
    case search::Outcome::kDraw:
      return "draw";
  }
  return "draw";
}

py::dict solve_magic_fingers(const std::string& mover, const std::string& opponent, bool rollover,
                             bool empty_claps, bool claps_may_kill) {
  namespace mf = puzzles::magic_fingers;
  auto hands = [](const std::string& text, const char* who) {
    if (text.size() != 2 || text[0] < '0' || text[0] > '4' || text[1] < '0' || text[1] > '4')
      throw py::value_error(std::string(who) + " " + common::quoted(text) +
                            " is not valid: give two finger counts 0..4, e.g. '11'");
    return mf::make_hands(text[0] - '0', text[1] - '0');
  };
  const mf::Position p{hands(mover, "mover"), hands(opponent, "opponent")};
  const mf::Solution s = mf::solve(mf::Rules{rollover, empty_claps, claps_may_kill});
  const auto& v = s.value(p);
  py::dict out;
  out["outcome"] = outcome_name(v.outcome);
  out["distance"] = v.outcome == search::Outcome::kDraw ? py::none() : py::cast(v.distance);
  out["best_move"] = s.best_move(p) ? py::cast(mf::to_string(*s.best_move(p))) : py::none();
  out["chart"] = mf::chart_text(s);
  out["verdict"] = mf::verdict_text(s);
  return out;
}

py::dict solve_tetromino(int size, const std::string& signature, double time_limit,
                         std::uint64_t seed) {
  namespace tt = puzzles::tetromino;
  tt::check_size(size);  // TetrominoError: ValueError
  const tt::Puzzle puzzle{size, tt::parse_signature(signature)};
  if (!(time_limit > 0 && time_limit <= tt::kMaxTimeLimit))
    throw py::value_error("time_limit " + std::to_string(time_limit) +
                          " is not valid: valid (0, 1e6] seconds");
  tt::Result r;
  {
    py::gil_scoped_release release;
    r = tt::solve(puzzle, time_limit, seed);
  }
  py::dict out;
  out["status"] = r.status == tt::Status::kSolved       ? "solved"
                  : r.status == tt::Status::kImpossible ? "impossible"
                                                        : "unknown";
  out["answer"] =
      r.status == tt::Status::kSolved ? py::cast(tt::to_json(r.placements)) : py::none();
  out["board"] =
      r.status == tt::Status::kSolved ? py::cast(tt::draw(size, r.placements)) : py::none();
  out["reason"] = r.reason;
  out["nodes"] = r.nodes;
  return out;
}

// ---- expected move values under hidden information (PIMC)
// -------------------------------------------------------------------

// Every legal move's mean exact value over the worlds consistent with `o`, as `dominoes advise`
// prints them (expected_move_values.h). samples: None is advise's default for the table size.
py::dict expected_values(const PyObservation& o, std::optional<int> samples,
                         std::uint64_t enumerate, std::uint64_t seed) {
  const int drawn = samples.value_or(endgame::default_samples(o.seats));
  if (drawn < 1 || drawn > 1000000)
    throw py::value_error("samples " + std::to_string(drawn) + " is not valid: valid 1..1000000");
  if (o.hand.empty())
    throw py::value_error("seat " + std::to_string(o.seat) +
                          " holds no tile: there is no move to value");
  if (o.full_state && dominoes::status(*o.full_state) != dominoes::GameStatus::kOngoing)
    throw py::value_error("the game is over: there is no move to value");
  const dominoes::Observation obs = dominoes::observe(o.view_state(), o.history, o.rules, o.seat);
  dominoes::Rng rng(dominoes::stream_key({seed, 0}));  // advise's stream for its seed
  endgame::MoveEvaluation e;
  {
    py::gil_scoped_release release;  // thousands of exact solves may take seconds
    e = endgame::expected_move_values(obs, {enumerate, drawn}, rng);
  }
  py::list moves;
  for (const endgame::ExpectedMoveValue& v : e.moves)
    moves.append(py::make_tuple(dominoes::to_string(v.move), v.mean, v.ci95));
  py::dict out;
  out["moves"] = moves;
  out["best"] = e.worlds > 0 ? py::cast(dominoes::to_string(e.moves[e.best()].move)) : py::none();
  out["worlds"] = e.worlds;
  out["consistent_worlds"] = e.consistent_worlds;
  out["exhaustive"] = e.exhaustive;
  return out;
}

}  // namespace

void bind_solvers(py::module_& m) {
  m.def("solve_block_dominoes", &solve_block_dominoes, py::arg("hands"), py::kw_only(),
        py::arg("line") = "", py::arg("ends") = "", py::arg("to_move") = 0, py::arg("depth") = 0,
        py::arg("rules") = py::none(), py::arg("table_mb") = 0.25, R"doc(
Solves a Block Dominoes position with every hand visible (as `solver block-dominoes`).
  hands     'H0/H1' or [hand0, hand1], each a tile list ('0-1,2-3' or ['0-1', '2-3']); one hand
            per seat ('H0/H1/H2/H3' for four)
  rules     a Rules with one seat per hand; None (the default): the hands' table, two seats as
            the study plays, three cut-throat, four in partnerships (as the solver command reads)
  line      the line's tiles left to right ('3-5,5-1'), or ends='L,R' (its open ends); neither:
            the side to move leads
  to_move   0 to seats - 1; depth: tiles searched, 0 = exact; table_mb: transposition table (MiB)
Returns {'value': points of the side to move minus the opponent's under best play (positive
when it wins; with partners its team's net points, in cut-throat its own when every other seat
plays against it, docs/solvers.md), 'moves': [(move, value)] for every legal move, 'pv': the
principal variation, 'nodes': positions visited}. Raises ValueError for an impossible position.)doc");
  m.def("expected_move_values", &expected_values, py::arg("observation"), py::kw_only(),
        py::arg("samples") = py::none(), py::arg("enumerate") = 5000, py::arg("seed") = 1, R"doc(
Values every legal move of the observation's seat under hidden information, as `dominoes advise`
does: perfect-information Monte Carlo (PIMC), every world (a deal of the other hands consistent
with what the seat has seen) solved exactly with open hands to the end of the game or hand, and
each move's value averaged over the worlds. Every consistent world is used when there are at
most `enumerate`; else `samples` are drawn uniformly (default 1000 at two seats, 100 at three
and four, where a world costs more), from the stream of `seed`.
Returns {'moves': [(move, mean, ci95)] in legal-move order, 'best': the move of the highest mean
(None when no world lets anyone move), 'worlds': worlds averaged, 'consistent_worlds',
'exhaustive': True when every consistent world was used}. Points are the solver's: the seat's
(with partners its team's) points minus the other side's at the end, under best play with open
hands; ci95 is the 95% interval's half-width (0 when exhaustive). The estimate has PIMC's known
bias (strategy fusion: each world is played as if every hand were seen). Raises ValueError when
the seat holds no tile or the game is over.)doc");
  m.def("solve_takeaway", &solve_takeaway, py::arg("moves"), py::arg("n"),
        py::arg("bound") = puzzles::Takeaway::kDefaultBound, R"doc(
Solves Takeaway (seed 004) with move set `moves` (stones a move removes) for a pile of n stones,
0 <= n < 2^63, by Sprague-Grundy values and their period (searched over at most `bound` values).
Returns {'wins': True when the player to move wins, 'grundy', 'winning_moves', 'period',
'preperiod'}; None where unknown (no period within the bound and n beyond it).)doc");
  m.def("solve_dance_battle", &solve_dance_battle, py::arg("n"),
        py::arg("turns") = std::vector<std::pair<int, int>>{}, py::arg("table_mb") = 64, R"doc(
Solves Dance Battle (seed 000) with n dance moves (1..32) after `turns` [(a, b), ...].
Returns {'wins': True when the dancer to move wins, 'winning_turns': [(a, b), ...], 'nodes'}.)doc");
  m.def("solve_magic_fingers", &solve_magic_fingers, py::arg("mover") = "11",
        py::arg("opponent") = "11", py::kw_only(), py::arg("rollover") = false,
        py::arg("empty_claps") = true, py::arg("claps_may_kill") = false, R"doc(
Solves Magic Fingers (seed 001) by retrograde analysis; a position is each player's two finger
counts ('11' at the start, '04' = one dead hand and 4 fingers). Returns {'outcome': 'win',
'loss' or 'draw' for the player to move, 'distance' (plies, None for a draw), 'best_move' (the
seed's notation, '1T4' or 'C31'; None at the end), 'chart' (the seed's chart), 'verdict'}.)doc");
  m.def("solve_tetromino", &solve_tetromino, py::arg("size"), py::arg("signature"),
        py::arg("time_limit") = 10.0, py::arg("seed") = 1, R"doc(
Fills a size x size square with tetrominoes (seed 003); signature as 'I1,J1,L1,Z1'. Returns
{'status': 'solved', 'impossible' or 'unknown' (time ran out), 'answer': the contest's JSON,
'board': the square drawn in letters, 'reason', 'nodes'}.)doc");
}

}  // namespace dominoes_python
