#!/usr/bin/env bash
# A run keeps every result safe (issue 8): it never deletes a file it did not write, one run at a
# time holds an output directory, Ctrl-C and SIGTERM stop at a chunk boundary with the resume
# command printed, a second Ctrl-C stops at once, and I/O errors carry the system's reason.
# Usage: run_safety_test.sh PATH/TO/dominoes
set -u

bin=$(realpath "${1:?usage: $0 PATH/TO/dominoes}")
source "$(dirname "$0")/cli_lib.sh"

# Fast players: about a million games a second a core, so 2,000,000 deals take a few seconds.
fast=(--player random --player heuristic --chunk 2000 --threads 2 --quiet)
# summary.csv without its measured columns, the last three: a_ms_per_decision,
# b_ms_per_decision and seconds.
strip_seconds() { sed -E 's/(,[^,]*){3}$//' "$1"; }

# Chunk lines journalled so far in DIR (whole lines only).
chunks_in() {
  local j="$1/journal.txt"
  [ -f "$j" ] || { echo 0; return; }
  echo $(($(wc -l <"$j") - $(grep -vc '^chunk ' "$j")))
}

# Waits up to 10 s until DIR's journal holds N chunks or process PID has ended.
wait_for_chunks() {
  local dir=$1 n=$2 pid=$3
  for _ in $(seq 1 1000); do
    [ "$(chunks_in "$dir")" -ge "$n" ] && return 0
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.01
  done
  return 1
}

# 1. `dominoes run OUT/config.cfg`, as docs/experiments.md suggests, killed mid-way: the config
#    file it reads and the earlier run's tables are untouched, and the same command resumes. An
#    edited config.cfg (another experiment) is refused there: it would replace the tables.
out="$tmp/exp"
"$bin" run "${fast[@]}" --deals 3000000 --out "$out" >/dev/null 2>&1
cp "$out/config.cfg" "$tmp/config.before"
cp "$out/summary.csv" "$tmp/summary.before"
sed 's/^deals = .*/deals = 400000/' "$out/config.cfg" >"$tmp/edited.cfg"
"$bin" run "$tmp/edited.cfg" >"$tmp/out" 2>"$tmp/err"
rejected_cleanly "another experiment in a finished run's folder" $?
check "the earlier run's table is still there, unchanged" cmp -s "$out/summary.csv" "$tmp/summary.before"
"$bin" run "$out/config.cfg" >/dev/null 2>"$tmp/err" &
pid=$!; pids+=("$pid")
wait_for_chunks "$out" 3 "$pid"
check "config run reached 3 chunks" kill -9 "$pid"
wait "$pid" 2>/dev/null
check "the config file read is still there, unchanged" cmp -s "$out/config.cfg" "$tmp/config.before"
check "the earlier run's table is still there, unchanged" cmp -s "$out/summary.csv" "$tmp/summary.before"
"$bin" run "$out/config.cfg" >/dev/null 2>"$tmp/err"
check "the same command resumes" grep -q 'resumed [1-9][0-9]* chunks' "$tmp/err"
check "and finishes with 6,000,000 games" grep -q ',6000000,' "$out/summary.csv"
check "the same tables as the first run's" \
  cmp -s <(strip_seconds "$out/summary.csv") <(strip_seconds "$tmp/summary.before")

# 2. `dominoes run my.cfg --out .`: the user's config survives (the run writes config.cfg).
mkdir -p "$tmp/here"
printf 'player = random\nplayer = lowest\ndeals = 100\nquiet = true\n' >"$tmp/here/my.cfg"
cp "$tmp/here/my.cfg" "$tmp/my.before"
(cd "$tmp/here" && "$bin" run my.cfg --out . >/dev/null 2>&1)
check "run my.cfg --out . keeps my.cfg" cmp -s "$tmp/here/my.cfg" "$tmp/my.before"
check "run my.cfg --out . writes its tables" test -s "$tmp/here/summary.csv"

# 3. Ctrl-C (SIGINT) and SIGTERM stop at a chunk boundary, keep every finished chunk, print the
#    command that resumes, and exit 128 + the signal; the printed command finishes the run with
#    the tables of an uninterrupted one.
"$bin" run "${fast[@]}" --deals 300000 --out "$tmp/whole" >/dev/null 2>&1
for sig in INT TERM; do
  dir="$tmp/stopped_$sig"
  "$bin" run "${fast[@]}" --deals 3000000 --out "$dir" >/dev/null 2>"$tmp/err_$sig" &
  pid=$!; pids+=("$pid")
  wait_for_chunks "$dir" 3 "$pid"
  kill -"$sig" "$pid"
  wait "$pid"
  rc=$?
  expected=130; [ "$sig" = TERM ] && expected=143
  check "SIG$sig exits $expected (got $rc)" test "$rc" -eq "$expected"
  check "SIG$sig prints the resume command" grep -q '^resume with: .*dominoes run ' "$tmp/err_$sig"
  check "SIG$sig keeps the journal" test "$(chunks_in "$dir")" -ge 3
  check "SIG$sig writes no tables" test ! -e "$dir/summary.csv"
done
# The printed command, with the deals cut back so it finishes quickly, would be refused (another
# experiment); the command as printed resumes.
resume=$(sed -n 's/^resume with: //p' "$tmp/err_INT")
eval "$resume" >/dev/null 2>"$tmp/err"
check "the printed command resumes and finishes" grep -q 'resumed [1-9][0-9]* chunks' "$tmp/err"
check "the resumed run has every game" grep -q ',6000000,' "$tmp/stopped_INT/summary.csv"

# 4. A second Ctrl-C stops at once, inside a chunk that would take many seconds; the journal
#    keeps its whole lines.
slow=(--player 'minimax(scenarios=200,depth=0)' --player heuristic --chunk 5000 --threads 1
      --quiet --deals 5000 --out "$tmp/slow")
start=$(date +%s%N)
"$bin" run "${slow[@]}" >/dev/null 2>"$tmp/err" &
pid=$!; pids+=("$pid")
sleep 0.5
kill -INT "$pid"; sleep 0.2; kill -INT "$pid"
wait "$pid"
rc=$?
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
check "a second Ctrl-C ends the run by SIGINT (exit $rc)" test "$rc" -eq 130
check "a second Ctrl-C ends the run at once (${elapsed_ms} ms)" test "$elapsed_ms" -lt 5000
check "the journal header survived" grep -q '^keys-end ' "$tmp/slow/journal.txt"

# 5. Two runs on one output directory: the second is refused, naming the first one's process id.
dir="$tmp/shared"
"$bin" run "${fast[@]}" --deals 3000000 --out "$dir" >/dev/null 2>&1 &
first=$!; pids+=("$first")
wait_for_chunks "$dir" 1 "$first"
"$bin" run "${fast[@]}" --deals 3000000 --out "$dir" >"$tmp/out" 2>"$tmp/err"
rejected_cleanly "second run on one directory" $?
check "the refusal names the holder's process id" grep -q "process $first" "$tmp/err"
kill -9 "$first"; wait "$first" 2>/dev/null

# 6. More threads than cores: the run says how many actually ran.
"$bin" run --player random --player lowest --deals 2000 --threads 64 --quiet \
  --out "$tmp/threads" >/dev/null 2>"$tmp/err"
check "--threads 64 says what ran" grep -q 'asked for 64' "$tmp/err"

# 7. An output directory that cannot be made: exit 1 and the system's reason.
"$bin" run --player random --player lowest --deals 10 --quiet --out /dev/null/sub \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
check "an impossible --out exits 1 (got $rc)" test "$rc" -eq 1
check "an impossible --out gives the system's reason" grep -q 'Not a directory' "$tmp/err"

# 8. A finished run's folder holds one experiment: a head-to-head after a round robin is refused,
# and every file stays. Once config.cfg is gone (the folder no longer records a finished run), the
# head-to-head runs and removes the round robin's cross tables, ratings and the plots drawn from
# them (files of known names only), and leaves the user's own files, and a link of a known name,
# alone.
reuse=$tmp/reuse
"$bin" run --player heuristic --player random --player lowest --deals 20 --quiet --out "$reuse" \
  >/dev/null 2>&1
check "the round robin wrote ratings" test -f "$reuse/ratings.csv"
touch "$reuse/crosstable_points.png" "$reuse/ratings.svg" "$reuse/notes.txt" "$tmp/target"
ln -s "$tmp/target" "$reuse/sprt.csv"
"$bin" run --player heuristic --player random --format head-to-head --deals 20 --quiet \
  --out "$reuse" >"$tmp/out" 2>"$tmp/err"
rejected_cleanly "a head-to-head in a finished round robin's folder" $?
check "the refusal names the format" grep -qF 'format is "round-robin" there' "$tmp/err"
check "the round robin's ratings stay" test -f "$reuse/ratings.csv" -a -f "$reuse/ratings.svg"
rm "$reuse/config.cfg"
"$bin" run --player heuristic --player random --format head-to-head --deals 20 --quiet \
  --out "$reuse" >/dev/null 2>&1
check "the head-to-head wrote its summary" grep -q '^heuristic,random,' "$reuse/summary.csv"
for stale in crosstable_points.csv crosstable.md crosstable_winrate_ci95_low.csv ratings.csv \
  ratings.md crosstable_points.png ratings.svg; do
  check "the round robin's $stale is gone" test ! -e "$reuse/$stale"
done
check "the user's own file stays" test -f "$reuse/notes.txt"
check "a link named like a table stays, and its target" test -L "$reuse/sprt.csv" -a -f "$tmp/target"

# 9. Ctrl-C stops a run whose decision is a long exact search (minimax solving four 13-tile
# double-nine hands takes minutes): the search is abandoned at once, the deal dropped.
"$bin" run --seats 4 --double 9 --hand-size 13 --target 0 --player 'minimax(scenarios=1,depth=0)' \
  --player heuristic --format head-to-head --deals 1 --threads 1 --out "$tmp/long" \
  >"$tmp/out" 2>"$tmp/err" &
long=$!
sleep 1.5
kill -INT "$long"
wait_until 5 eval '! kill -0 "$long" 2>/dev/null'
check "an interrupt ends a run in a long search within 5 s" eval '! kill -0 "$long" 2>/dev/null'
kill -9 "$long" 2>/dev/null
wait "$long"
rc=$?
check "the interrupted search run exits 130 (got $rc)" test "$rc" -eq 130
check "and says it was interrupted" grep -q '^interrupted:' "$tmp/err"

# 10. Ctrl-C and SIGTERM reach a decision that is no exact search: resolve's subgame over ten
# million hands a side spends minutes summing its showdowns before it solves anything. The first
# signal ends the run within 5 s (it took over 20 s), exit 128 + the signal.
for sig in INT TERM; do
  "$bin" run --player 'resolve(slots=1000000000,hands=10000000)' --player heuristic \
    --format head-to-head --deals 2 --threads 1 --out "$tmp/resolve_$sig" >"$tmp/out" \
    2>"$tmp/err" &
  big=$!; pids+=("$big")
  sleep 2
  kill -"$sig" "$big"
  wait_until 5 eval '! kill -0 "$big" 2>/dev/null'
  check "SIG$sig ends a run inside a long resolve decision within 5 s" \
    eval '! kill -0 "$big" 2>/dev/null'
  kill -9 "$big" 2>/dev/null
  wait "$big"
  rc=$?
  expected=130; [ "$sig" = TERM ] && expected=143
  check "the interrupted resolve run exits $expected (got $rc)" test "$rc" -eq "$expected"
done

finish
