// Fuzz target: the experiment config reader (arena/tournament/config/experiment_config.h), as
// `dominoes run FILE --quiet` reads it. The input is written to a temporary file (one per
// process, rewritten for every input) and read with parse_run_arguments; it must be accepted or
// raise ConfigError. An accepted config must survive its own INI form: to_ini() read back gives
// the same INI text, with no error.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "arena/tournament/config/experiment_config.h"
#include "arena/tournament/config/run_arguments.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

// A file in the temporary directory, named after this process, removed at exit.
class TempFile {
 public:
  explicit TempFile(const std::string& stem)
      : path_(std::filesystem::temp_directory_path() /
              (stem + "-" + std::to_string(::getpid()) + ".cfg")) {}
  ~TempFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  /// Replaces the file's contents with `text`; returns its path.
  std::string write(std::string_view text) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    fuzz::require(static_cast<bool>(out), "cannot write the temporary config", path_.string());
    return path_.string();
  }

 private:
  std::filesystem::path path_;
};

tournament::RunRequest read(const std::string& path) {
  return tournament::parse_run_arguments({path, "--quiet"});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const TempFile input("dominoes-fuzz-config");
  static const TempFile rewritten("dominoes-fuzz-config-ini");
  tournament::RunRequest request;
  try {
    request = read(input.write(fuzz::as_text(data, size)));
  } catch (const tournament::ConfigError&) {
    return 0;
  }
  if (request.help) return 0;
  // Outside any try: a ConfigError on a file the program itself wrote is a defect.
  const std::string ini = tournament::to_ini(request.config);
  const std::string again = tournament::to_ini(read(rewritten.write(ini)).config);
  fuzz::require(again == ini, "to_ini does not read back to the same config",
                ini + "---\n" + again);
  return 0;
}
