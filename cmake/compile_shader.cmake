# Compiles one GLSL kernel variant to SPIR-V and writes it as a C array header, quietly: glslangValidator's
# output (it names every file it compiles) is shown only when the compile fails, so a build prints one
# progress line per variant and the compiler's message when something is wrong.
# Arguments (-D): GLSLANG, SOURCE, INCLUDE, DEFINES (;-list), NAME, SPV, HEADER.
execute_process(
  COMMAND ${GLSLANG} -V --target-env vulkan1.2 -I${INCLUDE} ${DEFINES} -o ${SPV} ${SOURCE}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "glslangValidator failed on ${SOURCE} (${DEFINES}):\n${out}${err}")
endif()
file(READ ${SPV} hex HEX)
# SPIR-V is a stream of little-endian 32-bit words: 8 hex digits a word, bytes reversed into 0xWWWWWWWW.
string(REGEX REPLACE "(..)(..)(..)(..)" "0x\\4\\3\\2\\1," words "${hex}")
string(REGEX REPLACE "(0x........,0x........,0x........,0x........,0x........,0x........,0x........,0x........,)"
       "\\1\n    " words "${words}")
file(WRITE ${HEADER} "/* Generated from ${SOURCE} by cmake/compile_shader.cmake. */\n#pragma once\n"
  "const uint32_t ${NAME}[] = {\n    ${words}\n};\n")
