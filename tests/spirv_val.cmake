# Runs spirv-val on every embedded SPIR-V module (ctest entry spirv_val), and holds their capabilities to those
# the library enables or checks before it uses a module (mgpuvk.h, mgpu_adopt_desc): an adopted device may have
# been made with bufferDeviceAddress alone, so a capability outside this list (8/16-bit storage, 64-bit atomics,
# the Vulkan memory model, ...) would be a feature the library asks for nowhere. Int64 only in the 64-bit type
# variants (shaderInt64, checked per call), Float64 only in the f64 ones (shaderFloat64); subgroup operations are
# device properties, checked by the tuning.
cmake_minimum_required(VERSION 3.25) # a script run by cmake -P: the policies of the build
set(allowed Shader PhysicalStorageBufferAddresses GroupNonUniform GroupNonUniformArithmetic GroupNonUniformBallot
    GroupNonUniformShuffle GroupNonUniformShuffleRelative Int64 Float64)
get_filename_component(tools ${SPIRV_VAL} DIRECTORY)
find_program(SPIRV_DIS spirv-dis HINTS ${tools})
foreach(f IN LISTS FILES)
  execute_process(COMMAND ${SPIRV_VAL} --target-env vulkan1.2 ${f} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "spirv-val failed on ${f}:\n${out}")
  endif()
  if(SPIRV_DIS)
    execute_process(COMMAND ${SPIRV_DIS} ${f} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "spirv-dis failed on ${f}:\n${err}")
    endif()
    string(REGEX MATCHALL "OpCapability [A-Za-z0-9]+" capabilities "${text}")
    foreach(c IN LISTS capabilities)
      string(REPLACE "OpCapability " "" c "${c}")
      set(ok FALSE)
      if(c IN_LIST allowed)
        set(ok TRUE)
      endif()
      if(c STREQUAL "Int64" AND NOT f MATCHES "_(u64|i64|f64)(_sg)?\\.spv$")
        set(ok FALSE)
      endif()
      if(c STREQUAL "Float64" AND NOT f MATCHES "_f64(_sg)?\\.spv$")
        set(ok FALSE)
      endif()
      if(NOT ok)
        message(FATAL_ERROR "${f} declares capability ${c}: a device feature the library neither enables nor checks "
                            "(tests/spirv_val.cmake lists those it does)")
      endif()
    endforeach()
  endif()
endforeach()
list(LENGTH FILES n)
if(SPIRV_DIS)
  message(STATUS "spirv-val: ${n} modules valid, their capabilities within the list")
else()
  message(STATUS "spirv-val: ${n} modules valid (no spirv-dis: capabilities not checked)")
endif()
