// Shared by the fuzz targets in tests/fuzz/: the entry point every target defines, and a check
// for properties beyond "does not crash" (a round trip, an invariant). A failed check aborts with
// its message, so libFuzzer (scripts/fuzz) and the replay driver (replay_main.cpp, run by ctest)
// both report it as a crash of that input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

/// libFuzzer's entry point: runs the target on one input; returns 0.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

/// Aborts with "fuzz check failed: WHAT (DETAIL)" on stderr unless `ok`.
inline void require(bool ok, const char* what, const std::string& detail = {}) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s (%s)\n", what, detail.c_str());
  std::abort();
}

/// Returns the input as text.
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace fuzz
