// Tetromino notation: reading a puzzle (signature, JSON) and writing the answer (the contest's
// JSON list, a drawing), as docs/tetromino.md defines them.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "engine/common/text.h"
#include "engine/puzzles/tetromino.h"

namespace puzzles::tetromino {

void check_size(int size) {
  if (size < 1 || size > kMaxSize)
    throw TetrominoError("size " + std::to_string(size) + " is not valid: valid 1.." +
                         std::to_string(kMaxSize));
}

namespace {

// An item of a signature is echoed shorter than the signature around it, to keep one line short.
constexpr std::size_t kItemEcho = 20;

// Returns a figure letter as written, 'X', or escaped by common::quoted when it is not printable.
std::string figure_text(char letter) {
  if (letter > ' ' && letter < 0x7f) return std::string("'") + letter + "'";
  return common::quoted(std::string(1, letter));
}

}  // namespace

Counts parse_signature(const std::string& text) {
  Counts counts{};
  std::array<bool, kFigures> seen{};
  const auto bad = [&](const std::string& why) {
    return TetrominoError("bad signature " + common::quoted(text) + ": " + why +
                          "; expected e.g. I1,J1,L1,Z1 with letters from IJLOSTZ");
  };
  for (const std::string& item : common::split_list(text)) {
    if (item.empty()) throw bad("an empty item \"\" is not a letter and a count");
    if (item.size() < 2)
      throw bad(common::quoted(item, kItemEcho) + " is not a letter and a count");
    const char* letter = std::find(kLetters, kLetters + kFigures, item[0]);
    if (letter == kLetters + kFigures) throw bad("unknown figure " + figure_text(item[0]));
    const auto f = static_cast<std::size_t>(letter - kLetters);
    if (seen[f]) throw bad("figure " + std::string(1, item[0]) + " given twice");
    // Digits only (parse_int alone would take "-1"), and at most 9: no count can overflow a sum.
    const auto count = common::parse_int<int>(item.substr(1));
    if (item.find_first_not_of("0123456789", 1) != std::string::npos || item.size() > 10 || !count)
      throw bad(common::quoted(item.substr(1), kItemEcho) + " is not a count");
    seen[f] = true;
    counts[f] = *count;
  }
  return counts;
}

std::string format_signature(const Counts& counts) {
  std::string out;
  for (int f = 0; f < kFigures; ++f)
    if (counts[f] > 0) {
      if (!out.empty()) out += ',';
      out += kLetters[f];
      out += std::to_string(counts[f]);
    }
  return out;
}

namespace {

const char* const kPuzzleForm = "expected {\"size\":N,\"signature\":\"...\"}";

// Returns the JSON value written `text`. nlohmann::json keeps the last of two equal keys without a
// word, so a parser callback tracks the keys of each open object and refuses a repeat: in
// {"size":4,"size":5} the user meant one of them, and we cannot know which.
nlohmann::json parse_json(const std::string& text) {
  using Event = nlohmann::json::parse_event_t;
  std::vector<std::set<std::string>> keys;  // one set per object being read
  const auto check = [&](int, Event event, nlohmann::json& parsed) {
    if (event == Event::object_start) keys.emplace_back();
    if (event == Event::object_end) keys.pop_back();
    if (event == Event::key && !keys.back().insert(parsed.get<std::string>()).second)
      throw TetrominoError("bad puzzle JSON: the key " + common::quoted(parsed.get<std::string>()) +
                           " is given twice; " + kPuzzleForm);
    return true;
  };
  try {
    return nlohmann::json::parse(text, check);
  } catch (const nlohmann::json::exception&) {
    throw TetrominoError("bad puzzle JSON " + common::quoted(text) + ": " + kPuzzleForm);
  }
}

}  // namespace

Puzzle parse_puzzle_json(const std::string& json) {
  nlohmann::json j = parse_json(json);
  if (!j.is_object() || !j.contains("size") || !j["size"].is_number_integer() ||
      !j.contains("signature") || !j["signature"].is_string())
    throw TetrominoError("bad puzzle JSON " + common::quoted(json) + ": " + kPuzzleForm);
  if (j["size"].is_number_unsigned() && j["size"].get<std::uint64_t>() > kMaxSize)
    throw TetrominoError("size " + j["size"].dump() + " is not valid: valid 1.." +
                         std::to_string(kMaxSize));
  const long long size = j["size"].get<long long>();
  if (size < 1 || size > kMaxSize)
    throw TetrominoError("size " + std::to_string(size) + " is not valid: valid 1.." +
                         std::to_string(kMaxSize));
  return {static_cast<int>(size), parse_signature(j["signature"].get<std::string>())};
}

std::string to_json(const std::vector<Placement>& placements) {
  std::string out = "[";
  for (std::size_t i = 0; i < placements.size(); ++i) {
    const Placement& p = placements[i];
    if (i) out += ',';
    out += "[\"";
    out += kLetters[p.figure];
    out += "\"," + std::to_string(p.angle) + "," + std::to_string(p.x) + "," + std::to_string(p.y) +
           "]";
  }
  return out + "]";
}

std::string draw(int size, const std::vector<Placement>& placements) {
  std::vector<std::string> rows(static_cast<std::size_t>(size),
                                std::string(static_cast<std::size_t>(size), '.'));
  for (const Placement& p : placements)
    for (const auto& [r, c] : shapes(p.figure)[static_cast<std::size_t>(p.angle)].cells)
      if (p.y + r < size && p.x + c < size) rows[p.y + r][p.x + c] = kLetters[p.figure];
  std::string out;
  for (const auto& row : rows) out += row + "\n";
  return out;
}

}  // namespace puzzles::tetromino
