#!/usr/bin/env bash
# `dominoes completion bash`: the script loads in bash and completes what the key tables declare.
# The expectations are written out here (the options of `dominoes run --help`, the formats), not
# taken from the script itself. Usage: completion_test.sh path/to/dominoes
set -uo pipefail
bin=${1:?usage: completion_test.sh path/to/dominoes}
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

script=$(mktemp)
trap 'rm -f "$script"' EXIT
"$bin" completion bash > "$script" || fail "completion bash exited $?"

# Prints the completions bash offers for the words given (the last one is being completed).
complete_words() {
  bash --norc --noprofile -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    _dominoes
    printf "%s\n" "${COMPREPLY[@]}"' bash "$script" "$@" | sort
}

expect() {  # expect "what" "expected completions, space-separated" words...
  local what=$1 want got
  want=$(printf '%s\n' $2 | sort)
  shift 2
  got=$(complete_words "$@")
  [ "$got" = "$want" ] || fail "$what: got [$(echo $got)], want [$(echo $want)]"
}

expect "run --qu" "--quiet" dominoes run --qu
expect "run --no-" "--no-duplicate --no-partners --no-quiet" dominoes run --no-
expect "run --du" "--duplicate" dominoes run --du
expect "run --pre" "--precision" dominoes run --pre
expect "run --format" "head-to-head round-robin gauntlet" dominoes run --format ''
expect "run --scoring p" "pip-difference" dominoes run --scoring p
expect "run --leader" "random heaviest-double alternate" dominoes run --leader ''
expect "run --player heu" "heuristic" dominoes run --player heu
expect "dataset --mo" "--move-values" dominoes dataset --mo
expect "dataset --sh" "" dominoes dataset --sh
expect "dataset --format" "head-to-head round-robin gauntlet" dominoes dataset --format ''
expect "play --lea" "--leader" dominoes play --lea
# play and advise offer their own options: advise takes neither --leader nor --target (it refuses
# them), and each has options the other lacks.
expect "play --hi" "--hint" dominoes play --hi
expect "play --ta" "--target" dominoes play --ta
expect "advise --lea" "" dominoes advise --lea
expect "advise --ta" "" dominoes advise --ta
expect "advise --ha" "--hand --hand-size" dominoes advise --ha
expect "advise --op" "--opp-count" dominoes advise --op
expect "the command" "run" dominoes ru
expect "keys" "experiment" dominoes keys ex

# Every option `dominoes run --help` lists is completed after `dominoes run --`.
help_options=$("$bin" run --help | grep -oE '^  --[a-z-]+' | tr -d ' ' | sort -u)
offered=$(complete_words dominoes run --)
missing=$(comm -23 <(echo "$help_options") <(echo "$offered"))
[ -z "$missing" ] || fail "run options in --help but not completed: $(echo $missing)"
[ -n "$help_options" ] || fail "found no options in dominoes run --help"

# Every command `dominoes --help` lists is completed after `dominoes ` (the completion's command
# list is written by hand in completion_command.cpp; this catches a command added to one only).
help_commands=$("$bin" --help | grep -oE '^  [a-z][a-z-]+' | tr -d ' ' | sort -u)
offered=$(complete_words dominoes '')
missing=$(comm -23 <(echo "$help_commands") <(echo "$offered"))
[ -z "$missing" ] || fail "commands in dominoes --help but not completed: $(echo $missing)"
[ "$(echo "$help_commands" | wc -l)" -ge 10 ] || fail "found too few commands in dominoes --help"

# Bad usage is one line and exit 2.
"$bin" completion zsh > /dev/null 2> "$script.err"; code=$?
[ $code -eq 2 ] && [ "$(wc -l < "$script.err")" -eq 1 ] || fail "completion zsh: exit $code, $(cat "$script.err")"
rm -f "$script.err"

[ $failures -eq 0 ] && echo "completion: all passed"
exit $((failures > 0))
