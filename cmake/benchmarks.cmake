# The benchmarks (bench/, Google Benchmark): included by CMakeLists.txt with the tests.

# --- benchmarks: one Google Benchmark program per bench/bench_<name>.cpp ---------------------------
foreach(name games spec ratings resolve team_search)  # linked with the tournament library (strategies and the runner)
  add_executable(bench_${name} bench/bench_${name}.cpp)
  target_link_libraries(bench_${name} PRIVATE tournament benchmark::benchmark)
endforeach()
foreach(name dance_battle solver magic_fingers takeaway tetromino)
  add_executable(bench_${name} bench/bench_${name}.cpp)
  target_link_libraries(bench_${name} PRIVATE endgame puzzles benchmark::benchmark)
endforeach()
add_executable(bench_dataset bench/bench_dataset.cpp)  # dominoes dataset: the run and the conversion
target_link_libraries(bench_dataset PRIVATE dataset benchmark::benchmark)
add_executable(bench_equilibrium bench/bench_equilibrium.cpp)
target_link_libraries(bench_equilibrium PRIVATE equilibrium benchmark::benchmark)
add_executable(bench_hidden_hands bench/bench_hidden_hands.cpp)
target_link_libraries(bench_hidden_hands PRIVATE dominoes_engine benchmark::benchmark)
target_compile_definitions(bench_tetromino PRIVATE
  TETROMINO_PUZZLES="${CMAKE_SOURCE_DIR}/tests/data/tetromino-contest-puzzles.txt")
add_executable(bench_nets bench/bench_nets.cpp)
target_link_libraries(bench_nets PRIVATE nets dominoes_engine benchmark::benchmark)
