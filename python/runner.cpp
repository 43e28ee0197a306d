// The runner in Python: dominoes.run(...) builds an ExperimentConfig from keyword arguments named
// like the config keys, validates it as `dominoes run` does, runs it with the GIL released, and
// returns the summary rows; it writes the same files as the command line.
#include <pybind11/stl.h>

#include <limits>
#include <map>
#include <optional>

#include "engine/bots/bot_config.h"
#include "engine/common/text.h"
#include "engine/tournament/config/grid_sweep.h"
#include "engine/tournament/report/cross_tables.h"
#include "engine/tournament/report/summary.h"
#include "engine/tournament/report/write_tables.h"
#include "engine/tournament/run/experiment.h"
#include "engine/tournament/stats/control_variate.h"
#include "engine/tournament/stats/sprt.h"
#include "python/bindings.h"
#include "python/run_watch.h"

namespace dominoes_python {

using tournament::ConfigError;
using tournament::ExperimentConfig;
using tournament::SummaryRow;

namespace {

/// What dominoes.run returns: one row per pairing (and sweep value), and where the files went.
struct PyResults {
  std::vector<SummaryRow> rows;
  std::string markdown;              ///< summary.md's text
  std::vector<std::string> files;    ///< the tables written
  std::string config;                ///< config.cfg's text: the configuration actually used
  std::int64_t games_played = 0;     ///< games played by this call (not resumed ones)
  double seconds = 0;                ///< wall time of this call
  int threads = 0;                   ///< most worker threads used
};

// Ranges of the numbers the command line reads itself (run_arguments.cpp), with its messages.
template <typename Int>
Int in_range(const char* key, long long value, long long min, long long max, const char* valid) {
  if (value < min || value > max)
    throw ConfigError(std::string(key) + " " + common::quoted(std::to_string(value)) +
                      " is not valid: valid " + valid);
  return static_cast<Int>(value);
}

// The keyword arguments of dominoes.run, as Python passed them.
struct RunArgs {
  py::list players;
  long long deals, threads, target, max_pip, hand_size, chunk, sweep_player;
  std::uint64_t seed;
  std::optional<std::string> format, out, games_out, sweep_param;
  std::optional<std::vector<std::string>> sweep_values;
  bool duplicate, quiet, restart;
  std::string scoring, leader, name;
  std::map<std::string, std::string> bots;  ///< external bots: name -> command (docs/protocol.md)
  std::vector<std::string> sweeps;          ///< grid sweeps, "P.PARAM=V1,V2,..."
  std::optional<std::string> sprt;          ///< "p0=X,p1=Y[,alpha=A,beta=B]"
  std::string control_variate;              ///< auto | on | off
  py::object progress;                      ///< None, True/False or a callable (run_watch.h)
};

ExperimentConfig config_from(const RunArgs& a) {
  ExperimentConfig c;
  c.name = a.name;
  c.deals = in_range<std::int64_t>("deals", a.deals, 1, 1LL << 40, "1 to 2^40");
  c.seed = a.seed;
  c.threads = in_range<int>("threads", a.threads, 0, 1024, "0 (all cores) to 1024");
  c.rules.match_target = in_range<int>("target", a.target, 0, std::numeric_limits<int>::max(), "0 (single games) or more");
  c.rules.max_pip = in_range<int>("double", a.max_pip, 0, std::numeric_limits<int>::max(), "2..9");
  c.rules.hand_size = in_range<int>("hand-size", a.hand_size, 1, std::numeric_limits<int>::max(), "1 or more");
  c.chunk = in_range<std::int64_t>("chunk", a.chunk, 1, 1LL << 30, "1 to 2^30");
  if (a.format) {
    const auto format = tournament::parse_format(*a.format);
    if (!format)
      throw ConfigError("format " + common::quoted(*a.format) +
                        " is not valid: valid head-to-head, round-robin or gauntlet");
    c.format = *format;
  }
  c.duplicate = a.duplicate;
  c.quiet = a.quiet;
  if (a.out && a.out->empty()) throw ConfigError("out is empty: give a directory");
  if (a.out) c.out_dir = *a.out;
  if (a.games_out && a.games_out->empty())
    throw ConfigError("games-out is empty: give a file (leave the key out for no records)");
  if (a.games_out) c.games_out = *a.games_out;
  if (!dominoes::parse_scoring_rule(a.scoring, c.rules.scoring))
    throw ConfigError("scoring " + common::quoted(a.scoring) +
                      " is not valid: valid opponent-pips, pip-difference or all-pips");
  if (!dominoes::parse_leader_rule(a.leader, c.rules.leader))
    throw ConfigError("leader " + common::quoted(a.leader) +
                      " is not valid: valid random, heaviest-double or alternate");
  if (a.sweep_param) c.sweep.param = *a.sweep_param;
  if (a.sweep_values) c.sweep.values = *a.sweep_values;
  c.sweep.player = in_range<int>("sweep-player", a.sweep_player, 1, 1 << 20, "1 or more") - 1;
  for (const auto& text : a.sweeps) c.grid.push_back(tournament::parse_sweep(text));
  if (a.sprt)
    if (const std::string why = tournament::parse_sprt_settings(*a.sprt, c.sprt); !why.empty())
      throw ConfigError(why);
  const auto mode = tournament::parse_control_variate_mode(a.control_variate);
  if (!mode)
    throw ConfigError("control-variate " + common::quoted(a.control_variate) +
                      " is not valid: valid auto, on or off");
  c.control_variate = *mode;
  for (const auto& [name, command] : a.bots) {
    try {
      c.bots.push_back(bots::parse_bot_option(name + "=" + command));
    } catch (const std::invalid_argument& e) {
      throw ConfigError(e.what());
    }
  }
  return c;
}

// Returns the name a Python strategy object is seated under: its `name` attribute, else its
// class name in lower case.
std::string python_name(const py::handle& object) {
  if (py::hasattr(object, "name")) return py::str(object.attr("name")).cast<std::string>();
  std::string name = py::str(py::type::of(object).attr("__name__")).cast<std::string>();
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return name;
}

// Adds each Python object of `players` to `registry` and returns the player list as specs.
std::vector<std::string> seat_players(const py::list& players, strategies::Registry& registry) {
  std::vector<std::string> specs;
  std::map<std::string, PyObject*> seated;
  for (const py::handle& p : players) {
    if (py::isinstance<py::str>(p)) {
      specs.push_back(p.cast<std::string>());
      continue;
    }
    if (!py::hasattr(p, "choose"))
      throw ConfigError("player " + py::repr(p).cast<std::string>() +
                        " is neither a spec string nor an object with choose(observation, legal, rng)");
    const std::string name = python_name(p);
    if (auto it = seated.find(name); it == seated.end()) {
      if (registry.find(name))
        throw ConfigError("python strategy name " + common::quoted(name) +
                          " is taken by a built-in strategy: give the object another `name` attribute");
      registry.add(python_strategy_info(name, p.ptr()));
      seated[name] = p.ptr();
    } else if (it->second != p.ptr()) {
      throw ConfigError("two different Python strategies are named " + common::quoted(name) +
                        ": give each a distinct `name` attribute");
    }
    specs.push_back(name);
  }
  return specs;
}

PyResults run(const RunArgs& args) {
  strategies::Registry registry = strategies::Registry::builtin();
  ExperimentConfig config = config_from(args);
  config.players = seat_players(args.players, registry);
  tournament::validate(config, registry);
  RunWatch watch(args.progress);
  bool interrupted = false;
  tournament::RunHooks hooks;
  hooks.restart = args.restart;
  tournament::ExperimentResult result;
  try {
    result = watch.run(hooks, [&](const tournament::RunHooks& watched) {
      return tournament::run_experiment(registry, config, watched);
    });
  } catch (const PythonInterrupted&) {
    interrupted = true;  // KeyboardInterrupt raised inside a Python strategy's choose()
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_KeyboardInterrupt)) throw;
    interrupted = true;  // Ctrl-C: the run stopped as the command line's does
  }
  if (interrupted || !result.run.complete) {
    // A Ctrl-C still pending (it came while a Python strategy stopped the run) would replace
    // this KeyboardInterrupt with a bare one as soon as Python runs again: take it now.
    if (PyErr_CheckSignals() != 0) PyErr_Clear();
    PyErr_SetString(PyExc_KeyboardInterrupt,
                    "run stopped; every finished game is in the journal and the same call resumes it");
    throw py::error_already_set();
  }
  PyResults out;
  out.rows = tournament::summary_rows(result.run.tasks, config);
  out.markdown = tournament::summary_markdown(out.rows, config);
  out.files = result.table_paths;
  out.config = tournament::to_ini(config);
  out.games_played = result.run.games_played;
  out.seconds = result.run.seconds;
  out.threads = result.run.threads_used;
  return out;
}

py::dict row_dict(const SummaryRow& r) {
  py::dict d;
  d["player_a"] = r.player_a;
  d["player_b"] = r.player_b;
  d["games"] = r.games;
  d["a_wins"] = r.a_wins;
  d["draws"] = r.draws;
  d["b_wins"] = r.b_wins;
  d["a_points_per_game"] = r.a_points_per_game;
  d["a_points_ci95"] = r.a_points_ci95;
  d["a_win_rate"] = r.a_win_rate;
  d["a_win_rate_ci95_low"] = r.a_win_rate_ci95_low;
  d["a_win_rate_ci95_high"] = r.a_win_rate_ci95_high;
  d["p_value"] = r.p_value;
  d["leader_points_per_game"] = r.leader_points_per_game;
  for (const auto& [column, value] : r.sweep) d[py::str(column)] = value;
  d["deals_played"] = r.deals_played;
  if (r.has_sprt) {
    d["sprt_llr"] = r.sprt_llr;
    d["sprt_lower"] = r.sprt_lower;
    d["sprt_upper"] = r.sprt_upper;
    d["sprt_decision"] = tournament::to_string(r.sprt_decision);
  }
  if (r.cv.valid) {
    d["a_points_per_game_cv"] = r.cv.mean;
    d["a_points_ci95_cv"] = r.cv.ci95;
    d["cv_beta"] = r.cv.beta;
    d["cv_rho"] = r.cv.correlation;
  }
  d["a_forfeits"] = r.a_forfeits;
  d["b_forfeits"] = r.b_forfeits;
  d["seconds"] = r.seconds;
  return d;
}

std::string row_repr(const SummaryRow& r) {
  char text[256];
  std::snprintf(text, sizeof text, "%lld games, A wins %lld, draws %lld, B wins %lld, A points/game %.3f +- %.3f, A win rate %.1f%%, p %.3g",
                static_cast<long long>(r.games), static_cast<long long>(r.a_wins),
                static_cast<long long>(r.draws), static_cast<long long>(r.b_wins),
                r.a_points_per_game, r.a_points_ci95, 100 * r.a_win_rate, r.p_value);
  return "<" + r.player_a + " vs " + r.player_b + ": " + text + ">";
}

void bind_results(py::module_& m) {
  auto row = py::class_<SummaryRow>(m, "PairingResult", R"doc(
One row of summary.csv: player A against player B (canonical specs), from A's side.
  games, a_wins, draws, b_wins         counts of games (matches when target > 0)
  a_points_per_game, a_points_ci95     A's points minus B's per game, 95% Student-t half-width
  a_win_rate, a_win_rate_ci95_low/high A's win rate (a draw counts half), Wilson 95% interval
  p_value                              one-sided, for "A scores more points than B"
  leader_points_per_game               the leader's points minus the other's, per game
  a_forfeits, b_forfeits               games each side forfeited (external bots, docs/protocol.md)
  seconds                              wall time of the pairing)doc");
  for (auto [name, field] : {std::pair{"games", &SummaryRow::games}, {"a_wins", &SummaryRow::a_wins},
                             {"draws", &SummaryRow::draws}, {"b_wins", &SummaryRow::b_wins},
                             {"a_forfeits", &SummaryRow::a_forfeits},
                             {"b_forfeits", &SummaryRow::b_forfeits}})
    row.def_readonly(name, field);
  for (auto [name, field] : {std::pair{"a_points_per_game", &SummaryRow::a_points_per_game},
                             {"a_points_ci95", &SummaryRow::a_points_ci95},
                             {"a_win_rate", &SummaryRow::a_win_rate},
                             {"a_win_rate_ci95_low", &SummaryRow::a_win_rate_ci95_low},
                             {"a_win_rate_ci95_high", &SummaryRow::a_win_rate_ci95_high},
                             {"p_value", &SummaryRow::p_value},
                             {"leader_points_per_game", &SummaryRow::leader_points_per_game},
                             {"seconds", &SummaryRow::seconds}})
    row.def_readonly(name, field);
  row.def_readonly("player_a", &SummaryRow::player_a)
      .def_readonly("player_b", &SummaryRow::player_b)
      .def("to_dict", &row_dict, "Returns the row as a dict keyed like summary.csv's columns.")
      .def("__repr__", &row_repr);

  py::class_<PyResults>(m, "Results", R"doc(
What dominoes.run returns: a list-like of PairingResult rows (one per pairing and sweep value,
in table order). str() is the Markdown table of summary.md; `files` are the tables written,
`config` the INI text of the configuration used, `games_played` and `seconds` this call's.)doc")
      .def_readonly("rows", &PyResults::rows)
      .def_readonly("files", &PyResults::files)
      .def_readonly("config", &PyResults::config)
      .def_readonly("games_played", &PyResults::games_played)
      .def_readonly("seconds", &PyResults::seconds)
      .def_readonly("threads", &PyResults::threads)
      .def("__len__", [](const PyResults& r) { return r.rows.size(); })
      .def("__getitem__", [](const PyResults& r, long i) {
        const long n = static_cast<long>(r.rows.size());
        if (i < -n || i >= n) throw py::index_error("row " + std::to_string(i) + " of " + std::to_string(n));
        return r.rows[i < 0 ? i + n : i];
      })
      .def("__iter__", [](const PyResults& r) { return py::make_iterator(r.rows.begin(), r.rows.end()); },
           py::keep_alive<0, 1>())
      .def("to_dicts", [](const PyResults& r) {
        py::list out;
        for (const auto& each : r.rows) out.append(row_dict(each));
        return out;
      }, "Returns the rows as a list of dicts keyed like summary.csv's columns.")
      .def("__str__", [](const PyResults& r) { return r.markdown; })
      .def("__repr__", [](const PyResults& r) { return r.markdown; });
}

}  // namespace

void bind_runner(py::module_& m) {
  bind_results(m);
  m.def("run", [](py::sequence players, long long deals, std::uint64_t seed, long long threads,
                  std::optional<std::string> format, bool duplicate, long long target,
                  long long max_pip, long long hand_size, std::string scoring, std::string leader,
                  std::optional<std::string> out, std::optional<std::string> games_out,
                  long long chunk, std::string name, bool quiet,
                  std::optional<std::string> sweep_param,
                  std::optional<std::vector<std::string>> sweep_values, long long sweep_player,
                  bool restart, std::map<std::string, std::string> bots,
                  std::vector<std::string> sweep, std::optional<std::string> sprt,
                  std::string control_variate, py::object progress) {
    if (py::isinstance<py::str>(players))
      throw ConfigError("players: give a list of specs or objects, e.g. players=[\"heuristic\", \"random\"]");
    return run(RunArgs{py::list(players), deals, threads, target, max_pip, hand_size, chunk, sweep_player,
                       seed, format, out, games_out, sweep_param, sweep_values, duplicate, quiet,
                       restart, scoring, leader, name, std::move(bots), std::move(sweep), sprt,
                       control_variate, std::move(progress)});
  }, py::arg("players"), py::kw_only(), py::arg("deals") = 100000, py::arg("seed") = 1,
  py::arg("threads") = 0, py::arg("format") = py::none(), py::arg("duplicate") = true,
  py::arg("target") = 0, py::arg("double") = 6, py::arg("hand_size") = 7,
  py::arg("scoring") = "opponent-pips", py::arg("leader") = "random", py::arg("out") = py::none(),
  py::arg("games_out") = py::none(), py::arg("chunk") = 1000, py::arg("name") = "default",
  py::arg("quiet") = true, py::arg("sweep_param") = py::none(), py::arg("sweep_values") = py::none(),
  py::arg("sweep_player") = 1, py::arg("restart") = false,
  py::arg("bots") = std::map<std::string, std::string>{},
  py::arg("sweep") = std::vector<std::string>{}, py::arg("sprt") = py::none(),
  py::arg("control_variate") = "auto", py::arg("progress") = py::none(), R"doc(
Runs an experiment as `dominoes run` does and returns its Results (one row per pairing).

Keyword arguments are the config keys (README, `dominoes run --help`), '-' written '_':
  players      list of strategy specs ('heuristic', 'minimax(scenarios=50)') or Python objects
               with a method choose(observation, legal, rng) -> move (a string of `legal`, or an
               action number); an object is seated under its `name` attribute (else its class
               name in lower case), is called with the GIL held, and should draw every random
               choice from `rng` (a dominoes.Rng) so the run stays reproducible
  deals        deals per pairing (and sweep value), 1 to 2^40; seed: deal i is a function of (seed, i)
  threads      worker threads, 0 = all cores; never changes the tables
  format       'head-to-head', 'round-robin' (default) or 'gauntlet'
  duplicate    play each deal twice with the hands swapped (default True)
  target       match target in points, 0 = single games; double, hand_size, scoring, leader: the rules
  out          output directory (default results/<name>/, relative to the working directory)
  games_out    write every game as one JSON line to this file
  chunk        deals per journal entry; name: the experiment's name; quiet: kept in config.cfg
  sweep_param, sweep_values, sweep_player   one row per value of one parameter of one player (1-based)
  restart      discard a journal written under another config
  sweep        grid sweeps, e.g. ["1.scenarios=50,200", "1.depth=0,10"]: the cartesian product
  sprt         a sequential test of a head-to-head run, e.g. "p0=0,p1=0.5"; deals is the maximum
  control_variate  "auto" (default), "on" or "off": the regression-adjusted estimate
  bots         external bots (docs/protocol.md) as {name: command}, seated by name in `players`,
               e.g. bots={"mine": "python3 clients/python/greedy.py"}, players=["mine", "random"]
  progress     None (default) or False: nothing; True: the command line's progress line on
               sys.stderr (redrawn at a terminal, else a plain line every 30 s); a callable:
               called about once a second and once at the end, from the calling thread, with a
               dict: deals_done, deals_total, games_done, games_per_second, elapsed_seconds,
               eta_seconds (None until known), current (indices of the pairings being played),
               pairings (per pairing: player_a, player_b, deals_done, deals_total, games,
               a_points_per_game, a_points_ci95: A's running points per game and its 95%
               half-width, None below two deals)
Built-in strategies play in parallel with the GIL released; Python strategies' calls take turns
on the GIL, so a run with one is usually fastest with threads=1. Bad values raise ValueError with the
command line's one-line message. Ctrl-C stops the run within about a second (the games in play
finish, external bots are ended) and raises KeyboardInterrupt; every finished game is kept in the
journal in the output directory, and the same call resumes it from there.)doc");
}

}  // namespace dominoes_python
