// A fixed-size transposition table for alpha-beta search: a power-of-two array of entries, each
// holding the full key (so a hit is never a hash collision), a value with its bound type, the
// remaining depth it was searched to, and the best move found. Memory is fixed at construction;
// entries stay valid from one search to the next (the key is the whole position), and an entry
// is live once it holds a bound (a fresh entry's Bound::kNone marks it empty).
//
// Source: the method is standard (Greenblatt et al. 1967; Marsland, "A review of game-tree
// pruning", ICCA Journal 1986). Replacement: two-way buckets; an empty or shallower entry is
// replaced first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace search {

/// What a stored value says about the true value.
enum class Bound : std::uint8_t { kNone = 0, kExact, kLower, kUpper };

/// A table of `Key -> (value, bound, depth, move)`. Key needs operator== and a `hash()` member
/// returning a well-mixed 64-bit value.
template <typename Key>
class TranspositionTable {
 public:
  struct Entry {
    Key key{};
    std::int16_t value = 0;
    Bound bound = Bound::kNone;
    std::uint8_t depth = 0;
    std::uint16_t move = 0;

    /// Returns true when the entry holds a stored result (store() never stores Bound::kNone).
    bool live() const { return bound != Bound::kNone; }
  };

  /// Returns a table using at most `bytes` of memory (at least two entries).
  explicit TranspositionTable(std::size_t bytes) {
    std::size_t n = 2;
    while (n * 2 * sizeof(Entry) <= bytes) n *= 2;
    entries_.resize(n);
    mask_ = n - 1;
  }

  /// Returns the number of entries.
  std::size_t capacity() const { return entries_.size(); }
  /// Returns the memory the entries use, in bytes.
  std::size_t bytes() const { return entries_.size() * sizeof(Entry); }

  /// Returns the live entry for `key`, or nullptr.
  const Entry* probe(const Key& key) const {
    const std::size_t i = index(key);
    for (std::size_t j : {i, i ^ 1})
      if (entries_[j].live() && entries_[j].key == key) return &entries_[j];
    return nullptr;
  }

  /// Stores a search result for `key`; `bound` is kExact, kLower or kUpper.
  void store(const Key& key, int value, Bound bound, int depth, std::uint16_t move) {
    const std::size_t i = index(key);
    Entry* slot = &entries_[i];
    Entry& other = entries_[i ^ 1];
    if (other.live() && other.key == key)
      slot = &other;
    else if (slot->live() && !(slot->key == key) && (!other.live() || other.depth < slot->depth))
      slot = &other;
    // Field by field: a temporary Entry copied in whole was read back across its narrow fields
    // just written (a store-forwarding stall).
    slot->key = key;
    slot->value = static_cast<std::int16_t>(value);
    slot->bound = bound;
    slot->depth = static_cast<std::uint8_t>(depth);
    slot->move = move;
  }

 private:
  std::size_t index(const Key& key) const { return static_cast<std::size_t>(key.hash()) & mask_; }

  std::vector<Entry> entries_;
  std::size_t mask_ = 0;
};

}  // namespace search
