// Turning a network's outputs (logits) into probabilities:
//   - masked softmax: a policy's distribution over the legal actions only (mask 1 = legal), the
//     illegal actions getting probability 0 whatever their logits;
//   - grouped softmax: a belief's distribution per tile, over the places that tile may be in
//     (logits tile-major, `group_size` places a tile; mask 1 = possible place);
//   - sigmoid: one logit as a probability.
// Each subtracts the largest logit of its subset before exponentiating (the usual stable form:
// softmax is unchanged by adding a constant to every logit), and sums in double precision.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>

namespace nets {

/// Writes to out[i] the log of the softmax of the logits over the entries with mask[i] != 0:
/// logits[i] - log(sum over masked-in j of exp(logits[j])), and -infinity where mask[i] == 0.
/// `logits`, `mask` and `out` have the same size. Throws std::invalid_argument when the sizes
/// differ or no entry is masked in. Natural logarithms.
void masked_log_softmax(std::span<const float> logits, std::span<const std::uint8_t> mask,
                        std::span<double> out);

/// Writes to out[i] the softmax of the logits over the entries with mask[i] != 0 (they sum to 1),
/// and 0 where mask[i] == 0. Sizes and errors as masked_log_softmax.
void masked_softmax(std::span<const float> logits, std::span<const std::uint8_t> mask,
                    std::span<double> out);

/// For each group g of `group_size` consecutive logits (entries g x group_size ..
/// g x group_size + group_size - 1), writes the masked softmax of that group alone, as
/// masked_softmax does; a group whose mask is all 0 (a tile whose place is known) gets all 0.
/// `logits`, `mask` and `out` have the same size, a multiple of group_size. Throws
/// std::invalid_argument when the sizes differ or group_size < 1 or does not divide the size.
void group_softmax(std::span<const float> logits, int group_size,
                   std::span<const std::uint8_t> mask, std::span<double> out);

/// As group_softmax, the natural log of each probability: -infinity where the mask is 0 (also
/// for every entry of a group whose mask is all 0).
void group_log_softmax(std::span<const float> logits, int group_size,
                       std::span<const std::uint8_t> mask, std::span<double> out);

/// Returns 1 / (1 + exp(-x)), computed without overflow for any x (a logit as a probability).
inline double sigmoid(double x) {
  if (x >= 0) return 1 / (1 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1 + e);
}

}  // namespace nets
