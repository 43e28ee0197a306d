#include "engine/puzzles/takeaway.h"

#include <algorithm>
#include <bit>
#include <string>

namespace puzzles {
namespace {

// Odd, so multiplying by it is invertible mod 2^64 and no value's contribution is lost.
constexpr std::uint64_t kHashBase = 0x9E3779B97F4A7C15ull;

std::uint64_t power_mod_2_64(std::uint64_t base, std::uint64_t exponent) {
  std::uint64_t result = 1;
  for (; exponent != 0; exponent >>= 1, base *= base)
    if (exponent & 1) result *= base;
  return result;
}

std::vector<std::uint64_t> normalized(std::vector<std::uint64_t> moves) {
  if (moves.empty())
    throw TakeawayError("the move set is empty: give at least one move, e.g. 2,3,5");
  std::sort(moves.begin(), moves.end());
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
  const std::string valid =
      ": a move removes 1.." + std::to_string(Takeaway::kMaxStones) + " stones";
  if (moves.front() == 0) throw TakeawayError("move 0 is not valid" + valid);
  if (moves.back() > Takeaway::kMaxStones)
    throw TakeawayError("move " + std::to_string(moves.back()) + " is not valid" + valid);
  return moves;
}

// The polynomial hash of the last `size` values, sum v_i * B^(size - 1 - i) mod 2^64, kept up to
// date in O(1) per value as the window slides.
class WindowHash {
 public:
  explicit WindowHash(std::uint64_t size) : top_(power_mod_2_64(kHashBase, size - 1)) {}
  void push(std::uint32_t in) { hash_ = hash_ * kHashBase + in; }
  void slide(std::uint32_t out, std::uint32_t in) { hash_ = (hash_ - out * top_) * kHashBase + in; }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t top_;  // B^(size - 1): the weight of the value leaving the window
  std::uint64_t hash_ = 0;
};

}  // namespace

Takeaway::Takeaway(std::vector<std::uint64_t> moves, std::uint64_t bound)
    : moves_(normalized(std::move(moves))) {
  if (bound == 0)
    throw TakeawayError("bound 0 is not valid: the period search needs at least 1 value");
  // Grundy values never exceed |S|; small sets mark the options' values in one 64-bit mask.
  if (moves_.size() >= 64) seen_.assign(moves_.size() + 1, 0);
  search_period(bound);
}

// The window W(j) is g(j - M) .. g(j - 1), M = max(S); for j >= M it determines g(j) and so every
// later value. Brent's tortoise sits on a window while the hare runs ahead up to a power of two
// steps; a repeat of the tortoise's window gives the least period.
void Takeaway::search_period(std::uint64_t bound) {
  const std::uint64_t window = moves_.back();
  WindowHash hash(window);
  std::uint64_t tortoise = 0, tortoise_hash = 0, steps = 1;
  for (std::uint64_t n = 0; n < bound; ++n) {
    // 1. The next value, and the hash of the window it completes, W(n + 1).
    const std::uint32_t g = mex_at(n);
    values_.push_back(g);
    if (n < window)
      hash.push(g);
    else
      hash.slide(values_[n - window], g);
    const std::uint64_t hare = n + 1;
    if (hare < window) continue;  // not yet a full window
    // 2. The first full window is the first tortoise.
    if (hare == window) {
      tortoise = hare;
      tortoise_hash = hash.value();
      continue;
    }
    // 3. The tortoise's window again: the period is hare - tortoise (verified, not just hashed).
    if (hash.value() == tortoise_hash && same_window(tortoise, hare)) return finish(tortoise, hare);
    // 4. Brent: after `steps` steps without a repeat, move the tortoise up and double `steps`.
    if (hare - tortoise == steps) {
      tortoise = hare;
      tortoise_hash = hash.value();
      steps *= 2;
    }
  }
  period_.computed = values_.size();
}

std::uint32_t Takeaway::mex_at(std::uint64_t n) {
  if (seen_.empty()) {
    std::uint64_t options = 0;  // bit v set: some move leads to a pile of value v
    for (const std::uint64_t m : moves_) {
      if (m > n) break;
      options |= std::uint64_t{1} << values_[n - m];
    }
    return static_cast<std::uint32_t>(std::countr_one(options));
  }
  const std::uint64_t stamp = n + 1;  // stamps instead of clearing seen_ for every n
  for (const std::uint64_t m : moves_) {
    if (m > n) break;
    seen_[values_[n - m]] = stamp;
  }
  std::uint32_t v = 0;
  while (seen_[v] == stamp) ++v;
  return v;
}

bool Takeaway::same_window(std::uint64_t a, std::uint64_t b) const {
  const std::uint64_t size = moves_.back();
  return std::equal(values_.begin() + (a - size), values_.begin() + a,
                    values_.begin() + (b - size));
}

// W(tortoise) = W(hare) proves g(n + p) = g(n) for n >= tortoise - M; the least preperiod may
// start earlier, down to 0.
void Takeaway::finish(std::uint64_t tortoise, std::uint64_t hare) {
  const std::uint64_t p = hare - tortoise;
  std::uint64_t q = tortoise - moves_.back();
  while (q > 0 && values_[q - 1] == values_[q - 1 + p]) --q;
  period_ = {values_.size(), q, p, true};
  values_.resize(q + p);  // all that queries need
  values_.shrink_to_fit();
}

std::optional<std::uint32_t> Takeaway::grundy(std::uint64_t n) const {
  if (n < values_.size()) return values_[n];
  if (!period_.found) return std::nullopt;
  const std::uint64_t q = period_.preperiod;
  return values_[q + (n - q) % period_.period];
}

std::optional<bool> Takeaway::wins(std::uint64_t n) const {
  const auto g = grundy(n);
  if (!g) return std::nullopt;
  return *g != 0;
}

std::optional<std::vector<std::uint64_t>> Takeaway::winning_moves(std::uint64_t n) const {
  const auto g = grundy(n);
  if (!g) return std::nullopt;
  std::vector<std::uint64_t> winning;
  if (*g == 0) return winning;  // every move leads to a non-zero value
  for (const std::uint64_t m : moves_) {
    if (m > n) break;
    if (*grundy(n - m) == 0) winning.push_back(m);
  }
  return winning;
}

}  // namespace puzzles
