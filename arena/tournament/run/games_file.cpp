#include "arena/tournament/run/games_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "arena/tournament/config/experiment_config.h"
#include "engine/common/text.h"

namespace tournament {
namespace {

namespace fs = std::filesystem;

std::runtime_error io_error(const std::string& what, const std::string& path) {
  return std::runtime_error("cannot " + what + " games file " + common::quoted(path) + ": " +
                            std::strerror(errno));
}

char byte_at(const std::string& path, std::uint64_t offset) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(offset));
  char c = 0;
  in.get(c);
  return c;
}

}  // namespace

GamesFile::GamesFile(const std::string& path, std::uint64_t journalled_bytes, bool fresh)
    : path_(path), partial_(path.empty() ? "" : path + ".partial") {
  if (path.empty()) return;
  if (!fresh) check_against_journal(journalled_bytes);
  out_.open(partial_,
            fresh ? std::ios::binary | std::ios::trunc : std::ios::binary | std::ios::app);
  if (!out_) throw io_error("write", partial_);
}

// A resumed file must hold every journalled record, ending at a line's end.
void GamesFile::check_against_journal(std::uint64_t journalled) {
  std::error_code ec;
  const auto refuse = [&](const std::string& file, const std::string& why) {
    return ConfigError("games file " + common::quoted(file) + " " + why +
                       ", so its records no longer match the journal; run again with --restart "
                       "to replay every deal");
  };
  // A finished run renamed its records to path_: it was killed before deleting its journal, or
  // it is a shard, which keeps its journal for the merge and may have lost the journal's tail
  // since (the records past the journal are then cut back below and their chunks played again).
  // Records the journal counts (journalled > 0) are this run's, so they are taken back.
  if (journalled > 0 && !fs::exists(partial_, ec) && fs::exists(path_, ec)) {
    if (const auto size = fs::file_size(path_, ec); size < journalled)
      throw refuse(path_, "has " + std::to_string(size) + " bytes where the journal recorded " +
                              std::to_string(journalled));
    fs::rename(path_, partial_, ec);
    if (ec) throw io_error("take back", path_);
  }
  const std::uint64_t size = fs::exists(partial_, ec) ? fs::file_size(partial_, ec) : 0;
  if (!fs::exists(partial_, ec) && journalled > 0)
    throw refuse(partial_, "is missing, and so is " + common::quoted(path_));
  if (size < journalled)
    throw refuse(partial_, "has " + std::to_string(size) + " bytes where the journal recorded " +
                               std::to_string(journalled));
  if (journalled > 0 && byte_at(partial_, journalled - 1) != '\n')
    throw refuse(partial_, "does not end a record where the journal recorded one");
  // Records past the journalled size belong to a chunk that was never journalled: replayed now.
  if (size > journalled) fs::resize_file(partial_, journalled, ec);
  if (ec) throw io_error("cut back", partial_);
}

std::uint64_t GamesFile::append(const std::string& text) {
  out_ << text;
  out_.flush();
  if (!out_) throw io_error("write", partial_);
  return static_cast<std::uint64_t>(out_.tellp());
}

void GamesFile::finish() {
  if (!enabled()) return;
  out_.close();
  std::error_code ec;
  fs::rename(partial_, path_, ec);
  if (ec)
    throw std::runtime_error("cannot rename games file " + common::quoted(partial_) + " to " +
                             common::quoted(path_) + ": " + ec.message());
}

}  // namespace tournament
