// Small text helpers shared by every reader of user input (configs, command lines, specs,
// positions, puzzles): strict number parsing, comma lists, and quoting user text in an error
// message. One set of them, so every message cuts and escapes input the same way.
#pragma once

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace common {

/// The most characters of user input an error message echoes before it marks the cut.
inline constexpr std::size_t kEchoLimit = 80;

/// Returns the offset of the first byte of `text` that is not part of well-formed UTF-8 (RFC 3629:
/// no overlong forms, no surrogates, nothing above U+10FFFF), or std::string_view::npos when all
/// of it is. ASCII is UTF-8.
inline std::size_t invalid_utf8_at(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = byte(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;  // the allowed range of the second byte
    if (c >= 0xc2 && c <= 0xdf)
      length = 2;
    else if (c >= 0xe0 && c <= 0xef)
      length = 3, low = c == 0xe0 ? 0xa0 : 0x80, high = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4)
      length = 4, low = c == 0xf0 ? 0x90 : 0x80, high = c == 0xf4 ? 0x8f : 0xbf;
    else
      return i;
    if (i + length > text.size()) return i;
    if (byte(i + 1) < low || byte(i + 1) > high) return i;
    for (std::size_t k = 2; k < length; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return i;
    i += length;
  }
  return std::string_view::npos;
}

/// Returns `text` in double quotes for an error message: control characters (a newline, a tab)
/// shown as \n, \t or \xNN so the message stays one line, bytes that are not UTF-8 shown as \xNN
/// so the message stays text, and input longer than `limit` bytes cut there and marked
/// `...(N more bytes)`, so a 10 MB input does not make a 10 MB message.
inline std::string quoted(std::string_view text, std::size_t limit = kEchoLimit) {
  std::string out = "\"";
  const std::size_t shown = text.size() > limit ? limit : text.size();
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {  // a whole UTF-8 character within the cut is kept, any other byte escaped
      std::size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
      if (i + length <= shown &&
          invalid_utf8_at(text.substr(i, length)) == std::string_view::npos) {
        out.append(text.substr(i, length));
        i += length - 1;
        continue;
      }
    }
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (c < 0x20 || c >= 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += "\"";
  if (shown < text.size()) out += "...(" + std::to_string(text.size() - shown) + " more bytes)";
  return out;
}

/// Returns `text` as a Markdown table cell: every `|` escaped as `\|`, so it does not end the cell.
inline std::string markdown_cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

/// Returns `text` without leading and trailing spaces and tabs (and CR/LF).
inline std::string trimmed(std::string_view text) {
  const auto b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const auto e = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(b, e - b + 1));
}

/// Returns the integer written as the whole of `text` (decimal, optional leading '-' for signed
/// types, no spaces, no '+'), or nothing when it is not one or does not fit in Int. Unlike
/// std::stoll, "-1" is not an unsigned number and "12abc" is not 12.
template <typename Int>
std::optional<Int> parse_int(std::string_view text) {
  Int value{};
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

/// Returns the shortest decimal text that reads back as exactly `x` (std::to_chars), "0" for -0.
inline std::string shortest_decimal(double x) {
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x == 0 ? 0.0 : x);
  return std::string(buf, end);
}

/// Returns the finite real number written as the whole of `text` (e.g. "0.5", "-2", "1e3"), or
/// nothing when it is not one, is not finite (inf, nan) or is out of range.
inline std::optional<double> parse_double(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

/// Returns the items of a `sep`-separated list, each trimmed; "a, b,c" gives {"a","b","c"} and an
/// empty text gives one empty item (callers decide whether empty items are valid).
inline std::vector<std::string> split_list(std::string_view text, char sep = ',') {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t cut = text.find(sep, start);
    items.push_back(
        trimmed(text.substr(start, cut == std::string_view::npos ? text.npos : cut - start)));
    if (cut == std::string_view::npos) return items;
    start = cut + 1;
  }
}

/// Returns `word` quoted for a POSIX shell when it needs it (in single quotes, a ' inside written
/// '\''), so that a printed command line can be pasted back: "a b" becomes 'a b'.
inline std::string shell_word(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789-_./=:,+@%") == std::string::npos)
    return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace common
