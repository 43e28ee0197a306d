#!/usr/bin/env bash
# A run killed with SIGKILL mid-way and started again with the same arguments resumes from its
# journal and ends with the same tables as an uninterrupted run (docs/experiments.md, "What a run
# promises"). Usage: resume_after_kill_test.sh PATH/TO/dominoes
set -u

bin=${1:?usage: $0 PATH/TO/dominoes}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dominoes_resume_after_kill.XXXXXX") || exit 1
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

die() {
  echo "FAIL: $*"
  exit 1
}

# random vs heuristic plays a few million games/s on 2 threads: 3,000,000 duplicate deals (6
# million games, 1500 chunks) take a few seconds, far longer than it takes to see 5 chunks.
deals=3000000
chunk=2000
chunks=$(((deals + chunk - 1) / chunk))
args=(run --player random --player heuristic --deals "$deals" --chunk "$chunk" --threads 2
      --quiet)
killed="$tmp/killed"
journal="$killed/journal.txt"

# Complete chunk lines in the journal: its newlines minus its header lines (which are always
# whole), so a torn last line without its newline is not counted.
complete_chunk_lines() {
  if [ -f "$journal" ]; then
    local newlines header
    newlines=$(wc -l <"$journal")
    header=$(grep -vc '^chunk ' "$journal")
    echo $((newlines - header))
  else
    echo 0
  fi
}

# 1. Start the run and kill it once its journal holds at least 5 chunks.
"$bin" "${args[@]}" --out "$killed" >"$tmp/killed.stdout" 2>"$tmp/killed.stderr" &
pid=$!
for _ in $(seq 1 1000); do  # up to ~10 s
  [ "$(complete_chunk_lines)" -ge 5 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
kill -0 "$pid" 2>/dev/null ||
  die "the run ended before it could be killed (raise deals): $(cat "$tmp/killed.stderr")"
[ "$(complete_chunk_lines)" -ge 5 ] || die "no 5 journal chunks after 10 s"
kill -9 "$pid"
wait "$pid" 2>/dev/null
rc=$?
pid=""
[ "$rc" -eq 137 ] || die "killed run exited with $rc, expected 137 (SIGKILL)"

# 2. The killed run left a journal and no tables.
[ -f "$journal" ] || die "no journal after the kill"
[ -e "$killed/summary.csv" ] && die "summary.csv exists after the kill"
[ -e "$killed/summary.md" ] && die "summary.md exists after the kill"
done_chunks=$(complete_chunk_lines)
[ "$done_chunks" -ge 5 ] || die "journal has $done_chunks chunks, expected at least 5"
[ "$done_chunks" -lt "$chunks" ] || die "journal is complete ($done_chunks chunks): kill came too late"
head -n 1 "$journal" | grep -q '^dominoes-journal ' || die "journal header missing: $(head -n 1 "$journal")"

# 3. The same command again resumes and finishes.
"$bin" "${args[@]}" --out "$killed" >"$tmp/resumed.stdout" 2>"$tmp/resumed.stderr" ||
  die "resumed run failed: $(cat "$tmp/resumed.stderr")"
grep -q 'resumed' "$tmp/resumed.stderr" || die "resumed run does not say it resumed: $(cat "$tmp/resumed.stderr")"
resumed=$(grep -o 'resumed [0-9]* chunks' "$tmp/resumed.stderr" | grep -o '[0-9][0-9]*')
[ "${resumed:-x}" = "$done_chunks" ] ||
  die "resumed '${resumed:-?}' chunks, the journal held $done_chunks complete ones"
[ -f "$killed/summary.csv" ] || die "no summary.csv after the resumed run"
[ -e "$journal" ] && die "journal still there after the run finished"

# 4. An uninterrupted run of the same experiment.
"$bin" "${args[@]}" --out "$tmp/full" >"$tmp/full.stdout" 2>"$tmp/full.stderr" ||
  die "uninterrupted run failed: $(cat "$tmp/full.stderr")"
grep -q 'resumed' "$tmp/full.stderr" && die "uninterrupted run claims to have resumed"

# 5. Same tables but for the measured columns (the last three fields of each line).
# summary.csv without its measured columns, the last three: a_ms_per_decision,
# b_ms_per_decision and seconds.
strip_seconds() { sed -E 's/(,[^,]*){3}$//' "$1"; }
head -n 1 "$tmp/full/summary.csv" | grep -q ',a_ms_per_decision,b_ms_per_decision,seconds$' ||
  die "summary.csv's last columns are not a_ms_per_decision,b_ms_per_decision,seconds"
diff <(strip_seconds "$killed/summary.csv") <(strip_seconds "$tmp/full/summary.csv") ||
  die "summary.csv differs between the resumed and the uninterrupted run"
[ "$(wc -l <"$tmp/full/summary.csv")" -eq 2 ] || die "summary.csv should have a header and 1 row"
games=$(sed -n 2p "$tmp/full/summary.csv" | cut -d, -f3)
[ "$games" = "$((2 * deals))" ] || die "games = $games, expected $((2 * deals))"
for f in crosstable_points.csv crosstable_winrate.csv crosstable.md; do
  cmp -s "$killed/$f" "$tmp/full/$f" || die "$f differs"
done

echo "passed: killed after $done_chunks of $chunks chunks, resumed $resumed, tables identical"
