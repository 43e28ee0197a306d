#!/usr/bin/env bash
# dominoes run --mpi under Open MPI's mpirun (arena/tournament/scale/mpi_run.h; issue 11): tables
# identical to a plain --threads 1 run (but for the wall-time fields) with 3 ranks and with 1, a
# sequential test that stops at the plain run's chunk, bots on every rank with a log per rank, a
# worker whose bot fails and a rank with another config named by rank 0, an interrupt on rank 0,
# a worker killed with SIGKILL (mpirun names it, the journal keeps the chunks) and the resume on
# another number of ranks, and --mpi with --shard or --games-out refused in one line.
# Usage: mpi_run_test.sh PATH/TO/dominoes PATH/TO/mpirun PYTHON3 SOURCE_DIR
# (KEEP_TMP=1 keeps the scratch directory with every run's output, to look into a failure.)
set -u

bin=${1:?usage: $0 PATH/TO/dominoes PATH/TO/mpirun PYTHON3 SOURCE_DIR}
mpirun=${2:?usage: $0 PATH/TO/dominoes PATH/TO/mpirun PYTHON3 SOURCE_DIR}
py=${3:?usage: $0 PATH/TO/dominoes PATH/TO/mpirun PYTHON3 SOURCE_DIR}
src=${4:?usage: $0 PATH/TO/dominoes PATH/TO/mpirun PYTHON3 SOURCE_DIR}
. "$(dirname "$0")/cli_lib.sh"
command -v "$mpirun" >/dev/null || { echo "FAIL: no mpirun at \"$mpirun\": install openmpi-bin"; exit 1; }

# Root in a container: Open MPI refuses root unless told twice, and its shared-memory transport's
# single-copy mechanism (CMA) needs ptrace rights that containers often lack. 2 cores, 3 ranks:
# oversubscribed, and not bound to cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
mpi=("$mpirun" --oversubscribe --bind-to none)
mpi() {  # mpi RANKS ARGS...: dominoes ARGS on RANKS ranks
  local ranks=$1; shift
  "${mpi[@]}" -np "$ranks" "$bin" "$@"
}

job=""  # a background mpirun, ended at exit if still there
cleanup() {
  if [ -n "$job" ] && kill -0 "$job" 2>/dev/null; then kill -9 "$job"; wait "$job" 2>/dev/null; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
[ -n "${KEEP_TMP:-}" ] && trap - EXIT

# Runs dominoes ARGS with --out $tmp/run (plain, or with --mpi under mpirun on RANKS ranks), then
# moves the directory to $tmp/NAME: every run writes the same `out` into config.cfg and
# summary.json. A journal left in $tmp/run is resumed.
run_as() {  # run_as NAME RANKS|plain ARGS...
  local name=$1 how=$2; shift 2
  if [ "$how" = plain ]; then
    "$bin" "$@" --out "$tmp/run" >"$tmp/$name.stdout" 2>"$tmp/$name.stderr"
  else
    mpi "$how" "$@" --mpi --out "$tmp/run" >"$tmp/$name.stdout" 2>"$tmp/$name.stderr"
  fi
  local rc=$?
  mv "$tmp/run" "$tmp/$name" 2>/dev/null
  return $rc
}

# The table files with their measured fields removed: summary.csv's last three columns
# (a_ms_per_decision, b_ms_per_decision, seconds), the last two cells (ms/decision, seconds) of
# summary.md's summary table, summary.json's "seconds" and "*_ms_per_decision" members.
without_seconds() {  # without_seconds FILE
  case "$(basename "$1")" in
    summary.csv) sed -E 's/(,[^,]*){3}$//' "$1" ;;
    summary.md) awk '/\| ms\/decision A \/ B \| seconds \|$/ { t = 1 } !/^\|/ { t = 0 } t { sub(/[^|]*\|[^|]*\|$/, "") } { print }' "$1" ;;
    summary.json) sed -E 's/"(seconds|[ab]_ms_per_decision)": ?([-+0-9.eE]+|null)//g' "$1" ;;
    *) cat "$1" ;;
  esac
}

# Passes when DIR_A and DIR_B hold the same files, equal but for the measured fields.
same_tables() {  # same_tables DIR_A DIR_B
  local a=$1 b=$2 f
  if [ "$(ls "$a" 2>&1)" != "$(ls "$b" 2>&1)" ]; then
    echo "  files: $(ls "$a" 2>&1 | tr '\n' ' ')| $(ls "$b" 2>&1 | tr '\n' ' ')"
    return 1
  fi
  for f in "$a"/*; do
    [ -f "$f" ] || continue
    if ! cmp -s <(without_seconds "$f") <(without_seconds "$b/$(basename "$f")"); then
      echo "  $(basename "$f") differs:"
      diff <(without_seconds "$f") <(without_seconds "$b/$(basename "$f")") | head -5
      return 1
    fi
  done
}

# The complete chunk lines of JOURNAL (0 when there is none): its newlines less its header lines,
# so that a last line cut short by a kill is not counted.
chunk_lines() {  # chunk_lines JOURNAL
  [ -f "$1" ] || { echo 0; return; }
  echo $(($(wc -l <"$1") - $(grep -vc '^chunk ' "$1")))
}

# The pid of rank RANK among the children of mpirun JOB (Open MPI gives each its rank in the
# environment), or nothing.
rank_pid() {  # rank_pid JOB RANK
  local p ppid
  for p in /proc/[0-9]*; do
    # stat: pid (comm) state ppid ...; bash's read, not a program per process, keeps this fast.
    read -r _ _ _ ppid _ <"$p/stat" 2>/dev/null || continue
    [ "$ppid" = "$1" ] || continue
    if tr '\0' '\n' <"$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2"; then
      echo "${p#/proc/}"
      return
    fi
  done
}

# Waits up to 20 s until the journal FILE holds at least N chunk lines; fails if mpirun JOB ends.
wait_for_chunks() {  # wait_for_chunks FILE N JOB
  local i
  for i in $(seq 1 2000); do
    [ "$(chunk_lines "$1")" -ge "$2" ] && return 0
    kill -0 "$3" 2>/dev/null || return 1
    sleep 0.01
  done
  return 1
}

# 1. A round robin of three fast strategies on 3 ranks and on 1 equals the plain run.
rr=(run --player random --player lowest --player heuristic --deals 600 --chunk 50 --threads 1
    --quiet)
run_as rr_plain plain "${rr[@]}"
check "plain round robin runs" test $? -eq 0
run_as rr_seed plain "${rr[@]}" --seed 2
check "the comparison sees another seed's tables (the check can fail)" \
  eval '! same_tables "$tmp/rr_plain" "$tmp/rr_seed" >/dev/null'
run_as rr_np3 3 "${rr[@]}"
check "mpirun -np 3 round robin exits 0" test $? -eq 0
check "-np 3: same tables as the plain run" same_tables "$tmp/rr_plain" "$tmp/rr_np3"
check "-np 3: says it ran on 3 ranks" grep -q 'on 3 MPI ranks' "$tmp/rr_np3.stderr"
check "-np 3: journal and lock removed" test ! -e "$tmp/rr_np3/journal.txt" -a ! -e "$tmp/rr_np3/run.lock"
check "-np 3: summary.md printed once" test "$(grep -c '^| random' "$tmp/rr_np3.stdout")" -eq \
  "$(grep -c '^| random' "$tmp/rr_plain.stdout")"
run_as rr_np1 1 "${rr[@]}"
check "mpirun -np 1 round robin exits 0" test $? -eq 0
check "-np 1: same tables as the plain run" same_tables "$tmp/rr_plain" "$tmp/rr_np1"

# 2. A sequential test stops where the plain run stops, though 3 ranks had chunks in flight.
h2h=(run --format=head-to-head --player heuristic --player random --sprt=p0=0,p1=2 --deals 20000
     --chunk 20 --threads 1 --quiet)
run_as sprt_plain plain "${h2h[@]}"
check "plain SPRT run" test $? -eq 0
column=$(head -1 "$tmp/sprt_plain/summary.csv" | tr ',' '\n' | grep -nx deals_played | cut -d: -f1)
played=$(sed -n 2p "$tmp/sprt_plain/summary.csv" | cut -d, -f"${column:-1}")
check "the plain SPRT stopped early (deals_played ${played:-?} < 20000)" test "${played:-20000}" -lt 20000
run_as sprt_np3 3 "${h2h[@]}"
check "mpirun -np 3 SPRT run exits 0" test $? -eq 0
check "SPRT -np 3: same tables (sprt.csv, summary) as the plain run" \
  same_tables "$tmp/sprt_plain" "$tmp/sprt_np3"

# 3. Bots: each rank runs its own, rank R > 0 logs to OUT/bots/rank-R/; a worker's failing bot is
# reported by rank 0 naming the rank, and the job ends non-zero.
bot=(run --bot "fl=$py $src/clients/python/firstlegal.py" --player fl --player random
     --format=head-to-head --deals 40 --chunk 5 --threads 1 --quiet)
run_as bot_plain plain "${bot[@]}"
check "plain run with a bot" test $? -eq 0
run_as bot_np2 2 "${bot[@]}"
check "mpirun -np 2 with a bot exits 0" test $? -eq 0
check "bot -np 2: same tables as the plain run" same_tables "$tmp/bot_plain" "$tmp/bot_np2"
check "rank 0 logs to OUT/bots/fl.log" test -f "$tmp/bot_np2/bots/fl.log"
check "rank 1 logs to OUT/bots/rank-1/fl.log" test -f "$tmp/bot_np2/bots/rank-1/fl.log"
printf '#!/bin/sh\n[ "$OMPI_COMM_WORLD_RANK" = 1 ] && exit 3\nexec %s %s/clients/python/firstlegal.py\n' \
  "$py" "$src" >"$tmp/rank1fails.sh"
chmod +x "$tmp/rank1fails.sh"
bad_bot=("${bot[@]}")
bad_bot[2]="fl=$tmp/rank1fails.sh"
run_as bot_fails 3 "${bad_bot[@]}"
check "a worker's failing bot fails the job" test $? -ne 0
check "rank 0 names rank 1 and the bot" \
  grep -q 'run failed on rank 1 of 3 .*bot fl failed' "$tmp/bot_fails.stderr"
check "the failed run keeps its journal" test -f "$tmp/bot_fails/journal.txt"

# 4. Ranks started with different configs: rank 0 names the first that differs; nothing written.
"${mpi[@]}" -np 2 "$bin" "${rr[@]}" --out "$tmp/mixed" --mpi : \
  -np 1 "$bin" "${rr[@]}" --out "$tmp/mixed" --mpi --seed 9 >"$tmp/out" 2>"$tmp/err"
check "ranks with another config: exit 2" test $? -eq 2
check "rank 0 names rank 2, once" test "$(grep -c 'rank 2 runs another experiment' "$tmp/err")" -eq 1
check "ranks with another config: no output directory" test ! -e "$tmp/mixed"
# One rank cannot read its arguments (its config file is missing where it runs): it says so, and
# every rank ends within the time limit instead of waiting for it (the others read theirs).
printf 'player = random\nplayer = lowest\ndeals = 40\n' >"$tmp/here.cfg"
(cd "$tmp" && timeout 60 "${mpi[@]}" -np 2 "$bin" run here.cfg --out "$tmp/partly" --mpi : \
  -wdir / -np 1 "$bin" run here.cfg --out "$tmp/partly" --mpi >"$tmp/out" 2>"$tmp/err")
rc=$?
check "a rank without its config: exit 2, no hang (exit $rc)" test "$rc" -eq 2
check "the rank that failed names itself, once" \
  test "$(grep -c 'run: rank 2: cannot read config file' "$tmp/err")" -eq 1
check "a rank without its config: no output directory" test ! -e "$tmp/partly"

# 5. --mpi with --shard or --games-out: one line, exit 2, alone and (once) under mpirun.
bad "--mpi --shard" run --mpi --shard 0/2 --out "$tmp/bad"
bad "--mpi --games-out" run --mpi --games-out "$tmp/games.jsonl" --out "$tmp/bad"
mpi 2 run --mpi --shard 0/2 --out "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
check "--mpi --shard under mpirun: non-zero" test $? -ne 0
check "--mpi --shard under mpirun: said once" test "$(grep -c 'cannot be used together' "$tmp/err")" -eq 1

# 6. A longer run: interrupted on rank 0, resumed on 3 ranks and a worker killed with SIGKILL,
# resumed on 2 ranks to the end: the plain run's tables.
long=(run --player random --player lowest --player heuristic --deals 1500000 --chunk 5000
      --threads 1 --quiet)
total=900  # 3 pairings x 300 chunks
run_as long_plain plain "${long[@]}"
check "plain long run" test $? -eq 0
journal="$tmp/run/journal.txt"
rm -rf "$tmp/run"
# Started without the function, so that $! is mpirun and the ranks are its children.
"${mpi[@]}" -np 3 "$bin" "${long[@]}" --mpi --out "$tmp/run" >"$tmp/int.stdout" 2>"$tmp/int.stderr" &
job=$!
wait_for_chunks "$journal" 2 "$job" && kill -INT "$(rank_pid "$job" 0)"
wait "$job"
rc=$? job=""
check "SIGINT on rank 0: mpirun exits 130 (got $rc)" test "$rc" -eq 130
check "SIGINT on rank 0: says interrupted, how to resume" \
  grep -q '^resume with: mpirun -np 3 ' "$tmp/int.stderr"
after_interrupt=$(chunk_lines "$journal")
check "SIGINT on rank 0: journal kept $after_interrupt of $total chunks" \
  test "$after_interrupt" -ge 2 -a "$after_interrupt" -lt "$total"
"${mpi[@]}" -np 3 "$bin" "${long[@]}" --mpi --out "$tmp/run" >"$tmp/kill.stdout" 2>"$tmp/kill.stderr" &
job=$!
killed=""
wait_for_chunks "$journal" $((after_interrupt + 2)) "$job" && killed=$(rank_pid "$job" 2) &&
  kill -9 "$killed"
wait "$job"
rc=$? job=""
check "a worker was found and killed" test -n "$killed"
check "worker killed: mpirun exits non-zero (got $rc)" test "$rc" -ne 0
check "worker killed: mpirun names rank 2" grep -q 'rank 2' "$tmp/kill.stderr"
after_kill=$(chunk_lines "$journal")
check "worker killed: journal grew ($after_interrupt -> $after_kill of $total)" \
  test "$after_kill" -gt "$after_interrupt" -a "$after_kill" -lt "$total"
check "worker killed: no tables" test ! -e "$tmp/run/summary.csv"
run_as long_np2 2 "${long[@]}"
check "resume on 2 ranks exits 0" test $? -eq 0
check "resume on 2 ranks: resumed the journal's $after_kill chunks" \
  grep -q "resumed $after_kill chunks" "$tmp/long_np2.stderr"
check "resume on 2 ranks: same tables as the plain run" same_tables "$tmp/long_plain" "$tmp/long_np2"

finish
