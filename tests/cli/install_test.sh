#!/usr/bin/env bash
# cmake --install: the programs, the Python package, the plot script, the completion and the docs
# land under a temporary prefix and work from any folder without the source or build tree
# (installed_tree.sh); a prefix the installer cannot write is refused in one line, with nothing
# installed.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?usage: $0 BUILD_DIR SOURCE_DIR}
source_dir=${2:?usage: $0 BUILD_DIR SOURCE_DIR}
bin=$build/bin/dominoes
source "$(dirname "$0")/cli_lib.sh"
source "$(dirname "$0")/installed_tree.sh"

prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.out" 2>&1
check "cmake --install succeeds" test $? -eq 0
check_installed_tree "$prefix" "$prefix/lib/python3/dist-packages" "$source_dir"

# A prefix under a regular file cannot be made, even by root: one line names it and what to do.
touch "$tmp/a-file"
cmake --install "$build" --prefix "$tmp/a-file/prefix" >"$tmp/ro.out" 2>&1
check "an unwritable prefix fails" test $? -ne 0
check "with one line naming the prefix" grep -q "cannot write to the install prefix $tmp/a-file/prefix" "$tmp/ro.out"
check "and nothing installed" bash -c "! grep -q 'Installing:' '$tmp/ro.out'"
finish
