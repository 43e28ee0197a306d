# The libraries the build needs, each looked for quietly; when any is missing the configure stops
# with one message naming every one of them, its Debian package and the command that installs
# them all (rather than CMake's "Could NOT find Boost" for the first alone). Included by
# CMakeLists.txt, after the options that decide which are needed (DOMINOES_BUILD_TESTS,
# DOMINOES_PYTHON); scripts/install-packages installs the same packages.
#
# Which Python the module is built for: Debian's python3 (whose pybind11 and python3-dev these
# are) unless scikit-build-core builds a wheel for the Python that runs pip.
set(dominoes_missing "")        # "what (Debian package)", for the message
set(dominoes_missing_debian "") # the Debian packages, for the command

# dominoes_require(FOUND_VARIABLE WHAT DEBIAN_PACKAGE [INSTEAD]): records WHAT as missing unless
# FOUND_VARIABLE is true; INSTEAD says how to build without it.
macro(dominoes_require found what debian)
  if(NOT ${found})
    set(instead "${ARGN}")
    if(instead)
      set(instead ", or ${instead}")
    endif()
    list(APPEND dominoes_missing "${what} (${debian}${instead})")
    list(APPEND dominoes_missing_debian ${debian})
  endif()
endmacro()

find_package(Boost 1.74 QUIET COMPONENTS program_options)
dominoes_require(Boost_FOUND "Boost.Program_options 1.74 or later" libboost-program-options-dev)
find_package(TBB QUIET)
dominoes_require(TBB_FOUND "oneTBB" libtbb-dev)
find_package(Eigen3 QUIET NO_MODULE)
dominoes_require(Eigen3_FOUND "Eigen 3" libeigen3-dev)
find_package(nlohmann_json 3 QUIET)
dominoes_require(nlohmann_json_FOUND "nlohmann-json 3" nlohmann-json3-dev)
if(DOMINOES_BUILD_TESTS)
  find_package(GTest QUIET)
  dominoes_require(GTest_FOUND "GoogleTest" libgtest-dev "-DDOMINOES_BUILD_TESTS=OFF")
  find_package(benchmark QUIET)
  dominoes_require(benchmark_FOUND "Google Benchmark" libbenchmark-dev "-DDOMINOES_BUILD_TESTS=OFF")
endif()
if(DOMINOES_PYTHON AND NOT DOMINOES_SANITIZE AND NOT DOMINOES_FUZZ)
  if(NOT SKBUILD)
    set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "the python the module is built for")
  endif()
  find_package(Python3 QUIET COMPONENTS Interpreter Development.Module)
  dominoes_require(Python3_FOUND "Python 3's headers" python3-dev "-DDOMINOES_PYTHON=OFF")
  find_package(pybind11 CONFIG QUIET)
  dominoes_require(pybind11_FOUND "pybind11" pybind11-dev "-DDOMINOES_PYTHON=OFF")
endif()

if(dominoes_missing)
  list(JOIN dominoes_missing ", " missing_words)
  list(JOIN dominoes_missing_debian " " debian_words)
  message(FATAL_ERROR
    "missing what the build needs: ${missing_words}.\n"
    "Install every package the build needs with scripts/install-packages (from the top of the "
    "repository), or only these with\n"
    "  sudo apt-get install ${debian_words}\n"
    "(elsewhere than Debian or Ubuntu, with the system's package manager, or give "
    "-DCMAKE_PREFIX_PATH=DIR for a copy installed under DIR).")
endif()
