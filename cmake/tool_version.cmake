# Writes the tool's version header (engine/common/version.h.in -> OUT), run by the build
# before every compile (CMakeLists.txt: target tool_version), so the version names the tree the
# binaries were built from, not the tree of the last configure:
#   COMMIT                      a clean checkout at commit COMMIT (git describe --always)
#   COMMIT-dirty+diff.HASH      uncommitted changes to tracked files, HASH the first 12 hex digits
#                               of the SHA-256 of `git diff HEAD --binary`: the same edits give the
#                               same hash, so a result's summary.json can be traced to its diff
#   unknown                     outside a git checkout
# The header is rewritten only when its text changes, so an unchanged tree recompiles nothing.
# Usage: cmake -DSOURCE=DIR -DTEMPLATE=FILE -DOUT=FILE [-DGIT=PATH] -P tool_version.cmake
set(DOMINOES_VERSION unknown)
if(GIT)
  execute_process(COMMAND ${GIT} describe --always WORKING_DIRECTORY ${SOURCE}
    OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE status)
  if(status EQUAL 0 AND NOT commit STREQUAL "")
    set(DOMINOES_VERSION ${commit})
    execute_process(COMMAND ${GIT} diff HEAD --binary WORKING_DIRECTORY ${SOURCE}
      OUTPUT_VARIABLE diff ERROR_QUIET RESULT_VARIABLE status)
    if(status EQUAL 0 AND NOT diff STREQUAL "")
      string(SHA256 hash "${diff}")
      string(SUBSTRING ${hash} 0 12 hash)
      set(DOMINOES_VERSION "${commit}-dirty+diff.${hash}")
    endif()
  endif()
endif()
configure_file(${TEMPLATE} ${OUT} @ONLY)
