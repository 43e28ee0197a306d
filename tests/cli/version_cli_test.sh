#!/usr/bin/env bash
# `dominoes --version` and `solver --version`: one line, exit 0, "PROGRAM VERSION, executable
# FINGERPRINT", the fingerprint equal to FNV-1a 64 of the executable's bytes as Python computes it
# here (a second implementation of arena/tournament/config/build_fingerprint.h's hash).
# Usage: version_cli_test.sh DOMINOES SOLVER PYTHON3
dominoes=$1 solver=$2 py=${3:-python3}
bin=$dominoes
. "$(dirname "$0")/cli_lib.sh"

fnv1a64() {
  "$py" -c '
import sys
h = 0xcbf29ce484222325
for b in open(sys.argv[1], "rb").read():
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
print("%016x" % h)' "$1"
}

for program in dominoes solver; do
  path=${!program}
  "$path" --version >"$tmp/out" 2>"$tmp/err"
  check "$program --version exits 0" test $? -eq 0
  check "$program --version is one line" test "$(wc -l <"$tmp/out")" -eq 1
  check "$program --version says nothing on stderr" test ! -s "$tmp/err"
  line=$(cat "$tmp/out")
  check "$program --version names the program and a version: $line" \
    grep -Eq "^$program [0-9A-Za-z._-]+(-dirty\+diff\.[0-9a-f]{12})?, executable [0-9a-f]{16}\$" "$tmp/out"
  check "$program --version's fingerprint is the executable's hash" \
    test "${line##*executable }" = "$(fnv1a64 "$path")"
done
check "both programs report the same version" \
  test "$("$dominoes" --version | cut -d' ' -f2)" = "$("$solver" --version | cut -d' ' -f2)"

# The version names the tree: the build's script run on a throwaway repository gives its commit
# when clean, and COMMIT-dirty+diff.HASH with HASH the SHA-256 of `git diff HEAD --binary`
# (computed here by sha256sum) when a tracked file is changed.
root=$(cd "$(dirname "$0")/../.." && pwd)
if command -v git >/dev/null && command -v cmake >/dev/null; then
  repo=$tmp/repo
  git init -q "$repo" && echo one >"$repo/f" && git -C "$repo" add f &&
    git -C "$repo" -c user.name=t -c user.email=t@t commit -qm one
  version_of() {
    cmake -DSOURCE="$repo" -DGIT="$(command -v git)" \
      -DTEMPLATE="$root/engine/common/version.h.in" -DOUT="$tmp/version.h" \
      -P "$root/cmake/tool_version.cmake" >/dev/null &&
      sed -n 's/.*kToolVersion = "\(.*\)";/\1/p' "$tmp/version.h"
  }
  commit=$(git -C "$repo" describe --always)
  check "a clean tree's version is its commit" test "$(version_of)" = "$commit"
  echo two >>"$repo/f"
  hash=$(git -C "$repo" diff HEAD --binary | sha256sum | cut -c1-12)
  check "a changed tree's version carries its diff's hash" \
    test "$(version_of)" = "$commit-dirty+diff.$hash"
fi
finish
