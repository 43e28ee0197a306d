#!/usr/bin/env bash
# A shard killed with SIGKILL mid-way (issue 11): the merge refuses, naming the unfinished shard;
# the same shard command resumes from the shard's journal; the merged tables then equal an
# unsharded run's (docs/scale-out.md).
# Usage: shard_kill_test.sh PATH/TO/dominoes
set -u

bin=${1:?usage: $0 PATH/TO/dominoes}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dominoes_shard_kill.XXXXXX") || exit 1
pid=""
cleanup() {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
die() {
  echo "FAIL: $*"
  exit 1
}

# random vs heuristic plays millions of games a second: 1,000,000 duplicate deals in chunks of
# 2000 (250 chunks per shard) take a few seconds, far longer than it takes to see 5 chunks.
args=(run --player random --player heuristic --deals 1000000 --chunk 2000 --threads 2
      --quiet --out "$tmp/sharded")
journal="$tmp/sharded/shard-1-of-2/journal.txt"
chunk_lines() { grep -c '^chunk .*[0-9a-f]$' "$journal" 2>/dev/null || echo 0; }

# 1. Shard 1 of 2, killed once its journal holds 5 chunks; shard 0 runs to the end.
"$bin" "${args[@]}" --shard 1/2 2>"$tmp/killed.err" &
pid=$!
for _ in $(seq 1 1000); do
  [ "$(chunk_lines)" -ge 5 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
kill -0 "$pid" 2>/dev/null || die "shard 1 ended before the kill: $(cat "$tmp/killed.err")"
kill -9 "$pid"
wait "$pid" 2>/dev/null
pid=""
"$bin" "${args[@]}" --shard 0/2 2>"$tmp/shard0.err" || die "shard 0 failed: $(cat "$tmp/shard0.err")"
grep -q 'dominoes merge' "$tmp/shard0.err" || die "shard 0 does not say how to merge"

# 2. The merge refuses: shard 1 is unfinished; it names it, writes no table.
"$bin" merge "$tmp/sharded" >"$tmp/merge1.out" 2>"$tmp/merge1.err"
rc=$?
[ "$rc" -eq 2 ] || die "merge of an unfinished shard exited $rc, expected 2"
[ "$(wc -l <"$tmp/merge1.err")" -eq 1 ] || die "merge error is not one line: $(cat "$tmp/merge1.err")"
grep -q 'shard-1-of-2 has not finished chunks' "$tmp/merge1.err" ||
  die "merge error does not name the unfinished shard: $(cat "$tmp/merge1.err")"
[ -e "$tmp/sharded/summary.csv" ] && die "a refused merge wrote summary.csv"

# 3. The same shard command resumes and finishes; the merge then succeeds.
done_chunks=$(chunk_lines)
"$bin" "${args[@]}" --shard 1/2 2>"$tmp/resumed.err" || die "resume failed: $(cat "$tmp/resumed.err")"
grep -q "resumed $done_chunks chunks" "$tmp/resumed.err" ||
  die "resumed shard did not resume the $done_chunks journalled chunks: $(cat "$tmp/resumed.err")"
"$bin" merge "$tmp/sharded" >"$tmp/merge2.out" 2>"$tmp/merge2.err" ||
  die "merge failed: $(cat "$tmp/merge2.err")"
grep -q 'merged 2 of 2 shards' "$tmp/merge2.err" || die "merge summary: $(cat "$tmp/merge2.err")"

# 4. Against an unsharded run: the same tables but for the measured columns.
"$bin" "${args[@]/$tmp\/sharded/$tmp/full}" >/dev/null 2>"$tmp/full.err" || die "full run: $(cat "$tmp/full.err")"
# summary.csv without its measured columns, the last three: a_ms_per_decision,
# b_ms_per_decision and seconds.
strip_seconds() { sed -E 's/(,[^,]*){3}$//' "$1"; }
diff <(strip_seconds "$tmp/sharded/summary.csv") <(strip_seconds "$tmp/full/summary.csv") ||
  die "summary.csv differs between the merged shards and the unsharded run"
for f in crosstable_points.csv crosstable_winrate.csv crosstable.md ratings.csv; do
  cmp -s "$tmp/sharded/$f" "$tmp/full/$f" || die "$f differs"
done
echo "passed: shard killed after $done_chunks chunks, resumed, merged tables identical"
