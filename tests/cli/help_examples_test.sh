#!/usr/bin/env bash
# Every "Example:" of the commands' --help runs as printed and exits 0: the solver's games and
# dominoes strategies, advise, fit-model, merge and check-bot. An example is the text after
# "Example: " plus any following lines indented by nine spaces; it runs under bash in an empty
# folder, with `dominoes` and `solver` on PATH and the repository's clients/ beside it (where the
# example bots live), so no example writes into the repository.
# Usage: help_examples_test.sh DOMINOES SOLVER SOURCE_DIR
dominoes=$(realpath "$1") solver=$(realpath "$2") src=$(realpath "$3")
bin=$dominoes
. "$(dirname "$0")/cli_lib.sh"

mkdir -p "$tmp/bin" "$tmp/work"
ln -s "$dominoes" "$tmp/bin/dominoes"
ln -s "$solver" "$tmp/bin/solver"
ln -s "$src/clients" "$tmp/work/clients"

# Prints each example of the help text on stdin, one a line.
examples() {
  awk '/^Example: / { if (e != "") print e; e = substr($0, 10); next }
       e != "" && /^         [^ ]/ { sub(/^ +/, ""); e = e " " $0; next }
       { if (e != "") print e; e = "" }
       END { if (e != "") print e }'
}

commands=("solver block-dominoes" "solver dance-battle" "solver equilibrium"
          "solver exploitability" "solver magic-fingers" "solver takeaway" "solver tetromino"
          "dominoes strategies" "dominoes advise" "dominoes fit-model" "dominoes merge"
          "dominoes check-bot" "dominoes label" "dominoes run" "dominoes dataset")
for command in "${commands[@]}"; do
  program=${command%% *}
  "${!program}" ${command#* } --help | examples >"$tmp/examples"
  check "$command --help has an example" test -s "$tmp/examples"
  while IFS= read -r example; do
    (cd "$tmp/work" && PATH="$tmp/bin:$PATH" timeout 120 bash -c "$example") \
      >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    check "$command's example exits 0 (exit $rc): $example $(head -c 200 "$tmp/err")" test "$rc" -eq 0
  done <"$tmp/examples"
done
finish
