#!/usr/bin/env bash
# Runs COMMAND with Debian's oneTBB, Boost.Program_options and Open MPI libraries hidden, as on a
# machine that never installed them: in a mount namespace of its own (unshare -m; run it under
# unshare), every file of those libraries has an empty file bind-mounted over it and Open MPI's
# folder an empty folder, so the dynamic loader finds nothing it can load there ("file too
# short"). The machine's files are untouched: the mounts end with the namespace.
# Usage: unshare -m hide_system_libs.sh COMMAND [ARG...]
set -eu
[ $# -gt 0 ] || { echo "usage: unshare -m $0 COMMAND [ARG...]" >&2; exit 2; }
empty=$(mktemp -d)
touch "$empty/file"
mkdir "$empty/dir"
libdir=/usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)
# Every library file of the three, wherever the loader's cache puts them, and each real file
# behind a link (hiding the file hides every name of it).
hidden=$( { ldconfig -p | sed -n 's/.* => //p'; ls "$libdir"/*.so* 2>/dev/null; } |
          grep -E '/lib(tbb|tbbmalloc|tbbbind|boost_program_options|mpi|mpi_cxx|open-pal|open-rte)[-_.0-9a-z]*\.so' |
          xargs -r realpath -e 2>/dev/null | sort -u)
[ -n "$hidden" ] || { echo "hide_system_libs.sh: found none of the libraries to hide" >&2; exit 1; }
for file in $hidden; do mount --bind "$empty/file" "$file"; done
if [ -d "$libdir/openmpi" ]; then mount --bind "$empty/dir" "$libdir/openmpi"; fi
rm -rf "$empty"  # the mounts keep what they show
exec "$@"
