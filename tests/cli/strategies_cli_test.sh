#!/usr/bin/env bash
# `dominoes strategies`: one line per strategy within 100 columns (a declared bot with a long
# command included), `strategies NAME` for every listed name, an unknown NAME as one line listing
# the valid names. Usage: strategies_cli_test.sh DOMINOES PYTHON3
bin=$1 py=${2:-python3}
. "$(dirname "$0")/cli_lib.sh"

# The widest line of a file in columns (UTF-8 characters), counted by Python.
widest() { "$py" -c 'import sys; print(max(len(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8")))' "$1"; }

long_command="$py $(printf 'x%.0s' {1..200}).py"
"$bin" strategies --bot "longbot=$long_command" >"$tmp/list" 2>"$tmp/err"
check "strategies exits 0" test $? -eq 0
check "every line within 100 columns (widest: $(widest "$tmp/list"))" test "$(widest "$tmp/list")" -le 100
check "the declared bot is listed" grep -q '^  longbot  ' "$tmp/list"

# The valid names as the spec parser's error lists them, against the names the listing shows.
"$bin" strategies nosuch >"$tmp/out" 2>"$tmp/err" </dev/null
rejected_cleanly "unknown name is one line, exit 2" $?
check "the error names the bad name" grep -q '"nosuch"' "$tmp/err"
valid=$(sed -n 's/.*valid strategies are //p' "$tmp/err" | tr -d ' ' | tr ',' '\n' | sort)
listed=$("$bin" strategies | tail -n +2 | awk '{print $1}' | sort)
check "the listing shows every registered strategy" test -n "$valid" -a "$valid" = "$listed"

for name in $listed; do
  "$bin" strategies "$name" >"$tmp/details" 2>"$tmp/err"
  check "strategies $name exits 0" test $? -eq 0
  check "strategies $name starts with its name" grep -q "^$name: " "$tmp/details"
  check "strategies $name lists its parameters" grep -q '^Parameters' "$tmp/details"
  check "strategies $name within 100 columns" test "$(widest "$tmp/details")" -le 100
done
"$bin" strategies longbot --bot "longbot=$long_command" >"$tmp/details" 2>"$tmp/err"
check "a bot's details show its whole command" grep -q "x\{200\}" "$tmp/details"
bad "two names" strategies minimax playout
bad "a bot NAME not declared" strategies longbot
finish
