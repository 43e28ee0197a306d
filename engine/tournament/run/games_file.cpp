#include "engine/tournament/run/games_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "engine/common/text.h"
#include "engine/tournament/config/experiment_config.h"

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
  out_.open(partial_, fresh ? std::ios::binary | std::ios::trunc : std::ios::binary | std::ios::app);
  if (!out_) throw io_error("write", partial_);
}

// A resumed file must hold every journalled record, ending at a line's end.
void GamesFile::check_against_journal(std::uint64_t journalled) {
  std::error_code ec;
  // The run was killed after renaming its finished records but before deleting its journal.
  if (!fs::exists(partial_, ec) && fs::exists(path_, ec) && fs::file_size(path_, ec) == journalled)
    fs::rename(path_, partial_, ec);
  const std::uint64_t size = fs::exists(partial_, ec) ? fs::file_size(partial_, ec) : 0;
  const auto refuse = [&](const std::string& why) {
    return ConfigError("games file " + common::quoted(partial_) + " " + why +
                       ", so its records no longer match the journal; run again with --restart "
                       "to replay every deal");
  };
  if (!fs::exists(partial_, ec) && journalled > 0) throw refuse("is missing");
  if (size < journalled)
    throw refuse("has " + std::to_string(size) + " bytes where the journal recorded " +
                 std::to_string(journalled));
  if (journalled > 0 && byte_at(partial_, journalled - 1) != '\n')
    throw refuse("does not end a record where the journal recorded one");
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
