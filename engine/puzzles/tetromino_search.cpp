// The tetromino square's exact search: impossibility proofs, the depth-first search with restarts
// (the method is described in tetromino.h), and random tilings drawn with the same search.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <sstream>

#include "engine/dominoes/rng.h"
#include "engine/puzzles/tetromino.h"

namespace puzzles::tetromino {

std::optional<std::string> impossibility_reason(const Puzzle& p) {
  long long pieces = 0;
  for (int c : p.counts) pieces += c;
  const long long area = static_cast<long long>(p.size) * p.size;
  if (4 * pieces != area)
    return "area: the square has " + std::to_string(area) + " cells but the pieces cover " +
           std::to_string(4 * pieces);
  if (p.counts[kT] % 2 != 0)
    return "checkerboard colouring: every T covers 3 cells of one colour and 1 of the other, "
           "every other figure 2 and 2, and the square has as many of each colour, so the number "
           "of T must be even (it is " +
           std::to_string(p.counts[kT]) + ")";
  if (p.counts[kT] == 0 && (p.counts[kJ] + p.counts[kL]) % 2 != 0)
    return "column-stripe colouring: every J and L covers 3 cells of one colour and 1 of the "
           "other, every I 4 + 0 or 2 + 2, O, S and Z 2 + 2, and the square has as many of each "
           "colour, so with no T the number of J and L together must be even (it is " +
           std::to_string(p.counts[kJ] + p.counts[kL]) + ")";
  return std::nullopt;
}

// ---- the search -------------------------------------------------------------------------------

namespace {

// A 4-cell shape as a 16-bit mask over its 4x4 bounding box, for recognising closed pockets.
int shape_mask(const std::array<std::array<int, 2>, 4>& cells) {
  int min_r = 99, min_c = 99, mask = 0;
  for (const auto& [r, c] : cells) min_r = std::min(min_r, r), min_c = std::min(min_c, c);
  for (const auto& [r, c] : cells) {
    if (r - min_r > 3 || c - min_c > 3) return -1;
    mask |= 1 << ((r - min_r) * 4 + (c - min_c));
  }
  return mask;
}

// Which figure each 4-cell mask is (-1: none).
std::array<std::int8_t, 1 << 16> make_figure_of_mask() {
  std::array<std::int8_t, 1 << 16> table;
  table.fill(-1);
  for (int f = 0; f < kFigures; ++f)
    for (const Shape& s : shapes(static_cast<Figure>(f)))
      table[static_cast<std::size_t>(shape_mask(s.cells))] = static_cast<std::int8_t>(f);
  return table;
}

constexpr int kBorder = 3;        // a piece reaches at most 3 cells from its anchor
constexpr int kPocketCap = 20;    // closed pockets up to this size are checked
constexpr int kMaxChoices = 19;   // figure-angle pairs
constexpr int kJumpRadius = 3;    // a dead end's cause is looked for within this many cells
constexpr int kJumpSearch = 400;  // ... among this many latest pieces

// Three two-colourings of the board: checkerboard, column stripes, row stripes. A piece changes
// a colouring's balance (cells of colour 0 minus colour 1) by an even amount; in units of 2, each
// figure's possible changes over its angles and positions form a set, summarised here: the
// largest magnitude, and whether odd and even unit changes occur. The empty cells' balance must be
// reachable by the pieces left: a necessary condition, checked after every placement.
enum Colouring { kCheckerboard = 0, kColumns, kRows };
inline constexpr int kColourings = 3;

int colour(int colouring, int r, int c) {
  return (colouring == kCheckerboard ? r + c : colouring == kColumns ? c : r) & 1;
}

// The balance change, in units of 2, of a shape placed with its bounding box's top-left at (r, c).
int balance_units(const Shape& s, int colouring, int r, int c) {
  int balance = 0;
  for (const auto& [dr, dc] : s.cells) balance += colour(colouring, r + dr, c + dc) ? -1 : 1;
  return balance / 2;
}

struct BalanceRange {
  int max_units = 0;
  bool odd = false;   // some placement changes the balance by an odd number of units
  bool even = false;  // some placement changes it by an even number (0 included)
};

std::array<std::array<BalanceRange, kFigures>, kColourings> make_balance_ranges() {
  std::array<std::array<BalanceRange, kFigures>, kColourings> out{};
  for (int k = 0; k < kColourings; ++k)
    for (int f = 0; f < kFigures; ++f)
      for (const Shape& s : shapes(static_cast<Figure>(f)))
        for (int r = 0; r < 2; ++r)
          for (int c = 0; c < 2; ++c) {
            const int u = balance_units(s, k, r, c);
            BalanceRange& b = out[k][f];
            b.max_units = std::max(b.max_units, std::abs(u));
            (u % 2 ? b.odd : b.even) = true;
          }
  return out;
}

// Returns true when `counts` pieces can change a colouring's balance by exactly `units`.
bool balance_reachable(int units, const Counts& counts,
                       const std::array<BalanceRange, kFigures>& ranges) {
  long reach = 0;
  int forced_odd = 0;
  bool flexible = false;
  for (int f = 0; f < kFigures; ++f) {
    if (counts[f] == 0) continue;
    reach += static_cast<long>(counts[f]) * ranges[f].max_units;
    if (ranges[f].odd && ranges[f].even)
      flexible = true;
    else if (ranges[f].odd)
      forced_odd += counts[f];
  }
  return std::abs(units) <= reach && (flexible || (units - forced_odd) % 2 == 0);
}

// A figure at an angle, positioned by its anchor: the cell of the piece that comes first in the
// diagonal order (least row + column, then least row).
struct Orientation {
  Figure figure;
  int angle;
  std::array<int, 4> offsets;  // flat board offsets from the anchor
  int anchor_row, anchor_col;  // the anchor inside the bounding box
  // Balance change in units of 2 per colouring, for an anchor at row parity r and column parity c.
  std::array<std::array<std::array<std::int8_t, 2>, 2>, kColourings> units{};
};

std::vector<Orientation> orientations(int stride) {
  std::vector<Orientation> out;
  for (int f = 0; f < kFigures; ++f)
    for (int a = 0; a < static_cast<int>(shapes(static_cast<Figure>(f)).size()); ++a) {
      const Shape& s = shapes(static_cast<Figure>(f))[static_cast<std::size_t>(a)];
      auto anchor =
          *std::min_element(s.cells.begin(), s.cells.end(), [](const auto& x, const auto& y) {
            return std::pair(x[0] + x[1], x[0]) < std::pair(y[0] + y[1], y[0]);
          });
      Orientation o{static_cast<Figure>(f), a, {}, anchor[0], anchor[1]};
      for (int k = 0; k < 4; ++k)
        o.offsets[k] = (s.cells[k][0] - anchor[0]) * stride + (s.cells[k][1] - anchor[1]);
      for (int k = 0; k < kColourings; ++k)
        for (int r = 0; r < 2; ++r)
          for (int c = 0; c < 2; ++c)  // the box's top-left sits at (anchor - anchor offset)
            o.units[k][r][c] =
                static_cast<std::int8_t>(balance_units(s, k, r - anchor[0] + 4, c - anchor[1] + 4));
      out.push_back(o);
    }
  return out;
}

enum class RunEnd { kSolved, kExhausted, kBudget, kTime };

class Search {
 public:
  Search(const Puzzle& p, bool generator)
      : n_(p.size),
        stride_(p.size + 2 * kBorder),
        generator_(generator),
        counts_(p.counts),
        orient_(orientations(stride_)),
        board_(static_cast<std::size_t>(stride_ * stride_), 1),
        stamp_(board_.size(), 0) {
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) order_.push_back(cell(r, c));
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
      return std::pair(row(a) + col(a), row(a)) < std::pair(row(b) + col(b), row(b));
    });
    static const auto table = make_figure_of_mask();
    figure_of_mask_ = &table;
    for (int i = static_cast<int>(orient_.size()) - 1; i >= 0; --i)
      first_orientation_[orient_[i].figure] = i;
    for (const Orientation& o : orient_)
      for (int k = 0; k < 4; ++k) {
        Cover cv{o.figure, {}};
        for (int j = 0; j < 4; ++j) cv.offsets[j] = o.offsets[j] - o.offsets[k];
        covers_.push_back(cv);
      }
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) board_[cell(r, c)] = 0;
    for (int k = 0; k < kColourings; ++k) {
      int b = 0;
      for (int r = 0; r < n_; ++r)
        for (int c = 0; c < n_; ++c) b += colour(k, r, c) ? -1 : 1;
      balance_[k] = b / 2;  // an odd N leaves a half unit: area already rules those out
    }
  }

  // One run with a node budget and a deadline; the board is left as the run ended.
  // `complete`: backtrack chronologically, so that running out of choices proves impossibility;
  // otherwise jump back to nearby pieces (faster on large boards, proves nothing).
  RunEnd run(std::uint64_t budget, std::chrono::steady_clock::time_point deadline,
             dominoes::Rng& rng, bool complete);
  std::vector<Placement> placements() const;
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Frame {
    int pos;  // index into order_ of the anchor cell
    int next = 0, count = 0;
    std::array<std::uint8_t, kMaxChoices> choices{};
  };

  int cell(int r, int c) const { return (r + kBorder) * stride_ + (c + kBorder); }
  int row(int i) const { return i / stride_ - kBorder; }
  int col(int i) const { return i % stride_ - kBorder; }
  int first_empty(int pos) const {
    while (pos < static_cast<int>(order_.size()) && board_[order_[pos]]) ++pos;
    return pos;
  }
  void reset();
  bool before(int a, int b) const {
    return counts_[a] != counts_[b] ? counts_[a] > counts_[b] : tiebreak_[a] < tiebreak_[b];
  }
  Frame open_frame(int pos, dominoes::Rng& rng);
  bool fits(const Orientation& o, int at) const {
    for (int off : o.offsets)
      if (board_[at + off]) return false;
    return true;
  }
  void set(const Orientation& o, int at, std::uint8_t v) {
    for (int off : o.offsets) board_[at + off] = v;
    counts_[o.figure] += v ? -1 : 1;
    const int r = row(at) & 1, c = col(at) & 1;
    for (int k = 0; k < kColourings; ++k) balance_[k] += (v ? -1 : 1) * o.units[k][r][c];
  }
  // Returns the sum over colourings of |balance| after placing `o` at `at`.
  int imbalance_after(const Orientation& o, int at) const {
    const int r = row(at) & 1, c = col(at) & 1;
    int total = 0;
    for (int k = 0; k < kColourings; ++k) total += std::abs(balance_[k] - o.units[k][r][c]);
    return total;
  }
  bool balances_ok() const {
    static const auto ranges = make_balance_ranges();
    for (int k = 0; k < kColourings; ++k)
      if (!balance_reachable(balance_[k], counts_, ranges[k])) return false;
    return true;
  }
  bool pockets_ok(const Orientation& o, int at);
  // Returns true when some figure still available fits over the empty cell `cell_at`.
  bool coverable(int cell_at) const;
  // A figure-angle positioned so that a given cell is its k-th cell: offsets of all four cells.
  struct Cover {
    Figure figure;
    std::array<int, 4> offsets;
  };
  std::vector<Cover> covers_;
  // Returns the index of the latest frame below the top whose piece lies within kJumpRadius
  // cells of `cell_at`, or -1.
  int nearby_frame(int cell_at) const;
  int pocket(int start, std::array<int, kPocketCap>& cells);

  int n_, stride_;
  bool generator_;
  Counts counts_;
  std::vector<Orientation> orient_;
  std::vector<std::uint8_t> board_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 0;
  std::vector<int> order_;
  std::vector<Frame> frames_;
  std::array<int, kFigures> first_orientation_{};  // index in orient_ of each figure's angle 0
  std::array<std::uint64_t, kFigures> tiebreak_{};
  std::array<std::array<std::uint8_t, 4>, kFigures> angle_order_{};
  const std::array<std::int8_t, 1 << 16>* figure_of_mask_ = nullptr;
  std::uint64_t nodes_ = 0;
  std::array<int, kColourings> balance_{};  // empty cells' balance per colouring, units of 2
};

void Search::reset() {
  while (!frames_.empty()) {
    const Frame& f = frames_.back();
    // A frame's piece is on the board exactly when its anchor cell is filled: no other piece can
    // cover that cell (it was the first empty cell when the frame opened).
    if (f.next > 0 && board_[order_[f.pos]] != 0)
      set(orient_[f.choices[f.next - 1]], order_[f.pos], 0);
    frames_.pop_back();
  }
}

Search::Frame Search::open_frame(int pos, dominoes::Rng& rng) {
  Frame f{pos};
  std::array<int, kFigures> figs{};
  int n = 0;
  for (int g = 0; g < kFigures; ++g)
    if (counts_[g] > 0) figs[n++] = g;
  if (generator_)  // a random tiling: a fresh random order at every cell
    for (int i = n - 1; i > 0; --i)
      std::swap(figs[i], figs[rng.below(static_cast<std::uint32_t>(i + 1))]);
  else  // largest remaining count first; ties in this run's random order (insertion sort: n <= 7)
    for (int i = 1; i < n; ++i)
      for (int j = i; j > 0 && before(figs[j], figs[j - 1]); --j) std::swap(figs[j], figs[j - 1]);
  // Within a figure, angles that bring the colour balances closer to zero come first (ties in
  // this run's random order): left to drift, the balances end up beyond what the last pieces can
  // correct, and the search fails at the very end of the board.
  const int at = order_[pos];
  for (int i = 0; i < n; ++i) {
    const int first = first_orientation_[figs[i]];
    const int angles = static_cast<int>(shapes(static_cast<Figure>(figs[i])).size());
    std::array<int, 4> score{};
    std::array<std::uint8_t, 4> sorted = angle_order_[figs[i]];
    for (int a = 0; a < angles; ++a)
      score[a] = generator_ ? 0 : imbalance_after(orient_[first + a], at);
    for (int a = 1; a < angles; ++a)
      for (int b = a; b > 0 && score[sorted[b]] < score[sorted[b - 1]]; --b)
        std::swap(sorted[b], sorted[b - 1]);
    for (int a = 0; a < angles; ++a)
      f.choices[f.count++] = static_cast<std::uint8_t>(first + sorted[a]);
  }
  return f;
}

// Flood-fills the empty region at `start`; returns its size, or kPocketCap when it is larger.
int Search::pocket(int start, std::array<int, kPocketCap>& cells) {
  int size = 0, head = 0;
  stamp_[start] = generation_;
  cells[size++] = start;
  while (head < size) {
    const int at = cells[head++];
    for (int step : {1, -1, stride_, -stride_}) {
      const int next = at + step;
      if (board_[next] || stamp_[next] == generation_) continue;
      if (size == kPocketCap) return kPocketCap;
      stamp_[next] = generation_;
      cells[size++] = next;
    }
  }
  return size;
}

bool Search::coverable(int cell_at) const {
  for (const Cover& cv : covers_) {
    if (counts_[cv.figure] == 0) continue;
    if (!board_[cell_at + cv.offsets[0]] && !board_[cell_at + cv.offsets[1]] &&
        !board_[cell_at + cv.offsets[2]] && !board_[cell_at + cv.offsets[3]])
      return true;
  }
  return false;
}

bool Search::pockets_ok(const Orientation& o, int at) {
  if (!generator_ && !balances_ok()) return false;
  for (int off : o.offsets)
    for (int step : {1, -1, stride_, -stride_})
      if (!board_[at + off + step] && !coverable(at + off + step)) return false;
  std::array<int, kPocketCap> cells{};
  for (int off : o.offsets)
    for (int step : {1, -1, stride_, -stride_}) {
      const int start = at + off + step;
      if (board_[start]) continue;
      // A fresh mark per fill: a fill cut short at the cap leaves marks that would otherwise
      // wall off part of the same region from the next fill and make it look like a small pocket.
      ++generation_;
      const int size = pocket(start, cells);
      if (size == kPocketCap) continue;
      if (size % 4 != 0) return false;
      if (size == 4 && !generator_) {
        std::array<std::array<int, 2>, 4> rc{};
        for (int k = 0; k < 4; ++k) rc[k] = {row(cells[k]), col(cells[k])};
        const int mask = shape_mask(rc);
        const int figure = mask < 0 ? -1 : (*figure_of_mask_)[static_cast<std::size_t>(mask)];
        if (figure < 0 || counts_[figure] == 0) return false;
      }
    }
  return true;
}

int Search::nearby_frame(int cell_at) const {
  const int r0 = row(cell_at), c0 = col(cell_at);
  const int lowest = std::max(0, static_cast<int>(frames_.size()) - kJumpSearch);
  for (int i = static_cast<int>(frames_.size()) - 1; i >= lowest; --i) {
    const int at = order_[frames_[i].pos];
    if (std::abs(row(at) - r0) <= kJumpRadius && std::abs(col(at) - c0) <= kJumpRadius) return i;
  }
  return -1;
}

RunEnd Search::run(std::uint64_t budget, std::chrono::steady_clock::time_point deadline,
                   dominoes::Rng& rng, bool complete) {
  reset();
  for (int f = 0; f < kFigures; ++f) {
    tiebreak_[f] = rng.next();
    for (int a = 0; a < 4; ++a) angle_order_[f][a] = static_cast<std::uint8_t>(a);
    const int angles = static_cast<int>(shapes(static_cast<Figure>(f)).size());
    for (int i = angles - 1; i > 0; --i)
      std::swap(angle_order_[f][i], angle_order_[f][rng.below(static_cast<std::uint32_t>(i + 1))]);
  }
  int pos = first_empty(0);
  if (pos == static_cast<int>(order_.size())) return RunEnd::kSolved;
  frames_.push_back(open_frame(pos, rng));
  const std::uint64_t stop = nodes_ + budget;
  bool jumped = false;
  for (;;) {
    Frame& f = frames_.back();
    const int at = order_[f.pos];
    bool placed = false;
    while (!placed && f.next < f.count) {
      const Orientation& o = orient_[f.choices[f.next++]];
      if (++nodes_ >= stop) return RunEnd::kBudget;
      // The clock every 1,024 nodes: on the largest boards a node costs microseconds (pockets_ok
      // floods the board), and every 65,536 let a 0.5 s limit run 7.5 s under AddressSanitizer.
      if ((nodes_ & 0x3FF) == 0 && std::chrono::steady_clock::now() > deadline)
        return RunEnd::kTime;
      if (counts_[o.figure] == 0 || !fits(o, at)) continue;
      set(o, at, 2);
      placed = pockets_ok(o, at);
      if (!placed) set(o, at, 0);
    }
    if (placed) {
      pos = first_empty(f.pos);
      if (pos == static_cast<int>(order_.size())) return RunEnd::kSolved;
      frames_.push_back(open_frame(pos, rng));
      continue;
    }
    // Every choice here failed. In a complete run, undo the parent's piece (chronological
    // backtracking). Otherwise jump back to the latest piece near this cell: the cause of a
    // dead end is almost always close by in space, though it may lie hundreds of pieces back in
    // the order, beyond anything chronological backtracking could reach.
    const int failed_at = order_[frames_.back().pos];
    frames_.pop_back();
    if (frames_.empty()) return jumped ? RunEnd::kBudget : RunEnd::kExhausted;
    const int target = complete ? -1 : nearby_frame(failed_at);
    while (target >= 0 && static_cast<int>(frames_.size()) - 1 > target) {
      const Frame& f2 = frames_.back();
      set(orient_[f2.choices[f2.next - 1]], order_[f2.pos], 0);
      frames_.pop_back();
      jumped = true;
    }
    const Frame& parent = frames_.back();
    set(orient_[parent.choices[parent.next - 1]], order_[parent.pos], 0);
  }
}

std::vector<Placement> Search::placements() const {
  std::vector<Placement> out;
  for (const Frame& f : frames_) {
    const Orientation& o = orient_[f.choices[f.next - 1]];
    const int at = order_[f.pos];
    out.push_back({o.figure, o.angle, col(at) - o.anchor_col, row(at) - o.anchor_row});
  }
  return out;
}

// Returns the time `seconds` after `start`, at most kMaxTimeLimit (NaN too): a larger count of
// nanoseconds would overflow the clock's 64-bit duration.
std::chrono::steady_clock::time_point deadline_after(std::chrono::steady_clock::time_point start,
                                                     double seconds) {
  const double capped = seconds < kMaxTimeLimit ? seconds : kMaxTimeLimit;
  return start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(capped));
}

// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: run i's budget multiplier.
std::uint64_t luby(std::uint64_t i) {
  for (std::uint64_t k = 1;; ++k) {
    if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
    if (i < (std::uint64_t{1} << k) - 1) return luby(i - (std::uint64_t{1} << (k - 1)) + 1);
  }
}

}  // namespace

Result solve(const Puzzle& p, double time_limit, std::uint64_t seed) {
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  Result result;
  if (auto why = impossibility_reason(p)) {
    result.status = Status::kImpossible;
    result.reason = *why;
    return result;
  }
  const auto deadline = deadline_after(start, time_limit);
  Search search(p, false);
  dominoes::Rng rng(dominoes::stream_key({seed, static_cast<std::uint64_t>(p.size)}));
  const std::uint64_t base =
      std::max<std::uint64_t>(1000, static_cast<std::uint64_t>(p.size) * p.size);
  for (std::uint64_t run = 1;; ++run) {
    result.runs = static_cast<int>(run);
    // Odd runs are complete (they can prove impossibility), even runs jump back locally.
    const RunEnd end = search.run(base * luby(run), deadline, rng, run % 2 == 1);
    result.nodes = search.nodes();
    result.seconds = elapsed();
    if (end == RunEnd::kSolved) {
      result.status = Status::kSolved;
      result.placements = search.placements();
      return result;
    }
    if (end == RunEnd::kExhausted) {
      result.status = Status::kImpossible;
      result.reason = "exhaustive search: every way to fill the cells in order fails";
      return result;
    }
    if (end == RunEnd::kTime || elapsed() > time_limit) {
      result.status = Status::kUnknown;
      std::ostringstream why;
      why << "no tiling found and none ruled out within " << time_limit << " s";
      result.reason = why.str();
      return result;
    }
  }
}

std::optional<Counts> random_counts(int size, std::uint64_t seed, double time_limit) {
  if (size < 4 || size % 2 != 0 || size > kMaxSize)
    throw TetrominoError("size " + std::to_string(size) +
                         " has no tiling to draw counts from: valid "
                         "an even number 4.." +
                         std::to_string(kMaxSize));
  Puzzle unlimited{size, {}};
  unlimited.counts.fill(size * size);  // as many of each figure as the square could hold
  Search search(unlimited, true);
  dominoes::Rng rng(dominoes::stream_key({seed, static_cast<std::uint64_t>(size), 0x7E7}));
  // Random choices can wall off an awkward pocket that takes long to back out of: restart on the
  // same Luby schedule as solve(), each run drawing new random choices. The deadline only stops
  // the draw; it never changes which tiling a finished draw finds.
  const auto deadline = deadline_after(std::chrono::steady_clock::now(), time_limit);
  const std::uint64_t base = std::max<std::uint64_t>(1000, static_cast<std::uint64_t>(size) * size);
  for (std::uint64_t run = 1;; ++run) {
    const RunEnd end = search.run(base * luby(run), deadline, rng, false);
    if (end == RunEnd::kSolved) break;
    if (end == RunEnd::kTime || std::chrono::steady_clock::now() > deadline) return std::nullopt;
  }
  Counts counts{};
  for (const Placement& p : search.placements()) ++counts[p.figure];
  return counts;
}

}  // namespace puzzles::tetromino
