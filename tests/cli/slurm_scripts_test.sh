#!/usr/bin/env bash
# scripts/slurm/submit and submit-mpi (issue 11) without a cluster: tests/slurm/sbatch and srun
# stand in for Slurm (they set the Slurm variables and run the jobs here; srun through mpirun).
#  1. The scripts' control flow against a fake dominoes that logs its arguments: which jobs are
#     submitted with which options, that the merge waits for every shard, that a failed shard
#     leaves the merge unrun, and that bad input is refused before anything is queued.
#  2. The real dominoes: the tables merged from 3 shards, and those of a 2-node MPI job, equal a
#     single-machine run's (the seconds aside); a failed shard leaves no tables, and submitting
#     the same command again finishes them.
# The MPI parts are skipped (with a SKIP line) when mpirun is not installed.
# Usage: slurm_scripts_test.sh PATH/TO/dominoes
set -u

bin=$(realpath "${1:?usage: $0 PATH/TO/dominoes}")
here=$(cd "$(dirname "$0")" && pwd)
submit=$here/../../scripts/slurm/submit
submit_mpi=$here/../../scripts/slurm/submit-mpi
source "$here/cli_lib.sh"
export PATH="$here/../slurm:$PATH"
export FAKE_SLURM_STATE=$tmp/slurm-state
unset DOMINOES_SLURM_CPUS DOMINOES_SLURM_MEM DOMINOES_SLURM_TIME DOMINOES_SLURM_LAUNCHER \
  DOMINOES_SLURM_SRUN_MPI FAKE_SLURM_FAIL_TASKS
have_mpirun=false
command -v mpirun >/dev/null && have_mpirun=true
mkdir -p "$tmp/work"
cd "$tmp/work" || exit 1

# Runs a submit script, output in $tmp/out and $tmp/err; fails the check NAME unless it exits 0.
submits() {
  local name=$1
  shift
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$?
  [ "$rc" -eq 0 ] || echo "submit failed (exit $rc): $(head -c 300 "$tmp/err")"
  check "$name" [ "$rc" -eq 0 ]
}

# Job ids printed by the last submit: the shards' (or the MPI job's) and the merge's.
job_id() { sed -n "s/^$1 *job \([0-9]*\).*/\1/p; s/^$1 *\([0-9]*\),.*/\1/p" "$tmp/out"; }
job_state() { cat "$FAKE_SLURM_STATE/jobs/$1" 2>/dev/null; }
job_option() { sed -n "s/^$2=//p" "$FAKE_SLURM_STATE/options/$1"; }
jobs_queued() { cat "$FAKE_SLURM_STATE/next-id" 2>/dev/null || echo 1000; }

# Bad input: exit 2, one line on stderr, nothing on stdout, and no job queued.
refused() {
  local name=$1 before rc
  shift
  before=$(jobs_queued)
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  rejected_cleanly "$name" "$rc"
  check "$name: nothing queued" [ "$(jobs_queued)" = "$before" ]
}

# --- 1. Control flow, with a fake dominoes -------------------------------------------------------

fake=$tmp/fake/dominoes
calls=$tmp/fake/calls
mkdir -p "$tmp/fake"
cat >"$fake" <<'EOF'
#!/usr/bin/env bash
# Logs its arguments, one call a line, and plays the parts of the dominoes CLI the scripts use.
echo "$* rank=${OMPI_COMM_WORLD_RANK:-none}/${OMPI_COMM_WORLD_SIZE:-none}" >>"$FAKE_DOMINOES_LOG"
out=results/fake
for arg in "$@"; do case $arg in --out=*) out=${arg#--out=} ;; esac; done
case " $* " in
  *" --print-config "*)
    if grep -q bogus "$2"; then echo "dominoes: unknown key 'bogus' in $2" >&2; exit 2; fi
    printf 'name = fake\nout = %s\n' "$out"
    for arg in "$@"; do case $arg in --games-out=*) echo "games-out = ${arg#--games-out=}" ;; esac; done ;;
  *" --shard "*) all="$*" shard=${all##*--shard }; mkdir -p "$out/shard-${shard%/*}-of-${shard#*/}" ;;
  " merge "*) ls "$2" >"$2/summary.csv" ;;
esac
EOF
chmod +x "$fake"
export FAKE_DOMINOES_LOG=$calls DOMINOES_BIN=$fake
printf 'deals = 600\n' >"$tmp/work/fast.cfg"
cfg=$tmp/work/fast.cfg

# 1a. Three shards with the defaults: the config is checked once, each shard runs with 8 threads
#     (the CPUs asked for) in the submission directory, and the merge comes after all of them.
submits "submit CONFIG 3" "$submit" fast.cfg 3
shards=$(job_id shards:) merge=$(job_id merge:)
check "submit prints the shards' job id" [ -n "$shards" ]
check "submit prints the merge's job id" [ -n "$merge" ]
check "submit prints the status command" grep -q "squeue -j $shards,$merge" "$tmp/out"
check "submit prints where the tables go" grep -q "^tables: $tmp/work/results/fake/" "$tmp/out"
check "the config is checked at submit time" \
  [ "$(grep -c -- "^run $cfg --print-config" "$calls")" -eq 1 ]
for k in 0 1 2; do
  check "shard $k/3 ran with the CPUs asked for" \
    grep -qx -- "run $cfg --threads=8 --shard $k/3 rank=none/none" "$calls"
  check "shard $k/3 wrote in the submission directory" [ -d "results/fake/shard-$k-of-3" ]
  check "shard $k/3 logged under OUT/slurm-logs" \
    [ -f "results/fake/slurm-logs/shard-$k-of-3-$shards.out" ]
done
check "the merge ran last, on OUT" \
  [ "$(tail -n 1 "$calls")" = "merge $tmp/work/results/fake rank=none/none" ]
check "the merge saw every shard" grep -qx 'shard-2-of-3' results/fake/summary.csv
check "the shards' array job completed" grep -q '^COMPLETED' "$FAKE_SLURM_STATE/jobs/$shards"
check "the merge job completed" grep -q '^COMPLETED' "$FAKE_SLURM_STATE/jobs/$merge"
check "an array of 3 tasks" [ "$(job_option "$shards" array)" = 0-2 ]
check "8 CPUs per shard by default" [ "$(job_option "$shards" cpus-per-task)" = 8 ]
check "the merge depends on the shards" [ "$(job_option "$merge" dependency)" = "afterok:$shards" ]

# 1b. Options: --out, --threads and --key=value reach every shard; DOMINOES_SLURM_* and the
#     sbatch options after -- reach sbatch.
: >"$calls"
submits "submit with options" env DOMINOES_SLURM_CPUS=3 DOMINOES_SLURM_TIME=1:00:00 \
  "$submit" fast.cfg 2 --out o2 --threads 2 --deals=7 -- --partition=short
shards=$(job_id shards:) merge=$(job_id merge:)
check "--key=value, --out and --threads reach the shards" \
  grep -qx -- "run $cfg --deals=7 --out=o2 --threads=2 --shard 1/2 rank=none/none" "$calls"
check "DOMINOES_SLURM_CPUS sets the CPUs" [ "$(job_option "$shards" cpus-per-task)" = 3 ]
check "DOMINOES_SLURM_TIME sets the time" [ "$(job_option "$shards" time)" = 1:00:00 ]
check "sbatch options after -- reach the shards" [ "$(job_option "$shards" partition)" = short ]
check "sbatch options after -- reach the merge" [ "$(job_option "$merge" partition)" = short ]
check "the merge reads --out" grep -qx "merge $tmp/work/o2 rank=none/none" "$calls"

# 1c. A shard that fails leaves the merge unrun (Slurm cancels it: DependencyNeverSatisfied).
: >"$calls"
FAKE_SLURM_FAIL_TASKS=1 submits "submit with a failing shard" "$submit" fast.cfg 3 --out failed
shards=$(job_id shards:) merge=$(job_id merge:)
check "the failed shard fails the array job" grep -q '^FAILED' "$FAKE_SLURM_STATE/jobs/$shards"
check "the merge is never run" grep -q ' DependencyNeverSatisfied ' "$FAKE_SLURM_STATE/jobs/$merge"
check "dominoes merge was not called" [ "$(grep -c '^merge' "$calls")" -eq 0 ]
check "the other shards ran" [ "$(grep -c -- '--shard [02]/3' "$calls")" -eq 2 ]

# 1d. Bad input: one line, exit 2, nothing queued.
refused "missing config" "$submit" missing.cfg 3
refused "N = 0" "$submit" fast.cfg 0
refused "N = abc" "$submit" fast.cfg abc
refused "N = -1" "$submit" fast.cfg -1
refused "N = 100001 (above dominoes' limit)" "$submit" fast.cfg 100001
refused "N = 10^20" "$submit" fast.cfg 100000000000000000000
refused "no N" "$submit" fast.cfg
refused "an unknown option" "$submit" fast.cfg 3 --bogus
refused "--threads x" "$submit" fast.cfg 3 --threads x
refused "--shard set by hand" "$submit" fast.cfg 3 --shard=0/3
refused "a directory as config" "$submit" . 3
refused "no dominoes binary" env DOMINOES_BIN="$tmp/none" "$submit" fast.cfg 3
refused "DOMINOES_SLURM_CPUS=0" env DOMINOES_SLURM_CPUS=0 "$submit" fast.cfg 3
printf 'bogus = 1\n' >bad.cfg
refused "a config dominoes refuses" "$submit" bad.cfg 3
check "dominoes' reason is shown" grep -q "unknown key 'bogus'" "$tmp/err"
refused "submit-mpi: missing config" "$submit_mpi" missing.cfg 2
refused "submit-mpi: NODES = 0" "$submit_mpi" fast.cfg 0
refused "submit-mpi: NODES = abc" "$submit_mpi" fast.cfg abc
refused "submit-mpi: a config dominoes refuses" "$submit_mpi" bad.cfg 2
refused "submit-mpi: games-out (refused under --mpi)" "$submit_mpi" fast.cfg 2 --games-out=g.jsonl
check "submit-mpi says games-out needs shards" grep -q 'use scripts/slurm/submit' "$tmp/err"
refused "submit-mpi: an unknown launcher" env DOMINOES_SLURM_LAUNCHER=ssh "$submit_mpi" fast.cfg 2
for script in "$submit" "$submit_mpi"; do
  "$script" --help >"$tmp/out" 2>"$tmp/err"
  check "$(basename "$script") --help exits 0 with the usage" grep -q '^Usage: scripts/slurm/' "$tmp/out"
  check "$(basename "$script") --help documents the resources" grep -q -- '--cpus-per-task' "$tmp/out"
done

# 1e. One MPI job on 2 nodes: srun starts one rank per node, each with the CPUs asked for.
if $have_mpirun; then
  : >"$calls"
  submits "submit-mpi CONFIG 2" env DOMINOES_SLURM_SRUN_MPI=pmix "$submit_mpi" fast.cfg 2 --out m
  job=$(job_id job:)
  check "submit-mpi prints the job id" [ -n "$job" ]
  check "the MPI job completed" grep -q '^COMPLETED' "$FAKE_SLURM_STATE/jobs/$job"
  check "2 nodes, 1 rank each" [ "$(job_option "$job" nodes)/$(job_option "$job" ntasks-per-node)" = 2/1 ]
  for rank in 0 1; do
    check "rank $rank of 2 ran" grep -qx -- "run $cfg --out=m --mpi --threads=8 rank=$rank/2" "$calls"
  done
  check "DOMINOES_SLURM_SRUN_MPI reaches srun" grep -q '^srun --mpi=pmix ' "$FAKE_SLURM_STATE/scripts/$job"
else
  echo "SKIP: submit-mpi (mpirun not found)"
fi

# --- 2. The real dominoes: merged tables equal one machine's ------------------------------------

export DOMINOES_BIN=$bin DOMINOES_SLURM_CPUS=1
if ! "$bin" run --help 2>&1 | grep -q -- '--shard'; then
  check "$bin has run --shard (issue 11)" false
  finish
  exit
fi

# A round robin of 3 fast strategies, 6 chunks per pairing, so 3 shards get 2 chunks each.
cat >real.cfg <<'EOF'
name = slurm-scripts-test
format = round-robin
deals = 600
chunk = 100
seed = 11
player = random
player = lowest
player = heuristic
quiet = true
EOF

# The table files of a run's output directory (journals, locks, pictures and logs aside).
table_files() {
  (cd "$1" && find . -maxdepth 1 -type f ! -name 'journal.txt' ! -name 'run.lock' \
    ! -name '*.png' ! -name '*.svg' -printf '%f\n' | sort)
}

# A table without what may differ between runs: the measured times (summary.csv's last three
# columns, the last two cells of summary.md's summary table) and the output directory and threads
# the config records.
normalized() {
  case ${1##*/} in
    summary.csv) sed -E 's/(,[^,]*){3}$//' "$1" ;;
    summary.md) awk '/\| ms\/decision A \/ B \| seconds \|$/ { t = 1 } !/^\|/ { t = 0 } t { sub(/[^|]*\|[^|]*\|$/, "") } { print }' "$1" ;;
    summary.json) grep -vE '^ *"(seconds|[ab]_ms_per_decision|out|threads)":' "$1" ;;
    config.cfg) grep -vE '^(out|threads) *=' "$1" ;;
    *) cat "$1" ;;
  esac
}

# Succeeds when DIR's tables equal the single-machine run's, else says where they differ.
same_tables() {
  local dir=$1 f
  [ "$(table_files "$dir")" = "$(table_files single)" ] || {
    echo "table files in $dir: $(table_files "$dir" | tr '\n' ' ')"
    return 1
  }
  for f in $(table_files single); do
    cmp -s <(normalized "single/$f") <(normalized "$dir/$f") || {
      echo "$dir/$f differs from one machine's:"
      diff <(normalized "single/$f") <(normalized "$dir/$f") | head -n 6
      return 1
    }
  done
}

"$bin" run real.cfg --out=single --threads=1 >/dev/null 2>"$tmp/err" ||
  echo "single-machine run failed: $(head -c 300 "$tmp/err")"
check "the single-machine run wrote summary.csv" [ -f single/summary.csv ]
check "the timings are summary.csv's last columns" \
  grep -q ',a_ms_per_decision,b_ms_per_decision,seconds$' single/summary.csv
check "the timings are summary.md's last columns" \
  grep -q '| ms/decision A / B | seconds |$' single/summary.md

# 2a. Three shards and their merge.
submits "real: submit CONFIG 3" "$submit" real.cfg 3 --out sharded
merge=$(job_id merge:)
check "real: the merge job completed" grep -q '^COMPLETED' "$FAKE_SLURM_STATE/jobs/$merge"
check "real: 3 shards merged = one machine" same_tables sharded

# 2b. A failed shard: no tables; the same command again resumes and merges.
FAKE_SLURM_FAIL_TASKS=1 submits "real: submit with a failing shard" "$submit" real.cfg 3 --out failed
merge=$(job_id merge:)
check "real: the merge is never run" grep -q ' DependencyNeverSatisfied ' "$FAKE_SLURM_STATE/jobs/$merge"
check "real: no tables without shard 1" [ ! -e failed/summary.csv ]
submits "real: the same command again" "$submit" real.cfg 3 --out failed
shards=$(job_id shards:)
check "real: a finished shard resumes from its journal" \
  grep -q resumed "failed/slurm-logs/shard-0-of-3-$shards.out"
check "real: resubmitted shards merged = one machine" same_tables failed

# 2c. One MPI job on 2 nodes.
if $have_mpirun; then
  submits "real: submit-mpi CONFIG 2" "$submit_mpi" real.cfg 2 --out mpi
  job=$(job_id job:)
  grep -q '^COMPLETED' "$FAKE_SLURM_STATE/jobs/$job" ||
    echo "the MPI job's log: $(head -c 600 "mpi/slurm-logs/mpi-$job.out")"
  check "real: the MPI job completed" grep -q '^COMPLETED' "$FAKE_SLURM_STATE/jobs/$job"
  check "real: 2 MPI nodes = one machine" same_tables mpi
else
  echo "SKIP: submit-mpi with the real dominoes (mpirun not found)"
fi

finish
