#include "arena/tournament/run/journal.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cstring>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/run/file_syncer.h"
#include "engine/common/hash.h"
#include "engine/common/limited_file.h"
#include "engine/common/text.h"

namespace tournament {
namespace {

constexpr const char* kMagic = "dominoes-journal ";
constexpr const char* kVersion = "v7";
// The previous format, still resumed and merged: its chunks carry no decision timings.
constexpr const char* kVersionWithoutHashes = "v6";
constexpr const char* kVersionWithoutTimings = "v5";

// A chunk line is a few hundred bytes and a key line holds one config value (at most a config
// file's line). The total allows millions of chunks. Bytes that are not UTF-8 are left to the
// lines' checks: a damaged chunk line is dropped and replayed, not a reason to refuse the journal.
constexpr common::ReadLimits kJournalLimits{std::size_t{1} << 20, std::uint64_t{1} << 30, false};

std::string key_lines(const JournalKeys& keys) {
  std::string text;
  for (const auto& [key, value] : keys) text += "key " + key + " = " + value + "\n";
  return text;
}

std::string body(const ChunkResult& e) {
  const PairingTotals& t = e.totals;
  std::ostringstream os;
  os.precision(17);
  const ChunkId& id = e.chunk;
  os << "chunk " << id.task << ' ' << id.index << ' ' << id.begin << ' ' << id.end;
  for_each_count(t, [&](std::int64_t count) { os << ' ' << count; });
  os << ' ' << t.seconds << ' ' << e.games_bytes << ' '
     << common::hex64(e.records_hash.value_or(common::fnv1a("")));
  return os.str();
}

ConfigError damaged(const std::string& path, const std::string& why) {
  return ConfigError("journal " + common::quoted(path) + " " + why +
                     "; move it away, or run again with --restart to discard it");
}

}  // namespace

std::string differing_keys(const JournalKeys& journal, const JournalKeys& now) {
  // Keys are compared by name, not by position: a key added or removed must not shift the others
  // into a false difference. A key may repeat (one value each time), so each name's values are
  // compared in order. Every differing key is named, in the journal's order then the new ones:
  // one change (dropping --seats 4) changes the defaults of several keys, and naming only the
  // first would hide the change that caused them.
  const auto values_of = [](const JournalKeys& keys, const std::string& name) {
    std::vector<std::string> values;
    for (const auto& [key, value] : keys)
      if (key == name) values.push_back(value);
    return values;
  };
  JournalKeys names = journal;
  names.insert(names.end(), now.begin(), now.end());
  std::vector<std::string> seen, differences;
  for (const auto& entry : names) {
    const std::string& key = entry.first;
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    const std::vector<std::string> was = values_of(journal, key), is = values_of(now, key);
    for (std::size_t i = 0; i < std::max(was.size(), is.size()); ++i) {
      const std::string there = i < was.size() ? was[i] : "(not set)";
      const std::string here = i < is.size() ? is[i] : "(not set)";
      if (there != here)
        differences.push_back(key + " is " + common::quoted(there, 60) + " there and " +
                              common::quoted(here, 60) + " now");
    }
  }
  if (differences.empty()) return "the same keys";  // not reached: called for lists that differ
  std::string text;
  for (const std::string& d : differences) text += (text.empty() ? "" : ", ") + d;
  return text;
}

namespace {

// Reads the header of `lines` (positioned at the start); returns the keys it names and sets
// `version_read` to its format, 7, 6 or 5. Throws ConfigError for a damaged header or an older
// format.
JournalKeys read_header(std::istringstream& lines, const std::string& path, int& version_read) {
  std::string line;
  if (!std::getline(lines, line) || line.rfind(kMagic, 0) != 0)
    throw damaged(path, "is not a dominoes journal (its first line is damaged)");
  std::istringstream first(line.substr(std::strlen(kMagic)));
  std::string version;
  first >> version;
  if (version == kVersion)
    version_read = 7;
  else if (version == kVersionWithoutHashes)
    version_read = 6;
  else if (version == kVersionWithoutTimings)
    version_read = 5;
  else
    throw damaged(path, "was written by an older version of dominoes (journal " + version + ")");
  std::string header = line + "\n";
  JournalKeys keys;
  while (std::getline(lines, line) && line.rfind("key ", 0) == 0) {
    header += line + "\n";
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos) throw damaged(path, "has a damaged header line");
    keys.emplace_back(line.substr(4, eq - 4), line.substr(eq + 3));
  }
  if (line != "keys-end " + common::hex64(common::fnv1a(header)))
    throw damaged(path, "has a damaged header (its check does not match)");
  return keys;
}

// Returns the number of lines left in `lines`, a last one without '\n' included.
int count_lines(std::istringstream& lines) {
  int count = 0;
  for (std::string line; std::getline(lines, line);) ++count;
  return count;
}

std::string dropped_note(const std::string& path, int line, int dropped) {
  return "journal " + common::quoted(path) + " line " + std::to_string(line) +
         " fails its check: it and every line after it, " + std::to_string(dropped) +
         (dropped == 1 ? " line" : " lines") + " in all, are dropped and their chunks played again";
}

// Reads the header and the entries of `content`, the journal at `path`; stops at the first
// invalid line. Throws ConfigError when the header is damaged.
JournalContents parse_journal(const std::string& content, const std::string& path) {
  std::istringstream lines(content);
  JournalContents journal;
  int version = 7;
  journal.keys = read_header(lines, path, version);
  std::size_t consumed = static_cast<std::size_t>(lines.tellg());
  int line_number = 1 + static_cast<int>(journal.keys.size()) + 1;  // the header's lines
  for (std::string line; std::getline(lines, line);) {
    consumed += line.size() + 1;
    ++line_number;
    ChunkResult e;
    if (consumed > content.size()) break;  // a last line cut short: a kill mid-write, expected
    if (!parse_entry(line, e, version)) {  // a whole line that fails its check: damage
      journal.dropped_note = dropped_note(path, line_number, 1 + count_lines(lines));
      break;
    }
    journal.entries.push_back(e);
  }
  return journal;
}

// Reads the entries of the journal at `path` written under `keys`; stops at the first invalid
// line. Throws ConfigError when the header is damaged or names other keys.
std::vector<ChunkResult> read_valid(const std::string& path, const JournalKeys& keys) {
  std::string content;
  try {
    content = common::read_limited_file(path, "journal", kJournalLimits);
  } catch (const common::ReadError& e) {
    if (e.error_number() == ENOENT) return {};  // no journal: nothing to resume
    throw ConfigError(e.what());
  }
  JournalContents journal = parse_journal(content, path);
  if (journal.keys != keys)
    throw ConfigError(
        "journal " + common::quoted(path) +
        " was written by a run of another experiment: " + differing_keys(journal.keys, keys) +
        "; run again with --restart to discard it, or choose another --out");
  // The run goes on (the dropped chunks are played again), but says so: damage is not silent.
  if (!journal.dropped_note.empty()) std::cerr << "dominoes: " << journal.dropped_note << std::endl;
  return std::move(journal.entries);
}

std::runtime_error io_error(const std::string& what, const std::string& path) {
  return std::runtime_error("cannot " + what + " journal " + common::quoted(path) + ": " +
                            std::strerror(errno));
}

}  // namespace

JournalContents read_journal(const std::string& path) {
  try {
    return parse_journal(common::read_limited_file(path, "journal", kJournalLimits), path);
  } catch (const common::ReadError& e) {
    throw ConfigError(e.what());
  }
}

std::string format_header(const JournalKeys& keys) {
  std::string header = std::string(kMagic) + kVersion + " " +
                       common::hex64(common::fnv1a(key_lines(keys))) + "\n" + key_lines(keys);
  return header + "keys-end " + common::hex64(common::fnv1a(header)) + "\n";
}

std::string format_entry(const ChunkResult& entry) {
  const std::string b = body(entry);
  return b + " " + common::hex64(common::fnv1a(b)) + "\n";
}

bool parse_entry(const std::string& line, ChunkResult& e, int version) {
  const std::size_t space = line.rfind(' ');
  if (space == std::string::npos) return false;
  const std::string b = line.substr(0, space);
  if (line.substr(space + 1) != common::hex64(common::fnv1a(b))) return false;
  std::istringstream is(b);
  std::string word;
  PairingTotals& t = e.totals;
  ChunkId& id = e.chunk;
  is >> word >> id.task >> id.index >> id.begin >> id.end;
  for_each_count(
      t, [&](std::int64_t& count) { is >> count; }, version >= 6);
  is >> t.seconds >> e.games_bytes;
  if (version >= 7) {
    std::string hash;
    is >> hash;
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(hash.data(), hash.data() + hash.size(), value, 16);
    if (error != std::errc() || end != hash.data() + hash.size() || hash.size() != 16) return false;
    e.records_hash = value;
  }
  std::string extra;
  return word == "chunk" && !is.fail() && !(is >> extra);
}

Journal::Journal(std::string path, std::FILE* file, std::vector<ChunkResult> resumed)
    : path_(std::move(path)),
      file_(file),
      syncer_(std::make_unique<FileSyncer>(fileno(file))),
      resumed_(std::move(resumed)) {}

Journal Journal::open(const std::string& path, const JournalKeys& keys, bool restart) {
  std::vector<ChunkResult> kept = restart ? std::vector<ChunkResult>{} : read_valid(path, keys);
  // Rewrite the valid part so that appends follow it directly, dropping any torn last line. The
  // copy is written aside and renamed over the old journal, so a kill here loses nothing.
  const std::string aside = path + ".partial";
  std::FILE* f = std::fopen(aside.c_str(), "wb");
  if (!f) throw io_error("write", aside);
  std::string text = format_header(keys);
  for (const auto& e : kept) text += format_entry(e);
  if (std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0 ||
      std::rename(aside.c_str(), path.c_str()) != 0) {
    const auto error = io_error("write", path);
    std::fclose(f);
    std::remove(aside.c_str());  // the half-written copy is ours: a run leaves none behind
    throw error;
  }
  return Journal(path, f, std::move(kept));
}

Journal::Journal(Journal&& o) noexcept
    : path_(std::move(o.path_)),
      file_(o.file_),
      syncer_(std::move(o.syncer_)),
      resumed_(std::move(o.resumed_)) {
  o.file_ = nullptr;
}

Journal::~Journal() {
  syncer_.reset();  // waits for the last sync
  if (file_) std::fclose(file_);
}

void Journal::append(const ChunkResult& entry) {
  if (const std::string why = syncer_->error(); !why.empty())
    throw std::runtime_error("cannot sync journal " + common::quoted(path_) + ": " + why);
  const std::string line = format_entry(entry);
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0)
    throw io_error("append to", path_);
  syncer_->request();
}

void Journal::remove() {
  syncer_.reset();
  if (file_) std::fclose(file_);
  file_ = nullptr;
  std::remove(path_.c_str());
}

}  // namespace tournament
