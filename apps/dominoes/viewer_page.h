// The page `dominoes view` writes: the game viewer (apps/dominoes/viewer/viewer.html, .css, .js,
// carried inside the program: embed.cmake there) with the games put inline, one self-contained
// HTML file that needs no server, no network and no other file.
#pragma once

#include <string>
#include <string_view>

namespace dominoes_cli {

/// Returns `json` (JSON text) made safe to stand inside an HTML <script> element: every '<' is
/// written as the JSON escape \u003c, so neither "</script>" nor "<!--" can end or change the
/// element, whatever strings the games hold. JSON allows '<' only inside strings, where the
/// escape means the same character, so JSON.parse reads the same value back. (U+2028 and U+2029
/// are left to the caller: nlohmann's dump with ensure_ascii writes every non-ASCII character as
/// an escape already.)
std::string json_for_script(std::string_view json);

/// Returns the viewer page with `data_json` as its data: a JSON object
/// {"source": NAME, "games": [RECORD, ...]} (view_command.h), escaped here by json_for_script.
/// Throws std::logic_error when the template lacks one of its markers (a broken build).
std::string viewer_page(std::string_view data_json);

}  // namespace dominoes_cli
