// How the tables write numbers and text cells: one set of rules for summary, SPRT and rating
// tables, so the same value reads the same in every file.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace tournament {

/// Returns `x` with `decimals` decimals ("" for NaN, an empty cell); a value that rounds to zero
/// prints without a sign ("0.00", never "-0.00").
inline std::string fixed(double x, int decimals) {
  if (std::isnan(x)) return "";
  if (std::abs(x) < 0.5 * std::pow(10.0, -decimals)) x = 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

/// Returns `x` with four significant digits ("%.4g": "0.0123", "1.662e-74"), as p-values print.
inline std::string significant(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

/// Returns a p-value for people: tails beyond four decimals read as bounds ("<0.0001",
/// ">0.9999"), not as an exact 0 or 1; otherwise four significant digits.
inline std::string readable_p(double p) {
  if (p < 1e-4) return "<0.0001";
  if (p > 1 - 1e-4) return ">0.9999";
  return significant(p);
}

/// Returns `x` as fixed() does, with a sign as differences read: "+2.81", "-0.39", and "0.00"
/// for a value that rounds to zero.
inline std::string signed_fixed(double x, int decimals) {
  const std::string digits = fixed(std::abs(x), decimals);
  if (digits.empty() || digits.find_first_not_of("0.") == std::string::npos) return digits;
  return (x < 0 ? "-" : "+") + digits;
}

/// Returns `s` as one CSV field: quoted (inner quotes doubled) when it holds a comma, a quote or
/// a newline, as a full strategy spec may.
inline std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace tournament
