# shellcheck shell=bash disable=SC2034,SC2154  # prog comes from the caller; mem, time_limit go to it
# Shared by scripts/slurm/submit and scripts/slurm/submit-mpi (sourced, not run): argument
# parsing, validation before anything reaches the queue, and the resources both ask for.
# The caller sets `prog` (its name, for messages) and defines `usage`.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Resources, each overridable from the environment (README "Past one machine: Slurm"):
# dominoes needs a few MB per thread (7 MB for minimax on 2 threads), so 2G is room for external
# bots; 12 hours fits under most partitions' limits, and a job killed at its limit resumes when
# submitted again.
cpus_default=8
mem=${DOMINOES_SLURM_MEM:-2G}
time_limit=${DOMINOES_SLURM_TIME:-12:00:00}

# One line on stderr and exit 2: the convention for bad input in this project.
bad() {
  echo "$prog: $*" >&2
  exit 2
}

# Refusals that are not the user's input (a missing sbatch, a refused job): exit 1.
fail() {
  echo "$prog: $*" >&2
  exit 1
}

is_count() { [[ $1 =~ ^[1-9][0-9]*$ ]]; }

# Reads CONFIG COUNT [--out DIR] [--threads T] [--key=value ...] [-- sbatch options] into
# config, count, out_arg, threads, run_opts (for dominoes run) and sbatch_extra. $1 names COUNT
# in messages.
parse_args() {
  local count_name=$1 positional=() option
  shift
  out_arg="" threads="" run_opts=() sbatch_extra=()
  while [ $# -gt 0 ]; do
    case $1 in
      -h | --help) usage; exit 0 ;;
      --) shift; sbatch_extra=("$@"); break ;;
      --out | --threads) [ $# -ge 2 ] || bad "$1 needs a value"; set_option "${1#--}" "$2"; shift ;;
      --out=* | --threads=*) option=${1%%=*}; set_option "${option#--}" "${1#*=}" ;;
      --shard* | --mpi* | --print-config* | --config*) bad "$1: this script sets it itself" ;;
      --?*=* | --restart) run_opts+=("$1") ;;
      -*) bad "unknown option '$1' (dominoes run options go as --key=value, sbatch options after --)" ;;
      *) positional+=("$1") ;;
    esac
    shift
  done
  [ ${#positional[@]} -eq 2 ] ||
    bad "expected CONFIG and $count_name, got ${#positional[@]} arguments (see --help)"
  config=${positional[0]} count=${positional[1]}
  [ -f "$config" ] && [ -r "$config" ] || bad "cannot read config file '$config'"
  is_count "$count" || bad "$count_name must be a positive integer, not '$count'"
  # No leading zeros, so a count of 7 digits or more is above dominoes' limit of 100000 shards.
  [ "$prog" != submit ] || [ "${#count}" -lt 6 ] || [ "$count" = 100000 ] ||
    bad "N must be at most 100000 shards, not '$count'"
  config=$(realpath "$config")
}

set_option() {
  case $1 in
    out) [ -n "$2" ] || bad "--out needs a directory"; out_arg=$2 ;;
    threads) [[ $2 =~ ^[0-9]+$ ]] || bad "--threads must be a whole number, not '$2'"; threads=$2 ;;
  esac
}

# CPUs per task: DOMINOES_SLURM_CPUS, else --threads when given (0 = all cores gets the
# default), else 8, which fits on any node and lets several shards share one.
choose_cpus() {
  cpus=${DOMINOES_SLURM_CPUS:-}
  if [ -z "$cpus" ]; then
    cpus=$cpus_default
    [ -z "$threads" ] || [ "$threads" = 0 ] || cpus=$threads
  fi
  is_count "$cpus" || bad "DOMINOES_SLURM_CPUS must be a positive integer, not '$cpus'"
}

# The absolute path of the dominoes binary the jobs run (compute nodes see the same file system
# but not this shell's PATH or working directory).
find_binary() {
  bin=${DOMINOES_BIN:-$root/build/bin/dominoes}
  [ -f "$bin" ] && [ -x "$bin" ] ||
    bad "no dominoes binary at '$bin' (build it with scripts/setup, or set DOMINOES_BIN)"
  bin=$(realpath "$bin")
  command -v sbatch >/dev/null || fail "sbatch not found: run this on a Slurm login node"
}

# The dominoes options every job passes: the user's, --out and --threads as given.
dominoes_opts() {
  opts=(${run_opts[@]+"${run_opts[@]}"})
  [ -z "$out_arg" ] || opts+=("--out=$out_arg")
  [ -z "$threads" ] || opts+=("--threads=$threads")
}

# Validates the config here, so a typo fails now and not after hours in the queue, and reads
# the experiment's name and output directory from the tool itself (out = DIR), made absolute.
read_config() {
  local printed err
  err=$(mktemp)
  if ! printed=$("$bin" run "$config" ${opts[@]+"${opts[@]}"} --print-config 2>"$err"); then
    local why
    why=$(head -n 1 "$err")
    rm -f "$err"
    bad "${why:-dominoes run --print-config failed for $config}"
  fi
  rm -f "$err"
  # dominoes refuses games-out under --mpi only when the job starts: say it now.
  if [ "$prog" = submit-mpi ] && grep -q '^games-out = ' <<<"$printed"; then
    bad "games-out cannot be used with --mpi: use scripts/slurm/submit (shards) for game records"
  fi
  out=$(sed -n 's/^out *= *//p' <<<"$printed" | tail -n 1)
  [ -n "$out" ] || fail "dominoes run --print-config printed no 'out = DIR' line"
  [[ $out == /* ]] || out=$PWD/$out
  out=$(realpath -m "$out")
  name=$(sed -n 's/^name *= *//p' <<<"$printed" | tail -n 1)
  name=${name//[^A-Za-z0-9._-]/_}
  logs=$out/slurm-logs
  # Slurm does not create the directory of --output; a job without it fails at start.
  mkdir -p "$logs" || fail "cannot create the log directory $logs"
}

# Prints a command line, each word quoted for bash, for the job scripts.
quoted() {
  local line
  line=$(printf '%q ' "$@")
  printf '%s' "${line% }"
}

# Submits the job script on stdin with sbatch --parsable and the options in "$@"; prints the
# job id. The user's sbatch options come last so that they override ours.
submit_job() {
  local id
  id=$(sbatch --parsable --chdir="$PWD" "$@" ${sbatch_extra[@]+"${sbatch_extra[@]}"}) || return 1
  id=${id%%;*}  # --parsable prints ID;CLUSTER on a multi-cluster site
  [[ $id =~ ^[0-9]+$ ]] || return 1
  echo "$id"
}
