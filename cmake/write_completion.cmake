# Writes `PROGRAM completion bash` to OUT (cmake -DPROGRAM=... -DOUT=... -P write_completion.cmake):
# the bash completion that cmake/install.cmake installs.
execute_process(COMMAND ${PROGRAM} completion bash OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} completion bash failed (${status})")
endif()
file(RENAME ${OUT}.tmp ${OUT})
