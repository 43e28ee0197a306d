// Writing a file so that it is whole or absent, never cut short: the text goes to PATH.partial,
// which is then renamed over PATH (a rename within one file system is atomic), so a reader, or a
// run killed midway, never finds half a table, and an earlier PATH stays until its replacement is
// complete.
#pragma once

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "engine/common/text.h"

namespace common {

/// Writes `text` to `path` through path.partial and a rename. Throws std::runtime_error naming
/// the file and the system's reason when it cannot be written or renamed.
inline void write_whole_file(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path partial = path.string() + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush())
      throw std::runtime_error("cannot write " + common::quoted(partial.string()) + ": " +
                               std::strerror(errno));
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec)
    throw std::runtime_error("cannot rename " + common::quoted(partial.string()) + ": " +
                             ec.message());
}

}  // namespace common
