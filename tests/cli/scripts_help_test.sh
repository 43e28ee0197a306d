#!/usr/bin/env bash
# Every script in scripts/ (and scripts/slurm/) answers --help at once: exit 0, a description on
# stdout, nothing on stderr, within 10 s, and without starting what it would do (no build, no
# run, no package install: asking must be free).
# Usage: scripts_help_test.sh PATH/TO/REPOSITORY
set -u
repo=${1:?usage: $0 PATH/TO/REPOSITORY}
bin=/bin/false  # cli_lib.sh's helpers are not used on a program here
source "$(dirname "$0")/cli_lib.sh"

count=0
for script in "$repo"/scripts/* "$repo"/scripts/slurm/*; do
  [ -f "$script" ] && [ -x "$script" ] || continue
  name=${script#"$repo"/}
  count=$((count + 1))
  timeout 10 "$script" --help >"$tmp/out" 2>"$tmp/err"
  rc=$?
  check "$name --help exits 0 (got $rc)" [ "$rc" -eq 0 ]
  check "$name --help describes it on stdout" [ "$(wc -l <"$tmp/out")" -ge 2 ]
  check "$name --help writes nothing on stderr: $(head -c 200 "$tmp/err")" [ ! -s "$tmp/err" ]
done
check "the scripts were found" [ "$count" -ge 15 ]
finish
