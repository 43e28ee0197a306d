// A key of a settings table (key_table.h) as a command-line option, spelt one way at every front
// door (dominoes run, play, advise, the solver): a boolean key is the flag pair --KEY / --no-KEY,
// any other key --KEY VALUE. In a config file a boolean is `KEY = true` or `KEY = false`.
#pragma once

#include <boost/program_options.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/common/key_table.h"
#include "engine/common/text.h"

namespace common {

/// Returns what a flag's help says of its default: " (on unless --no-KEY)", " (off unless
/// given)", or the key's default_note when its default depends on other keys.
template <typename Target>
std::string flag_default_help(const Key<Target>& key) {
  if (!key.default_note.empty()) return " (default: " + key.default_note + ")";
  return default_text(key) == "true" ? " (on unless --no-" + key.name + ")" : " (off unless given)";
}

/// Adds `key` to `options` in its command-line form (above), with its help.
template <typename Target>
void add_key_option(boost::program_options::options_description& options, const Key<Target>& key) {
  namespace po = boost::program_options;
  if (key.kind != KeyKind::kBoolean) {
    options.add_options()(key.name.c_str(), po::value<std::string>(), option_help(key).c_str());
    return;
  }
  const std::string help = key.help + flag_default_help(key);
  options.add_options()(key.name.c_str(),
                        po::value<std::string>()->zero_tokens()->implicit_value("true"),
                        help.c_str());
  const std::string negated = "no-" + key.name;
  options.add_options()(negated.c_str(), ("not --" + key.name).c_str());
}

/// Returns the text the command line `vm` gives key `name` as its config text ("true" for --KEY,
/// "false" for --no-KEY), or std::nullopt when it gives neither. Throws KeyError when both
/// --KEY and --no-KEY are given.
inline std::optional<std::string> key_option_text(const boost::program_options::variables_map& vm,
                                                  const std::string& name) {
  const bool negated = vm.count("no-" + name) > 0;
  if (negated && vm.count(name))
    throw KeyError("--" + name + " and --no-" + name + " are both given: give one");
  if (negated) return "false";
  if (vm.count(name)) return vm[name].as<std::string>();
  return std::nullopt;
}

/// Throws KeyError when `args` give a boolean key of `keys` a value (`--partners true`,
/// `--partners=false`, `--no-partners false`): a flag takes none. `true` or `false` after a flag
/// would otherwise be read as a positional argument, or refused by the parser with a less helpful
/// line. Another word after a flag (not an option) is the flag's value when `value_text(word)`
/// returns the message's text for it ("" when the word is the command's positional argument).
template <typename Target>
void check_flags_take_no_value(
    const std::vector<std::string>& args, const std::vector<Key<Target>>& keys,
    const std::function<std::string(const std::string& word)>& value_text) {
  for (std::size_t i = 0; i < args.size(); ++i)
    for (const Key<Target>& key : keys) {
      if (key.kind != KeyKind::kBoolean) continue;
      for (const std::string& flag : {"--" + key.name, "--no-" + key.name}) {
        std::string got;  // how the value given to the flag reads in the message, if any
        if (args[i].rfind(flag + "=", 0) == 0) got = common::quoted(args[i]);
        const std::string next = args[i] == flag && i + 1 < args.size() ? args[i + 1] : "";
        if (next == "true" || next == "false")
          got = common::quoted(next);
        else if (!next.empty() && next[0] != '-')
          got = value_text(next);
        if (!got.empty())
          throw KeyError("option --" + key.name + " is a flag and takes no value (got " + got +
                         "): write --" + key.name + " or --no-" + key.name + " (" + key.name +
                         " = true or false is for config files)");
      }
    }
}

/// check_flags_take_no_value for a command that takes positional arguments (`positionals`: a word
/// after a flag is one of them) or none (any word after a flag is its value, `--partners maybe`).
template <typename Target>
void check_flags_take_no_value(const std::vector<std::string>& args,
                               const std::vector<Key<Target>>& keys, bool positionals) {
  check_flags_take_no_value(args, keys, [positionals](const std::string& word) {
    return positionals ? std::string() : common::quoted(word);
  });
}

}  // namespace common
