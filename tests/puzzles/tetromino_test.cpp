// The tetromino square (seed 003): every answer of solve() is checked by a tiling checker written
// here over its own table of the 19 figure-angle shapes, typed from docs/tetromino.md's
// drawings (not from puzzles::tetromino::shapes()). Small boards (4x4 and 6x6) are settled by a
// brute force written here: it enumerates every tiling of the board, so it knows exactly which
// signatures are solvable, and solve() must agree on every signature. Also: the library's shape
// table against ours, generated and contest puzzles, the impossibility proofs, the parsers and
// the answer format.
#include "engine/puzzles/tetromino.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#ifndef TETROMINO_PUZZLES
#define TETROMINO_PUZZLES "tests/data/tetromino-contest-puzzles.txt"
#endif

namespace tet = puzzles::tetromino;

namespace {

// ---- the reference table: docs/tetromino.md's drawings, typed row by row
// -------------------------
constexpr char kRefLetters[] = "IJLOSTZ";  // the contest's figure order

// kRef[figure][angle] = the drawing's rows, top to bottom.
const std::vector<std::vector<std::vector<std::string>>> kRef = {
    // I 0, I 1
    {{"#", "#", "#", "#"}, {"####"}},
    // J 0..3
    {{".#", ".#", "##"}, {"#..", "###"}, {"##", "#.", "#."}, {"###", "..#"}},
    // L 0..3
    {{"#.", "#.", "##"}, {"###", "#.."}, {"##", ".#", ".#"}, {"..#", "###"}},
    // O 0
    {{"##", "##"}},
    // S 0, S 1
    {{".##", "##."}, {"#.", "##", ".#"}},
    // T 0..3
    {{"###", ".#."}, {".#", "##", ".#"}, {".#.", "###"}, {"#.", "##", "#."}},
    // Z 0, Z 1
    {{"##.", ".##"}, {".#", "##", "#."}},
};

using Cells = std::set<std::pair<int, int>>;  // (row, column)

Cells ref_cells(int figure, int angle) {
  Cells out;
  const auto& rows = kRef[static_cast<std::size_t>(figure)][static_cast<std::size_t>(angle)];
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < rows[r].size(); ++c)
      if (rows[r][c] == '#') out.insert({static_cast<int>(r), static_cast<int>(c)});
  return out;
}

int ref_angles(int figure) {
  return static_cast<int>(kRef[static_cast<std::size_t>(figure)].size());
}

// Moves a cell set so that its least row and least column are 0.
Cells normalized(const Cells& cells) {
  int min_r = 1 << 20, min_c = 1 << 20;
  for (auto [r, c] : cells) min_r = std::min(min_r, r), min_c = std::min(min_c, c);
  Cells out;
  for (auto [r, c] : cells) out.insert({r - min_r, c - min_c});
  return out;
}

// A quarter turn clockwise: the cell at (row r, column c) of a box h rows tall goes to
// (row c, column h - 1 - r) (the top row becomes the right column).
Cells turned_clockwise(const Cells& cells) {
  int h = 0;
  for (auto [r, c] : cells) h = std::max(h, r + 1);
  Cells out;
  for (auto [r, c] : cells) out.insert({c, h - 1 - r});
  return normalized(out);
}

std::string ref_json(const std::vector<tet::Placement>& ps) {  // for failure messages
  std::string out = "[";
  for (const auto& p : ps)
    out += std::string(out.size() > 1 ? "," : "") + "[\"" +
           kRefLetters[static_cast<int>(p.figure)] + "\"," + std::to_string(p.angle) + "," +
           std::to_string(p.x) + "," + std::to_string(p.y) + "]";
  return out + "]";
}

// ---- the checker ------------------------------------------------------------------------------
// Returns "" when `ps` tiles the n x n square exactly with `counts`, else what is wrong.
std::string check_tiling(int n, const tet::Counts& counts, const std::vector<tet::Placement>& ps) {
  std::vector<int> owner(static_cast<std::size_t>(n) * n, -1);
  std::array<long long, 7> used{};
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const tet::Placement& p = ps[i];
    const int f = static_cast<int>(p.figure);
    const std::string piece = "piece " + std::to_string(i);
    if (f < 0 || f >= 7) return piece + ": no figure " + std::to_string(f);
    if (p.angle < 0 || p.angle >= ref_angles(f))
      return piece + ": figure " + kRefLetters[f] + " has no angle " + std::to_string(p.angle);
    for (auto [r, c] : ref_cells(f, p.angle)) {
      const int x = p.x + c, y = p.y + r;
      if (x < 0 || y < 0 || x >= n || y >= n)
        return piece + ": cell (" + std::to_string(x) + "," + std::to_string(y) +
               ") is off the board";
      int& o = owner[static_cast<std::size_t>(y) * n + x];
      if (o >= 0)
        return piece + ": cell (" + std::to_string(x) + "," + std::to_string(y) +
               ") already covered by piece " + std::to_string(o);
      o = static_cast<int>(i);
    }
    ++used[static_cast<std::size_t>(f)];
  }
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (owner[static_cast<std::size_t>(y) * n + x] < 0)
        return "cell (" + std::to_string(x) + "," + std::to_string(y) + ") is not covered";
  for (int f = 0; f < 7; ++f)
    if (used[static_cast<std::size_t>(f)] != counts[static_cast<std::size_t>(f)])
      return std::string("figure ") + kRefLetters[f] + " used " +
             std::to_string(used[static_cast<std::size_t>(f)]) + " times, the signature says " +
             std::to_string(counts[static_cast<std::size_t>(f)]);
  return "";
}

tet::Placement pl(char letter, int angle, int x, int y) {
  const int f = static_cast<int>(std::string(kRefLetters).find(letter));
  return {static_cast<tet::Figure>(f), angle, x, y};
}

tet::Counts counts_of(std::initializer_list<std::pair<char, int>> items) {
  tet::Counts c{};
  for (auto [letter, k] : items) c[std::string(kRefLetters).find(letter)] = k;
  return c;
}

// ---- the brute force: every tiling of the n x n square (first empty cell in row-major order) --
struct Brute {
  struct Anchored {
    int figure, angle;
    std::vector<std::pair<int, int>> delta;  // cells relative to the first cell in row-major order
    int first_r, first_c;                    // that first cell inside the bounding box
  };
  int n;
  std::vector<Anchored> shapes;
  std::vector<int> board;
  tet::Counts used{};
  std::vector<tet::Placement> stack;
  std::map<tet::Counts, std::vector<tet::Placement>> one_tiling;  // every reachable signature
  long long tilings = 0;

  explicit Brute(int n_) : n(n_), board(static_cast<std::size_t>(n_) * n_, 0) {
    for (int f = 0; f < 7; ++f)
      for (int a = 0; a < ref_angles(f); ++a) {
        const Cells cells = ref_cells(f, a);  // std::set: row-major order, first is the anchor
        Anchored s{f, a, {}, cells.begin()->first, cells.begin()->second};
        for (auto [r, c] : cells) s.delta.push_back({r - s.first_r, c - s.first_c});
        shapes.push_back(s);
      }
    run(0);
  }
  void run(int pos) {
    while (pos < n * n && board[static_cast<std::size_t>(pos)]) ++pos;
    if (pos == n * n) {
      ++tilings;
      one_tiling.emplace(used, stack);
      return;
    }
    const int r = pos / n, c = pos % n;
    for (const Anchored& s : shapes) {
      bool fits = true;
      for (auto [dr, dc] : s.delta) {
        const int rr = r + dr, cc = c + dc;
        if (rr < 0 || cc < 0 || rr >= n || cc >= n ||
            board[static_cast<std::size_t>(rr * n + cc)]) {
          fits = false;
          break;
        }
      }
      if (!fits) continue;
      for (auto [dr, dc] : s.delta) board[static_cast<std::size_t>((r + dr) * n + c + dc)] = 1;
      ++used[static_cast<std::size_t>(s.figure)];
      stack.push_back({static_cast<tet::Figure>(s.figure), s.angle, c - s.first_c, r - s.first_r});
      run(pos + 1);
      stack.pop_back();
      --used[static_cast<std::size_t>(s.figure)];
      for (auto [dr, dc] : s.delta) board[static_cast<std::size_t>((r + dr) * n + c + dc)] = 0;
    }
  }
  bool solvable(const tet::Counts& c) const { return one_tiling.count(c) != 0; }
};

const Brute& brute(int n) {
  if (n == 4) {
    static const Brute b4(4);
    return b4;
  }
  static const Brute b6(6);
  return b6;
}

// Every signature of `pieces` pieces.
void all_counts(int pieces, int figure, tet::Counts& c, std::vector<tet::Counts>& out) {
  if (figure == 6) {
    c[6] = pieces;
    out.push_back(c);
    return;
  }
  for (int k = 0; k <= pieces; ++k) {
    c[static_cast<std::size_t>(figure)] = k;
    all_counts(pieces - k, figure + 1, c, out);
  }
}

int sum(const tet::Counts& c) {
  int s = 0;
  for (int k : c) s += k;
  return s;
}

// The seed's 4x4 example signature I1,J1,L1,Z1, tiled by hand (docs/tetromino.md's angles):
//   IJJZ
//   IJZZ
//   IJZL
//   ILLL
const std::vector<tet::Placement> kHandTiling = {pl('I', 0, 0, 0), pl('J', 2, 1, 0),
                                                 pl('Z', 1, 2, 0), pl('L', 3, 1, 2)};
const tet::Counts kSeedCounts = counts_of({{'I', 1}, {'J', 1}, {'L', 1}, {'Z', 1}});

// ---- the checker itself must be able to fail
// ------------------------------------------------------
TEST(TetrominoChecker, AcceptsTheHandTilingAndRejectsBrokenOnes) {
  EXPECT_EQ(check_tiling(4, kSeedCounts, kHandTiling), "");
  auto broken = kHandTiling;
  broken[3] = pl('L', 2, 1, 2);  // wrong angle: off the board and overlapping
  EXPECT_NE(check_tiling(4, kSeedCounts, broken), "");
  broken = kHandTiling;
  broken[0] = pl('I', 2, 0, 0);  // I has no angle 2
  EXPECT_NE(check_tiling(4, kSeedCounts, broken), "");
  broken = kHandTiling;
  broken[0].x = -1;  // off the board
  EXPECT_NE(check_tiling(4, kSeedCounts, broken), "");
  broken = kHandTiling;
  broken.pop_back();  // a hole and one L short
  EXPECT_NE(check_tiling(4, kSeedCounts, broken), "");
  EXPECT_NE(check_tiling(4, counts_of({{'I', 1}, {'J', 2}, {'Z', 1}}), kHandTiling), "");  // counts
  EXPECT_NE(check_tiling(5, kSeedCounts, kHandTiling), "");  // a 5x5 board is not covered
}

// docs/tetromino.md: on a 4x4 board ["L",1,0,2] covers (column, row) (0,2), (1,2), (2,2), (0,3).
TEST(TetrominoShapes, TheDocumentsExample) {
  Cells covered;
  for (auto [r, c] : ref_cells(2, 1)) covered.insert({c + 0, r + 2});  // (column, row)
  EXPECT_EQ(covered, (Cells{{0, 2}, {1, 2}, {2, 2}, {0, 3}}));
  EXPECT_EQ(tet::draw(4, {pl('L', 1, 0, 2)}), "....\n....\nLLL.\nL...\n");
}

// ---- the library's shape table against ours
// ---------------------------------------------------------
TEST(TetrominoShapes, LettersAndAngleCounts) {
  EXPECT_EQ(std::string(tet::kLetters), "IJLOSTZ");
  EXPECT_EQ(tet::kFigures, 7);
  const std::array<int, 7> angles = {2, 4, 4, 1, 2, 4, 2};  // I J L O S T Z (docs/tetromino.md)
  int total = 0;
  for (int f = 0; f < 7; ++f) {
    EXPECT_EQ(ref_angles(f), angles[static_cast<std::size_t>(f)]) << kRefLetters[f];
    EXPECT_EQ(static_cast<int>(tet::shapes(static_cast<tet::Figure>(f)).size()),
              angles[static_cast<std::size_t>(f)])
        << kRefLetters[f];
    total += ref_angles(f);
  }
  EXPECT_EQ(total, 19);
}

TEST(TetrominoShapes, LibraryMatchesTheDrawings) {
  for (int f = 0; f < 7; ++f) {
    const auto& lib = tet::shapes(static_cast<tet::Figure>(f));
    ASSERT_EQ(static_cast<int>(lib.size()), ref_angles(f));
    for (int a = 0; a < ref_angles(f); ++a) {
      const tet::Shape& s = lib[static_cast<std::size_t>(a)];
      Cells cells;
      for (const auto& rc : s.cells) cells.insert({rc[0], rc[1]});
      EXPECT_EQ(cells, ref_cells(f, a)) << kRefLetters[f] << " " << a;
      const auto& rows = kRef[static_cast<std::size_t>(f)][static_cast<std::size_t>(a)];
      EXPECT_EQ(s.height, static_cast<int>(rows.size())) << kRefLetters[f] << " " << a;
      EXPECT_EQ(s.width, static_cast<int>(rows[0].size())) << kRefLetters[f] << " " << a;
    }
  }
}

TEST(TetrominoShapes, AngleKPlusOneIsAngleKTurnedClockwise) {
  // The quarter turn itself, on a case worked by hand: the top row ### over .#. (T 0) turned
  // clockwise puts the row on the right: .# / ## / .# (T 1).
  EXPECT_EQ(turned_clockwise({{0, 0}, {0, 1}, {0, 2}, {1, 1}}),
            (Cells{{0, 1}, {1, 0}, {1, 1}, {2, 1}}));
  std::set<Cells> all;
  for (int f = 0; f < 7; ++f) {
    const int n = ref_angles(f);
    std::set<Cells> distinct;
    for (int a = 0; a < n; ++a) {
      const Cells here = ref_cells(f, a);
      EXPECT_EQ(normalized(here), here)
          << kRefLetters[f] << " " << a << " is not in its box corner";
      EXPECT_EQ(turned_clockwise(here), ref_cells(f, (a + 1) % n)) << kRefLetters[f] << " " << a;
      // The library's shapes obey the same relation.
      Cells lib, lib_next;
      for (const auto& rc :
           tet::shapes(static_cast<tet::Figure>(f))[static_cast<std::size_t>(a)].cells)
        lib.insert({rc[0], rc[1]});
      for (const auto& rc :
           tet::shapes(static_cast<tet::Figure>(f))[static_cast<std::size_t>((a + 1) % n)].cells)
        lib_next.insert({rc[0], rc[1]});
      EXPECT_EQ(turned_clockwise(lib), lib_next) << kRefLetters[f] << " " << a;
      distinct.insert(here);
      all.insert(here);
    }
    EXPECT_EQ(static_cast<int>(distinct.size()), n)
        << kRefLetters[f] << ": angles must be distinct";
  }
  EXPECT_EQ(all.size(), 19u);  // no two figures share a shape: J/L and S/Z are not reflections here
}

// ---- solving
// --------------------------------------------------------------------------------------
TEST(TetrominoSolve, SeedExample) {
  const tet::Result r = tet::solve({4, kSeedCounts}, 5);
  ASSERT_EQ(r.status, tet::Status::kSolved) << r.reason;
  EXPECT_EQ(check_tiling(4, kSeedCounts, r.placements), "") << ref_json(r.placements);
  EXPECT_TRUE(brute(4).solvable(kSeedCounts));
}

TEST(TetrominoSolve, TinyBoards) {
  const tet::Counts o1 = counts_of({{'O', 1}});
  const tet::Result r = tet::solve({2, o1}, 5);
  ASSERT_EQ(r.status, tet::Status::kSolved) << r.reason;
  EXPECT_EQ(check_tiling(2, o1, r.placements), "");
  EXPECT_EQ(tet::solve({2, counts_of({{'I', 1}})}, 5).status, tet::Status::kImpossible);
  EXPECT_EQ(tet::solve({2, counts_of({{'S', 1}})}, 5).status, tet::Status::kImpossible);
  EXPECT_EQ(tet::solve({1, {}}, 5).status, tet::Status::kImpossible);  // 1 cell, 0 pieces
}

TEST(TetrominoSolve, GeneratedPuzzles) {
  int solved = 0;
  for (int n = 4; n <= 50; n += 2) {
    const int seeds = n >= 48 ? 40 : 10;
    std::set<tet::Counts> distinct;
    for (int seed = 1; seed <= seeds; ++seed) {
      const tet::Counts c = tet::random_counts(n, static_cast<std::uint64_t>(seed), 60).value();
      distinct.insert(c);
      for (int k : c) ASSERT_GE(k, 0);
      ASSERT_EQ(4 * sum(c), n * n)
          << "N " << n << " seed " << seed << ": " << tet::format_signature(c);
      ASSERT_EQ(tet::random_counts(n, static_cast<std::uint64_t>(seed), 60).value(), c)
          << "not reproducible";
      const tet::Result r = tet::solve({n, c}, 10, static_cast<std::uint64_t>(seed));
      ASSERT_EQ(r.status, tet::Status::kSolved)
          << "N " << n << " " << tet::format_signature(c) << ": " << r.reason;
      ASSERT_EQ(check_tiling(n, c, r.placements), "")
          << "N " << n << " " << tet::format_signature(c);
      ++solved;
    }
    if (n >= 10) {
      EXPECT_GT(distinct.size(), 1u) << "N " << n << ": every seed gave the same counts";
    }
  }
  EXPECT_EQ(solved, 22 * 10 + 2 * 40);
}

TEST(TetrominoSolve, RandomCountsRejectsSizesWithoutATiling) {
  EXPECT_THROW(tet::random_counts(5, 1, 60), tet::TetrominoError);
  EXPECT_THROW(tet::random_counts(2, 1, 60), tet::TetrominoError);
  EXPECT_THROW(tet::random_counts(0, 1, 60), tet::TetrominoError);
  EXPECT_THROW(tet::random_counts(tet::kMaxSize + 2, 1, 60), tet::TetrominoError);
}

// A draw that cannot finish in time gives up at its time limit (seed 1 at N = 2000 takes far more
// than a minute), and a short limit does not change what a draw that finishes returns.
TEST(TetrominoSolve, RandomCountsHonoursItsTimeLimit) {
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(tet::random_counts(tet::kMaxSize, 1, 0.5), std::nullopt);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Not a speed target: the draw must stop near its limit instead of searching on until it finds
  // a tiling. The bound leaves room for setting up the largest board, which took about 2.5 s of
  // this call in the AddressSanitizer tree at -Og.
  EXPECT_LT(seconds, 15.0);
  EXPECT_EQ(tet::random_counts(20, 3, 5), tet::random_counts(20, 3, 60));
}

TEST(TetrominoSolve, ContestPuzzles) {
  std::ifstream file(TETROMINO_PUZZLES);
  ASSERT_TRUE(file) << "cannot read " << TETROMINO_PUZZLES;
  int puzzles = 0, comments = 0;
  for (std::string line; std::getline(file, line);) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      ++comments;
      continue;
    }
    std::istringstream in(line);
    int n = 0;
    std::string signature;
    ASSERT_TRUE(in >> n >> signature) << line;
    const tet::Counts c = tet::parse_signature(signature);
    ASSERT_EQ(4 * sum(c), n * n) << line;
    const tet::Result r = tet::solve({n, c}, 10);
    ASSERT_EQ(r.status, tet::Status::kSolved) << line << ": " << r.reason;
    EXPECT_EQ(check_tiling(n, c, r.placements), "") << line;
    ++puzzles;
  }
  EXPECT_EQ(puzzles, 28);
  EXPECT_EQ(comments, 1);
}

// ---- impossible puzzles -------------------------------------------------------------------------
void expect_impossible(int n, const tet::Counts& c, const std::string& why) {
  const tet::Result r = tet::solve({n, c}, 5);
  EXPECT_EQ(r.status, tet::Status::kImpossible) << n << " " << tet::format_signature(c);
  EXPECT_NE(r.reason.find(why), std::string::npos)
      << n << " " << tet::format_signature(c) << ": " << r.reason;
  EXPECT_TRUE(r.placements.empty());
}

TEST(TetrominoImpossible, Area) {
  expect_impossible(5, counts_of({{'I', 6}}), "area");  // 25 cells: no number of pieces fits
  expect_impossible(5, counts_of({{'O', 7}}), "area");
  expect_impossible(7, counts_of({{'I', 12}}), "area");
  expect_impossible(7, counts_of({{'T', 6}, {'S', 6}}), "area");
  expect_impossible(4, counts_of({{'I', 1}, {'J', 1}, {'L', 1}}), "area");  // 12 cells of 16
  expect_impossible(4, counts_of({{'O', 5}}), "area");                      // 20 cells of 16
  EXPECT_TRUE(tet::impossibility_reason({4, counts_of({{'O', 3}})}).has_value());
}

// A T covers 3 cells of one checkerboard colour and 1 of the other, every other figure 2 and 2.
TEST(TetrominoImpossible, OddNumberOfT) {
  const tet::Counts c = counts_of({{'T', 1}, {'O', 1}, {'I', 2}});
  expect_impossible(4, c, "checkerboard");
  EXPECT_FALSE(brute(4).solvable(c));
  expect_impossible(6, counts_of({{'T', 3}, {'S', 6}}), "checkerboard");
  expect_impossible(50, counts_of({{'T', 1}, {'O', 624}}), "checkerboard");
}

// Columns striped: J and L cover 3 + 1, I 4 + 0 or 2 + 2, O S Z 2 + 2.
TEST(TetrominoImpossible, NoTAndOddJPlusL) {
  const tet::Counts c = counts_of({{'J', 1}, {'O', 3}});
  expect_impossible(4, c, "column");
  EXPECT_FALSE(brute(4).solvable(c));
  expect_impossible(6, counts_of({{'J', 2}, {'L', 1}, {'S', 6}}), "column");
}

TEST(TetrominoImpossible, SmallExhaustive) {
  for (const tet::Counts& c :
       {counts_of({{'S', 4}}), counts_of({{'Z', 4}}), counts_of({{'I', 3}, {'O', 1}})}) {
    EXPECT_FALSE(brute(4).solvable(c)) << tet::format_signature(c);
    EXPECT_FALSE(tet::impossibility_reason({4, c}).has_value()) << "no colouring argument applies";
    const tet::Result r = tet::solve({4, c}, 5);
    EXPECT_EQ(r.status, tet::Status::kImpossible) << tet::format_signature(c) << ": " << r.reason;
  }
}

// Every signature of the 4x4 and the 6x6 square: solve() agrees with the brute force's complete
// list of tilings; it never says impossible when a tiling exists, and never unknown.
void cross_check(int n) {
  const Brute& b = brute(n);
  ASSERT_GT(b.tilings, 0);
  std::vector<tet::Counts> signatures;
  tet::Counts scratch{};
  all_counts(n * n / 4, 0, scratch, signatures);
  int wrong_impossible = 0, solvable = 0;
  for (const tet::Counts& c : signatures) {
    const bool exists = b.solvable(c);
    solvable += exists;
    if (exists) {
      ASSERT_EQ(check_tiling(n, c, b.one_tiling.at(c)), "") << "the brute force's own tiling";
    }
    if (auto why = tet::impossibility_reason({n, c})) {
      EXPECT_FALSE(exists) << n << " " << tet::format_signature(c) << ": the proof \"" << *why
                           << "\" is wrong; a tiling: " << ref_json(b.one_tiling.at(c));
    }
    const tet::Result r = tet::solve({n, c}, 5);
    EXPECT_NE(r.status, tet::Status::kUnknown) << n << " " << tet::format_signature(c);
    if (r.status == tet::Status::kSolved) {
      EXPECT_TRUE(exists) << n << " " << tet::format_signature(c);
      EXPECT_EQ(check_tiling(n, c, r.placements), "") << n << " " << tet::format_signature(c);
    }
    if (r.status == tet::Status::kImpossible && exists) {
      ++wrong_impossible;
      ADD_FAILURE() << "N " << n << " " << tet::format_signature(c) << ": solve() says impossible ("
                    << r.reason << ") but this tiling exists: " << ref_json(b.one_tiling.at(c));
    }
  }
  EXPECT_EQ(wrong_impossible, 0) << "of " << solvable << " solvable signatures";
  EXPECT_GT(solvable, 0);
  EXPECT_LT(solvable, static_cast<int>(signatures.size()));
}

TEST(TetrominoBruteForce, Every4x4Signature) {
  cross_check(4);
}
TEST(TetrominoBruteForce, Every6x6Signature) {
  cross_check(6);
}

// ---- signatures and JSON puzzles
// ------------------------------------------------------------------
TEST(TetrominoParse, Signature) {
  EXPECT_EQ(tet::parse_signature("I1,J1,L1,Z1"), kSeedCounts);
  EXPECT_EQ(tet::parse_signature("Z134,I49,T126"), counts_of({{'I', 49}, {'T', 126}, {'Z', 134}}));
  EXPECT_EQ(tet::parse_signature("O0,T2"), counts_of({{'T', 2}}));
  EXPECT_EQ(tet::format_signature(kSeedCounts), "I1,J1,L1,Z1");
  EXPECT_EQ(tet::format_signature(counts_of({{'Z', 3}, {'I', 10}, {'O', 0}})), "I10,Z3");
  const std::string contest = "I49,J127,L49,O13,S127,T126,Z134";
  EXPECT_EQ(tet::format_signature(tet::parse_signature(contest)), contest);
  for (int seed = 1; seed <= 20; ++seed) {
    const tet::Counts c = tet::random_counts(20, static_cast<std::uint64_t>(seed), 60).value();
    EXPECT_EQ(tet::parse_signature(tet::format_signature(c)), c);
  }
}

void expect_rejected_signature(const std::string& text, const std::string& mention) {
  try {
    tet::parse_signature(text);
    ADD_FAILURE() << "accepted \"" << text << "\"";
  } catch (const tet::TetrominoError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(mention), std::string::npos) << "\"" << text << "\": " << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(TetrominoParse, SignatureRejections) {
  expect_rejected_signature("X1", "'X'");
  expect_rejected_signature("I1,J1,L1,X1", "unknown figure");
  expect_rejected_signature("i1", "'i'");
  expect_rejected_signature("I1,I2", "twice");
  expect_rejected_signature("I1,J1,I1", "I given twice");
  expect_rejected_signature("I", "\"I\"");
  expect_rejected_signature("I1,J", "\"J\"");
  expect_rejected_signature("I-1", "\"-1\" is not a count");
  expect_rejected_signature("Iabc", "\"abc\" is not a count");
  expect_rejected_signature("I1.5", "\"1.5\" is not a count");
  expect_rejected_signature("I99999999999", "is not a count");
  expect_rejected_signature("", "empty");
  expect_rejected_signature("I1,", "empty");
  expect_rejected_signature("I1,,J1", "\"\"");
  expect_rejected_signature(",I1", "\"\"");
}

TEST(TetrominoParse, PuzzleJson) {
  const tet::Puzzle p = tet::parse_puzzle_json(R"({"size":4,"signature":"I1,J1,L1,Z1"})");
  EXPECT_EQ(p.size, 4);
  EXPECT_EQ(p.counts, kSeedCounts);
  const tet::Puzzle q = tet::parse_puzzle_json(
      "{ \"signature\" : \"I49,J127,L49,O13,S127,T126,Z134\",\n \"size\": 50 }");
  EXPECT_EQ(q.size, 50);
  EXPECT_EQ(
      q.counts,
      counts_of({{'I', 49}, {'J', 127}, {'L', 49}, {'O', 13}, {'S', 127}, {'T', 126}, {'Z', 134}}));
  EXPECT_EQ(tet::parse_puzzle_json(R"({"size":2000,"signature":"O1000000"})").size, tet::kMaxSize);
}

void expect_rejected_json(const std::string& text, const std::string& mention) {
  try {
    tet::parse_puzzle_json(text);
    ADD_FAILURE() << "accepted " << text;
  } catch (const tet::TetrominoError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(mention), std::string::npos) << text << ": " << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(TetrominoParse, PuzzleJsonRejections) {
  expect_rejected_json(R"({"size":4,"signature":"I1,J1,L1,Z1")", "JSON");  // no closing brace
  expect_rejected_json("", "JSON");
  expect_rejected_json("[4,\"I1\"]", "JSON");
  expect_rejected_json(R"({"size":4})", "signature");
  expect_rejected_json(R"({"signature":"I1,J1,L1,Z1"})", "size");
  expect_rejected_json(R"({"size":"4","signature":"I1,J1,L1,Z1"})", "size");
  expect_rejected_json(R"({"size":4.5,"signature":"I1,J1,L1,Z1"})", "size");
  expect_rejected_json(R"({"size":4,"signature":4})", "signature");
  expect_rejected_json(R"({"size":0,"signature":"I1"})", "size 0");
  expect_rejected_json(R"({"size":-4,"signature":"I1"})", "size -4");
  expect_rejected_json(R"({"size":2001,"signature":"I1"})", "size 2001");
  expect_rejected_json(R"({"size":100000,"signature":"I1"})", "size 100000");
  expect_rejected_json(R"({"size":4,"signature":"X1"})", "'X'");
  expect_rejected_json(R"({"size":4,"signature":"I1,I1"})", "twice");
  // A key given twice: nlohmann::json alone keeps the last one without a word.
  expect_rejected_json(R"({"size":4,"size":5,"signature":"I1,J1,L1,Z1"})",
                       "key \"size\" is given twice");
  expect_rejected_json(R"({"signature":"O1","size":2,"signature":"I1,J1,L1,Z1"})",
                       "key \"signature\" is given twice");
  expect_rejected_json(R"({"size":2,"signature":"O1","note":{"a":1,"a":2}})",
                       "key \"a\" is given twice");
}

// The same key in two different objects is no repeat.
TEST(TetrominoParse, PuzzleJsonSameKeyInTwoObjects) {
  const tet::Puzzle p =
      tet::parse_puzzle_json(R"({"size":2,"signature":"O1","notes":[{"a":1},{"a":2}]})");
  EXPECT_EQ(p.size, 2);
}

// A 10 MB input is echoed cut to common::kEchoLimit characters: the message stays one short line.
TEST(TetrominoParse, HugeInputGivesAShortMessage) {
  const std::string huge(10'000'000, 'I');
  for (const std::string& text :
       {huge, "{\"size\":4,\"signature\":\"" + huge + "\"}", "[" + huge}) {
    try {
      tet::parse_puzzle_json(text);
      ADD_FAILURE() << "accepted a 10 MB input";
    } catch (const tet::TetrominoError& e) {
      EXPECT_LT(std::string(e.what()).size(), 300u) << std::string(e.what()).substr(0, 300);
    }
  }
  try {
    tet::parse_signature(huge + ",J" + huge);
    ADD_FAILURE() << "accepted a 20 MB signature";
  } catch (const tet::TetrominoError& e) {
    EXPECT_LT(std::string(e.what()).size(), 300u) << std::string(e.what()).substr(0, 300);
  }
}

TEST(TetrominoParse, CheckSize) {
  EXPECT_NO_THROW(tet::check_size(1));
  EXPECT_NO_THROW(tet::check_size(tet::kMaxSize));
  EXPECT_THROW(tet::check_size(0), tet::TetrominoError);
  EXPECT_THROW(tet::check_size(-1), tet::TetrominoError);
  EXPECT_THROW(tet::check_size(tet::kMaxSize + 1), tet::TetrominoError);
  try {
    tet::check_size(0);
  } catch (const tet::TetrominoError& e) {
    EXPECT_NE(std::string(e.what()).find("size 0"), std::string::npos) << e.what();
  }
}

// ---- the answer format
// ------------------------------------------------------------------------------
TEST(TetrominoFormat, JsonByHand) {
  EXPECT_EQ(tet::to_json({pl('O', 0, 0, 0)}), R"([["O",0,0,0]])");
  EXPECT_EQ(tet::to_json({pl('L', 1, 0, 2)}), R"([["L",1,0,2]])");
  EXPECT_EQ(tet::to_json(kHandTiling), R"([["I",0,0,0],["J",2,1,0],["Z",1,2,0],["L",3,1,2]])");
  EXPECT_EQ(tet::to_json({pl('T', 3, 12, 40), pl('S', 1, 0, 7)}), R"([["T",3,12,40],["S",1,0,7]])");
}

TEST(TetrominoFormat, DrawByHand) {
  EXPECT_EQ(tet::draw(2, {pl('O', 0, 0, 0)}), "OO\nOO\n");
  EXPECT_EQ(tet::draw(4, kHandTiling), "IJJZ\nIJZZ\nIJZL\nILLL\n");
  EXPECT_EQ(tet::draw(3, {}), "...\n...\n...\n");
}

// A solved puzzle's JSON parses back to its placements, and its drawing shows each cell's figure.
TEST(TetrominoFormat, SolutionJsonAndDrawing) {
  const int n = 20;
  const tet::Counts c = tet::random_counts(n, 7, 60).value();
  const tet::Result r = tet::solve({n, c}, 10);
  ASSERT_EQ(r.status, tet::Status::kSolved) << r.reason;
  ASSERT_EQ(check_tiling(n, c, r.placements), "");
  const std::string json = tet::to_json(r.placements);
  EXPECT_EQ(json.find('\n'), std::string::npos);
  const nlohmann::json list = nlohmann::json::parse(json);
  ASSERT_TRUE(list.is_array());
  ASSERT_EQ(list.size(), r.placements.size());
  ASSERT_EQ(list.size(), static_cast<std::size_t>(n * n / 4));
  std::vector<std::string> board(static_cast<std::size_t>(n),
                                 std::string(static_cast<std::size_t>(n), '?'));
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& e = list[i];
    ASSERT_TRUE(e.is_array() && e.size() == 4) << e.dump();
    ASSERT_TRUE(e[0].is_string() && e[1].is_number_integer() && e[2].is_number_integer() &&
                e[3].is_number_integer())
        << e.dump();
    const std::string letter = e[0].get<std::string>();
    ASSERT_EQ(letter.size(), 1u);
    const int f = static_cast<int>(std::string(kRefLetters).find(letter[0]));
    EXPECT_EQ(f, static_cast<int>(r.placements[i].figure));
    EXPECT_EQ(e[1].get<int>(), r.placements[i].angle);
    EXPECT_EQ(e[2].get<int>(), r.placements[i].x);
    EXPECT_EQ(e[3].get<int>(), r.placements[i].y);
    for (auto [row, col] : ref_cells(f, e[1].get<int>()))
      board[static_cast<std::size_t>(e[3].get<int>() + row)]
           [static_cast<std::size_t>(e[2].get<int>() + col)] = letter[0];
  }
  std::string expected;
  for (const auto& row : board) expected += row + "\n";
  EXPECT_EQ(tet::draw(n, r.placements), expected);
}

}  // namespace
