// The one error every reader of this room raises for a file it refuses: a tensor file, a model's
// weights, a model's card. A caller that seats a model before any game catches it and prints what()
// as is: one line naming the file and what was wrong with it.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/common/text.h"

namespace nets {

/// Raised when a file of this room (tensor_file.h, model_card.h, model.h) cannot be read or is
/// refused. what() is one line: `WHAT "PATH": PROBLEM`, e.g. `model card "m.json": "kind" must be
/// one of policy, belief, value (got "polcy")`.
class FileError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Returns the FileError for `problem` in the file at `path`, of the kind `what` ("tensor file",
/// "model card", ...). The path is quoted as common::quoted quotes user text (one line), whole up
/// to 200 bytes so that a model in a deep folder is still named in full.
inline FileError file_error(const std::string& what, const std::string& path,
                            const std::string& problem) {
  return FileError(what + " " + common::quoted(path, 200) + ": " + problem);
}

}  // namespace nets
