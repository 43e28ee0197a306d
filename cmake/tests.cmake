# The tests (GoogleTest unit tests, shell and Python tests under CTest) and the fuzz targets:
# included by CMakeLists.txt unless DOMINOES_BUILD_TESTS is off (a wheel or package build).

# --- tests -------------------------------------------------------------------------------------
enable_testing()
include(GoogleTest)
# The interpreter Debian's python3-* packages belong to (/usr/bin), before any other python3 on
# PATH; the tests' Python scripts need only its standard library.
find_program(PYTHON3_FOR_TESTS NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(PYTHON3_FOR_TESTS NAMES python3)
# Every tests/<room>/**/*_test.cpp (grouped like the rooms they test: engine/README.md).
file(GLOB_RECURSE unit_test_sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/*_test.cpp)
list(FILTER unit_test_sources EXCLUDE REGEX "/tests/(fuzz|python|cli)/")
add_executable(unit_tests ${unit_test_sources})
target_link_libraries(unit_tests PRIVATE tournament dataset exploitability posterior puzzles arena_env
                      nets
                      GTest::gtest_main)
# tests/apps/: compiled alone, so that the unity batches of the other tests stay as they were.
file(GLOB_RECURSE app_test_sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/apps/*_test.cpp)
set_source_files_properties(${app_test_sources} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
# tests/apps/: the pieces of the dominoes program that stand alone (apps/ is no library, so the
# sources they need are compiled into the tests too; play_options() brings the play command's).
foreach(app_source command_options play_command play_settings play_session play_interrupt typed_move
                   advice_table)
  target_sources(unit_tests PRIVATE ${CMAKE_SOURCE_DIR}/apps/dominoes/${app_source}.cpp)
endforeach()
# In Release the test sources are compiled at -Og; the libraries they test keep -O3. The tests'
# own code is not what they measure, and -O3 spent 256 s of CPU compiling it against 136 s at -Og
# (2 cores, g++ 12, no ccache), for test runs 4 s of CPU longer (38 s to 42 s: the linker may
# keep a test's -Og copy of an inline function the libraries also use).
if(CMAKE_BUILD_TYPE STREQUAL "Release")
  target_compile_options(unit_tests PRIVATE -Og)
endif()
target_compile_definitions(unit_tests PRIVATE
  DOMINOES_SOURCE_DIR="${CMAKE_SOURCE_DIR}" PYTHON3_FOR_TESTS="${PYTHON3_FOR_TESTS}"
  TETROMINO_PUZZLES="${CMAKE_SOURCE_DIR}/tests/data/tetromino-contest-puzzles.txt")
gtest_discover_tests(unit_tests DISCOVERY_TIMEOUT 60)

# The rooms of engine/README.md: no include the table forbids, no cycle (scripts/check-rooms).
add_test(NAME rooms COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/check_rooms_test.sh
         ${CMAKE_SOURCE_DIR}/scripts/check-rooms)
# The house style: C++ formatted by .clang-format, no pyflakes or shellcheck finding.
add_test(NAME style COMMAND ${CMAKE_SOURCE_DIR}/scripts/check-style)
# Every script answers --help at once, without building or running anything.
add_test(NAME scripts_help COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/scripts_help_test.sh
         ${CMAKE_SOURCE_DIR})
add_test(NAME cli_bad_input COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/cli_bad_input_test.sh
         $<TARGET_FILE:dominoes>)
add_test(NAME solver_cli COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/solver_cli_test.sh
         $<TARGET_FILE:solver>)
add_test(NAME equilibrium_cli COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/equilibrium_cli_test.sh
         $<TARGET_FILE:solver> $<TARGET_FILE:dominoes>)
add_test(NAME takeaway_cli COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/takeaway_cli_test.sh
         $<TARGET_FILE:solver>)
add_test(NAME tetromino_cli COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/tetromino_cli_test.sh
         $<TARGET_FILE:solver>)
add_test(NAME bad_input_catalogue_solver
         COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/bad_input_catalogue_solver.sh $<TARGET_FILE:solver>)
add_test(NAME cli_resume_after_kill COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/resume_after_kill_test.sh
         $<TARGET_FILE:dominoes>)
add_test(NAME cli_shard_kill COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/shard_kill_test.sh
         $<TARGET_FILE:dominoes>)
add_test(NAME cli_run_safety COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/run_safety_test.sh
         $<TARGET_FILE:dominoes>)
add_test(NAME cli_run_out_folder COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/run_out_folder_test.sh
         $<TARGET_FILE:dominoes>)
add_test(NAME cli_dataset COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/dataset_cli_test.sh
         $<TARGET_FILE:dominoes>)
set_tests_properties(cli_dataset PROPERTIES TIMEOUT 300)
add_test(NAME bad_input_catalogue_dominoes
         COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/bad_input_catalogue_dominoes.sh $<TARGET_FILE:dominoes>)
set_tests_properties(cli_run_safety bad_input_catalogue_dominoes PROPERTIES TIMEOUT 300)
if(MPI_C_FOUND)  # mpirun -np 3 and -np 1 against plain runs; a killed rank; resume (mpi_run.h)
  add_test(NAME cli_mpi COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/mpi_run_test.sh $<TARGET_FILE:dominoes>
           ${MPIEXEC_EXECUTABLE} ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR})
  set_tests_properties(cli_mpi PROPERTIES TIMEOUT 300)
endif()
add_test(NAME cli_bots COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/bots_cli_test.sh $<TARGET_FILE:dominoes>
         ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_bots PROPERTIES TIMEOUT 300)
# scripts/plot and run --plot (issue 10); skipped (77) where matplotlib cannot be imported.
add_test(NAME plot_cli COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/plot_test.sh $<TARGET_FILE:dominoes>
         ${CMAKE_SOURCE_DIR}/scripts/plot)
set_tests_properties(plot_cli PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77)
# Ctrl-C typed at a pseudo-terminal; the script needs only Python's standard library.
add_test(NAME cli_ctrl_c_pty
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/ctrl_c_pty_test.py $<TARGET_FILE:dominoes>)
set_tests_properties(cli_ctrl_c_pty PROPERTIES TIMEOUT 300)
# Live progress in a log and at a pseudo-terminal, Ctrl-C's time and the resume after it (issue 21).
add_test(NAME cli_progress
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/progress_cli_test.py
                 $<TARGET_FILE:dominoes> $<TARGET_FILE:solver>)
set_tests_properties(cli_progress PROPERTIES TIMEOUT 300)
# A person at the terminal: dominoes play through a pipe and a pseudo-terminal, dominoes advise.
add_test(NAME cli_play_pipe COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/play_cli_test.sh $<TARGET_FILE:dominoes>)
add_test(NAME equilibrium_pty
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/equilibrium_pty_test.py $<TARGET_FILE:solver>)
set_tests_properties(equilibrium_pty PROPERTIES TIMEOUT 300)
add_test(NAME cli_play_pty
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/play_pty_test.py $<TARGET_FILE:dominoes>)
set_tests_properties(cli_play_pty PROPERTIES TIMEOUT 180)
add_test(NAME cli_play_table_pty
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/play_table_pty_test.py $<TARGET_FILE:dominoes>)
set_tests_properties(cli_play_table_pty PROPERTIES TIMEOUT 180)
# dominoes play's matches: a four-seat match to 20 played to its end, the three-seat default.
add_test(NAME cli_play_match_pty
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/play_match_pty_test.py $<TARGET_FILE:dominoes>)
set_tests_properties(cli_play_match_pty PROPERTIES TIMEOUT 180)
# summary.schema.json's rows against the column table it is written from by hand.
add_test(NAME summary_schema_columns
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/summary_schema_columns_test.py
                 $<TARGET_FILE:dominoes> ${CMAKE_SOURCE_DIR}/docs/schemas/summary.schema.json)
# dominoes run's results at a terminal: 100 columns, the standings, figures as the files say.
add_test(NAME cli_run_terminal_pty
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/run_terminal_pty_test.py
                 $<TARGET_FILE:dominoes>)
add_test(NAME cli_view COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/view_cli_test.sh $<TARGET_FILE:dominoes>)
add_test(NAME cli_output_files COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/output_files_test.sh
         $<TARGET_FILE:dominoes> $<TARGET_FILE:solver>)
set_tests_properties(cli_view PROPERTIES TIMEOUT 120)
# dominoes view: the page opened from disk in Debian's headless Chromium (Selenium), every game of
# real records replayed to its end through the page's keys and buttons, its score against the
# record's (scripts/install-packages installs chromium, chromium-driver, python3-selenium).
add_test(NAME viewer_browser
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/viewer_browser_test.py $<TARGET_FILE:dominoes>)
set_tests_properties(viewer_browser PROPERTIES TIMEOUT 180)
add_test(NAME cli_advise COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/advise_cli_test.sh $<TARGET_FILE:dominoes>)
# dominoes advise at three and four seats against a brute force of its own (every world, open hands).
add_test(NAME cli_advise_table
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/advise_table_test.py $<TARGET_FILE:dominoes>)
add_test(NAME cli_fit_model COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/fit_model_cli_test.sh $<TARGET_FILE:dominoes>)
# dominoes --version and solver --version: the version and the executable's fingerprint.
add_test(NAME cli_version COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/version_cli_test.sh
         $<TARGET_FILE:dominoes> $<TARGET_FILE:solver> ${PYTHON3_FOR_TESTS})
# Every "Example:" line of the help of the solver's games and of dominoes strategies, advise,
# fit-model, merge and check-bot runs and exits 0.
add_test(NAME cli_help_examples COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/help_examples_test.sh
         $<TARGET_FILE:dominoes> $<TARGET_FILE:solver> ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_help_examples PROPERTIES TIMEOUT 300)
# scripts/regenerate --list, --only NAME and the question before long work, on tiny experiments.
add_test(NAME regenerate_script
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/regenerate_test.py
         $<TARGET_FILE:dominoes> ${CMAKE_SOURCE_DIR})
set_tests_properties(regenerate_script PROPERTIES TIMEOUT 300)
# Every figure in the READMEs under results/ against their tables (scripts/check-results-readmes).
add_test(NAME results_readmes COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/results_readmes_test.sh
         ${CMAKE_SOURCE_DIR})
# dominoes strategies [NAME]: the listing's width, every strategy's details, an unknown name.
add_test(NAME cli_strategies COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/strategies_cli_test.sh
         $<TARGET_FILE:dominoes> ${PYTHON3_FOR_TESTS})
# The key tables (issue 21): bash completion made from them, and docs/formats.md's generated blocks
# equal to `dominoes keys --markdown` (scripts/key-tables rewrites them).
add_test(NAME cli_completion COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/completion_test.sh $<TARGET_FILE:dominoes>)
add_test(NAME docs_key_tables COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/scripts/key-tables --check
         --dominoes $<TARGET_FILE:dominoes> ${CMAKE_SOURCE_DIR}/docs/formats.md)
# scripts/slurm/submit and submit-mpi, with tests/slurm/sbatch and srun standing in for Slurm
# (issue 11); the MPI parts print SKIP and pass where mpirun is not installed.
add_test(NAME slurm_scripts COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/slurm_scripts_test.sh $<TARGET_FILE:dominoes>)
set_tests_properties(slurm_scripts PROPERTIES TIMEOUT 120)

# The documents (docs/): the JSON Schemas against real game records and summary.json files; no
# tracked file names a file outside the repository; the README's commands run in a scratch copy
# and leave it clean, and every link of README.md and docs/ leads somewhere. 77: not a git checkout.
add_test(NAME docs_schemas COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/docs_schemas_test.py
         $<TARGET_FILE:dominoes> ${CMAKE_SOURCE_DIR})
set_tests_properties(docs_schemas PROPERTIES TIMEOUT 300)
# A second rules implementation written from docs/rules.md (tests/cli/table_rules.py): its self-tests
# on hand-made records (no binary), then thousands of 2-, 3- and 4-seat game records replayed.
add_test(NAME table_rules_selftest
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/table_rules_selftest.py)
add_test(NAME table_rules_replay
         COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/cli/table_rules_replay_test.py
         $<TARGET_FILE:dominoes>)
set_tests_properties(table_rules_replay PROPERTIES TIMEOUT 300)
add_test(NAME no_outside_references
         COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/no_outside_references_test.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(no_outside_references PROPERTIES SKIP_RETURN_CODE 77)
if(NOT DOMINOES_SANITIZE AND NOT DOMINOES_FUZZ)  # the README seats a Python strategy: needs the module
  add_test(NAME readme_commands COMMAND ${PYTHON3_FOR_TESTS}
           ${CMAKE_SOURCE_DIR}/tests/cli/readme_commands_test.py ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
  set_tests_properties(readme_commands PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77)
  # Every shell block of docs/*.md but the no-run ones, at small sizes (--deals 20), in a scratch
  # copy; a failure names the page and line of the command (docs/development.md). 14 s on 2 cores.
  add_test(NAME docs_commands COMMAND ${PYTHON3_FOR_TESTS}
           ${CMAKE_SOURCE_DIR}/tests/cli/docs_commands_test.py ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR})
  set_tests_properties(docs_commands PROPERTIES TIMEOUT 300 COST 14)
endif()

# DBP 1 clients (clients/python/dbp.py, the example bots, tests/bots/): scripted-runner tests, no C++.
foreach(client_test dbp_client misbehaving_bots)
  add_test(NAME python_${client_test}
           COMMAND ${PYTHON3_FOR_TESTS} ${CMAKE_SOURCE_DIR}/tests/python/test_${client_test}.py
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(python_${client_test} PROPERTIES TIMEOUT 60)
endforeach()

# --- fuzz targets: tests/fuzz/fuzz_<target>.cpp, seed inputs in tests/fuzz/corpus/<target>/ ------
# The normal build replays every seed and every input that once crashed or hung
# (tests/fuzz/regressions/<target>/) through the same target code with a plain main(), except the
# inputs listed in tests/fuzz/known_failing.txt (defects not fixed yet).
set(fuzz_targets spec notation config tetromino dance_battle)
foreach(target ${fuzz_targets})
  add_executable(replay_${target} tests/fuzz/fuzz_${target}.cpp tests/fuzz/replay_main.cpp)
  target_link_libraries(replay_${target} PRIVATE tournament puzzles)
  add_test(NAME fuzz_replay_${target} COMMAND replay_${target}
           --known-failing ${CMAKE_SOURCE_DIR}/tests/fuzz/known_failing.txt
           ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${target}
           ${CMAKE_SOURCE_DIR}/tests/fuzz/regressions/${target})
  set_tests_properties(fuzz_replay_${target} PROPERTIES TIMEOUT 120)
  if(DOMINOES_FUZZ)
    add_executable(fuzz_${target} tests/fuzz/fuzz_${target}.cpp)
    target_link_libraries(fuzz_${target} PRIVATE tournament puzzles)
    target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer)
  endif()
endforeach()

# --- the Python module's unittest suite (tests/python/), with Debian's python3 ------------------
if(TARGET dominoes_python)
  add_test(NAME python_module COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${CMAKE_BINARY_DIR}/python
           DOMINOES_CLI=$<TARGET_FILE:dominoes>
           ${Python3_EXECUTABLE} -m unittest discover -s ${CMAKE_SOURCE_DIR}/tests/python -t ${CMAKE_SOURCE_DIR}/tests/python)
  set_tests_properties(python_module PROPERTIES TIMEOUT 300)
endif()

# --- installing: a prefix (cmake --install) and the Debian package (CPack), each run from elsewhere -
add_test(NAME install_prefix COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/install_test.sh ${CMAKE_BINARY_DIR}
         ${CMAKE_SOURCE_DIR})
add_test(NAME deb_package COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/deb_package_test.sh ${CMAKE_BINARY_DIR}
         ${CMAKE_SOURCE_DIR})
set_tests_properties(install_prefix deb_package PROPERTIES TIMEOUT 300)
# A configure with libraries missing names them all, with their Debian packages and the install
# commands (cmake/find_packages.cmake).
add_test(NAME missing_packages COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/missing_packages_test.sh
         ${CMAKE_SOURCE_DIR})

# --- the learning libraries' tests (tests/venv/test_*.py), in build/venv (scripts/python-env) ----
# Each file is one test, labelled venv, run by the venv's python with build/python first on the
# path; skipped (exit 77) when the venv is missing.
if(TARGET dominoes_python)
  file(GLOB venv_tests CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/venv/test_*.py)
  foreach(test_file ${venv_tests})
    get_filename_component(test_name ${test_file} NAME_WE)
    string(REGEX REPLACE "^test_" "venv_" test_name ${test_name})
    add_test(NAME ${test_name} COMMAND ${CMAKE_SOURCE_DIR}/tests/venv/run_venv_test.sh
             ${CMAKE_SOURCE_DIR}/build/venv ${CMAKE_BINARY_DIR}/python ${test_file})
    set_tests_properties(${test_name} PROPERTIES LABELS venv TIMEOUT 300 SKIP_RETURN_CODE 77
                         ENVIRONMENT DOMINOES_CLI=$<TARGET_FILE:dominoes>)
  endforeach()
endif()
# The repaired wheel scripts/python-env leaves in build/wheels/, installed into a fresh venv and
# run where Debian's oneTBB, Boost.Program_options and Open MPI are hidden (a mount namespace).
add_test(NAME venv_wheel_without_system_libs
         COMMAND ${CMAKE_SOURCE_DIR}/tests/venv/wheel_without_system_libs_test.sh
         ${CMAKE_SOURCE_DIR}/build/venv ${CMAKE_SOURCE_DIR}/build/wheels)
set_tests_properties(venv_wheel_without_system_libs PROPERTIES LABELS venv TIMEOUT 300
                     SKIP_RETURN_CODE 77)

# CTest starts the costliest tests first only once it has timed them (Testing/Temporary/
# CTestCostData.txt), and a fresh tree, as in CI, has no times: without these the longest tests
# may start last and run alone at the end. Each is a test over 5 s with its seconds under
# ctest -j2 on 2 cores; with them a fresh tree's ctest took 109 s instead of 119.
foreach(test_and_seconds cli_progress:33 cli_mpi:19 viewer_browser:16 python_module:14 plot_cli:8
        cli_resume_after_kill:7 cli_run_safety:7 table_rules_replay:6 cli_ctrl_c_pty:6
        bad_input_catalogue_dominoes:6)
  string(REPLACE ":" ";" test_and_seconds ${test_and_seconds})
  list(GET test_and_seconds 0 test_name)
  list(GET test_and_seconds 1 test_seconds)
  if(TEST ${test_name})
    set_tests_properties(${test_name} PROPERTIES COST ${test_seconds})
  endif()
endforeach()
