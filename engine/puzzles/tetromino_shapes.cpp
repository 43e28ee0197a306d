// The tetromino figures at each angle (docs/tetromino.md), built once from their drawings.
#include <algorithm>
#include <string>

#include "engine/puzzles/tetromino.h"

namespace puzzles::tetromino {
namespace {

// The figures at each angle exactly as docs/tetromino.md draws them, rows top to bottom, '/'
// between.
constexpr const char* kDrawings[kFigures][4] = {
    {"#/#/#/#", "####"},
    {".#/.#/##", "#../###", "##/#./#.", "###/..#"},
    {"#./#./##", "###/#..", "##/.#/.#", "..#/###"},
    {"##/##"},
    {".##/##.", "#./##/.#"},
    {"###/.#.", ".#/##/.#", ".#./###", "#./##/#."},
    {"##./.##", ".#/##/#."},
};

Shape parse_drawing(const std::string& drawing) {
  Shape s;
  int row = 0, col = 0, n = 0;
  for (char ch : drawing) {
    if (ch == '/') {
      ++row, col = 0;
      continue;
    }
    if (ch == '#') s.cells[n++] = {row, col};
    s.width = std::max(s.width, col + 1);
    ++col;
  }
  s.height = row + 1;
  return s;
}

std::vector<std::vector<Shape>> make_shapes() {
  std::vector<std::vector<Shape>> all(kFigures);
  for (int f = 0; f < kFigures; ++f)
    for (const char* d : kDrawings[f])
      if (d) all[f].push_back(parse_drawing(d));
  return all;
}

}  // namespace

const std::vector<Shape>& shapes(Figure f) {
  static const std::vector<std::vector<Shape>> all = make_shapes();
  return all[f];
}

}  // namespace puzzles::tetromino
