#include "engine/nets/softmax.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace nets {
namespace {

constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

void check_sizes(std::size_t logits, std::size_t mask, std::size_t out) {
  if (mask != logits || out != logits)
    throw std::invalid_argument("softmax: " + std::to_string(logits) + " logits, " +
                                std::to_string(mask) + " mask entries and " + std::to_string(out) +
                                " outputs; all three must be the same");
}

// Writes the masked log-softmax of one subset to `out`; returns false (writing -infinity
// everywhere) when the mask is all 0.
bool log_softmax_of(std::span<const float> logits, std::span<const std::uint8_t> mask,
                    std::span<double> out) {
  double top = kMinusInfinity;
  for (std::size_t i = 0; i < logits.size(); ++i)
    if (mask[i]) top = std::max(top, static_cast<double>(logits[i]));
  if (top == kMinusInfinity) {
    std::fill(out.begin(), out.end(), kMinusInfinity);
    return false;
  }
  double sum = 0;
  for (std::size_t i = 0; i < logits.size(); ++i)
    if (mask[i]) sum += std::exp(logits[i] - top);
  const double log_sum = top + std::log(sum);
  for (std::size_t i = 0; i < logits.size(); ++i)
    out[i] = mask[i] ? logits[i] - log_sum : kMinusInfinity;
  return true;
}

// Turns log-probabilities into probabilities in place (exp(-infinity) is 0).
void exponentiate(std::span<double> values) {
  for (double& v : values) v = std::exp(v);
}

void check_groups(std::size_t size, int group_size) {
  if (group_size < 1 || size % static_cast<std::size_t>(group_size) != 0)
    throw std::invalid_argument("softmax: groups of " + std::to_string(group_size) +
                                " do not divide " + std::to_string(size) + " logits");
}

}  // namespace

void masked_log_softmax(std::span<const float> logits, std::span<const std::uint8_t> mask,
                        std::span<double> out) {
  check_sizes(logits.size(), mask.size(), out.size());
  if (!log_softmax_of(logits, mask, out))
    throw std::invalid_argument("softmax: the mask allows no entry");
}

void masked_softmax(std::span<const float> logits, std::span<const std::uint8_t> mask,
                    std::span<double> out) {
  masked_log_softmax(logits, mask, out);
  exponentiate(out);
}

void group_log_softmax(std::span<const float> logits, int group_size,
                       std::span<const std::uint8_t> mask, std::span<double> out) {
  check_sizes(logits.size(), mask.size(), out.size());
  check_groups(logits.size(), group_size);
  const auto g = static_cast<std::size_t>(group_size);
  for (std::size_t begin = 0; begin < logits.size(); begin += g)
    log_softmax_of(logits.subspan(begin, g), mask.subspan(begin, g), out.subspan(begin, g));
}

void group_softmax(std::span<const float> logits, int group_size,
                   std::span<const std::uint8_t> mask, std::span<double> out) {
  group_log_softmax(logits, group_size, mask, out);
  exponentiate(out);
}

}  // namespace nets
