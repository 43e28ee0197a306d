#!/usr/bin/env bash
# A configure where libraries the build needs are missing stops with one message that names every
# missing one with its Debian package, and the commands that install them (scripts/install-packages,
# sudo apt-get install ...), instead of CMake's "Could NOT find" for the first alone. Each
# configure goes into a scratch folder and stops before building anything.
#   1. oneTBB hidden (CMAKE_DISABLE_FIND_PACKAGE_TBB): oneTBB alone is named.
#   2. everything under / and /usr hidden (CMAKE_IGNORE_PREFIX_PATH): all seven libraries at once.
# Usage: missing_packages_test.sh SOURCE_DIR
set -u
source_dir=${1:?usage: $0 SOURCE_DIR}
bin=/bin/false  # cli_lib.sh's checks of one program are not used here
source "$(dirname "$0")/cli_lib.sh"

configure() {  # configure NAME CMAKE_ARGS...: its output in $tmp/NAME.log, its status returned
  local name=$1; shift
  cmake -S "$source_dir" -B "$tmp/$name" -DDOMINOES_CCACHE=OFF "$@" >"$tmp/$name.log" 2>&1
}

configure tbb -DCMAKE_DISABLE_FIND_PACKAGE_TBB=ON
rc=$?
check "without oneTBB the configure fails ($rc)" test $rc -ne 0
check "it names oneTBB and its package" grep -q 'oneTBB (libtbb-dev)' "$tmp/tbb.log"
check "it names nothing that is installed" bash -c "! grep -q 'Boost\|Eigen\|pybind11' '$tmp/tbb.log'"
check "it names scripts/install-packages" grep -q 'scripts/install-packages' "$tmp/tbb.log"
check "it gives the apt-get command" grep -qx ' *sudo apt-get install libtbb-dev' "$tmp/tbb.log"
check "not CMake's own message" bash -c "! grep -qi 'could not find' '$tmp/tbb.log'"

configure none "-DCMAKE_IGNORE_PREFIX_PATH=/usr;/"
rc=$?
check "with nothing found the configure fails ($rc)" test $rc -ne 0
log=$(tr '\n' ' ' <"$tmp/none.log" | tr -s ' ')  # CMake wraps the message's lines
for named in "Boost.Program_options 1.74 or later (libboost-program-options-dev)" \
             "oneTBB (libtbb-dev)" "Eigen 3 (libeigen3-dev)" "nlohmann-json 3 (nlohmann-json3-dev)" \
             "GoogleTest (libgtest-dev, or -DDOMINOES_BUILD_TESTS=OFF)" \
             "Google Benchmark (libbenchmark-dev, or -DDOMINOES_BUILD_TESTS=OFF)" \
             "pybind11 (pybind11-dev, or -DDOMINOES_PYTHON=OFF)"; do
  check "one message names $named" grep -qF "$named" <<<"$log"
done
check "one apt-get line installs all seven" grep -qx ' *sudo apt-get install libboost-program-options-dev libtbb-dev libeigen3-dev nlohmann-json3-dev libgtest-dev libbenchmark-dev pybind11-dev' "$tmp/none.log"
check "one error only" test "$(grep -c 'CMake Error' "$tmp/none.log")" -eq 1
finish
