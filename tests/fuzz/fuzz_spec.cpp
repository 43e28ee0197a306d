// Fuzz target: strategy specs, `name(key=value,...)` (strategies/spec.h, strategies/registry.h).
// Any text must parse or raise SpecError; nothing else may escape. A spec the registry accepts
// must canonicalise to a fixed point: canonical(canonical(x)) == canonical(x), with no error.
#include <optional>
#include <string>

#include "strategies/registry.h"
#include "strategies/spec.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

std::optional<std::string> canonical_or_nothing(std::string_view text) {
  try {
    return strategies::Registry::builtin().canonical(text);
  } catch (const strategies::SpecError&) {
    return std::nullopt;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  try {
    strategies::parse_spec(text);
  } catch (const strategies::SpecError&) {
  }
  const std::optional<std::string> canonical = canonical_or_nothing(text);
  if (!canonical) return 0;
  // Outside any try: a SpecError on a spec the registry itself wrote is a defect.
  const std::string again = strategies::Registry::builtin().canonical(*canonical);
  fuzz::require(again == *canonical, "canonical spec is not a fixed point",
                *canonical + " -> " + again);
  return 0;
}
