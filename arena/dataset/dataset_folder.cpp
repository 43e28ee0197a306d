#include "arena/dataset/dataset_folder.h"

#include <cstdio>
#include <filesystem>

#include "arena/dataset/manifest.h"
#include "arena/tournament/config/experiment_config.h"
#include "engine/common/text.h"

namespace dataset {
namespace {

namespace fs = std::filesystem;

// Returns a file of `dir` that a dataset did not start with, or "" when there is none: what a
// process killed before its manifest was written leaves (the lock, a half-written manifest)
// does not count.
std::string other_file(const fs::path& dir) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name != tournament::kLockFile && name != std::string(kManifestFile) + ".partial")
      return name;
  }
  return "";
}

}  // namespace

std::string chunk_file_name(std::int64_t global) {
  char name[48];
  std::snprintf(name, sizeof name, "chunk-%06lld.safetensors", static_cast<long long>(global));
  return name;
}

void check_dataset_folder(const std::string& dir, const tournament::JournalKeys& keys) {
  const fs::path folder(dir);
  std::error_code ec;
  if (!fs::exists(folder, ec)) return;
  const std::string out = "out " + common::quoted(dir);
  if (!fs::is_directory(folder, ec))
    throw tournament::ConfigError(out + " is a file, not a directory");
  const fs::path manifest = folder / kManifestFile;
  if (!fs::exists(manifest, ec)) {
    const std::string other = other_file(folder);
    if (other.empty()) return;
    throw tournament::ConfigError(out + " holds files that dominoes dataset did not write (" +
                                  common::quoted(other) +
                                  "): give a new or empty folder, or the folder of this dataset");
  }
  const tournament::JournalKeys there = read_manifest_keys(manifest.string());
  if (there != keys)
    throw tournament::ConfigError(out + " holds a dataset of another configuration (" +
                                  tournament::differing_keys(there, keys) +
                                  "): choose another --out, or give that configuration again to "
                                  "resume or keep that dataset");
}

}  // namespace dataset
