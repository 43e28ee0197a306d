#!/usr/bin/env bash
# What a run does with an output folder that holds another experiment's work: a journal of
# another experiment is refused naming every key that differs, and a finished run's tables are
# never replaced by another experiment's (the same experiment may run again and reprint them).
# Usage: run_out_folder_test.sh PATH/TO/dominoes
set -u

bin=$(realpath "${1:?usage: $0 PATH/TO/dominoes}")
source "$(dirname "$0")/cli_lib.sh"

# Whole chunk lines in DIR's journal.
chunks_in() {
  [ -f "$1/journal.txt" ] || { echo 0; return; }
  grep -c '^chunk ' "$1/journal.txt"
}

# 1. A four-seat run's journal, resumed without --seats 4: seats goes back to two and the
#    defaults that follow the seat count change with it. The refusal names each key.
four=$tmp/four
"$bin" run --player random --player heuristic --seats 4 --deals 100000000 --chunk 1000 --quiet \
  --out "$four" >/dev/null 2>&1 &
pid=$!; pids+=("$pid")
wait_until 20 eval '[ "$(chunks_in "$four")" -ge 1 ]'
kill -9 "$pid"; wait "$pid" 2>/dev/null
cp "$four/journal.txt" "$tmp/journal.before"
"$bin" run --player random --player heuristic --deals 100000000 --chunk 1000 --quiet \
  --out "$four" >"$tmp/out" 2>"$tmp/err"
rejected_cleanly "a journal of four seats, resumed at two" $?
for key in 'seats is "4" there' 'target is "100" there and "0" now' \
  'scoring is "losers-pips" there' 'partners is "true" there'; do
  check "the refusal names $key" grep -qF "$key" "$tmp/err"
done
check "the refused run leaves the journal alone" cmp -s "$four/journal.txt" "$tmp/journal.before"

# 2. A finished run's folder: another experiment (another player, more deals, a new key) is
#    refused with one line naming the folder and what to do, --restart or not, and the finished
#    tables stay byte for byte; the same experiment runs again and prints the same tables.
done_dir=$tmp/finished
"$bin" run --player random --player heuristic --deals 2000 --quiet --out "$done_dir" >/dev/null 2>&1
check "the first run finished" test -s "$done_dir/summary.csv" -a ! -e "$done_dir/journal.txt"
mkdir "$tmp/before"
cp "$done_dir"/* "$tmp/before/"
for other in "--player random --player lowest --deals 2000" \
  "--player random --player heuristic --deals 3000" \
  "--player random --player heuristic --deals 2000 --seats 3" \
  "--player random --player lowest --deals 2000 --restart"; do
  # shellcheck disable=SC2086  # the options are words
  "$bin" run $other --quiet --out "$done_dir" >"$tmp/out" 2>"$tmp/err"
  rejected_cleanly "another experiment in a finished run's folder ($other)" $?
  check "the refusal names the folder and what to do ($other)" \
    grep -qF "out \"$done_dir\" holds the finished tables of another experiment (" "$tmp/err"
  check "and says to choose another --out or run that experiment again ($other)" \
    grep -qF "choose another --out, or run that experiment again" "$tmp/err"
  for f in "$tmp"/before/*; do
    check "$(basename "$f") is unchanged ($other)" cmp -s "$f" "$done_dir/$(basename "$f")"
  done
done
check "a refusal names the key that differs" grep -qF 'seats is "(not set)" there and "3" now' \
  <(cd "$tmp" && "$bin" run --player random --player heuristic --deals 2000 --seats 3 --quiet \
    --out "$done_dir" 2>&1)
# The same experiment, by its config.cfg or by the same options, reprints the same tables.
strip_seconds() { sed -E 's/(,[^,]*){3}$//' "$1"; }
"$bin" run "$done_dir/config.cfg" --quiet >/dev/null 2>"$tmp/err"
check "the same experiment runs again (its config.cfg)" test $? -eq 0
check "and prints the same tables" \
  cmp -s <(strip_seconds "$tmp/before/summary.csv") <(strip_seconds "$done_dir/summary.csv")
"$bin" run --player random --player heuristic --deals 2000 --quiet --out "$done_dir" >/dev/null 2>&1
check "the same experiment runs again (the same options)" test $? -eq 0

finish
