#include "arena/tournament/report/sprt_report.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "arena/tournament/report/cell_text.h"

namespace tournament {
namespace {

std::string penta_line(const SummaryRow& r) {
  const PentanomialEstimate& e = r.penta_estimate;
  std::ostringstream os;
  os << "Pentanomial pairs from A's side (LL, LD+DL, LW+DD+WL, DW+WD, WW): " << r.penta[0] << ", "
     << r.penta[1] << ", " << r.penta[2] << ", " << r.penta[3] << ", " << r.penta[4] << "; score "
     << fixed(e.score, 4) << " ± " << fixed(e.score_ci95, 4);
  if (std::isnan(e.normalized_elo))
    os << "; normalized Elo undefined (no spread).";
  else
    os << "; normalized Elo " << fixed(e.normalized_elo, 1) << " [95% CI "
       << fixed(e.normalized_elo_ci95_low, 1) << ", " << fixed(e.normalized_elo_ci95_high, 1)
       << "].";
  return os.str();
}

}  // namespace

std::string sprt_verdict(SprtDecision decision, std::int64_t deals, double llr,
                         const SprtBounds& bounds) {
  return std::string(to_string(decision)) + " after " + std::to_string(deals) + " deals (LLR " +
         fixed(llr, 2) + ", bounds " + fixed(bounds.lower, 2) + ".." + fixed(bounds.upper, 2) + ")";
}

std::string sprt_markdown(const std::vector<SummaryRow>& rows, const ExperimentConfig& c) {
  const SprtSettings& s = c.sprt;
  std::ostringstream os;
  os << "\nSPRT (at most " << c.deals << " deals, checked every " << c.chunk
     << " deals): H0 A's points per " << (c.rules.match_target ? "match" : "game") << " <= " << s.p0
     << ", H1 >= " << s.p1 << ", alpha " << s.alpha << ", beta " << s.beta << ".\n";
  for (const auto& r : rows) {
    os << "\nSPRT: "
       << sprt_verdict(r.sprt_decision, r.deals_played, r.sprt_llr, {r.sprt_lower, r.sprt_upper})
       << ".\n";
    if (r.has_penta) os << "\n" << penta_line(r) << "\n";
  }
  return os.str();
}

}  // namespace tournament
