#include "apps/dominoes/completion_command.h"

#include <iostream>

#include "apps/dominoes/advise_command.h"
#include "apps/dominoes/dataset_command.h"
#include "apps/dominoes/play_command.h"
#include "arena/tournament/config/experiment_keys.h"
#include "arena/tournament/config/run_arguments.h"
#include "engine/common/key_table.h"
#include "strategies/registry.h"

namespace dominoes_cli {
namespace {

std::string words(const std::vector<std::string>& list) {
  std::string text;
  for (const auto& word : list) text += (text.empty() ? "" : " ") + word;
  return text;
}

// A bash `case` arm completing the value of --NAME from `list`.
std::string choice_arm(const std::string& name, const std::string& list) {
  return "      --" + name + ") COMPREPLY=($(compgen -W \"" + list + "\" -- \"$cur\")); return;;\n";
}

std::string strategy_names() {
  std::vector<std::string> names;
  for (const auto& info : strategies::Registry::builtin().all()) names.push_back(info.name);
  return words(names);
}

// The value completions after an option of run, play or advise: choice keys' words, strategy
// names, directories for --out and files for the other paths.
std::string value_arms() {
  std::string arms;
  for (const auto& k : tournament::experiment_keys())
    if (k.key.kind == common::KeyKind::kChoice)
      arms += choice_arm(k.key.name, words(k.key.choices));
  arms += choice_arm("player", strategy_names());
  arms += choice_arm("against", strategy_names());
  arms += "      --out) COMPREPLY=($(compgen -d -- \"$cur\")); return;;\n";
  arms += "      --games-out|--config) COMPREPLY=($(compgen -f -- \"$cur\")); return;;\n";
  return arms;
}

// The long names of `options`, each as --NAME, space-separated.
std::string option_names(const boost::program_options::options_description& options) {
  std::vector<std::string> names;
  for (const auto& option : options.options()) names.push_back("--" + option->long_name());
  return words(names);
}

// A bash `case` arm offering COMMAND's options when the word being completed starts with -.
std::string options_arm(const std::string& command,
                        const boost::program_options::options_description& options) {
  return "    " + command + ")\n      [[ $cur == -* ]] && COMPREPLY=($(compgen -W \"" +
         option_names(options) + "\" -- \"$cur\"));;\n";
}

// A bash `case` arm for a command that reads an experiment (run, dataset): its options when the
// word being completed starts with -, else file names (a config file).
std::string experiment_arm(const std::string& command, const std::vector<std::string>& options) {
  return "    " + command +
         ")\n"
         "      if [[ $cur == -* ]]; then\n"
         "        COMPREPLY=($(compgen -W \"" +
         words(options) +
         "\" -- \"$cur\"))\n"
         "      else\n"
         "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "      fi;;\n";
}

}  // namespace

std::string bash_completion_script(const std::string& commands) {
  return "# bash completion for dominoes, made by `dominoes completion bash` from its key tables.\n"
         "# Load it with: source <(dominoes completion bash)\n"
         "_dominoes() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
         "  COMPREPLY=()\n"
         "  if [[ $COMP_CWORD -eq 1 ]]; then\n"
         "    COMPREPLY=($(compgen -W \"" +
         commands +
         " --help\" -- \"$cur\"))\n"
         "    return\n"
         "  fi\n"
         "  case \"${COMP_WORDS[1]}\" in\n"
         "    run|dataset|play|advise)\n"
         "      case \"$prev\" in\n" +
         value_arms() +
         "      esac;;\n"
         "  esac\n"
         "  case \"${COMP_WORDS[1]}\" in\n" +
         experiment_arm("run", tournament::run_option_names()) +
         experiment_arm("dataset", tournament::experiment_option_names(dataset_command_spec())) +
         options_arm("play", play_options()) + options_arm("advise", advise_options()) +
         "    label)\n"
         "      COMPREPLY=($(compgen -W \"" +
         strategy_names() +
         "\" -- \"$cur\"));;\n"
         "    keys)\n"
         "      COMPREPLY=($(compgen -W \"--markdown experiment rules columns\" -- \"$cur\"));;\n"
         "    completion)\n"
         "      COMPREPLY=($(compgen -W \"bash\" -- \"$cur\"));;\n"
         "    *)\n"
         "      COMPREPLY=($(compgen -f -- \"$cur\"));;\n"
         "  esac\n"
         "}\n"
         "complete -F _dominoes dominoes\n";
}

int completion_command(const std::vector<std::string>& args, const std::string& commands) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << "Usage: dominoes completion bash\n\n"
                 "Prints a bash completion script for dominoes, made from its key tables: the\n"
                 "commands, every run option and flag, the values of the choice keys and the\n"
                 "strategy names.\n\n"
                 "Example: source <(dominoes completion bash)\n";
    return 0;
  }
  if (args.size() != 1 || args[0] != "bash") {
    std::cerr << "dominoes: completion: give the shell: bash (the one supported); see dominoes "
                 "completion --help\n";
    return 2;
  }
  std::cout << bash_completion_script(commands);
  return 0;
}

}  // namespace dominoes_cli
