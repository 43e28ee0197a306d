#!/usr/bin/env bash
# What a run does with an output folder that holds another experiment's work: a journal of
# another experiment is refused naming every key that differs, and a finished run's tables are
# never replaced by another experiment's (the same experiment may run again and reprint them).
# Usage: run_out_folder_test.sh PATH/TO/dominoes
set -u

bin=$(realpath "${1:?usage: $0 PATH/TO/dominoes}")
source "$(dirname "$0")/cli_lib.sh"
pids=()
cleanup_runs() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup_runs EXIT

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

finish
