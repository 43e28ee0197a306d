#!/usr/bin/env bash
# The Debian package (CPack, as scripts/package makes it): built from the build tree into a
# temporary folder, its fields say what it needs from Debian (oneTBB, Boost.Program_options,
# python3 of the version built for), and unpacked into a throwaway root its programs, Python
# package, plot script and completion work from any folder (installed_tree.sh).
# Usage: deb_package_test.sh BUILD_DIR SOURCE_DIR
set -u
build=${1:?usage: $0 BUILD_DIR SOURCE_DIR}
source_dir=${2:?usage: $0 BUILD_DIR SOURCE_DIR}
bin=$build/bin/dominoes
source "$(dirname "$0")/cli_lib.sh"
source "$(dirname "$0")/installed_tree.sh"

cpack --config "$build/CPackConfig.cmake" -B "$tmp/packages" >"$tmp/cpack.log" 2>&1
check "cpack makes the package" test $? -eq 0
deb=$(ls "$tmp"/packages/dominoes-tournament_*.deb 2>/dev/null | head -1)
check "one .deb named dominoes-tournament_VERSION_ARCH.deb" test -s "$deb"
depends=$(dpkg-deb -f "$deb" Depends)
for needed in libtbb libboost-program-options python3; do
  check "Depends names $needed ($depends)" grep -q "$needed" <<<"$depends"
done
python_minor=$(/usr/bin/python3 -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
check "Depends pins python3 >= $python_minor" grep -qF "python3 (>= $python_minor)" <<<"$depends"
dpkg-deb -x "$deb" "$tmp/root"
check "the package unpacks under /usr" test -x "$tmp/root/usr/bin/dominoes"
check_installed_tree "$tmp/root/usr" "$tmp/root/usr/lib/python3/dist-packages" "$source_dir"
finish
