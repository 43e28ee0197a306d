// Tetromino notation: reading a puzzle (signature, JSON) and writing the answer (the contest's
// JSON list, a drawing), as shared/TETROMINO.md defines them.
#include "engine/solvers/tetromino.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

namespace solvers::tetromino {

void check_size(int size) {
  if (size < 1 || size > kMaxSize)
    throw TetrominoError("size " + std::to_string(size) + " is not valid: valid 1.." +
                         std::to_string(kMaxSize));
}

Counts parse_signature(const std::string& text) {
  Counts counts{};
  std::array<bool, kFigures> seen{};
  std::stringstream in(text);
  const auto bad = [&](const std::string& why) {
    return TetrominoError("bad signature \"" + text + "\": " + why +
                          "; expected e.g. I1,J1,L1,Z1 with letters from IJLOSTZ");
  };
  for (std::string item; std::getline(in, item, ',');) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.size() < 2) throw bad("\"" + item + "\" is not a letter and a count");
    const char* letter = std::find(kLetters, kLetters + kFigures, item[0]);
    if (letter == kLetters + kFigures)
      throw bad("unknown figure '" + std::string(1, item[0]) + "'");
    const auto f = static_cast<std::size_t>(letter - kLetters);
    if (seen[f]) throw bad("figure " + std::string(1, item[0]) + " given twice");
    if (item.find_first_not_of("0123456789", 1) != std::string::npos || item.size() > 10)
      throw bad("\"" + item.substr(1) + "\" is not a count");
    seen[f] = true;
    counts[f] = std::stoi(item.substr(1));
  }
  if (text.empty() || text.back() == ',') throw bad("empty item");
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

Puzzle parse_puzzle_json(const std::string& json) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(json);
  } catch (const nlohmann::json::exception&) {
    throw TetrominoError("bad puzzle JSON \"" + json + "\": expected {\"size\":N,\"signature\":\"...\"}");
  }
  if (!j.is_object() || !j.contains("size") || !j["size"].is_number_integer() ||
      !j.contains("signature") || !j["signature"].is_string())
    throw TetrominoError("bad puzzle JSON \"" + json + "\": expected {\"size\":N,\"signature\":\"...\"}");
  if (j["size"].is_number_unsigned() && j["size"].get<std::uint64_t>() > kMaxSize)
    throw TetrominoError("size " + j["size"].dump() + " is not valid: valid 1.." + std::to_string(kMaxSize));
  const long long size = j["size"].get<long long>();
  if (size < 1 || size > kMaxSize)
    throw TetrominoError("size " + std::to_string(size) + " is not valid: valid 1.." + std::to_string(kMaxSize));
  return {static_cast<int>(size), parse_signature(j["signature"].get<std::string>())};
}
std::string to_json(const std::vector<Placement>& placements) {
  std::string out = "[";
  for (std::size_t i = 0; i < placements.size(); ++i) {
    const Placement& p = placements[i];
    if (i) out += ',';
    out += "[\"";
    out += kLetters[p.figure];
    out += "\"," + std::to_string(p.angle) + "," + std::to_string(p.x) + "," + std::to_string(p.y) + "]";
  }
  return out + "]";
}

std::string draw(int size, const std::vector<Placement>& placements) {
  std::vector<std::string> rows(static_cast<std::size_t>(size), std::string(static_cast<std::size_t>(size), '.'));
  for (const Placement& p : placements)
    for (const auto& [r, c] : shapes(p.figure)[static_cast<std::size_t>(p.angle)].cells)
      if (p.y + r < size && p.x + c < size) rows[p.y + r][p.x + c] = kLetters[p.figure];
  std::string out;
  for (const auto& row : rows) out += row + "\n";
  return out;
}

}  // namespace solvers::tetromino
