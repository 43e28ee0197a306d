// A table of keys: the one declaration of a set of settings (the rules of a variant, the keys of
// an experiment) from which every front door is made. Each key has a name (its config-file
// spelling), a kind, the values it accepts, one line of help, and two functions: `set` reads a
// value written as text into the settings, `values` writes the settings' value back as text. The
// default is not written down a second time: it is `values` of a default-constructed Target.
//
// The command line's options, the config reader, the Python keywords, the key tables of the docs
// and the shell completion are all built from such a table (arena/tournament/config/
// experiment_keys.h), so no front door can accept a key, a value or a default the others do not.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/common/text.h"

namespace common {

/// What a key's value is; it decides the key's command-line form (a boolean is the flag pair
/// --KEY / --no-KEY), what Python passes for it, and how the docs describe it.
enum class KeyKind {
  kInteger,   ///< a whole number
  kNumber,    ///< a real number
  kBoolean,   ///< true or false; on the command line a flag
  kChoice,    ///< one word of a fixed list (`choices`)
  kText,      ///< free text: a name, a path, a list written with commas
  kRepeated,  ///< given once per value, in order (e.g. one `player` line per player)
};

/// Returns the kind's name as the docs' tables show it: "integer", "number", "boolean",
/// "choice", "text" or "repeated text".
inline std::string to_string(KeyKind kind) {
  switch (kind) {
    case KeyKind::kInteger:
      return "integer";
    case KeyKind::kNumber:
      return "number";
    case KeyKind::kBoolean:
      return "boolean";
    case KeyKind::kChoice:
      return "choice";
    case KeyKind::kText:
      return "text";
    case KeyKind::kRepeated:
      return "repeated text";
  }
  return "?";
}

/// A value a key cannot take; what() is one line naming the key, the value and the valid ones.
class KeyError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Returns the one-line message for `text` given to key `name`:
/// `NAME "TEXT" is not valid: valid VALID`.
inline std::string invalid_value(const std::string& name, const std::string& text,
                                 const std::string& valid) {
  return name + " " + common::quoted(text) + " is not valid: valid " + valid;
}

/// Returns the integer written as `text` when it lies in [min, max]; else throws KeyError naming
/// key `name`, the text and `valid`.
template <typename Int>
Int parse_key_integer(const std::string& name, const std::string& text, Int min, Int max,
                      const std::string& valid) {
  const auto value = common::parse_int<Int>(text);
  if (!value || *value < min || *value > max) throw KeyError(invalid_value(name, text, valid));
  return *value;
}

/// Returns true for "true" and false for "false"; else throws KeyError naming key `name`.
inline bool parse_key_boolean(const std::string& name, const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  throw KeyError(invalid_value(name, text, "true or false"));
}

/// One key of a table of settings `Target`.
template <typename Target>
struct Key {
  std::string name;  ///< the config-file spelling, e.g. "hand-size"; the option is --NAME
  KeyKind kind = KeyKind::kText;
  std::string valid;  ///< the values it accepts, as error messages say it ("1 to 2^40")
  std::string help;   ///< one line: what it decides
  std::vector<std::string> choices;  ///< the words a kChoice key accepts, in the docs' order
  /// Reads `text` into the target (a kRepeated key appends one value); throws KeyError.
  std::function<void(Target&, const std::string&)> set;
  /// Returns the target's value as config text: one string, or one per value of a kRepeated
  /// key (none when it has none).
  std::function<std::vector<std::string>(const Target&)> values;
  /// A kRepeated key only: forgets its values, so a later source replaces them.
  std::function<void(Target&)> clear;
  /// What the help says of the default when it depends on other keys ("true with 4 seats, else
  /// false"); empty: the default Target's value (default_text).
  std::string default_note = {};
};

/// Returns key `name`'s default as config text: its values in a default Target, joined by ", "
/// ("" when it has none).
template <typename Target>
std::string default_text(const Key<Target>& key) {
  std::string text;
  for (const std::string& value : key.values(Target{})) text += (text.empty() ? "" : ", ") + value;
  return text;
}

/// Returns the key of `keys` named `name`, or nullptr.
template <typename Target>
const Key<Target>* find_key(const std::vector<Key<Target>>& keys, const std::string& name) {
  for (const auto& key : keys)
    if (key.name == name) return &key;
  return nullptr;
}

/// Returns every key's name, joined by ", ", for "valid keys: ..." messages.
template <typename Target>
std::string key_names(const std::vector<Key<Target>>& keys) {
  std::string names;
  for (const auto& key : keys) names += (names.empty() ? "" : ", ") + key.name;
  return names;
}

/// Returns `key` reading and writing a part of a larger Outer (e.g. the rules inside an
/// experiment), reached by `part`.
template <typename Outer, typename Inner>
Key<Outer> lift_key(const Key<Inner>& key, Inner Outer::*part) {
  Key<Outer> outer{key.name, key.kind, key.valid, key.help,        key.choices,
                   {},       {},       {},        key.default_note};
  outer.set = [set = key.set, part](Outer& o, const std::string& text) { set(o.*part, text); };
  outer.values = [values = key.values, part](const Outer& o) { return values(o.*part); };
  if (key.clear) outer.clear = [clear = key.clear, part](Outer& o) { clear(o.*part); };
  return outer;
}

/// Returns the words of `choices` as error messages list them: "a, b or c".
inline std::string choice_list(const std::vector<std::string>& choices) {
  std::string text;
  for (std::size_t i = 0; i < choices.size(); ++i)
    text += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  return text;
}

/// Returns the help line of `key` as the command line shows it: its help, then its valid values
/// and its default in parentheses, e.g. "deals per pairing (1 to 2^40; default 100000)".
template <typename Target>
std::string option_help(const Key<Target>& key) {
  const std::string fallback = key.default_note.empty() ? default_text(key) : key.default_note;
  return key.help + " (" + key.valid + (fallback.empty() ? "" : "; default " + fallback) + ")";
}

/// Returns the table as Markdown: one row per key with its name, kind, default, valid values
/// and help, `|` in a cell escaped.
template <typename Target>
std::string markdown_table(const std::vector<Key<Target>>& keys) {
  std::string table = "| key | kind | default | valid | meaning |\n|---|---|---|---|---|\n";
  for (const auto& key : keys) {
    const std::string fallback = key.default_note.empty() ? default_text(key) : key.default_note;
    std::string shown = "none";
    if (!fallback.empty()) shown = std::string("`").append(markdown_cell(fallback)).append("`");
    table.append("| `").append(key.name).append("` | ").append(to_string(key.kind));
    table.append(" | ").append(shown).append(" | ").append(markdown_cell(key.valid));
    table.append(" | ").append(markdown_cell(key.help)).append(" |\n");
  }
  return table;
}

}  // namespace common
