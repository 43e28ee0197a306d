// JSON values and nlohmann-json's parse errors as text for this room's one-line error messages.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/common/text.h"

namespace nets {

/// Returns `j` as a message shows it: text in double quotes (common::quoted), anything else as
/// compact JSON, cut after 80 bytes.
inline std::string json_shown(const nlohmann::json& j) {
  if (j.is_string()) return common::quoted(j.get<std::string>());
  std::string text = j.dump();
  if (text.size() > common::kEchoLimit) text = text.substr(0, common::kEchoLimit) + "...";
  return text;
}

/// Returns the message of nlohmann-json's exception `e` without its "[json.exception...] " tag,
/// every byte outside printable ASCII shown as \xNN (its "last read" echoes the input's bytes)
/// and cut after 200 bytes, so the message stays one line of text.
inline std::string json_error_text(const nlohmann::json::exception& e) {
  std::string_view what = e.what();
  if (const auto tag = what.find("] "); what.starts_with("[json.") && tag != what.npos)
    what.remove_prefix(tag + 2);
  std::string out;
  for (std::size_t i = 0; i < what.size() && i < 200; ++i) {
    const auto c = static_cast<unsigned char>(what[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    }
  }
  if (what.size() > 200) out += "...";
  return out;
}

}  // namespace nets
