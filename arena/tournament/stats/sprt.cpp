#include "arena/tournament/stats/sprt.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/common/text.h"

namespace tournament {
namespace {

// GCC's and Clang's 128-bit integer (__extension__: not ISO C++, but on every target we build).
__extension__ using Int128 = __int128;

constexpr const char* kSprtForm = "p0=X,p1=Y[,alpha=A,beta=B], e.g. p0=0,p1=0.5";

std::string shortest(double x) {
  return common::shortest_decimal(x);
}

std::string bad(const std::string& text, const std::string& why) {
  return "sprt " + common::quoted(text) + " is not valid: " + why;
}

// Sets the one field `key` names; returns "" or what was wrong.
std::string set_field(SprtSettings& s, const std::string& key, double value) {
  if (key == "p0")
    s.p0 = value;
  else if (key == "p1")
    s.p1 = value;
  else if (key == "alpha")
    s.alpha = value;
  else if (key == "beta")
    s.beta = value;
  else
    return "unknown key " + common::quoted(key) + " (valid p0, p1, alpha, beta)";
  return "";
}

std::string check_ranges(const SprtSettings& s) {
  // No game or match scores near a million points; beyond, (s1 - s0) and (s0 + s1) in the LLR
  // overflow (p0=1e308,p1=1.7e308 gave an infinite difference and a NaN LLR).
  if (!(std::abs(s.p0) <= kMaxSprtPoints && std::abs(s.p1) <= kMaxSprtPoints))
    return "p0 and p1 must lie within -1e6..1e6 points per game (or match)";
  if (!(s.p1 > s.p0)) return "p1 must be greater than p0";
  if (!(s.alpha > 0 && s.alpha < 1) || !(s.beta > 0 && s.beta < 1))
    return "alpha and beta must lie strictly between 0 and 1";
  if (!(s.alpha + s.beta < 1)) return "alpha + beta must be less than 1";
  return "";
}

}  // namespace

std::string parse_sprt_settings(const std::string& text, SprtSettings& out) {
  SprtSettings s;
  s.enabled = true;
  bool has_p0 = false, has_p1 = false;
  for (const std::string& item : common::split_list(text)) {
    const auto eq = item.find('=');
    const auto value = eq == std::string::npos
                           ? std::nullopt
                           : common::parse_double(common::trimmed(item.substr(eq + 1)));
    if (!value) return bad(text, "each item is KEY=NUMBER: " + std::string(kSprtForm));
    const std::string key = common::trimmed(item.substr(0, eq));
    if (const std::string why = set_field(s, key, *value); !why.empty()) return bad(text, why);
    has_p0 |= key == "p0";
    has_p1 |= key == "p1";
  }
  if (!has_p0 || !has_p1) return bad(text, "p0 and p1 are required: " + std::string(kSprtForm));
  if (const std::string why = check_ranges(s); !why.empty()) return bad(text, why);
  out = s;
  return "";
}

std::string to_string(const SprtSettings& s) {
  return "p0=" + shortest(s.p0) + ",p1=" + shortest(s.p1) + ",alpha=" + shortest(s.alpha) +
         ",beta=" + shortest(s.beta);
}

SprtBounds sprt_bounds(const SprtSettings& s) {
  return {std::log(s.beta / (1 - s.alpha)), std::log((1 - s.beta) / s.alpha)};
}

double sprt_llr(const IntegerMoments& m, double s0, double s1) {
  if (m.n < 2) return 0;
  // n^2 v = n Q - S^2, exact in 128 bits (each term fits in 127 bits for any run we can play).
  const Int128 n = m.n, sum = m.sum;
  const Int128 spread = n * static_cast<Int128>(m.sum_sq) - sum * sum;
  if (spread <= 0) return 0;
  // With m = S/n and v = spread/n^2: LLR = n^2 (s1 - s0)(2 S - n (s0 + s1)) / (2 spread).
  const double nd = static_cast<double>(m.n);
  const double drift = 2 * static_cast<double>(m.sum) - nd * (s0 + s1);
  return nd * nd * (s1 - s0) * drift / (2 * static_cast<double>(spread));
}

double sprt_llr_per_game(const IntegerMoments& m, const SprtSettings& s, int games_per_unit) {
  return sprt_llr(m, games_per_unit * s.p0, games_per_unit * s.p1);
}

const char* to_string(SprtDecision d) {
  switch (d) {
    case SprtDecision::kH1:
      return "H1 accepted";
    case SprtDecision::kH0:
      return "H0 accepted";
    case SprtDecision::kNone:
      break;
  }
  return "no decision";
}

SprtDecision sprt_decide(double llr, const SprtBounds& b) {
  if (llr >= b.upper) return SprtDecision::kH1;
  if (llr <= b.lower) return SprtDecision::kH0;
  return SprtDecision::kNone;
}

std::string sprt_csv(const SprtTrace& trace) {
  std::ostringstream os;
  os << "deals,games,llr,lower,upper\n";
  char buf[160];
  for (const SprtStep& s : trace.steps) {
    std::snprintf(buf, sizeof buf, "%lld,%lld,%.6f,%.6f,%.6f\n", static_cast<long long>(s.deals),
                  static_cast<long long>(s.games), s.llr == 0 ? 0.0 : s.llr, trace.bounds.lower,
                  trace.bounds.upper);
    os << buf;
  }
  return os.str();
}

}  // namespace tournament
