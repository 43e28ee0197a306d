#include "engine/equilibrium/strategy_file.h"

#include <cmath>
#include <cstdio>
#include <set>
#include <span>
#include <sstream>

#include "engine/common/key_table.h"
#include "engine/common/text.h"
#include "engine/dominoes/notation.h"
#include "engine/equilibrium/infoset_key.h"

namespace equilibrium {

namespace {

constexpr const char* kMagic = "dominoes-equilibrium v1";
// An infoset line of the largest variant that fits in memory is a few hundred bytes.
constexpr std::size_t kMaxLineBytes = 65536;

std::string probability_text(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", p);
  return buf;
}

std::string moves_text(const std::vector<dominoes::Move>& moves) {
  if (moves.empty()) return "-";
  std::string text;
  for (dominoes::Move m : moves) {
    if (!text.empty()) text += ',';
    text += dominoes::to_string(m);
  }
  return text;
}

// Reads one file line by line, keeping the line number for messages.
class LineReader {
 public:
  LineReader(std::istream& in, const std::string& name) : in_(in), name_(name) {}

  // Reads the next line that is not blank or a comment into `words`; false at the end.
  bool next(std::vector<std::string>& words) {
    std::string line;
    while (read_line(line)) {
      ++number_;
      if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
      std::istringstream split(line);
      words.clear();
      for (std::string w; split >> w;) words.push_back(w);
      if (!words.empty()) return true;
    }
    return false;
  }

  // Reads one line of at most kMaxLineBytes into `line`; false at the end of the input.
  bool read_line(std::string& line) {
    line.clear();
    for (int c; (c = in_.get()) != std::char_traits<char>::eof();) {
      if (c == '\n') return true;
      if (line.size() == kMaxLineBytes) {
        ++number_;
        fail("a line longer than " + std::to_string(kMaxLineBytes) + " bytes: not a strategy file");
      }
      line.push_back(static_cast<char>(c));
    }
    return !line.empty();
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw StrategyFileError(name_ + " line " + std::to_string(number_) + ": " + what);
  }

 private:
  std::istream& in_;
  const std::string& name_;
  int number_ = 0;
};

long long header_int(LineReader& reader, const std::vector<std::string>& words, int min, int max) {
  const auto value = words.size() == 2 ? common::parse_int<long long>(words[1]) : std::nullopt;
  if (!value || *value < min || *value > max)
    reader.fail(words[0] + " needs one whole number " + std::to_string(min) + ".." +
                std::to_string(max));
  return *value;
}

double header_real(LineReader& reader, const std::vector<std::string>& words) {
  const auto value = words.size() == 2 ? common::parse_double(words[1]) : std::nullopt;
  if (!value) reader.fail(words[0] + " needs one finite number");
  return *value;
}

// Parses `words` (an infoset line) into `saved`.
void read_infoset(LineReader& reader, const std::vector<std::string>& words, SavedStrategy& saved) {
  if (words.size() < 6)
    reader.fail("an infoset line is: infoset leader|follower HAND HISTORY MOVE=P MOVE=P ...");
  const int max_pip = saved.rules.max_pip;
  int role = kLeaderRole;
  if (words[1] == "follower")
    role = kFollowerRole;
  else if (words[1] != "leader")
    reader.fail("role " + common::quoted(words[1]) + " is not valid: valid leader, follower");
  try {
    const dominoes::TileSet hand = dominoes::parse_tiles(words[2], max_pip);
    std::vector<dominoes::Move> history;
    if (words[3] != "-")
      for (const std::string& m : common::split_list(words[3]))
        history.push_back(dominoes::parse_move(m, max_pip));
    std::vector<std::pair<dominoes::Move, double>> moves;
    double total = 0;
    for (std::size_t w = 4; w < words.size(); ++w) {
      const auto eq = words[w].find('=');
      const auto p = eq == std::string::npos
                         ? std::nullopt
                         : common::parse_double(std::string_view(words[w]).substr(eq + 1));
      if (!p || *p < 0 || *p > 1)
        reader.fail("move " + common::quoted(words[w]) +
                    " is not valid: valid MOVE=P with P in 0..1");
      moves.emplace_back(dominoes::parse_move(std::string_view(words[w]).substr(0, eq), max_pip),
                         *p);
      total += *p;
    }
    if (std::abs(total - 1) > 1e-6)
      reader.fail("the probabilities sum to " + probability_text(total) + ": valid a sum of 1");
    if (!saved.infosets.emplace(infoset_key(role, hand, history), std::move(moves)).second)
      reader.fail("this information set is listed twice");
  } catch (const dominoes::NotationError& e) {
    reader.fail(e.what());
  }
}

}  // namespace

namespace {

void write_header(std::ostream& out, const dominoes::Rules& rules, const StrategySummary& summary) {
  out << kMagic << "\n# format: engine/equilibrium/strategy_file.h\n"
      << "double " << rules.max_pip << "\nhand " << rules.hand_size << "\nscoring "
      << dominoes::to_string(rules.scoring) << "\nvalue " << common::shortest_decimal(summary.value)
      << "\nexploitability " << common::shortest_decimal(summary.exploitability) << "\niterations "
      << summary.iterations << "\n";
}

// Writes one infoset line: the role, the hand as dealt, the public moves, each move=probability.
template <typename Probability>
void write_infoset(std::ostream& out, bool leader, dominoes::TileSet dealt_hand,
                   const std::vector<dominoes::Move>& history,
                   std::span<const dominoes::Move> moves, Probability probability) {
  out << "infoset " << (leader ? "leader" : "follower") << " " << dominoes::to_string(dealt_hand)
      << " " << moves_text(history);
  for (std::size_t a = 0; a < moves.size(); ++a)
    out << " " << dominoes::to_string(moves[a]) << "=" << probability_text(probability(a));
  out << "\n";
}

}  // namespace

void write_strategy(std::ostream& out, const GameTree& tree, const BehaviourStrategy& strategy,
                    const StrategySummary& summary) {
  write_header(out, tree.rules, summary);
  for (std::size_t i = 0; i < tree.infosets.size(); ++i) {
    const Infoset& set = tree.infosets[i];
    if (set.actions < 2) continue;
    write_infoset(out, (set.seat ^ tree.leader) == kLeaderRole, set.dealt_hand,
                  tree.history_to(set.first_node), tree.moves_of(static_cast<std::int32_t>(i)),
                  [&](std::size_t a) {
                    return strategy.at(static_cast<std::int32_t>(i), static_cast<int>(a));
                  });
  }
}

void write_strategy(std::ostream& out, const PublicTreeCfr& solver,
                    const StrategySummary& summary) {
  write_header(out, solver.rules(), summary);
  std::vector<dominoes::Move> history;
  solver.for_each_average([&](const PublicInformationSet& set) {
    history.assign(set.history.begin(), set.history.end());
    write_infoset(out, set.seat == kLeaderRole, set.dealt_hand, history, set.moves,
                  [&](std::size_t a) { return set.probabilities[a]; });
  });
}

SavedStrategy read_strategy(std::istream& in, const std::string& name) {
  LineReader reader(in, name);
  std::vector<std::string> words;
  if (!reader.next(words) || words.size() != 2 || words[0] + " " + words[1] != kMagic)
    reader.fail(std::string("not a strategy file: the first line must be `") + kMagic + "`");
  SavedStrategy saved;
  bool have_double = false, have_hand = false;
  std::set<std::string> seen;  // header records, each at most once and before any infoset
  while (reader.next(words)) {
    const std::string& kind = words[0];
    if (kind != "infoset" && !seen.insert(kind).second) reader.fail(kind + " is given twice");
    if (kind != "infoset" && !saved.infosets.empty())
      reader.fail(kind + " must come before the first infoset");
    if (kind == "double") {
      saved.rules.max_pip =
          static_cast<int>(header_int(reader, words, dominoes::kMinPip, dominoes::kMaxPip));
      have_double = true;
    } else if (kind == "hand") {
      saved.rules.hand_size = static_cast<int>(header_int(reader, words, 1, 27));
      have_hand = true;
    } else if (kind == "scoring") {
      if (words.size() != 2 || !dominoes::parse_scoring_rule(words[1], saved.rules.scoring))
        reader.fail("scoring needs one of " + common::choice_list(dominoes::scoring_rule_names()));
    } else if (kind == "value") {
      saved.summary.value = header_real(reader, words);
    } else if (kind == "exploitability") {
      saved.summary.exploitability = header_real(reader, words);
    } else if (kind == "iterations") {
      saved.summary.iterations = header_int(reader, words, 0, 2'000'000'000);
    } else if (kind == "infoset") {
      if (!have_double || !have_hand)
        reader.fail("`double` and `hand` must come before the first infoset");
      read_infoset(reader, words, saved);
    } else {
      reader.fail("unknown record " + common::quoted(kind) +
                  ": valid double, hand, scoring, value, exploitability, iterations, infoset");
    }
  }
  if (!have_double || !have_hand) reader.fail("the file ends without `double` and `hand`");
  if (const std::string problem = dominoes::validate(saved.rules); !problem.empty())
    reader.fail(problem);
  return saved;
}

}  // namespace equilibrium
