#!/usr/bin/env bash
# Bad input to `dominoes` (docs/experiments.md, "What a run promises"): exit code exactly 2, exactly
# one line on stderr, nothing on stdout, and no tables written. Help and the strategy list succeed.
# Usage: cli_bad_input_test.sh PATH/TO/dominoes
set -u

bin=${1:?usage: $0 PATH/TO/dominoes}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dominoes_cli_bad_input.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
out="$tmp/out"

passed=0
failed=0

fail() {
  echo "FAIL: $1"
  failed=$((failed + 1))
}

# expect_mentions DESCRIPTION WORD ARGS...: runs "$bin" ARGS and checks the failure is clean:
# exit code 2, exactly one line on stderr that mentions WORD, nothing on stdout, no tables.
# Counts one pass or one failure per invocation.
expect_mentions() {
  local what=$1 word=$2
  shift 2
  rm -rf "$out"
  "$bin" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
  local rc=$?
  local problems=""
  [ "$rc" -eq 2 ] || problems+=" exit code $rc, expected 2;"
  local lines
  lines=$(wc -l <"$tmp/stderr")
  if [ "$lines" -ne 1 ] || [ -z "$(tr -d '[:space:]' <"$tmp/stderr")" ]; then
    problems+=" stderr has $lines lines, expected exactly 1;"
  elif ! grep -qF -- "$word" "$tmp/stderr"; then
    problems+=" stderr does not mention '$word';"
  fi
  [ -s "$tmp/stdout" ] && problems+=" stdout not empty: $(head -c 200 "$tmp/stdout");"
  [ -e "$out/summary.csv" ] && problems+=" wrote tables;"
  if [ -n "$problems" ]; then
    fail "$what ($*):$problems stderr: $(head -c 400 "$tmp/stderr")"
  else
    passed=$((passed + 1))
  fi
}

P=(--player random --player heuristic)
O=(--out "$out" --quiet)

expect_mentions "deals 0" deals run --deals 0 "${P[@]}" "${O[@]}"
expect_mentions "deals -3" deals run --deals -3 "${P[@]}" "${O[@]}"
expect_mentions "deals abc" abc run --deals abc "${P[@]}" "${O[@]}"
expect_mentions "double 11" double run --double 11 "${P[@]}" "${O[@]}"
expect_mentions "double 1" double run --double 1 "${P[@]}" "${O[@]}"
expect_mentions "hand-size 15" hand-size run --hand-size 15 "${P[@]}" "${O[@]}"
expect_mentions "hand-size 0" hand-size run --hand-size 0 "${P[@]}" "${O[@]}"
expect_mentions "threads -1" threads run --threads -1 "${P[@]}" "${O[@]}"
expect_mentions "unknown strategy" nosuch run --player nosuch --player random "${O[@]}"
expect_mentions "unknown strategy parameter" '"x"' run --player 'random(x=1)' --player random "${O[@]}"
expect_mentions "malformed spec" 'heuristic(' run --player 'heuristic(' --player random "${O[@]}"
expect_mentions "head-to-head with 3 players" head-to-head run --format head-to-head \
  --player random --player lowest --player heuristic "${O[@]}"
expect_mentions "one player" player run --player random "${O[@]}"
expect_mentions "format foo" foo run --format foo "${P[@]}" "${O[@]}"
expect_mentions "duplicate maybe" maybe run --duplicate maybe "${P[@]}" "${O[@]}"
expect_mentions "missing config" /nonexistent.cfg run /nonexistent.cfg "${O[@]}"
expect_mentions "unknown option" bogus run --bogus "${P[@]}" "${O[@]}"
expect_mentions "option twice" deals run --deals 5 --deals 6 "${P[@]}" "${O[@]}"
printf 'player = random\nplayer = lowest\nbogus_key = 1\n' >"$tmp/bad_key.cfg"
expect_mentions "unknown key in config" bogus_key run "$tmp/bad_key.cfg" "${O[@]}"
printf 'player = random\nplayer = lowest\ndeals = -1\n' >"$tmp/bad_value.cfg"
expect_mentions "bad value in config" deals run "$tmp/bad_value.cfg" "${O[@]}"
expect_mentions "unknown command" frobnicate frobnicate
expect_mentions "strategies with an argument" extra strategies extra

# Help and the strategy list succeed and say what they should.
expect_success() {
  local what=$1 word=$2
  shift 2
  "$bin" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    fail "$what: exit code $rc, expected 0: $(head -c 300 "$tmp/stderr")"
  elif ! grep -qF -- "$word" "$tmp/stdout"; then
    fail "$what: stdout does not mention '$word'"
  else
    passed=$((passed + 1))
  fi
}
expect_success "run --help" heuristic run --help
expect_success "run --help lists --deals" --deals run --help
expect_success "strategies" heuristic strategies
expect_success "strategies lists random" random strategies
expect_success "--help" run --help

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
