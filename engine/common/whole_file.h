// Writing a file so that it is whole or absent, never cut short: the text goes to PATH.partial,
// which is then renamed over PATH (a rename within one file system is atomic), so a reader, or a
// run killed midway, never finds half a table, and an earlier PATH stays until its replacement is
// complete.
//
// The writer replaces regular files only: PATH must be absent or a regular file (a device, FIFO,
// directory or symbolic link is refused, so `--out /dev/null` never replaces the machine's
// /dev/null), and PATH.partial is created anew (O_CREAT | O_EXCL | O_NOFOLLOW), never opened
// through a link an attacker or a mistake left there. A failed write removes the PATH.partial it
// created.
#pragma once

#include <filesystem>
#include <string>

namespace common {

/// Throws std::runtime_error "cannot write PATH: it is a directory (...)" unless `path` is absent
/// or a regular file (a symbolic link is not followed: it is refused too), when path.partial
/// exists and is not a regular file, or when the folder `path` would go in does not exist. Cheap:
/// call it before long work so a bad output fails fast.
void check_replaceable(const std::filesystem::path& path);

/// Writes `text` to `path` through path.partial and a rename. A leftover path.partial that is a
/// regular file (an earlier write that was killed) is replaced; anything else there is refused.
/// Throws std::runtime_error naming the file and the reason when `path` may not be replaced
/// (check_replaceable) or cannot be written or renamed; then neither file has changed.
void write_whole_file(const std::filesystem::path& path, const std::string& text);

}  // namespace common
