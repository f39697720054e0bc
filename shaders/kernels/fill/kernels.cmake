# The fill (src/prims/fill.c), which also clears the scan's look-back states, and the indirect setup the core runs
# for the calls with an indirect count (src/core/record.c): their kernels, in the row format of
# cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 1
  "fill|MGPU_KERNEL_FILL|U32,I32,F32,U64,I64,F64|OFF|fill")
mgpu_kernels(FIRST 32
  "indirect_setup|MGPU_KERNEL_INDIRECT_SETUP|U32|OFF|fill")
