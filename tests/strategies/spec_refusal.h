// A test helper shared by the strategy tests: the message a bad spec is refused with.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "strategies/registry.h"
#include "strategies/spec.h"

namespace strategies_test {

/// Returns the SpecError message Registry::builtin().make(spec) refuses `spec` with, after
/// checking that it is one line; records a test failure and returns "" when `spec` is accepted.
inline std::string spec_refusal(const std::string& spec) {
  try {
    strategies::Registry::builtin().make(spec);
    ADD_FAILURE() << spec << " was accepted";
  } catch (const strategies::SpecError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    return what;
  }
  return "";
}

}  // namespace strategies_test
