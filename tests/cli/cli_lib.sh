# shellcheck shell=bash disable=SC2154  # bin is set by the test that sources this file
# Shared helpers for the command-line test scripts: source it after setting `bin`.
#   check NAME COMMAND...        passes when COMMAND succeeds
#   bad NAME ARGS...             "$bin" ARGS must exit 2 with one line on stderr, nothing on stdout
#   bad_stdin NAME INPUT ARGS... the same, with INPUT on stdin
#   expect_error NAME EXIT WORD ARGS...
#                                "$bin" ARGS (stdin empty) must exit EXIT within $time_limit
#                                seconds, print nothing on stdout and exactly one line on stderr of
#                                at most $max_error_bytes bytes that mentions WORD (any case)
#   expect_error_from FILE NAME EXIT WORD ARGS...
#                                the same with FILE on stdin
#   wait_until SECONDS COMMAND... runs COMMAND every 0.02 s until it succeeds (returns 0) or
#                                SECONDS pass (returns 1): for a background run to reach a point
#   finish                       prints "N passed, M failed"; returns non-zero on any failure
#   pids                         a test that starts runs in the background adds their pids here:
#                                they are killed (with -9) when it exits, before $tmp is removed
# Each run leaves its output in "$tmp/out" and "$tmp/err" for further checks. A script may set
# time_limit (default 20) and max_error_bytes (default 300) before calling expect_error.
passed=0 failed=0
time_limit=${time_limit:-20}
max_error_bytes=${max_error_bytes:-300}
tmp=$(mktemp -d) || exit 1
pids=()
cleanup_runs() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup_runs EXIT

wait_until() {
  local tries=$(( $1 * 50 )) i; shift
  for ((i = 0; i < tries; i++)); do "$@" && return 0; sleep 0.02; done
  "$@"
}

check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}

# Exit 2, exactly one line on stderr, nothing on stdout: what every bad input must give.
rejected_cleanly() {
  local name=$1 rc=$2
  if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (exit $rc): $(head -c 300 "$tmp/err")"
  fi
}

bad() {
  local name=$1; shift
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  rejected_cleanly "$name" $?
}

bad_stdin() {
  local name=$1 input=$2; shift 2
  printf '%s' "$input" | "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  rejected_cleanly "$name" $?
}

# Why the last run in "$tmp" is not a clean error with exit code WANT mentioning WORD; empty if it is.
error_problem() {  # error_problem RC WANT WORD
  local rc=$1 want=$2 word=$3 lines bytes
  lines=$(wc -l <"$tmp/err") bytes=$(wc -c <"$tmp/err")
  if [ "$rc" -eq 124 ]; then echo "no answer within ${time_limit}s"
  elif [ "$rc" -ne "$want" ]; then echo "exit $rc, expected $want"
  elif [ -s "$tmp/out" ]; then echo "stdout is not empty: $(head -c 100 "$tmp/out")"
  elif [ "$lines" -ne 1 ]; then echo "$lines lines on stderr, expected 1"
  elif [ "$bytes" -gt "$max_error_bytes" ]; then echo "$bytes bytes on stderr, at most $max_error_bytes"
  elif ! grep -qiF -- "$word" "$tmp/err"; then echo "stderr does not mention \"$word\""
  fi
}

expect_error_from() {
  local input=$1 name=$2 want=$3 word=$4; shift 4
  timeout "$time_limit" "$bin" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
  local rc=$? problem
  problem=$(error_problem "$rc" "$want" "$word")
  if [ -z "$problem" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name: $problem: $(head -c 300 "$tmp/err")"
  fi
}

expect_error() {
  local name=$1; shift
  expect_error_from /dev/null "$name" "$@"
}

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
