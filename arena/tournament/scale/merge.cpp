#include "arena/tournament/scale/merge.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "arena/tournament/config/run_arguments.h"
#include "arena/tournament/report/write_tables.h"
#include "arena/tournament/run/chunk_tally.h"
#include "arena/tournament/run/finished_tables.h"
#include "arena/tournament/run/journal.h"
#include "arena/tournament/run/output_lock.h"
#include "arena/tournament/scale/shard_run.h"
#include "engine/common/hash.h"
#include "engine/common/limited_file.h"
#include "engine/common/same_file.h"
#include "engine/common/text.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;

// One shard directory and what its journal holds.
struct ShardFiles {
  Shard shard;
  fs::path dir;
  std::vector<ChunkResult> entries;
  std::string dropped_note;  // why some of its journal's lines were dropped (journal.h), or ""
};

// Returns the first shard's note on lines its journal dropped, or "": the chunks of those lines
// count as missing, and the merge says why.
std::string dropped_note(const std::vector<ShardFiles>& shards) {
  for (const auto& s : shards)
    if (!s.dropped_note.empty()) return s.dropped_note;
  return "";
}

// Where one journalled piece of a chunk's game records lies: bytes [begin, end) of a shard's
// records file, and the hash its journal line gives them (none from a journal before v7). A chunk
// journalled in pieces (a shard stopped mid-chunk and resumed) has one span per piece.
struct RecordSpan {
  std::size_t shard = 0;  // index into the shard list
  std::uint64_t begin = 0, end = 0;
  std::int64_t first_deal = 0, end_deal = 0;  // the piece's deals: [first_deal, end_deal)
  std::optional<std::uint64_t> hash;
};

std::string name_of(const ShardFiles& s) {
  return s.shard.directory();
}

// Returns the shard directories of `dir` in shard order; refuses none and mixed splits.
std::vector<ShardFiles> find_shards(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw ConfigError(common::quoted(dir.string()) +
                      " is not a directory: give the output "
                      "directory of a sharded run (the one holding shard-K-of-N/)");
  std::vector<ShardFiles> shards;
  for (const auto& item : fs::directory_iterator(dir, ec)) {
    Shard shard;
    if (item.is_directory() && parse_shard_directory(item.path().filename().string(), shard))
      shards.push_back({shard, item.path(), {}, {}});
  }
  if (shards.empty())
    throw ConfigError(common::quoted(dir.string()) +
                      " holds no shard directories "
                      "(shard-K-of-N): run `dominoes run CONFIG --shard K/N` with out = this "
                      "directory first");
  std::sort(shards.begin(), shards.end(),
            [](const auto& a, const auto& b) { return a.shard.index < b.shard.index; });
  for (const auto& s : shards)
    if (s.shard.count != shards.front().shard.count)
      throw ConfigError(common::quoted(dir.string()) + " holds shards of different splits, " +
                        name_of(shards.front()) + " and " + name_of(s) +
                        ": merge the shards of one split (move the others away)");
  return shards;
}

// Reads the experiment from the first shard directory's config.cfg that exists (a shard writes it
// when it starts), its output directory set to `dir`.
ExperimentConfig read_config(const std::vector<ShardFiles>& shards, const fs::path& dir) {
  std::error_code ec;
  const auto first = std::find_if(shards.begin(), shards.end(), [&](const ShardFiles& s) {
    return fs::exists(s.dir / "config.cfg", ec);
  });
  if (first == shards.end())
    throw ConfigError("no shard directory in " + common::quoted(dir.string()) +
                      " holds a "
                      "config.cfg (no shard has started): run `dominoes run CONFIG --shard K/N` "
                      "first");
  const fs::path file = first->dir / "config.cfg";
  ExperimentConfig config;
  try {
    config = parse_run_arguments({file.string()}).config;
  } catch (const ConfigError& e) {
    throw ConfigError("in " + common::quoted(file.string()) + ": " + e.what());
  }
  // The run wrote its own spelling of the directory into config.cfg; keep it when it is this one.
  if (!fs::equivalent(config.out_dir, dir, ec)) config.out_dir = dir.string();
  return config;
}

// Reads each shard's journal, refusing one written under other keys than `config`'s and this
// build's. A shard with no journal yet has no chunks.
void read_journals(std::vector<ShardFiles>& shards, const ExperimentConfig& config) {
  for (auto& s : shards) {
    const fs::path path = s.dir / kJournalFile;
    std::error_code ec;
    if (!fs::exists(path, ec)) continue;
    JournalContents journal = read_journal(path.string());
    const auto expected = shard_journal_keys(config, s.shard);
    if (journal.keys != expected)
      throw ConfigError("cannot merge " + name_of(s) +
                        ": it was played under another config or "
                        "build than the shards' config.cfg and this dominoes: " +
                        differing_keys(journal.keys, expected));
    s.dropped_note = std::move(journal.dropped_note);
    s.entries = std::move(journal.entries);
  }
}

// Adds every shard's chunks to `tally`; returns where each chunk's records lie.
std::map<std::int64_t, std::vector<RecordSpan>> gather(const std::vector<ShardFiles>& shards,
                                                       ChunkTally& tally) {
  std::map<std::int64_t, std::vector<RecordSpan>> spans;
  for (std::size_t k = 0; k < shards.size(); ++k) {
    std::uint64_t bytes = 0;
    for (const ChunkResult& e : shards[k].entries) {
      const std::int64_t g = tally.plan().global(e.chunk);
      if (!shards[k].shard.owns(g))
        throw ConfigError(name_of(shards[k]) + "'s journal holds chunk " + std::to_string(g) +
                          ", which belongs to shard " + std::to_string(g % shards[k].shard.count) +
                          ": it is damaged");
      if (!tally.add(e)) {
        const std::size_t first = spans[g].empty() ? k : spans[g].front().shard;
        throw ConfigError(describe(e.chunk) + " is counted twice, " +
                          (first == k ? "in " + name_of(shards[k]) + "'s journal: it is damaged"
                                      : "in " + name_of(shards[first]) + " and " +
                                            name_of(shards[k]) + ": keep one copy of each shard"));
      }
      spans[g].push_back({k, bytes, e.games_bytes, e.chunk.begin, e.chunk.end, e.records_hash});
      bytes = e.games_bytes;
    }
  }
  return spans;
}

// One line naming the missing chunks, shard by shard (a few chunks of the first few shards).
std::string describe_missing(const std::vector<std::int64_t>& missing,
                             const std::vector<ShardFiles>& shards, int count) {
  constexpr std::size_t kShown = 5;
  std::map<int, std::vector<std::int64_t>> by_shard;
  for (const std::int64_t g : missing) by_shard[static_cast<int>(g % count)].push_back(g);
  std::string text = std::to_string(missing.size()) +
                     (missing.size() == 1 ? " chunk is missing:" : " chunks are missing:");
  std::size_t listed = 0;
  for (const auto& [k, chunks] : by_shard) {
    if (listed == kShown) {
      text += "; and " + std::to_string(by_shard.size() - kShown) + " more shards";
      break;
    }
    const bool present = std::any_of(shards.begin(), shards.end(),
                                     [&](const auto& s) { return s.shard.index == k; });
    text += std::string(listed++ ? "; " : " ") + Shard{k, count}.directory() +
            (present ? " has not finished chunks " : " is absent (chunks ");
    for (std::size_t i = 0; i < chunks.size() && i < kShown; ++i)
      text += (i ? ", " : "") + std::to_string(chunks[i]);
    if (chunks.size() > kShown) text += ", ... (" + std::to_string(chunks.size()) + " in all)";
    if (!present) text += ")";
  }
  return text;
}

// The journal holds only the records' byte counts, so each record copied is checked against the
// chunk it belongs to: a JSON object whose deal is one of the chunk's. Throws ConfigError naming
// the file and the byte where a record is not.
// Returns what is wrong with one record `line` of `span`, or "" when it is a record of the chunk.
std::string record_problem(std::string_view line, const RecordSpan& span) {
  const auto record = nlohmann::json::parse(line, nullptr, false);
  if (record.is_discarded()) return "not a JSON record";
  const bool has_deal =
      record.is_object() && record.contains("deal") && record["deal"].is_number_integer();
  const std::int64_t deal = has_deal ? record["deal"].get<std::int64_t>() : -1;
  if (deal >= span.first_deal && deal < span.end_deal) return "";
  return "not a record of deals " + std::to_string(span.first_deal) + ".." +
         std::to_string(span.end_deal - 1) + ", the chunk its journal puts there";
}

void check_records(const std::string& bytes, const fs::path& from, const RecordSpan& span) {
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t end = bytes.find('\n', at);
    const std::string why =
        end == std::string::npos
            ? "a record cut short"
            : record_problem(std::string_view(bytes).substr(at, end - at), span);
    if (!why.empty())
      throw ConfigError("games file " + common::quoted(from.string()) + " byte " +
                        std::to_string(span.begin + at) + ": " + why +
                        ": its shard's records are damaged; run that shard again with --restart");
    at = end + 1;
  }
}

// Copies the records of `span` from `from` to `out`, each checked (check_records).
void copy_span(const fs::path& from, const RecordSpan& span, std::ofstream& out) {
  try {
    common::require_regular_file(from.string(), "games file");
  } catch (const common::ReadError& e) {
    throw ConfigError(e.what());
  }
  std::ifstream in(from, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(span.begin));
  std::string bytes(span.end - span.begin, '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size())))
    throw ConfigError("games file " + common::quoted(from.string()) +
                      " is shorter than its "
                      "shard's journal records: run that shard again with --restart");
  check_records(bytes, from, span);  // records out of place or not JSON, named precisely
  if (span.hash && common::fnv1a(bytes) != *span.hash)
    throw ConfigError("games file " + common::quoted(from.string()) + " bytes " +
                      std::to_string(span.begin) + ".." + std::to_string(span.end) +
                      ": the records of deals " + std::to_string(span.first_deal) + ".." +
                      std::to_string(span.end_deal - 1) +
                      " are not those its shard journalled (edited or damaged); run that shard "
                      "again with --restart");
  out << bytes;
}

// Writes the records of every summed chunk, in chunk order, to config.games_out (through
// .partial and a rename, as a run does).
void join_records(const ExperimentConfig& config, const std::vector<ShardFiles>& shards,
                  const ChunkTally& tally,
                  const std::map<std::int64_t, std::vector<RecordSpan>>& spans) {
  std::error_code ec;
  const fs::path parent = fs::absolute(config.games_out, ec).parent_path();
  if (!fs::is_directory(parent, ec))
    throw ConfigError("games-out " + common::quoted(config.games_out) + ": directory " +
                      common::quoted(parent.string()) +
                      " does not exist here (a relative path is "
                      "taken from where the merge runs: run it where the shards ran)");
  const std::string partial = config.games_out + ".partial";
  std::ofstream out(partial, std::ios::binary | std::ios::trunc);
  try {
    for (int t = 0; t < tally.plan().tasks(); ++t)
      for (std::int64_t c = 0; c < tally.summed_chunks(t); ++c) {
        for (const RecordSpan& span : spans.at(tally.plan().global(t, c))) {
          const fs::path dir = shards[span.shard].dir;
          const fs::path finished = dir / kShardGamesFile;
          const fs::path file =
              fs::exists(finished, ec) ? finished : fs::path(finished.string() + ".partial");
          copy_span(file, span, out);
        }
      }
  } catch (const ConfigError&) {
    out.close();
    fs::remove(partial, ec);  // the merge's own half-written copy
    throw;
  }
  out.close();
  if (out.fail()) ec = std::make_error_code(std::errc::io_error);
  if (!ec) fs::rename(partial, config.games_out, ec);
  if (ec)
    throw std::runtime_error("cannot write games file " + common::quoted(config.games_out) + ": " +
                             ec.message());
}

// The merge reads the shards' files: its games-out (and games-out.partial) must be none of them.
void check_records_not_read(const ExperimentConfig& config, const std::vector<ShardFiles>& shards) {
  if (config.games_out.empty()) return;
  for (const auto& s : shards)
    for (const std::string name : {kJournalFile, "config.cfg", kShardGamesFile})
      for (const fs::path& input : {s.dir / name, s.dir / (name + ".partial")})
        for (const std::string& out : {config.games_out, config.games_out + ".partial"})
          if (common::same_existing_file(out, input.string()))
            throw ConfigError("games-out " + common::quoted(out) + " is " + name_of(s) + "'s " +
                              input.filename().string() +
                              ", which the merge reads: give the "
                              "shards' config another games-out");
}

std::string partial_note(const MergeResult& r, std::int64_t chunks_total) {
  return "partial merge: " + std::to_string(r.missing.size()) + " of " +
         std::to_string(chunks_total) + " chunks are missing (" + std::to_string(r.shards_found) +
         " of " + std::to_string(r.shard_count) +
         " shards found); these tables cover the chunks present";
}

}  // namespace

MergeResult merge_shards(const strategies::Registry& registry, const std::string& dir,
                         bool partial) {
  std::vector<ShardFiles> shards = find_shards(dir);
  MergeResult result;
  result.config = read_config(shards, dir);
  validate(result.config, registry);
  read_journals(shards, result.config);
  result.shard_count = shards.front().shard.count;
  result.shards_found = static_cast<int>(shards.size());
  ChunkTally tally(result.config, make_tasks(result.config));
  const auto spans = gather(shards, tally);
  result.chunks_read = static_cast<std::int64_t>(spans.size());
  result.missing = tally.missing();
  const std::string dropped = dropped_note(shards);
  if (result.partial() && !partial)
    throw ConfigError(describe_missing(result.missing, shards, result.shard_count) +
                      (dropped.empty() ? "" : " (" + dropped + ")") +
                      "; run those shards again (each resumes from its journal), or write the "
                      "tables of what is there with --partial");
  if (!dropped.empty()) std::cerr << "dominoes: merge: " << dropped << std::endl;
  result.tasks = tally.results(result.partial());
  check_records_not_read(result.config, shards);
  const OutputLock lock = OutputLock::acquire(result.config.out_dir);
  refuse_other_experiments_tables(result.config, registry);
  if (!result.config.games_out.empty() && !result.partial())
    join_records(result.config, shards, tally, spans);
  result.table_paths =
      write_tables(result.config, result.tasks,
                   result.partial() ? partial_note(result, tally.plan().size()) : "");
  return result;
}

}  // namespace tournament
