# Installation (cmake --install build --prefix P), the Debian package (scripts/package: CPack) and
# the wheel's layout (pip install ., scikit-build-core): the programs, the Python package, the plot
# script, the bash completion and the docs. Included by CMakeLists.txt.
#
#   what                 cmake --install / .deb (prefix /usr)   wheel (pip install ., in a venv)
#   dominoes, solver     bin/                                   the venv's bin/
#   package dominoes     lib/python3/dist-packages/dominoes/    site-packages/dominoes/
#   the plot script      libexec/dominoes/plot                  the venv's libexec/dominoes/plot
#   bash completion      share/bash-completion/completions/     the venv's share/bash-completion/...
#   docs                 share/doc/dominoes/                    the venv's share/doc/dominoes/
#
# The programs find the plot script beside themselves (../libexec/dominoes/plot, plot_results.cpp)
# and carry everything else they read (the viewer's page is compiled in), so an installed copy
# reads nothing from the source tree.
include(GNUInstallDirs)

if(SKBUILD)
  set(dominoes_bin_dir ${SKBUILD_SCRIPTS_DIR})
  set(dominoes_python_dir .)  # scikit-build-core installs the prefix into site-packages
  set(dominoes_data_dir ${SKBUILD_DATA_DIR})  # the venv's root
else()
  set(dominoes_bin_dir ${CMAKE_INSTALL_BINDIR})
  set(DOMINOES_PYTHON_INSTALL_DIR lib/python3/dist-packages CACHE STRING
      "where, under the prefix, the Python package goes (Debian's python3 reads /usr/lib/python3/dist-packages)")
  set(dominoes_python_dir ${DOMINOES_PYTHON_INSTALL_DIR})
  set(dominoes_data_dir .)
endif()

# A prefix the installer cannot write is refused in one line, before any file is copied (CMake's
# own message would come per file, after a partial install).
install(CODE [[
  set(prefix "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E make_directory "${prefix}" RESULT_VARIABLE made
                  ERROR_QUIET)
  execute_process(COMMAND ${CMAKE_COMMAND} -E touch "${prefix}/.dominoes-install-probe"
                  RESULT_VARIABLE touched ERROR_QUIET)
  file(REMOVE "${prefix}/.dominoes-install-probe")
  if(NOT made EQUAL 0 OR NOT touched EQUAL 0)
    message(FATAL_ERROR "cannot write to the install prefix ${prefix}: choose one you can write "
                        "(cmake --install build --prefix ~/.local) or run the install as its owner")
  endif()
]])

install(TARGETS dominoes solver RUNTIME DESTINATION ${dominoes_bin_dir})
install(PROGRAMS ${CMAKE_SOURCE_DIR}/scripts/plot
        DESTINATION ${dominoes_data_dir}/${CMAKE_INSTALL_LIBEXECDIR}/dominoes)

# The bash completion, made by the built program (dominoes completion bash).
set(completion_file ${CMAKE_BINARY_DIR}/generated/dominoes.bash-completion)
add_custom_command(OUTPUT ${completion_file}
  COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:dominoes> -DOUT=${completion_file}
          -P ${CMAKE_SOURCE_DIR}/cmake/write_completion.cmake
  DEPENDS dominoes ${CMAKE_SOURCE_DIR}/cmake/write_completion.cmake
  COMMENT "Writing the bash completion (dominoes completion bash)")
add_custom_target(bash_completion ALL DEPENDS ${completion_file})
install(FILES ${completion_file} RENAME dominoes
        DESTINATION ${dominoes_data_dir}/${CMAKE_INSTALL_DATADIR}/bash-completion/completions)

file(GLOB dominoes_docs ${CMAKE_SOURCE_DIR}/docs/*.md ${CMAKE_SOURCE_DIR}/docs/*.png)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${dominoes_docs}
        DESTINATION ${dominoes_data_dir}/${CMAKE_INSTALL_DATADIR}/doc/dominoes)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/schemas
        DESTINATION ${dominoes_data_dir}/${CMAKE_INSTALL_DATADIR}/doc/dominoes)

if(TARGET dominoes_python)
  install(TARGETS dominoes_python LIBRARY DESTINATION ${dominoes_python_dir}/dominoes)
  foreach(name ${python_package_sources})  # relative to python/dominoes/, subpackages kept
    get_filename_component(subfolder ${name} DIRECTORY)
    install(FILES ${CMAKE_SOURCE_DIR}/python/dominoes/${name}
            DESTINATION ${dominoes_python_dir}/dominoes/${subfolder})
  endforeach()
endif()

# --- the Debian package (scripts/package runs cpack -G DEB in build/) ----------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dominoes-tournament)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "dominoes-tournament maintainers <dominoes@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "tournament simulator and exact solvers for hidden-information Block Dominoes")
set(CPACK_PACKAGE_DESCRIPTION
    "dominoes plays thousands of deals of Block Dominoes between pluggable strategies, in parallel \
and reproducibly, and writes score tables with confidence intervals; solver solves small \
versions exactly. Includes the Python package dominoes for Debian's python3.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The shared libraries' packages (oneTBB, Boost.Program_options, Open MPI, the C++ runtime) come
# from dpkg-shlibdeps; the Python package is built for this python3's minor version.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(dominoes_python_depends "")
if(TARGET dominoes_python)
  math(EXPR next_minor "${Python3_VERSION_MINOR} + 1")
  set(dominoes_python_depends "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), \
python3 (<< ${Python3_VERSION_MAJOR}.${next_minor})")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${dominoes_python_depends}")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-matplotlib")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "openmpi-bin, chromium")
include(CPack)
