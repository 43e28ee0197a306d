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
        --deals "$deals" --chunk 10 --seed 11 --quiet)

calc() { awk "BEGIN { print $1 }"; }

# seconds COMMAND...: the best wall time of $repeats runs, each into a fresh directory, and the
# runner's own time of that run (the largest "in X s" it printed: a shard's or the run's), which
# leaves out process and mpirun start-up. Prints "WALL RUNNER".
n=0
seconds() {
  local best="" own="" t
  for _ in $(seq 1 "$repeats"); do
    n=$((n + 1))
    local start end
    start=$(date +%s.%N)
    "$@" --out "$tmp/run$n" >/dev/null 2>"$tmp/err$n" || { cat "$tmp/err$n" >&2; exit 1; }
    end=$(date +%s.%N)
    t=$(calc "$end - $start")
    if [ -z "$best" ] || [ "$(calc "$t < $best")" = 1 ]; then
      best=$t
      own=$(grep -o ' in [0-9.]* s' "$tmp/err$n" | grep -o '[0-9.]*' | sort -g | tail -n 1)
    fi
    same_as_reference "$tmp/run$n"
  done
  printf '%.2f %.2f' "$best" "${own:-0}"
}

reference=""
same_as_reference() {
  [ -f "$1/summary.csv" ] || return 0  # a shard run: checked after its merge
  local table
  table=$(sed 's/,[^,]*$//' "$1/summary.csv")
  if [ -z "$reference" ]; then reference=$table; return 0; fi
  [ "$table" = "$reference" ] || { echo "tables differ in $1" >&2; exit 1; }
}

row() {  # row NAME PROCESSES "WALL RUNNER" "BASE_WALL BASE_RUNNER"
  local wall own base_wall base_own
  read -r wall own <<<"$3"
  read -r base_wall base_own <<<"$4"
  printf '| %s | %d | %s | %.2f | %.0f%% | %s | %.2f |\n' "$1" "$2" "$wall" \
    "$(calc "$base_wall / $wall")" "$(calc "100 * $base_wall / $wall / $2")" "$own" \
    "$(calc "$base_own / $own")"
}

echo "Workload: minimax(scenarios=200) vs playout, head-to-head, $deals duplicate deals" \
     "($((2 * deals)) games), chunk 10; best of $repeats; $(nproc) cores. Wall: the whole" \
     "command; runner: the time the tool reports (no process or mpirun start-up)."
echo
echo "| run | cores used | wall s | speed-up | efficiency | runner s | runner speed-up |"
echo "|---|--:|--:|--:|--:|--:|--:|"
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
  "$bin" run "${@:1:$#-2}" --threads 1 --shard 0/2 --out "$out" &
  "$bin" run "${@:1:$#-2}" --threads 1 --shard 1/2 --out "$out"
  wait
  "$bin" merge "$out"
}
row "2 shards x 1 thread + merge" 2 "$(seconds two_shards "${search[@]}")" "$base"

# Rank 0's cost per chunk: random vs lowest, one deal per chunk, so a chunk's play is ~2 us.
cheap=(--player random --player lowest --format head-to-head --deals 20000 --chunk 1
       --seed 11 --quiet)
reference=""
per_chunk() { calc "$(cut -d' ' -f"$1" <<<"$2") * 50"; }  # seconds for 20,000 chunks -> us each
plain=$(seconds "$bin" run "${cheap[@]}" --threads 1)
one=$(seconds "${mpi[@]}" -np 1 "$bin" run "${cheap[@]}" --threads 1 --mpi)
two=$(seconds "${mpi[@]}" -np 2 "$bin" run "${cheap[@]}" --threads 1 --mpi)
echo
echo "Rank 0's cost per chunk (random vs lowest, 20,000 one-deal chunks, 1 thread per rank), in us"
echo "per chunk of the runner's time (and of the wall time):"
printf 'plain run %.1f (%.1f); --mpi 1 rank %.1f (%.1f); --mpi 2 ranks %.1f (%.1f)\n' \
  "$(per_chunk 2 "$plain")" "$(per_chunk 1 "$plain")" "$(per_chunk 2 "$one")" \
  "$(per_chunk 1 "$one")" "$(per_chunk 2 "$two")" "$(per_chunk 1 "$two")"
