# Shared helpers for the command-line test scripts: source it after setting `bin`.
#   check NAME COMMAND...        passes when COMMAND succeeds
#   bad NAME ARGS...             "$bin" ARGS must exit 2 with one line on stderr, nothing on stdout
#   bad_stdin NAME INPUT ARGS... the same, with INPUT on stdin
#   finish                       prints "N passed, M failed"; returns non-zero on any failure
# Each run leaves its output in "$tmp/out" and "$tmp/err" for further checks.
passed=0 failed=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

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
    echo "FAIL: $name (exit $rc): $(cat "$tmp/err")"
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

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
