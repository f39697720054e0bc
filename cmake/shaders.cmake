# GLSL -> SPIR-V at build time, embedded in the library as uint32_t arrays (glslangValidator --vn), plus a
# generated table (mgpu__shader_variants) that src/core/pipelines.c searches and a generated header
# (mgpu_kernels.h: the enum mgpu_kernel and MGPU_VARIANT_COUNT) that src/mgpu_internal.h includes, both from
# the kernel rows of the families. Everything lands in the build tree. Targets Vulkan 1.2 (SPIR-V 1.5):
# LocalSizeId would need maintenance4.
#
# The kernels of a family are the rows of its shaders/kernels/<family>/kernels.cmake (none: a family that runs
# other families' kernels), read in the order of src/families.def; each file calls
#
#   mgpu_kernels(FIRST <number> "<row>"...)
#
# Each row, "kernel|MGPU_KERNEL_*|types|subgroup|family": the kernel (shaders/kernels/<family>/<kernel>.comp), its
# enumerator of mgpu_kernel, the types (U32,I32,F32,U64,I64,F64), whether a subgroup variant (MGPU_SUBGROUP) is
# built beside the shared-memory one (ON), or alone (ONLY), or not (OFF), and the family, the folder's. Each
# kernel x type x subgroup flavour is one SPIR-V module. FIRST is the number of the first row's enumerator, the
# next rows following it: MGPU_PROFILE names kernels by number, so a kernel keeps its number, and a new kernel
# (of a new family or an old one) takes the next free number, in a call of its own; the build refuses numbers
# that do not run from 0 without a gap and says which is free.
set(MGPU_KERNEL_ROWS "") # "<number>|<row>", in the order of the families

# mgpu_kernels(FIRST <number> <row>...): the rows of shaders/kernels/<family>/kernels.cmake (above).
function(mgpu_kernels)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "FIRST" "")
  if(NOT arg_FIRST MATCHES "^[0-9]+$")
    message(FATAL_ERROR "${mgpu_kernels_file}: mgpu_kernels(FIRST <number> <row>...), not FIRST '${arg_FIRST}'")
  endif()
  set(rows ${MGPU_KERNEL_ROWS})
  set(number ${arg_FIRST})
  foreach(row IN LISTS arg_UNPARSED_ARGUMENTS)
    if(NOT row MATCHES "^[a-z0-9_]+\\|MGPU_KERNEL_[A-Z0-9_]+\\|[A-Z0-9,]+\\|(ON|OFF|ONLY)\\|([a-z0-9_]+)$")
      message(FATAL_ERROR "${mgpu_kernels_file}: not a row kernel|MGPU_KERNEL_*|types|ON, OFF or ONLY|family: ${row}")
    endif()
    if(NOT CMAKE_MATCH_2 STREQUAL mgpu_kernels_family)
      message(FATAL_ERROR "${mgpu_kernels_file}: ${row} names ${CMAKE_MATCH_2}, not ${mgpu_kernels_family}")
    endif()
    list(APPEND rows "${number}|${row}")
    math(EXPR number "${number} + 1")
  endforeach()
  set(MGPU_KERNEL_ROWS ${rows} PARENT_SCOPE)
endfunction()

# Every family's rows, then MGPU_SHADER_VARIANTS: the rows in the order of their numbers.
file(GLOB mgpu_kernel_files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/shaders/kernels/*/kernels.cmake)
foreach(mgpu_kernels_file IN LISTS mgpu_kernel_files)
  get_filename_component(mgpu_kernels_family ${mgpu_kernels_file} DIRECTORY)
  get_filename_component(mgpu_kernels_family ${mgpu_kernels_family} NAME)
  if(NOT mgpu_kernels_family IN_LIST MGPU_FAMILIES)
    message(FATAL_ERROR "${mgpu_kernels_file}: ${mgpu_kernels_family} is not a family of src/families.def")
  endif()
endforeach()
foreach(mgpu_kernels_family IN LISTS MGPU_FAMILIES)
  set(mgpu_kernels_file ${PROJECT_SOURCE_DIR}/shaders/kernels/${mgpu_kernels_family}/kernels.cmake)
  if(EXISTS ${mgpu_kernels_file})
    include(${mgpu_kernels_file})
  endif()
endforeach()
# The rows in the order of their numbers, which run from 0 without a gap or a repeat.
list(LENGTH MGPU_KERNEL_ROWS mgpu_kernel_count)
set(MGPU_SHADER_VARIANTS "")
set(mgpu_number 0)
while(mgpu_number LESS mgpu_kernel_count)
  set(mgpu_found ${MGPU_KERNEL_ROWS})
  list(FILTER mgpu_found INCLUDE REGEX "^${mgpu_number}\\|")
  list(LENGTH mgpu_found mgpu_found_count)
  if(NOT mgpu_found_count EQUAL 1)
    set(mgpu_free 0) # the first number no row has
    while(TRUE)
      set(mgpu_taken ${MGPU_KERNEL_ROWS})
      list(FILTER mgpu_taken INCLUDE REGEX "^${mgpu_free}\\|")
      if(NOT mgpu_taken)
        break()
      endif()
      math(EXPR mgpu_free "${mgpu_free} + 1")
    endwhile()
    message(FATAL_ERROR "shaders/kernels/*/kernels.cmake: ${mgpu_found_count} kernels numbered ${mgpu_number} "
      "(${mgpu_found}); the numbers run from 0, each once: a new kernel takes ${mgpu_free}, the first free one")
  endif()
  string(REGEX REPLACE "^[0-9]+\\|" "" mgpu_found "${mgpu_found}")
  list(APPEND MGPU_SHADER_VARIANTS "${mgpu_found}")
  math(EXPR mgpu_number "${mgpu_number} + 1")
endwhile()

# What a kernel may include: the device library, the shared headers and the families' push constants.
file(GLOB MGPU_SHADER_DEPENDS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/shaders/include/*.glsl
  ${PROJECT_SOURCE_DIR}/shaders/shared/*.h ${PROJECT_SOURCE_DIR}/shaders/kernels/*/*.h
  ${PROJECT_SOURCE_DIR}/shaders/kernels/*/*.glsl)

# mgpu_add_shader_variant(<kernel> <family> <type> <subgroup ON|OFF> <out-var for the header> <out-var for the name>)
function(mgpu_add_shader_variant kernel family type subgroup out_header out_name)
  string(TOLOWER "${type}" type_lower)
  set(name "mgpu_spv_${kernel}_${type_lower}")
  set(defines -DMGPU_TYPE_${type})
  if(subgroup)
    set(name "${name}_sg")
    list(APPEND defines -DMGPU_SUBGROUP=1)
  endif()
  set(header ${MGPU_SHADER_OUT}/${name}.h)
  set(source ${PROJECT_SOURCE_DIR}/shaders/kernels/${family}/${kernel}.comp)
  if(NOT EXISTS ${source})
    message(FATAL_ERROR "shaders/kernels/${family}/kernels.cmake: kernel ${kernel} has no ${source}")
  endif()
  set(spv ${MGPU_SHADER_OUT}/${name}.spv)
  add_custom_command(
    OUTPUT ${header} ${spv}
    COMMAND ${CMAKE_COMMAND} -DGLSLANG=${MGPU_GLSLANG} -DINCLUDE=${PROJECT_SOURCE_DIR}/shaders "-DDEFINES=${defines}"
            -DNAME=${name} -DSPV=${spv} -DHEADER=${header}
            -DSOURCE=${source}
            -P ${PROJECT_SOURCE_DIR}/cmake/compile_shader.cmake
    DEPENDS ${source} ${MGPU_SHADER_DEPENDS}
            ${PROJECT_SOURCE_DIR}/cmake/compile_shader.cmake
    COMMENT "SPIR-V ${name}"
    VERBATIM)
  set(${out_header} ${header} PARENT_SCOPE)
  set(${out_name} ${name} PARENT_SCOPE)
endfunction()

function(mgpu_embed_shaders out_sources out_spv)
  set(MGPU_SHADER_OUT ${PROJECT_BINARY_DIR}/shaders)
  file(MAKE_DIRECTORY ${MGPU_SHADER_OUT})
  set(includes "")
  set(rows "")
  set(enumerators "")
  set(variant_count 0)
  set(headers "")
  set(spvs "")
  foreach(entry IN LISTS MGPU_SHADER_VARIANTS)
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 kernel)
    list(GET fields 1 enumerator)
    list(GET fields 2 types)
    list(GET fields 3 with_subgroup)
    list(GET fields 4 family)
    string(APPEND enumerators "    ${enumerator},\n")
    string(REPLACE "," ";" types "${types}")
    set(flavours OFF)
    if(with_subgroup STREQUAL "ONLY")
      set(flavours ON)
    elseif(with_subgroup)
      list(APPEND flavours ON)
    endif()
    foreach(type IN LISTS types)
      foreach(sg IN LISTS flavours)
        mgpu_add_shader_variant(${kernel} ${family} ${type} ${sg} header name)
        list(APPEND headers ${header})
        list(APPEND spvs ${MGPU_SHADER_OUT}/${name}.spv)
        string(APPEND includes "#include \"${name}.h\"\n")
        if(sg)
          set(sg_c true)
        else()
          set(sg_c false)
        endif()
        string(APPEND rows "    {${enumerator}, MGPU_TYPE_${type}, ${sg_c}, ${name}, sizeof ${name}},\n")
        math(EXPR variant_count "${variant_count} + 1")
      endforeach()
    endforeach()
  endforeach()
  file(CONFIGURE OUTPUT ${MGPU_SHADER_OUT}/mgpu_kernels.h CONTENT
"/* Generated by cmake/shaders.cmake from shaders/kernels/<family>/kernels.cmake: the kernels by number. */
#ifndef MGPU_KERNELS_H
#define MGPU_KERNELS_H

typedef enum mgpu_kernel {
${enumerators}    MGPU_KERNEL_COUNT
} mgpu_kernel;

/* The embedded modules (mgpu__shader_variants), one per kernel, type and subgroup flavour. */
#define MGPU_VARIANT_COUNT ${variant_count}

#endif
")
  set(table ${MGPU_SHADER_OUT}/shader_table.c)
  file(CONFIGURE OUTPUT ${table} CONTENT
"/* Generated by cmake/shaders.cmake from shaders/kernels/<family>/kernels.cmake. */
#include \"mgpu_internal.h\"
${includes}
const mgpu_shader_variant mgpu__shader_variants[] = {
${rows}};
static_assert(sizeof mgpu__shader_variants / sizeof mgpu__shader_variants[0] == MGPU_VARIANT_COUNT,
              \"the module table (mgpu_kernels.h) has one entry per variant\");
")
  set_source_files_properties(${table} PROPERTIES OBJECT_DEPENDS "${headers}")
  set(${out_sources} ${table} ${headers} PARENT_SCOPE)
  set(${out_spv} ${spvs} PARENT_SCOPE)
endfunction()
