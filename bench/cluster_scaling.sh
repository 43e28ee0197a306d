#!/usr/bin/env bash
# Scaling of the runner past one process (issue 11), with the CLI's own timings: wall seconds of
# `dominoes run` for one workload under a plain run (1 and 2 threads), --mpi with 1, 2 and 3 ranks
# of one thread each (3 ranks oversubscribe a 2-core machine: say so when quoting them), and
# 2 shards of one thread each run side by side and merged, plus rank 0's own cost per chunk (a workload of near-free deals
# in one-deal chunks, where rank 0's dispatching and journalling is all there is).
# Every run's tables are checked equal to the plain 1-thread run's (seconds aside).
# Usage: bench/cluster_scaling.sh [PATH/TO/dominoes] [DEALS] [REPEATS]   (prints Markdown)
set -euo pipefail

bin=${1:-build/bin/dominoes}
deals=${2:-300}
repeats=${3:-2}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dominoes_scaling.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
mpi=(mpirun --oversubscribe --bind-to none)
search=(--player "minimax(scenarios=200)" --player playout --format head-to-head
        --deals "$deals" --chunk 10 --seed 11 --quiet true)

calc() { awk "BEGIN { print $1 }"; }

# seconds COMMAND...: the best wall time of $repeats runs, each into a fresh directory.
n=0
seconds() {
  local best="" t
  for _ in $(seq 1 "$repeats"); do
    n=$((n + 1))
    local start end
    start=$(date +%s.%N)
    "$@" --out "$tmp/run$n" >/dev/null 2>"$tmp/err$n" || { cat "$tmp/err$n" >&2; exit 1; }
    end=$(date +%s.%N)
    t=$(calc "$end - $start")
    if [ -z "$best" ] || [ "$(calc "$t < $best")" = 1 ]; then best=$t; fi
    same_as_reference "$tmp/run$n"
  done
  printf '%.2f' "$best"
}

reference=""
same_as_reference() {
  [ -f "$1/summary.csv" ] || return 0  # a shard run: checked after its merge
  local table
  table=$(sed 's/,[^,]*$//' "$1/summary.csv")
  if [ -z "$reference" ]; then reference=$table; return 0; fi
  [ "$table" = "$reference" ] || { echo "tables differ in $1" >&2; exit 1; }
}

row() {  # row NAME PROCESSES SECONDS BASE
  local speedup efficiency
  speedup=$(calc "$4 / $3")
  efficiency=$(calc "100 * $speedup / $2")
  printf '| %s | %d | %s | %.2f | %.0f%% |\n' "$1" "$2" "$3" "$speedup" "$efficiency"
}

echo "Workload: minimax(scenarios=200) vs playout, head-to-head, $deals duplicate deals" \
     "($((2 * deals)) games), chunk 10; best of $repeats; $(nproc) cores."
echo
echo "| run | cores used | wall s | speed-up | efficiency |"
echo "|---|--:|--:|--:|--:|"
base=$(seconds "$bin" run "${search[@]}" --threads 1)
row "plain, 1 thread" 1 "$base" "$base"
row "plain, 2 threads" 2 "$(seconds "$bin" run "${search[@]}" --threads 2)" "$base"
row "--mpi, 1 rank x 1 thread" 1 "$(seconds "${mpi[@]}" -np 1 "$bin" run "${search[@]}" --threads 1 --mpi)" "$base"
row "--mpi, 2 ranks x 1 thread" 2 "$(seconds "${mpi[@]}" -np 2 "$bin" run "${search[@]}" --threads 1 --mpi)" "$base"
row "--mpi, 3 ranks x 1 thread (oversubscribed)" 2 \
    "$(seconds "${mpi[@]}" -np 3 "$bin" run "${search[@]}" --threads 1 --mpi)" "$base"

# two_shards ARGS...: 2 shards of 1 thread side by side, then the merge, into one directory.
two_shards() {
  local out=${*: -1}
  "$bin" run "${@:1:$#-2}" --threads 1 --shard 0/2 --out "$out" 2>/dev/null &
  "$bin" run "${@:1:$#-2}" --threads 1 --shard 1/2 --out "$out" 2>/dev/null
  wait
  "$bin" merge "$out"
}
row "2 shards x 1 thread + merge" 2 "$(seconds two_shards "${search[@]}")" "$base"

# Rank 0's cost per chunk: random vs lowest, one deal per chunk, so a chunk's play is ~2 us.
cheap=(--player random --player lowest --format head-to-head --deals 20000 --chunk 1
       --seed 11 --quiet true)
reference=""
plain=$(seconds "$bin" run "${cheap[@]}" --threads 1)
one=$(seconds "${mpi[@]}" -np 1 "$bin" run "${cheap[@]}" --threads 1 --mpi)
two=$(seconds "${mpi[@]}" -np 2 "$bin" run "${cheap[@]}" --threads 1 --mpi)
echo
echo "Rank 0's cost per chunk (random vs lowest, 20,000 one-deal chunks, 1 thread per rank):"
printf 'plain run %.1f us per chunk; --mpi 1 rank %.1f us; --mpi 2 ranks %.1f us\n' \
  "$(calc "$plain * 50")" "$(calc "$one * 50")" "$(calc "$two * 50")"
