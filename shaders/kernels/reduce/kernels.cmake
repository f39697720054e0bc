# Reduce (src/prims/reduce.c): its kernels, in the row format of cmake/shaders.cmake (mgpu_kernels).
mgpu_kernels(FIRST 2
  "reduce|MGPU_KERNEL_REDUCE|U32,I32,F32,U64,I64,F64|ON|reduce")
