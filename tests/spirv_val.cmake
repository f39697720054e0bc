# Runs spirv-val on every embedded SPIR-V module (ctest entry spirv_val).
foreach(f IN LISTS FILES)
  execute_process(COMMAND ${SPIRV_VAL} --target-env vulkan1.2 ${f} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "spirv-val failed on ${f}:\n${out}")
  endif()
endforeach()
list(LENGTH FILES n)
message(STATUS "spirv-val: ${n} modules valid")
