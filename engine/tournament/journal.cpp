#include "engine/tournament/journal.h"

#include <cinttypes>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tournament {
namespace {

std::uint64_t line_hash(const std::string& text) {
  std::uint64_t h = 0xCBF29CE484222325ull;  // FNV-1a
  for (unsigned char c : text) h = (h ^ c) * 0x100000001B3ull;
  return h;
}

std::string header(std::uint64_t fingerprint) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "dominoes-journal v1 %016" PRIx64, fingerprint);
  return buf;
}

std::string body(const JournalEntry& e) {
  const PairingTotals& t = e.totals;
  std::ostringstream os;
  os.precision(17);
  os << "chunk " << e.task << ' ' << e.index << ' ' << e.begin << ' ' << e.end << ' ' << t.deals
     << ' ' << t.games << ' ' << t.a_wins << ' ' << t.draws << ' ' << t.b_wins << ' ' << t.a_net.n
     << ' ' << t.a_net.sum << ' ' << t.a_net.sum_sq << ' ' << t.leader_games << ' '
     << t.leader_net << ' ' << t.seconds << ' ' << e.games_bytes;
  return os.str();
}

// Reads the entries of a journal written for `fingerprint`; stops at the first invalid line.
std::vector<JournalEntry> read_valid(const std::string& path, std::uint64_t fingerprint) {
  std::vector<JournalEntry> entries;
  std::ifstream in(path, std::ios::binary);
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream lines(content);
  std::string line;
  std::size_t consumed = 0;
  if (!std::getline(lines, line) || line != header(fingerprint)) return entries;
  consumed += line.size() + 1;
  while (std::getline(lines, line)) {
    consumed += line.size() + 1;
    JournalEntry e;
    if (consumed > content.size() || !parse_entry(line, e)) break;  // cut short or corrupt
    entries.push_back(e);
  }
  return entries;
}

}  // namespace

std::string format_entry(const JournalEntry& entry) {
  const std::string b = body(entry);
  char check[24];
  std::snprintf(check, sizeof check, " %016" PRIx64 "\n", line_hash(b));
  return b + check;
}

bool parse_entry(const std::string& line, JournalEntry& e) {
  const std::size_t space = line.rfind(' ');
  if (space == std::string::npos) return false;
  const std::string b = line.substr(0, space);
  char expected[24];
  std::snprintf(expected, sizeof expected, "%016" PRIx64, line_hash(b));
  if (line.substr(space + 1) != expected) return false;
  std::istringstream is(b);
  std::string word;
  PairingTotals& t = e.totals;
  is >> word >> e.task >> e.index >> e.begin >> e.end >> t.deals >> t.games >> t.a_wins >>
      t.draws >> t.b_wins >> t.a_net.n >> t.a_net.sum >> t.a_net.sum_sq >> t.leader_games >>
      t.leader_net >> t.seconds >> e.games_bytes;
  return word == "chunk" && !is.fail();
}

Journal Journal::open(const std::string& path, std::uint64_t fingerprint) {
  std::vector<JournalEntry> kept = read_valid(path, fingerprint);
  // Rewrite the valid part so that appends follow it directly, dropping any torn last line. The
  // copy is written aside and renamed over the old journal, so a kill here loses nothing.
  const std::string aside = path + ".partial";
  std::FILE* f = std::fopen(aside.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write journal \"" + aside + "\"");
  std::string text = header(fingerprint) + "\n";
  for (const auto& e : kept) text += format_entry(e);
  if (std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0 ||
      std::rename(aside.c_str(), path.c_str()) != 0) {
    std::fclose(f);
    throw std::runtime_error("cannot write journal \"" + path + "\"");
  }
  return Journal(path, f, std::move(kept));
}

Journal::Journal(Journal&& o) noexcept
    : path_(std::move(o.path_)), file_(o.file_), resumed_(std::move(o.resumed_)) {
  o.file_ = nullptr;
}

Journal::~Journal() {
  if (file_) std::fclose(file_);
}

void Journal::append(const JournalEntry& entry) {
  const std::string line = format_entry(entry);
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0)
    throw std::runtime_error("cannot append to journal \"" + path_ + "\"");
}

void Journal::remove() {
  if (file_) std::fclose(file_);
  file_ = nullptr;
  std::remove(path_.c_str());
}

}  // namespace tournament
