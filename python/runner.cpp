// The runner in Python: dominoes.run(...) builds an ExperimentConfig from keyword arguments named
// like the config keys (read by the one key table, experiment_keys.h, as the command line reads
// them), validates it as `dominoes run` does, runs it with the GIL released, and returns the
// summary rows (every summary.csv column, summary_columns.h), the ratings and the cross tables;
// it writes the same files as the command line.
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "arena/tournament/config/experiment_keys.h"
#include "arena/tournament/config/player_names.h"
#include "arena/tournament/report/cross_tables.h"
#include "arena/tournament/report/ratings.h"
#include "arena/tournament/report/summary.h"
#include "arena/tournament/report/summary_columns.h"
#include "arena/tournament/report/write_tables.h"
#include "arena/tournament/run/experiment.h"
#include "arena/tournament/stats/control_variate.h"
#include "arena/tournament/stats/sprt.h"
#include "engine/common/key_table.h"
#include "engine/common/text.h"
#include "engine/dominoes/rules_keys.h"
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
  std::string markdown;                  ///< summary.md's text
  std::vector<std::string> files;        ///< the tables written
  std::string config;                    ///< config.cfg's text: the configuration actually used
  std::int64_t games_played = 0;         ///< games played by this call (not resumed ones)
  double seconds = 0;                    ///< wall time of this call
  int threads = 0;                       ///< most worker threads used
  py::object ratings = py::none();       ///< as summary.json's "ratings", or None
  py::object cross_tables = py::none();  ///< a round robin's cross tables, or None
};

// What a call of dominoes.run asks for beyond the experiment's keys.
struct Session {
  bool restart = false;              ///< discard a journal written under another config
  py::object progress = py::none();  ///< None, True/False or a callable (run_watch.h)
};

// The keywords dominoes.run takes besides the experiment keys (experiment_keys.h).
constexpr const char* kSessionKeywords[] = {"restart", "progress"};

std::string type_name(const py::handle& value) {
  return py::str(py::type::of(value).attr("__name__")).cast<std::string>();
}

// A Python value of the wrong type for key `k`: one line naming the keyword, what came and what
// would be valid.
[[noreturn]] void wrong_type(const tournament::ExperimentKey& k, const py::handle& value,
                             const std::string& wanted) {
  const std::string shown = common::quoted(py::repr(value).cast<std::string>());
  throw ConfigError(k.python_name + "=" + shown.substr(1, shown.size() - 2) + " (a " +
                    type_name(value) + ") is not valid: give " + wanted + ", " + k.key.valid);
}

// Returns the config text of one Python value for key `k`, checked against the key's kind.
std::string config_text(const tournament::ExperimentKey& k, const py::handle& value) {
  const bool is_bool = py::isinstance<py::bool_>(value);
  switch (k.key.kind) {
    case common::KeyKind::kBoolean:
      if (!is_bool) wrong_type(k, value, "True or False");
      return value.cast<bool>() ? "true" : "false";
    case common::KeyKind::kInteger:
      if (is_bool || !py::isinstance<py::int_>(value)) wrong_type(k, value, "an int");
      return py::str(value).cast<std::string>();
    case common::KeyKind::kNumber:
      if (is_bool || !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)))
        wrong_type(k, value, "a number");
      return py::repr(value).cast<std::string>();  // the shortest text that reads back exactly
    default:
      break;
  }
  if (py::isinstance<py::str>(value)) return utf8_text(value, k.key.name);
  if (k.python_list && (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value))) {
    std::string joined;
    for (const py::handle& item : value) {
      if (!py::isinstance<py::str>(item)) wrong_type(k, value, "a str or a list of str");
      joined += (joined.empty() ? "" : ",") + utf8_text(item, k.key.name);
    }
    return joined;
  }
  wrong_type(k, value, k.python_list ? "a str or a list of str" : "a str");
}

// Returns the config texts of a repeated key's Python value: a list or tuple of str.
std::vector<std::string> config_texts(const tournament::ExperimentKey& k, const py::handle& value) {
  if (!py::isinstance<py::list>(value) && !py::isinstance<py::tuple>(value))
    wrong_type(k, value, "a list of str");
  std::vector<std::string> texts;
  for (const py::handle& item : value) {
    if (!py::isinstance<py::str>(item)) wrong_type(k, value, "a list of str");
    texts.push_back(utf8_text(item, k.key.name));
  }
  return texts;
}

// Sets key `k` of `c` from its Python value (None leaves the default).
void apply_keyword(const tournament::ExperimentKey& k, const py::handle& value,
                   ExperimentConfig& c) {
  if (value.is_none()) return;
  if (k.key.name == "bot") {  // {name: command}
    if (!py::isinstance<py::dict>(value)) wrong_type(k, value, "a dict {name: command}");
    k.key.clear(c);
    for (const auto& [name, command] : value.cast<py::dict>()) {
      if (!py::isinstance<py::str>(name) || !py::isinstance<py::str>(command))
        wrong_type(k, value, "a dict of str {name: command}");
      k.key.set(c, utf8_text(name, "bot name") + "=" + utf8_text(command, "bot command"));
    }
    return;
  }
  if (k.key.kind != common::KeyKind::kRepeated) return k.key.set(c, config_text(k, value));
  k.key.clear(c);
  for (const std::string& text : config_texts(k, value)) k.key.set(c, text);
}

std::string valid_keywords() {
  std::string names = tournament::python_keyword_names();
  for (const char* name : kSessionKeywords) names += std::string(", ") + name;
  return names;
}

// Returns the config dominoes.run's keywords describe (players as given: specs or objects, which
// seat_players() resolves), and the session's choices in `session`. Throws ConfigError (a
// ValueError in Python) for an unknown keyword, naming the valid ones, or a bad value.
ExperimentConfig config_from(const py::dict& keywords, Session& session, py::object& players) {
  ExperimentConfig c;
  for (const auto& k : tournament::experiment_keys())
    if (!k.python_default.empty()) k.key.set(c, k.python_default);
  std::vector<std::pair<const tournament::ExperimentKey*, py::object>> given;
  for (const auto& [word, value] : keywords) {
    const std::string name = py::str(word).cast<std::string>();
    if (name == "restart") {
      session.restart = value.cast<bool>();
      continue;
    }
    if (name == "progress") {
      session.progress = py::reinterpret_borrow<py::object>(value);
      continue;
    }
    const auto& keys = tournament::experiment_keys();
    const auto k = std::find_if(keys.begin(), keys.end(),
                                [&](const auto& key) { return key.python_name == name; });
    if (k == keys.end())
      throw ConfigError("dominoes.run has no keyword " + common::quoted(name) +
                        "; valid: " + valid_keywords());
    if (k->key.name == "player") {
      players = py::reinterpret_borrow<py::object>(value);
      continue;
    }
    given.emplace_back(&*k, py::reinterpret_borrow<py::object>(value));
  }
  // In the table's order, not the call's: seats sets the defaults of the rules keys after it
  // (rules_keys.h), so Rules keywords given with it win wherever they were written.
  for (const auto& k : tournament::experiment_keys())
    for (const auto& [key, value] : given)
      if (key == &k) try {
          apply_keyword(k, value, c);
        } catch (const common::KeyError& e) {
          throw ConfigError(e.what());
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
      specs.push_back(utf8_text(p, "player " + std::to_string(specs.size() + 1)));
      continue;
    }
    if (!py::hasattr(p, "choose"))
      throw ConfigError(
          "player " + py::repr(p).cast<std::string>() +
          " is neither a spec string nor an object with choose(observation, legal, rng)");
    const std::string name = python_name(p);
    // The name is the object's spec, and a spec's ':' would be read as a display name's end.
    if (name.find(':') != std::string::npos)
      throw ConfigError("python strategy name " + common::quoted(name) +
                        " holds ':': give the "
                        "object a `name` of letters, digits, '-' and '_' (a display name is "
                        "written before a spec string, 'NAME: SPEC')");
    if (auto it = seated.find(name); it == seated.end()) {
      if (registry.find(name))
        throw ConfigError(
            "python strategy name " + common::quoted(name) +
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

// A table cell as Python: None where the CSV cell is empty, else its value (not the CSV's
// rounding).
py::object cell_object(const tournament::Cell& cell) {
  if (cell.is_empty()) return py::none();
  switch (cell.kind) {
    case tournament::Cell::Kind::kText:
      return py::str(cell.text);
    case tournament::Cell::Kind::kInteger:
      return py::int_(cell.integer);
    case tournament::Cell::Kind::kNumber:
      return py::float_(cell.number);
    case tournament::Cell::Kind::kEmpty:
      break;
  }
  return py::none();
}

// The ratings as summary.json holds them: {"players": [one dict per ratings.csv row], and the
// fits' diagnostics}, or None.
py::object ratings_object(const std::optional<tournament::Ratings>& ratings) {
  if (!ratings) return py::none();
  py::list players;
  for (const auto& row : ratings->rows) {
    py::dict player;
    for (const auto& column : tournament::rating_columns())
      player[py::str(column.name)] = cell_object(column.cell(row));
    if (!row.name.empty()) player["name"] = row.name;  // as summary.json: only where given
    players.append(player);
  }
  py::dict out;
  out["players"] = players;
  out["points_chi_square"] = ratings->chi_square;
  out["points_degrees_of_freedom"] = ratings->degrees_of_freedom;
  out["elo_prior_used"] = ratings->elo_prior_used;
  return out;
}

// A cross table as a list of rows, None on the diagonal (and wherever a cell is undefined).
py::list matrix_object(const Eigen::MatrixXd& m) {
  py::list rows;
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    py::list row;
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      row.append(std::isnan(m(i, j)) ? py::object(py::none()) : py::object(py::float_(m(i, j))));
    rows.append(row);
  }
  return rows;
}

// A display name as Python sees it: None where the player has none.
py::object name_object(const std::string& name) {
  return name.empty() ? py::object(py::none()) : py::object(py::str(name));
}

py::dict cross_tables_object(const tournament::CrossTables& t, const ExperimentConfig& config) {
  py::dict out;
  out["players"] = py::cast(config.players);
  py::list names;
  for (std::size_t i = 0; i < config.players.size(); ++i)
    names.append(name_object(tournament::player_name(config, static_cast<int>(i))));
  out["names"] = names;
  out["points_per_game"] = matrix_object(t.points_per_game);
  out["points_ci95"] = matrix_object(t.points_ci95);
  out["win_rate"] = matrix_object(t.win_rate);
  out["win_rate_ci95_low"] = matrix_object(t.win_rate_ci95_low);
  out["win_rate_ci95_high"] = matrix_object(t.win_rate_ci95_high);
  return out;
}

PyResults run(const py::list& players, ExperimentConfig config, const Session& session) {
  strategies::Registry registry = strategies::Registry::builtin();
  config.players = seat_players(players, registry);
  tournament::validate(config, registry);
  RunWatch watch(session.progress);
  bool interrupted = false;
  tournament::RunHooks hooks;
  hooks.restart = session.restart;
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
    PyErr_SetString(
        PyExc_KeyboardInterrupt,
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
  out.ratings = ratings_object(tournament::run_ratings(config, result.run.tasks));
  if (tournament::has_cross_tables(config))
    out.cross_tables =
        cross_tables_object(tournament::cross_tables(out.rows, result.run.tasks,
                                                     static_cast<int>(config.players.size())),
                            config);
  return out;
}

// Every summary.csv column of the row, in its order, a sweep's P.PARAM columns first.
py::dict row_dict(const SummaryRow& r) {
  std::vector<std::string> names;
  const std::vector<tournament::Cell> cells = tournament::summary_cells(r, &names);
  py::dict d;
  for (std::size_t i = 0; i < cells.size(); ++i) d[py::str(names[i])] = cell_object(cells[i]);
  return d;
}

py::object row_item(const SummaryRow& r, const std::string& column) {
  std::vector<std::string> names;
  const std::vector<tournament::Cell> cells = tournament::summary_cells(r, &names);
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (names[i] == column) return cell_object(cells[i]);
  throw py::key_error("no column " + common::quoted(column) +
                      "; the columns: " + tournament::csv_header(tournament::summary_columns()));
}

// Returns `table` of `r` as a pandas DataFrame; ImportError with what to do when pandas is not
// installed.
py::object to_pandas(const PyResults& r, const std::string& table);

std::string row_repr(const SummaryRow& r) {
  char text[256];
  std::snprintf(text, sizeof text,
                "%lld games, A wins %lld, draws %lld, B wins %lld, A points/game %.3f +- %.3f, A "
                "win rate %.1f%%, p %.3g",
                static_cast<long long>(r.games), static_cast<long long>(r.a_wins),
                static_cast<long long>(r.draws), static_cast<long long>(r.b_wins),
                r.a_points_per_game, r.a_points_ci95, 100 * r.a_win_rate, r.p_value);
  return "<" + r.player_a + " vs " + r.player_b + ": " + text + ">";
}

std::string row_doc() {
  std::string doc =
      "\nOne row of summary.csv: player A against player B (canonical specs), from A's side.\n"
      "Every column is an attribute (None where the CSV cell is empty); a sweep's\n"
      "P.PARAM columns are read as row['1.scenarios']; to_dict() gives them all in\n"
      "summary.csv's order.\n";
  for (const auto& column : tournament::summary_columns())
    doc += "  " + column.name + ": " + column.meaning + "\n";
  return doc;
}

void bind_results(py::module_& m) {
  static const std::string doc = row_doc();
  auto row = py::class_<SummaryRow>(m, "PairingResult", doc.c_str());
  for (const auto& column : tournament::summary_columns()) {
    const auto cell = column.cell;
    row.def_property_readonly(column.name.c_str(),
                              [cell](const SummaryRow& r) { return cell_object(cell(r)); });
  }
  row.def_property_readonly(
         "name_a", [](const SummaryRow& r) { return name_object(r.name_a); },
         "Player A's display name (players=['NAME: SPEC', ...]), None when it "
         "has none; not a summary.csv column.")
      .def_property_readonly(
          "name_b", [](const SummaryRow& r) { return name_object(r.name_b); },
          "Player B's display name, None when it has none.");
  row.def("to_dict", &row_dict,
          "Returns the row as a dict keyed like summary.csv's columns, in its order.")
      .def("__getitem__", &row_item, "Returns the column named so (summary.csv's spelling).")
      .def("keys", [](const SummaryRow& r) { return row_dict(r).attr("keys")(); })
      .def("__repr__", &row_repr);

  py::class_<PyResults>(m, "Results", R"doc(
What dominoes.run returns: a list-like of PairingResult rows (one per pairing and sweep value,
in table order). str() is the Markdown table of summary.md; `files` are the tables written,
`config` the INI text of the configuration used, `games_played` and `seconds` this call's.
`ratings` (round robins and gauntlets, else None) is summary.json's ratings: {"players": [one dict
per ratings.csv row], "points_chi_square", "points_degrees_of_freedom", "elo_prior_used"}.
`cross_tables` (round robins without a sweep, else None) holds "players" and one list of rows per
cross table ("points_per_game", "points_ci95", "win_rate", "win_rate_ci95_low",
"win_rate_ci95_high"), row i being player i against each player, None on the diagonal.
to_pandas(table) gives any of them as a pandas DataFrame when pandas is installed.)doc")
      .def_readonly("rows", &PyResults::rows)
      .def_readonly("files", &PyResults::files)
      .def_readonly("config", &PyResults::config)
      .def_readonly("games_played", &PyResults::games_played)
      .def_readonly("seconds", &PyResults::seconds)
      .def_readonly("threads", &PyResults::threads)
      .def_readonly("ratings", &PyResults::ratings)
      .def_readonly("cross_tables", &PyResults::cross_tables)
      .def("__len__", [](const PyResults& r) { return r.rows.size(); })
      .def("__getitem__",
           [](const PyResults& r, long i) {
             const long n = static_cast<long>(r.rows.size());
             if (i < -n || i >= n)
               throw py::index_error("row " + std::to_string(i) + " of " + std::to_string(n));
             return r.rows[i < 0 ? i + n : i];
           })
      .def(
          "__iter__",
          [](const PyResults& r) { return py::make_iterator(r.rows.begin(), r.rows.end()); },
          py::keep_alive<0, 1>())
      .def(
          "to_dicts",
          [](const PyResults& r) {
            py::list out;
            for (const auto& each : r.rows) out.append(row_dict(each));
            return out;
          },
          "Returns the rows as a list of dicts keyed like summary.csv's columns, in its order.")
      .def("to_pandas", &to_pandas, py::arg("table") = "rows", R"doc(
Returns a table as a pandas DataFrame: "rows" (summary.csv, the default), "ratings" (ratings.csv)
or a cross table ("points_per_game", "points_ci95", "win_rate", "win_rate_ci95_low",
"win_rate_ci95_high", indexed by player both ways). Raises ImportError when pandas is not
installed (the plain lists and dicts need nothing), ValueError for a table this run has not.)doc")
      .def("__str__", [](const PyResults& r) { return r.markdown; })
      .def("__repr__", [](const PyResults& r) { return r.markdown; });
}

py::object to_pandas(const PyResults& r, const std::string& table) {
  py::module_ pandas;
  try {
    pandas = py::module_::import("pandas");
  } catch (const py::error_already_set&) {
    PyErr_SetString(PyExc_ImportError,
                    "to_pandas() needs pandas, which is not installed (Debian: apt-get install "
                    "python3-pandas); the same data is here without it: to_dicts(), ratings, "
                    "cross_tables");
    throw py::error_already_set();
  }
  const py::object frame = pandas.attr("DataFrame");
  if (table == "rows") {
    py::list rows;
    for (const auto& each : r.rows) rows.append(row_dict(each));
    std::vector<std::string> names;
    if (!r.rows.empty()) tournament::summary_cells(r.rows.front(), &names);
    return frame(rows, py::arg("columns") = py::cast(names));
  }
  if (table == "ratings") {
    if (r.ratings.is_none())
      throw ConfigError("to_pandas: this run has no ratings (a head-to-head or a sweep)");
    return frame(r.ratings["players"]);
  }
  const char* matrices[] = {"points_per_game", "points_ci95", "win_rate", "win_rate_ci95_low",
                            "win_rate_ci95_high"};
  for (const char* name : matrices)
    if (table == name) {
      if (r.cross_tables.is_none())
        throw ConfigError(
            "to_pandas: this run has no cross tables (only a round robin without a "
            "sweep has them)");
      const py::object players = r.cross_tables["players"];
      return frame(r.cross_tables[name], py::arg("index") = players, py::arg("columns") = players);
    }
  throw ConfigError("to_pandas: table " + common::quoted(table) +
                    " is not valid: valid rows, "
                    "ratings, points_per_game, points_ci95, win_rate, win_rate_ci95_low or "
                    "win_rate_ci95_high");
}

// Reads dominoes.run's (or dominoes.config's) arguments: the players, given first or as players=,
// into `players`, the keys into the returned config and the session's choices into `session`.
ExperimentConfig call_config(const py::args& args, const py::kwargs& kwargs, Session& session,
                             py::list& players) {
  py::dict keywords(kwargs);
  if (args.size() > 1)
    throw ConfigError(
        "dominoes.run takes the players as its one positional argument; give "
        "every other key as a keyword, e.g. deals=1000");
  if (args.size() == 1) {
    if (keywords.contains("players"))
      throw ConfigError("players given twice: as the positional argument and as players=");
    keywords["players"] = args[0];
  }
  py::object given = py::none();
  ExperimentConfig config = config_from(keywords, session, given);
  if (given.is_none() || py::isinstance<py::str>(given) || !py::isinstance<py::sequence>(given))
    throw ConfigError(
        "players: give a list of specs or objects, e.g. players=[\"heuristic\", \"random\"]");
  players = py::list(given);
  return config;
}

// The docstring of dominoes.run, made from the key table: one entry per keyword with its help,
// valid values and default.
std::string run_doc() {
  std::string doc = R"doc(run(players, **keys)

Runs an experiment as `dominoes run` does and returns its Results (one row per pairing).

players is a list of strategy specs ('heuristic', 'minimax(scenarios=50)', or with a display
name, 'M50: minimax(scenarios=50)', which the tables for people show and rows carry as name_a and
name_b) or Python objects with
a method choose(observation, legal, rng) -> move (a string of `legal`, or an action number); an
object is seated under its `name` attribute (else its class name in lower case), is called with
the GIL held, and should draw every random choice from `rng` (a dominoes.Rng) so the run stays
reproducible. The other keywords are the config keys (docs/formats.md, `dominoes run --help`),
'-' written '_'; None (or leaving one out) means its default:
)doc";
  for (const auto& k : tournament::experiment_keys()) {
    std::string fallback = common::default_text(k.key);
    if (k.key.kind == common::KeyKind::kBoolean) fallback = fallback == "true" ? "True" : "False";
    if (!k.python_default.empty())
      fallback = (k.python_default == "true" ? "True" : k.python_default) +
                 " in Python: " + k.python_default_reason;
    std::string valid = k.key.valid;
    if (k.key.kind == common::KeyKind::kBoolean) valid = "True or False";
    if (k.key.name == "bot")
      valid = "a dict {name: command}";
    else if (k.key.name == "player")
      valid = "a list of specs or objects, as above";
    else if (k.key.kind == common::KeyKind::kRepeated)
      valid = "a list of " + valid;
    else if (k.python_list)
      valid += ", or a list of str";
    doc += "  " + k.python_name + ": " + k.key.help + " (" + valid +
           (fallback.empty() ? "" : "; default " + fallback) + ")\n";
  }
  doc += R"doc(  restart: discard a journal written under another config (default False)
  progress: None (default) or False: nothing; True: the command line's progress line on
    sys.stderr (redrawn at a terminal, else a plain line every 30 s); a callable: called about once
    a second and once at the end, from the calling thread, with a dict: deals_done, deals_total,
    games_done, games_per_second, elapsed_seconds, eta_seconds (None until known), current
    (indices of the pairings being played), pairings (per pairing: player_a, player_b (specs),
    label_a, label_b (display names, else short labels, as the progress line shows them),
    deals_done, deals_total, games, a_points_per_game, a_points_ci95: A's running points per game
    and its 95% half-width, None below two deals)
Built-in strategies play in parallel with the GIL released; Python strategies' calls take turns
on the GIL, so a run with one is usually fastest with threads=1. An unknown keyword or a bad value
raises ValueError with one line naming it and what would be valid (the command line's message).
Ctrl-C stops the run within about a second (the games in play finish, external bots are ended)
and raises KeyboardInterrupt; every finished game is kept in the journal in the output
directory, and the same call resumes it from there.)doc";
  return doc;
}

// The key tables as Python lists of dicts, for dominoes.keys().
py::list keys_object(const std::string& table) {
  py::list out;
  if (table == "experiment") {
    for (const auto& k : tournament::experiment_keys()) {
      py::dict d;
      d["name"] = k.key.name;
      d["python_name"] = k.python_name;
      d["kind"] = common::to_string(k.key.kind);
      d["default"] = common::default_text(k.key);
      d["python_default"] =
          k.python_default.empty() ? common::default_text(k.key) : k.python_default;
      d["valid"] = k.key.valid;
      d["help"] = k.key.help;
      d["choices"] = py::cast(k.key.choices);
      out.append(d);
    }
  } else if (table == "rules") {
    for (const auto& key : dominoes::rules_keys()) {
      py::dict d;
      d["name"] = key.name;
      d["kind"] = common::to_string(key.kind);
      d["default"] = common::default_text(key);
      d["valid"] = key.valid;
      d["help"] = key.help;
      d["choices"] = py::cast(key.choices);
      out.append(d);
    }
  } else if (table == "columns") {
    for (const auto& column : tournament::summary_columns()) {
      py::dict d;
      d["name"] = column.name;
      d["type"] = column.type;
      d["meaning"] = column.meaning;
      out.append(d);
    }
  } else {
    throw ConfigError("keys: table " + common::quoted(table) +
                      " is not valid: valid experiment, rules or columns");
  }
  return out;
}

}  // namespace

void bind_runner(py::module_& m) {
  bind_results(m);
  static const std::string doc = run_doc();
  m.def(
      "run",
      [](py::args args, py::kwargs kwargs) {
        Session session;
        py::list players;
        ExperimentConfig config = call_config(args, kwargs, session, players);
        return run(players, std::move(config), session);
      },
      doc.c_str());
  m.def(
      "config",
      [](py::args args, py::kwargs kwargs) {
        Session session;
        py::list players;
        ExperimentConfig config = call_config(args, kwargs, session, players);
        strategies::Registry registry = strategies::Registry::builtin();
        config.players = seat_players(players, registry);
        tournament::validate(config, registry);
        return tournament::to_ini(config);
      },
      R"doc(config(players, **keys)

Returns the config.cfg text dominoes.run(players, **keys) would run under, validated, without
running it: what `dominoes run --print-config` prints for the same keys. Raises ValueError as
dominoes.run does.)doc");
  m.def("keys", &keys_object, py::arg("table"), R"doc(
Returns a key table as a list of dicts: "experiment" (the config keys = dominoes.run's keywords:
name, python_name, kind, default, python_default, valid, help, choices), "rules" (the variant's
keys, also dominoes.Rules' keywords) or "columns" (summary.csv's fixed columns: name, type,
meaning). The same tables as `dominoes keys --markdown TABLE`.)doc");
}

}  // namespace dominoes_python
