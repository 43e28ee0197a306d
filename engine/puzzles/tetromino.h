// The tetromino square (seed 003, IT Duel 2015 at Anadea): fill an N x N square exactly with
// given counts of the seven tetrominoes I, J, L, O, S, T, Z, rotations allowed, reflections not.
// Figures, angles and the answer format follow docs/tetromino.md exactly.
//
// Method: exact depth-first search that always fills the next empty cell (seed 003's winning
// idea 1), on a bordered board (idea 2: a border of filled cells makes "does the piece fit"
// one test per cell, with no bounds checks), with the seed's later improvements and more:
//   - cells are taken in diagonal order (the seed's "Diagonal Cells Strategy"), so the empty
//     region is a staircase whose frontier stays short;
//   - at each cell the figures are tried by largest remaining count first (the seed's "Balanced
//     Figures Container"), so the last cells meet a balanced mix of figures;
//   - after each placement, the empty pockets next to the piece are flood-filled up to a small
//     cap; a closed pocket whose size is not a multiple of 4 is a dead end (the seed's
//     connectivity check, done locally), and a closed 4-cell pocket must be the shape of a figure
//     still available;
//   - every empty cell next to a new piece must still be coverable by some figure left;
//   - three two-colourings (checkerboard, column stripes, row stripes): the empty cells' colour
//     balance must stay reachable by the pieces left (a necessary condition, checked in O(1)
//     after each placement), and within a figure the angles that bring the balances closer to
//     zero are tried first, so the last pieces are not asked to correct a drift;
//   - randomized restarts with a Luby schedule of node budgets (Luby, Sinclair and Zuckerman,
//     "Optimal speedup of Las Vegas algorithms", 1993): ties between figures and the order of
//     angles are shuffled per run, which cuts the heavy tail of unlucky early choices. Odd runs
//     backtrack chronologically (complete); even runs, on a dead end, jump back to the latest
//     piece within 3 cells of it, since the cause is close in space but may be hundreds of pieces
//     back in the order (incomplete: such a run proves nothing).
// A complete run that explores its whole tree within its budget proves the puzzle impossible.
// Measured limits: N <= 100 solves in milliseconds; from about N = 150 the last few pieces often
// fail to fit the final corner and runs time out (unknown), see bench/bench_tetromino.cpp.
// Impossibility is also proved without search by: area (N^2 != 4 x pieces), checkerboard colouring
// (each T covers 3 cells of one colour, every other figure 2 and 2: the T count must be even), and
// column-stripe colouring (each J and L covers 3 + 1, I 4 + 0 or 2 + 2, every other figure 2 + 2
// or, for T, possibly 3 + 1: with no T the J and L count together must be even).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace puzzles::tetromino {

// ---- figures, puzzles and results
// ----------------------------------------------------------------

/// The seven figures, in the contest's order.
enum Figure : int { kI = 0, kJ, kL, kO, kS, kT, kZ };
inline constexpr int kFigures = 7;
/// The figure letters, indexed by Figure.
inline constexpr char kLetters[] = "IJLOSTZ";

/// A figure at one angle: its four cells as (row, column) inside its bounding box, row 0 on top.
struct Shape {
  std::array<std::array<int, 2>, 4> cells{};
  int height = 0;
  int width = 0;
};

/// Piece counts, indexed by Figure.
using Counts = std::array<int, kFigures>;

/// Raised for bad input; what() is one line naming what was wrong and what would be valid.
class TetrominoError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A puzzle: the square's side and the piece counts.
struct Puzzle {
  int size = 0;
  Counts counts{};
};

/// Largest side accepted (the board takes about (N + 6)^2 bytes; the search is iterative).
inline constexpr int kMaxSize = 2000;

/// One placed piece: the figure, its ANGLE_ID, and the top-left corner of its bounding box
/// (x the column, y the row, both from 0, row 0 at the top).
struct Placement {
  Figure figure = kI;
  int angle = 0;
  int x = 0;
  int y = 0;
  bool operator==(const Placement&) const = default;
};

/// How a solve ended.
enum class Status { kSolved, kImpossible, kUnknown };

/// The outcome of solve().
struct Result {
  Status status = Status::kUnknown;
  std::vector<Placement> placements;  ///< the tiling, when solved
  std::string reason;                 ///< why impossible, or why unknown
  std::uint64_t nodes = 0;            ///< placements tried
  int runs = 0;                       ///< search runs (restarts + 1)
  double seconds = 0;
};

// ---- shapes (tetromino_shapes.cpp)
// ---------------------------------------------------------------

/// Returns the figure's shapes, indexed by angle (docs/tetromino.md): I, S, Z 2; O 1; J, L, T 4.
const std::vector<Shape>& shapes(Figure f);

// ---- notation (tetromino_notation.cpp)
// -----------------------------------------------------------

/// Returns the counts written `text`, e.g. "I1,J1,L1,Z1" (letters IJLOSTZ, each at most once,
/// counts >= 0; absent figures count 0). Throws TetrominoError on anything else.
Counts parse_signature(const std::string& text);
/// Returns the signature of `counts`: figures with a non-zero count, in IJLOSTZ order.
std::string format_signature(const Counts& counts);
/// Returns the puzzle in the contest's JSON form {"size":N,"signature":"..."}. Throws
/// TetrominoError on malformed JSON, a missing field, or a size outside 1..kMaxSize.
Puzzle parse_puzzle_json(const std::string& json);
/// Throws TetrominoError unless 1 <= size <= kMaxSize.
void check_size(int size);

/// Returns the placements as the contest's JSON list [["L",1,0,2],...] on one line.
std::string to_json(const std::vector<Placement>& placements);
/// Returns the board drawn as N lines of figure letters ('.' for an empty cell).
std::string draw(int size, const std::vector<Placement>& placements);

// ---- search (tetromino_search.cpp)
// ---------------------------------------------------------------

/// Returns a proof-free reason why `p` cannot be tiled (area, checkerboard or column-stripe
/// colouring), or nothing when these arguments do not apply.
std::optional<std::string> impossibility_reason(const Puzzle& p);

/// The longest time limit, in seconds, solve() and random_counts() honour (about 11.6 days);
/// a longer one is taken as this.
inline constexpr double kMaxTimeLimit = 1e6;

/// Returns the solution of `p`, or a proof that there is none (a colouring argument or a search
/// that explored every possibility), or kUnknown when `time_limit` seconds pass first. `seed`
/// drives the randomized restarts. Never reports kImpossible without a proof.
Result solve(const Puzzle& p, double time_limit, std::uint64_t seed = 1);

/// Returns the counts of a random tiling of the N x N square (N even, 4..kMaxSize): a solvable
/// signature, as the contest made them; or nothing when `time_limit` seconds pass first (from
/// about N = 1500 some draws take minutes). The same (size, seed) gives the same counts whatever
/// the limit. Throws TetrominoError for an odd size or one outside 4..kMaxSize.
std::optional<Counts> random_counts(int size, std::uint64_t seed, double time_limit);

}  // namespace puzzles::tetromino
